/**
 * Figures of a `padding-audit` check: the share of padding positions per model, and each reported figure
 * (perplexity, quality cost) as computed over all positions (padded), excluding padding (corrected), and as
 * stated by the paper and by the logbook.
 */
import { num, percent, records, short, str, type Json } from '../read';
import type { BarSpec, FigureSpec } from '../spec';

/** The stated values of one figure per model, from a comparison list (claimComparison / logbookComparison). */
function stated(list: unknown, figure: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of records(list))
    if (str(r.figure) === figure && str(r.model) !== undefined && num(r.stated) !== undefined)
      out.set(r.model as string, r.stated as number);
  return out;
}

function compare(
  e: Json,
  figure: string,
  title: string,
  unit: string | undefined,
  rows: { model: string; padded: number; corrected: number }[],
  scale: number,
): BarSpec {
  const paper = stated(e.claimComparison, figure);
  const logbook = stated(e.logbookComparison, figure);
  const series: BarSpec['series'] = [
    { label: 'over all positions (padded)', tone: 3, values: rows.map((r) => r.padded * scale) },
    { label: 'excluding padding (corrected)', tone: 1, values: rows.map((r) => r.corrected * scale) },
  ];
  if (paper.size > 0)
    series.push({
      label: 'stated in the paper',
      tone: 2,
      values: rows.map((r) => (paper.has(r.model) ? paper.get(r.model)! * scale : null)),
    });
  if (logbook.size > 0)
    series.push({
      label: 'stated in the logbook',
      tone: 4,
      values: rows.map((r) => (logbook.has(r.model) ? logbook.get(r.model)! * scale : null)),
    });
  const fmt = (v: number): string => (scale === 100 ? percent(v) : short(v));
  return {
    type: 'bars',
    id: figure,
    title,
    caption:
      `${title} per model, computed from ${str(e.file) ?? 'the positions file'}: ` +
      rows.map((r) => `${r.model} ${fmt(r.corrected)} excluding padding against ${fmt(r.padded)} over all positions`).join('; ') +
      `.${paper.size > 0 ? ' The paper’s figures sit beside the corrected bars' : ''}${logbook.size > 0 ? ', the logbook’s beside the padded ones' : ''}${paper.size + logbook.size > 0 ? ' when they match.' : ''}`,
    categories: rows.map((r) => r.model),
    series,
    value: { label: title.toLowerCase(), ...(unit !== undefined ? { unit } : {}) },
  };
}

export function paddingAuditFigures(e: Json): FigureSpec[] {
  const models = records(e.models).filter((m) => str(m.name) !== undefined && num(m.padFraction) !== undefined);
  if (models.length === 0) return [];
  const names = models.map((m) => m.name as string);
  const figures: FigureSpec[] = [
    {
      type: 'bars',
      id: 'padding-share',
      title: 'Share of positions that are padding',
      caption:
        `Padding token ${JSON.stringify(str(e.padToken) ?? '?')} in ${str(e.file) ?? 'the positions file'}: ` +
        models
          .map(
            (m) => `${m.name} ${num(m.padPositions) ?? '?'} of ${num(m.positions) ?? '?'} positions (${percent(m.padFraction as number)})`,
          )
          .join('; ') +
        '.',
      categories: names,
      series: [{ label: 'padding positions', tone: 3, values: models.map((m) => 100 * (m.padFraction as number)) }],
      value: { label: 'share of positions', unit: '%' },
    },
  ];
  const ppl = models.filter((m) => num(m.perplexityAll) !== undefined && num(m.perplexityNoPad) !== undefined);
  if (ppl.length > 0)
    figures.push(
      compare(
        e,
        'perplexity',
        'Perplexity',
        undefined,
        ppl.map((m) => ({ model: m.name as string, padded: m.perplexityAll as number, corrected: m.perplexityNoPad as number })),
        1,
      ),
    );
  const cost = records(e.qualityCost).filter(
    (q) => str(q.model) !== undefined && num(q.costAll) !== undefined && num(q.costNoPad) !== undefined,
  );
  if (cost.length > 0) {
    const base = str(e.baseline);
    figures.push(
      compare(
        e,
        'qualityCost',
        `Quality cost against ${base ?? 'the baseline'}`,
        '%',
        cost.map((q) => ({ model: q.model as string, padded: q.costAll as number, corrected: q.costNoPad as number })),
        100,
      ),
    );
  }
  return figures;
}
