// Issue 22 item 5: the metric-claim figure in the UI showed seed ticks at 1.5, 2.5, … and drew the mean's whisker on
// the plot's right edge, half clipped. XYPlot now takes the spec's x domain and ticks (renderer/figures/XYPlot.tsx),
// and its y range holds the error bars' ends.
import { join } from 'node:path';
import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { metricClaimFigures } from '../../../common/figures/kinds/metric-claim';
import type { XYSpec } from '../../../common/figures/spec';

// Loaded by path, as vitest compiles it (the tests' TypeScript project has no JSX).
const plot = (await import(/* @vite-ignore */ join(import.meta.dirname, '../../../renderer/figures/XYPlot.tsx'))) as {
  xScale(spec: XYSpec): uPlot.Scale;
  yScale(spec: XYSpec): uPlot.Scale;
  xTicks(spec: XYSpec): Pick<uPlot.Axis, 'splits' | 'values'>;
};

const spec = metricClaimFigures({
  claim: { claimed: 4, low: 4, words: 'at least 4' },
  seeds: [4.5, 4.7, 4.35, 4.8, 4.58].map((value, i) => ({ seed: `line ${i + 2}`, value })),
  mean: 4.586,
  interval: { low: 4.37, high: 4.8 },
  confidence: 0.95,
  decisionWords: 'reproduced',
})[0] as XYSpec;
const u = {} as uPlot;

describe('XYPlot axes of the metric-claim figure', () => {
  it('the x range is the spec’s domain: the mean at 6 is half a slot inside the right edge', () => {
    const range = plot.xScale(spec).range as (u: uPlot, min: number, max: number) => [number, number];
    expect(range(u, 1, 6)).toEqual([0.5, 6.5]);
  });

  it('ticks only at whole seed positions, labelled by seed and "mean"', () => {
    const t = plot.xTicks(spec);
    const splits = (t.splits as (u: uPlot) => number[])(u);
    expect(splits).toEqual([1, 2, 3, 4, 5, 6]);
    expect((t.values as (u: uPlot, s: number[]) => string[])(u, splits)).toEqual(['1', '2', '3', '4', '5', 'mean']);
  });

  it('the y range holds the whiskers’ ends, not just the points', () => {
    const bars: XYSpec = {
      ...spec,
      hlines: [],
      layers: [{ label: 'mean', style: 'points', tone: 2, x: [1, 2], y: [1, 2], err: [0.1, 5] }],
    };
    const range = plot.yScale(bars).range as ((u: uPlot, min: number, max: number) => [number, number]) | undefined;
    expect(range).toBeTypeOf('function');
    const [lo, hi] = range!(u, 1, 2);
    expect(hi).toBeGreaterThanOrEqual(7);
    expect(lo).toBeLessThanOrEqual(-3);
  });
});
