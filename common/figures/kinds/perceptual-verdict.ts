/**
 * Figure of a `perceptual-verdict` check: per condition, the share of its images each reviewer judged unusable
 * (compare mode: judged worse) in blind review, with the check's confidence interval as whiskers and the
 * falsification's declared threshold as a line. The declared conditions come first and are marked.
 */
import { arr, num, obj, percent, records, str, type Json } from '../read';
import type { BarSpec, FigureSpec, Tone } from '../spec';

interface Row {
  condition: string;
  reviewer: string;
  declared: boolean;
  n: number;
  unusable: number;
  share: number;
  low: number;
  high: number;
}

const TONES: readonly Tone[] = [1, 2, 3, 4];

function rowsOf(e: Json): Row[] {
  return records(e.rows).flatMap((r) => {
    const condition = str(r.condition);
    const reviewer = str(r.reviewer);
    const [n, unusable, share, low, high] = [num(r.n), num(r.unusable), num(r.share), num(r.low), num(r.high)];
    if (
      condition === undefined ||
      reviewer === undefined ||
      n === undefined ||
      unusable === undefined ||
      share === undefined ||
      low === undefined ||
      high === undefined
    )
      return [];
    return [{ condition, reviewer, declared: r.declared === true, n, unusable, share, low, high }];
  });
}

const strings = (v: unknown): string[] => (arr(v) ?? []).filter((x): x is string => typeof x === 'string');

/** "q2 (declared)" for a declared condition. */
export const conditionLabel = (condition: string, declared: boolean): string => (declared ? `${condition} (declared)` : condition);

export function perceptualVerdictFigures(e: Json): FigureSpec[] {
  const rows = rowsOf(e);
  if (e.waiting === true || rows.length === 0) return [];
  const declaredList = strings(e.conditions);
  const seen = [...new Set(rows.map((r) => r.condition))];
  const conditions = [...declaredList.filter((c) => seen.includes(c)), ...seen.filter((c) => !declaredList.includes(c))];
  const reviewers = [...new Set(rows.map((r) => r.reviewer))];
  const at = (reviewer: string, condition: string): Row | undefined =>
    rows.find((r) => r.reviewer === reviewer && r.condition === condition);
  const confidence = num(e.confidence) ?? 0.95;
  const method = str(e.interval) === 'exact' ? 'exact (Clopper-Pearson)' : 'Wilson';
  const threshold = num(e.threshold);
  const unusable = strings(e.unusable);
  const worse = unusable.length === 0; // compare mode: an image is judged worse when the other side was chosen
  const judged = worse ? 'judged worse than the other image' : 'judged unusable';
  const series: BarSpec['series'] = reviewers.map((reviewer, i) => ({
    label: reviewer,
    tone: TONES[i % TONES.length] as Tone,
    values: conditions.map((c) => {
      const r = at(reviewer, c);
      return r === undefined ? null : 100 * r.share;
    }),
    intervals: conditions.map((c) => {
      const r = at(reviewer, c);
      return r === undefined ? null : [100 * r.low, 100 * r.high];
    }),
  }));
  const direction = str(e.direction) === 'below' ? 'below' : 'above';
  const decisive = rows
    .filter((r) => r.declared)
    .sort((a, b) => conditions.indexOf(a.condition) - conditions.indexOf(b.condition))
    .map((r) => `${r.reviewer}: ${r.condition} ${r.unusable}/${r.n} = ${percent(r.share)} (${percent(r.low)} to ${percent(r.high)})`);
  const consistency = obj(e.consistency);
  const inconsistent = consistency !== undefined && consistency.consistent === false;
  const caption =
    `Share of each condition's images ${judged}${worse ? '' : ` (answered ${unusable.map((u) => `“${u}”`).join(' or ')})`} in blind review, from each pair's first showing, ` +
    `with ${percent(confidence)} ${method} intervals${threshold !== undefined ? `; the falsification asserts the share lies ${direction} ${percent(threshold)} for ${declaredList.join(', ')}` : ''}. ` +
    `${decisive.join('; ')}.` +
    (inconsistent ? ' The reviews are inconsistent, so these shares decide nothing (see the consistency check).' : '');
  return [
    {
      type: 'bars',
      id: 'judged-unusable',
      title: worse ? 'Share judged worse per condition, per reviewer' : 'Share judged unusable per condition, per reviewer',
      caption,
      categories: conditions.map((c) => conditionLabel(c, declaredList.includes(c))),
      series,
      interval: `${percent(confidence)} ${method} interval`,
      value: { label: worse ? 'judged worse' : 'judged unusable', unit: '%' },
      ...(threshold !== undefined ? { refs: [{ value: 100 * threshold, label: `declared ${percent(threshold)}` }] } : {}),
    },
  ];
}
