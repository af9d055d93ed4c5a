/**
 * Figure of a `printed-consistency` check: the statistic as the logbook printed it (with its printed ±, or
 * its rounding when none) beside the value recomputed from the printed table (whisker: its range over the
 * rounding of the cells, widened by the recomputed se where the method has one).
 * Example: for the paging logbook, bars at 0.41 (whisker 0.34..0.48) and 0.0945 (whisker 0.076..0.113).
 */
import { num, obj, short, str, type Json } from '../read';
import type { FigureSpec } from '../spec';

export function printedConsistencyFigures(e: Json): FigureSpec[] {
  const printed = obj(e.printed);
  const recomputed = obj(e.recomputed);
  const range = obj(e.range);
  const p = num(printed?.value);
  const v = num(recomputed?.value);
  if (printed === undefined || p === undefined || v === undefined) return [];
  const label = str(e.label) ?? 'statistic';
  const pse = num(obj(printed.se)?.value);
  const pWidth = pse ?? num(printed.halfUnit) ?? 0;
  const se = num(recomputed?.se) ?? 0;
  const lo = num(range?.lo);
  const hi = num(range?.hi);
  const recomputedInterval: [number, number] = lo !== undefined && hi !== undefined ? [lo - se, hi + se] : [v - se, v + se];
  const verdict = str(e.verdict) ?? '';
  return [
    {
      type: 'bars',
      id: 'printed-vs-recomputed',
      title: `${label}: printed against recomputed from the printed table (${str(e.method) ?? ''})`,
      caption: `Printed ${label} = ${str(printed.text) ?? short(p)}${pse !== undefined ? ` ± ${str(obj(printed.se)?.text) ?? short(pse)}` : ''}; recomputed ${short(v)}${se > 0 ? ` ± ${short(se)}` : ''}${lo !== undefined && hi !== undefined ? `, ${short(lo)} to ${short(hi)} over the rounding of the printed cells` : ''}: ${verdict}.`,
      categories: ['printed', 'recomputed'],
      series: [
        { label: 'printed', tone: 2, values: [p, null], intervals: [[p - pWidth, p + pWidth], null] },
        { label: 'recomputed from the printed rows', tone: 1, values: [null, v], intervals: [null, recomputedInterval] },
      ],
      interval:
        pse !== undefined
          ? 'printed ±; recomputed range over the rounding ± se'
          : 'printed rounding; recomputed range over the rounding ± se',
      value: { label },
    },
  ];
}
