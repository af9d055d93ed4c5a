/**
 * Figure of a `divergence-audit` check: how far the module's loss is from each candidate divergence (the
 * worst relative error over the probes, on a log axis), against the tolerance that decides a match.
 */
import { num, records, short, str, type Json } from '../read';
import type { FigureSpec } from '../spec';

export function divergenceAuditFigures(e: Json): FigureSpec[] {
  const cands = records(e.candidates).filter((c) => str(c.name) !== undefined && num(c.maxRelError) !== undefined);
  if (cands.length === 0) return [];
  const tol = num(e.tolerance);
  const verdict = str(e.verdict);
  return [
    {
      type: 'bars',
      id: 'candidates',
      title: 'Worst relative error against each candidate divergence',
      caption:
        `${str(e.module) ?? 'The module'} evaluated on ${num(e.probes) ?? '?'} probes against ${num(e.referenceDigits) ?? '?'}-digit references of each candidate: ` +
        cands.map((c) => `${c.name} ${short(c.maxRelError as number)}`).join(', ') +
        `.${tol !== undefined ? ` Under the tolerance ${short(tol)} it matches;` : ''} verdict: ${verdict ?? 'none'}${str(e.theory) !== undefined ? `, the theory analyses ${e.theory as string}` : ''}.`,
      categories: cands.map((c) => c.name as string),
      series: [{ label: 'worst relative error', tone: 1, values: cands.map((c) => c.maxRelError as number) }],
      value: { label: 'worst relative error', log: true },
      ...(tol !== undefined ? { refs: [{ value: tol, label: `tolerance ${short(tol)}` }] } : {}),
    },
  ];
}
