/**
 * Figure of a `replay` check: every number compared (up to the 500 the evidence keeps), by the printed line it
 * sits on, as |replayed - printed| over the difference allowed (the printed rounding or the stated tolerance):
 * at or below the line at 1 a number agrees, above it it differs. Numbers printed identically sit at 0.
 * An overridden replay or one that could not run compared nothing and has no figure.
 * Example: for the timing case's bench.py, three points at 0 on lines 1..3 under the line "allowed (1)".
 */
import { arr, num, obj, records, str, type Json } from '../read';
import type { FigureSpec } from '../spec';

export function replayFigures(e: Json): FigureSpec[] {
  const c = obj(e.comparison);
  const points = records(c?.numbers);
  if (c === undefined || points.length === 0) return [];
  const within = points.filter((p) => p.agree === true && num(p.ratio) !== undefined && num(p.line) !== undefined);
  // A ratio that is not finite (an allowed difference of 0, non-finite numbers) is drawn at the top of the plot.
  const beyond = points.filter((p) => p.agree !== true && num(p.line) !== undefined);
  const finiteTop = Math.max(2, ...beyond.map((p) => num(p.ratio) ?? 0));
  const first = obj(c.first);
  const compared = num(c.numbersCompared) ?? points.length;
  const tolerance = str(c.tolerance) ?? 'the tolerance';
  const kept = arr(c.numbers)?.length ?? points.length;
  return [
    {
      type: 'xy',
      id: 'replay-differences',
      title: `Replayed against printed numbers, as a share of the difference allowed (${str(e.cell) ?? 'cell'})`,
      caption: `${compared} numbers compared${kept < compared ? ` (the first ${kept} shown)` : ''}, each as |replayed - printed| over ${tolerance}: ${beyond.length === 0 ? 'all agree (at or below 1)' : `${beyond.length} differ, the first at printed line ${num(first?.printedLine) ?? '-'} (${str(obj(first?.number)?.printed) ?? '?'} printed, ${str(obj(first?.number)?.replayed) ?? '?'} replayed)`}.`,
      x: { label: 'printed line' },
      y: { label: '|replayed - printed| / allowed' },
      layers: [
        {
          label: 'agrees',
          style: 'points',
          tone: 1,
          x: within.map((p) => num(p.line) as number),
          y: within.map((p) => num(p.ratio) as number),
        },
        ...(beyond.length > 0
          ? [
              {
                label: 'differs',
                style: 'points' as const,
                tone: 2 as const,
                x: beyond.map((p) => num(p.line) as number),
                y: beyond.map((p) => num(p.ratio) ?? finiteTop),
              },
            ]
          : []),
      ],
      hlines: [{ y: 1, label: 'allowed (1)' }],
    },
  ];
}
