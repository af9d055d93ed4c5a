/**
 * Figures of a `hypothesis-test` check: each test it ran (the claim's, and the finding's when it used another)
 * side by side, so a mismatch is seen as well as read: their p-values on a log axis against the level the check
 * decides at, and the difference each estimates with its confidence interval against zero.
 * Example: the five-seed table gives bars p = 5.7e-5 (claim's paired t) and p = 0.63 (finding's Welch) across
 * the 0.05 line, and intervals of the mean difference [0.90, 1.15] and the difference of means [-4.5, 6.6].
 */
import { num, obj, records, short, str, type Json } from '../read';
import type { BarSpec, FigureSpec } from '../spec';

const ROLE: Record<string, string> = { claim: "claim's", finding: "finding's" };

export function hypothesisTestFigures(e: Json): FigureSpec[] {
  const tests = records(e.tests).flatMap((t) => {
    const r = obj(t.result);
    const p = num(r?.p);
    if (r === undefined || p === undefined) return [];
    const role = ROLE[str(t.role) ?? ''] ?? str(t.role) ?? 'test';
    return [{ label: `${role} ${str(t.words) ?? str(t.test) ?? ''}`.trim(), p, ci: obj(r.ci) }];
  });
  if (tests.length === 0) return [];
  const level = num(e.decideAt);
  const out: FigureSpec[] = [];
  const shown = tests.map((t) => ({ ...t, drawn: t.p > 0 ? t.p : Number.MIN_VALUE }));
  out.push({
    type: 'bars',
    id: 'p-values',
    title: 'p-value of each test, against the level',
    caption: `${tests.map((t) => `${t.label}: p = ${short(t.p)}`).join('; ')}${level !== undefined ? `. The check decides at ${short(level)}: a bar below the line rejects no difference.` : '.'}${tests.some((t) => t.p === 0) ? ' A p of 0 (below the smallest double) is drawn at the smallest double.' : ''}`,
    categories: shown.map((t) => t.label),
    series: [{ label: 'p', tone: 1, values: shown.map((t) => t.drawn) }],
    value: { label: 'p-value', log: true },
    ...(level !== undefined ? { refs: [{ value: level, label: `level ${short(level)}` }] } : {}),
  });
  const withCi = tests.flatMap((t) => {
    const low = num(t.ci?.low);
    const high = num(t.ci?.high);
    const of = str(t.ci?.of);
    // A one-sided interval has an infinite end: no whisker to draw, and no midpoint to call the estimate.
    if (low === undefined || high === undefined || of === undefined || of === 'proportion') return [];
    return [{ label: t.label, low, high, of, level: num(t.ci?.level) }];
  });
  if (withCi.length > 0) {
    const spec: BarSpec = {
      type: 'bars',
      id: 'intervals',
      title: 'The difference each test estimates, with its confidence interval',
      caption: withCi
        .map(
          (c) =>
            `${c.label}: ${c.of}, midpoint ${short((c.low + c.high) / 2)}, ${c.level !== undefined ? `${short(100 * c.level)}% ` : ''}interval [${short(c.low)}, ${short(c.high)}]`,
        )
        .join('; ')
        .concat('. An interval that excludes 0 shows a difference at that level.'),
      categories: withCi.map((c) => c.label),
      series: [
        {
          label: 'interval midpoint',
          tone: 2,
          values: withCi.map((c) => (c.low + c.high) / 2),
          intervals: withCi.map((c) => [c.low, c.high]),
        },
      ],
      interval: 'two-sided confidence interval',
      value: { label: 'difference' },
      refs: [{ value: 0, label: 'no difference' }],
    };
    out.push(spec);
  }
  return out;
}
