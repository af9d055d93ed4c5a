// The metric-claim figure's spec (common/figures/kinds/metric-claim.ts) as the UI and the reports draw it: seeds are
// whole positions (ticks only at integers, labelled by seed, the mean's slot by "mean"), and every mark, the mean's
// whisker included, lies inside the x domain, so nothing is drawn on (or clipped by) the plot's edge.
import { describe, expect, it } from 'vitest';
import { metricClaimFigures } from '../../../common/figures/kinds/metric-claim';
import type { XYSpec } from '../../../common/figures/spec';
import { figureSvg } from '../../../common/figures/svg';
import { assertWellFormed } from '../../helpers/svg-well-formed';

const evidence = (n: number) => ({
  claim: { claimed: 4, low: 4, words: 'at least 4' },
  seeds: Array.from({ length: n }, (_, i) => ({ seed: `line ${i + 2}`, value: 4.3 + 0.1 * Math.sin(i) })),
  mean: 4.5,
  interval: { low: 4.3, high: 4.7 },
  confidence: 0.95,
  decisionWords: 'reproduced',
});

describe('metric-claim figure', () => {
  it.each([1, 2, 5, 12, 40])('%i seeds: integer ticks labelled by seed, every mark inside the x domain', (n) => {
    const f = metricClaimFigures(evidence(n))[0] as XYSpec;
    const ticks = f.x.ticks!;
    expect(ticks.length).toBeGreaterThan(0);
    for (const t of ticks) expect(Number.isInteger(t.value)).toBe(true);
    // Seed ticks are labelled by the seed's position; the mean's slot says so.
    for (const t of ticks.filter((t) => t.value <= n)) expect(t.label).toBe(String(t.value));
    expect(ticks.at(-1)).toEqual({ value: n + 1, label: 'mean' });
    if (n <= 12) expect(ticks.map((t) => t.value)).toEqual(Array.from({ length: n + 1 }, (_, i) => i + 1));
    const [lo, hi] = f.x.domain!;
    const xs = f.layers.flatMap((l) => [...l.x]);
    expect(xs).toContain(n + 1);
    // Half a slot either side of the outermost marks: the whisker's caps (a few pixels) stay inside.
    for (const x of xs) {
      expect(x - lo).toBeGreaterThanOrEqual(0.5);
      expect(hi - x).toBeGreaterThanOrEqual(0.5);
    }
    for (const t of ticks) expect(t.value >= lo && t.value <= hi).toBe(true);
  });

  it("the reports' SVG: x tick labels are the spec's, the mean's whisker inside the plot area", () => {
    const f = metricClaimFigures(evidence(5))[0] as XYSpec;
    const svg = figureSvg(f);
    assertWellFormed(svg);
    const labels = [...svg.matchAll(/<text x="([^"]+)" y="(\d+(?:\.\d+)?)" text-anchor="middle" fill="#5b6673">([^<]*)<\/text>/g)]
      .filter((m) => Number(m[2]) === 352)
      .map((m) => m[3]);
    expect(labels).toEqual(['1', '2', '3', '4', '5', 'mean']);
    const whisker = /<path d="M([\d.]+),/.exec(svg.slice(svg.indexOf('fill="#c2571a"')))!;
    const x = Number(whisker[1]);
    expect(x).toBeGreaterThan(72 + 10);
    expect(x).toBeLessThan(760 - 200 - 10);
  });
});
