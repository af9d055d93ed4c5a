/**
 * Figure of a `sandbox-verdict` check: each decisive comparison of the module's runs as a bar of its value (an
 * enclosure as a whisker from lo to hi) beside a bar of its bound, on one value axis. The bars are float64
 * approximations for drawing (the evidence's `plot`); the caption gives the numbers as the module wrote them and
 * how each comparison came out when Recheck decided it exactly. At most 24 comparisons are drawn (the rest counted).
 * Example: for the honest test module at k = 20, one category "share at k=20" with bars at 0.999999046 (value)
 * and 0.999999 (bound), captioned "share at k=20 = 0.99999904632568359375 > 0.999999: holds (stands for refutes)".
 */
import { arr, num, obj, records, str, type Json } from '../read';
import type { FigureSpec } from '../spec';

const MAX_BARS = 24;
const NEGATED: Readonly<Record<string, string>> = { '<': '>=', '<=': '>', '=': '!=', '>=': '<', '>': '<=' };

interface Bar {
  category: string;
  value: number;
  interval: [number, number] | null;
  bound: number;
  words: string;
}

function barOf(c: Json, seed: number | undefined, manyRuns: boolean): Bar | undefined {
  const plot = obj(c.plot);
  const value = num(plot?.value);
  const bound = num(plot?.bound);
  const quantity = str(c.quantity);
  const relation = str(c.relation);
  const truth = str(c.truth);
  if (value === undefined || bound === undefined || quantity === undefined || relation === undefined || truth === undefined)
    return undefined;
  const lo = num(plot?.lo);
  const hi = num(plot?.hi);
  const written = arr(c.value);
  const valueText = written !== undefined ? `in [${String(written[0])}, ${String(written[1])}]` : `= ${str(c.value) ?? value}`;
  const shown = truth === 'holds' ? relation : truth === 'fails' ? (NEGATED[relation] ?? relation) : `${relation} undecided against`;
  const label = quantity.length > 40 ? `${quantity.slice(0, 37)}...` : quantity;
  return {
    category: manyRuns ? `${label} (seed ${seed ?? '?'})` : label,
    value,
    interval: lo !== undefined && hi !== undefined ? [lo, hi] : null,
    bound,
    words: `${label} ${valueText} ${shown} ${str(c.bound) ?? bound}: ${truth}${str(c.means) !== undefined ? ` (stands for ${str(c.means)})` : ''}`,
  };
}

export function sandboxVerdictFigures(e: Json): FigureSpec[] {
  const runs = records(e.runs);
  const bars: Bar[] = [];
  let total = 0;
  for (const run of runs) {
    for (const c of records(run.decides)) {
      total += 1;
      const bar = barOf(c, num(run.seed), runs.length > 1);
      if (bar !== undefined && bars.length < MAX_BARS) bars.push(bar);
    }
  }
  if (bars.length === 0) return [];
  const module = str(e.module) ?? 'the module';
  const more = total > bars.length ? ` (${total - bars.length} more not drawn)` : '';
  return [
    {
      type: 'bars',
      id: 'decisive-comparisons',
      title: `${module}: each decisive value against its bound`,
      caption: `Decided exactly by Recheck from the numbers as written: ${bars.map((b) => b.words).join('; ')}${more}.`,
      categories: bars.map((b) => b.category),
      series: [
        {
          label: 'value',
          tone: 1,
          values: bars.map((b) => b.value),
          ...(bars.some((b) => b.interval !== null) ? { intervals: bars.map((b) => b.interval) } : {}),
        },
        { label: 'bound', tone: 4, values: bars.map((b) => b.bound) },
      ],
      ...(bars.some((b) => b.interval !== null) ? { interval: 'enclosure [lo, hi]' } : {}),
      value: { label: 'value' },
    },
  ];
}
