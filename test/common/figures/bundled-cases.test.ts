// The figures of every bundled case, built from the evidence its checks really produce: each case is copied
// to a temporary folder and run through the case runner (never in place), then every check's figures are
// built and held against the evidence they came from.
import { beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { loadCase } from '../../../app/cases/load';
import { runCase } from '../../../app/checks/run-case';
import { defaultRegistry } from '../../../app/cli/registry';
import type { CheckResultView, RunEvent } from '../../../common/api/contract';
import { copyCase, tempDir } from '../../helpers/temp-case';
import { confinementOrSkip } from '../../app/sandbox/harness';
import { figuresFor } from '../../../common/figures/registry';
import { figureSvg } from '../../../common/figures/svg';
import { checkFigures } from '../../../app/reports/figures';
import { assertWellFormed } from '../../helpers/svg-well-formed';
import type { BarSpec, FigureSpec, HullSpec, TimelineSpec, XYSpec } from '../../../common/figures/spec';
import { predict, type ModelName } from '../../../checkers/stats/growth-models';

const confined = (await confinementOrSkip()) !== null;
const CASES = [
  'fw-attention-collapse',
  'kl-direction',
  'padding-perplexity',
  'timing-normalization',
  'quantization-stability',
  ...(confined ? ['paging-robustness'] : []),
];

const checks = new Map<string, CheckResultView>();
const points: Extract<RunEvent, { type: 'series-point' }>[] = [];

beforeAll(async () => {
  const root = tempDir('figures-');
  const registry = defaultRegistry();
  for (const id of CASES) {
    const dir = copyCase(resolve(import.meta.dirname, '../../../cases', id), root, id);
    const report = await runCase(await loadCase(dir, registry), registry, {
      record: false,
      onEvent: (e) => e.type === 'series-point' && points.push(e),
    });
    for (const f of report.falsifications) for (const c of f.checks) checks.set(`${id}/${f.falsificationId}/${c.checkId}`, c);
  }
}, 60_000);

const figs = (key: string): FigureSpec[] => {
  const c = checks.get(key);
  if (c === undefined) throw new Error(`no check ${key}`);
  return figuresFor(c.kind, c.evidence);
};
const byId = <T extends FigureSpec>(fs: FigureSpec[], id: string): T => fs.find((f) => f.id === id) as T;

describe('figures of the bundled cases', () => {
  it('every check that produced numbers has at least one figure, each with a title, a caption and labelled axes', () => {
    expect(checks.size).toBeGreaterThanOrEqual(confined ? 15 : 12);
    for (const [key, c] of checks) {
      expect(c.outcome, key).not.toBe('error');
      const fs = figuresFor(c.kind, c.evidence);
      // The perceptual checks of a case shipped without annotations have computed nothing yet, and say so.
      if (c.summary.startsWith('Waiting for review')) {
        expect(fs, key).toEqual([]);
        continue;
      }
      expect(fs.length, key).toBeGreaterThan(0);
      for (const f of fs) {
        expect(f.title.length, key).toBeGreaterThan(5);
        expect(f.caption.length, key).toBeGreaterThan(40);
        if (f.type === 'xy')
          expect(
            [f.x.label, f.y.label].every((l) => l.length > 0),
            key,
          ).toBe(true);
        if (f.type === 'bars') expect(f.value.label.length, key).toBeGreaterThan(0);
      }
    }
  });

  it('fw: the timeline marks the exact and float64 exits; the hull opens at the exact exit, exact beside float64', () => {
    const t = byId<TimelineSpec>(figs('fw-attention-collapse/F1/horizon-trap'), 'timeline');
    expect(t.horizon).toBe(1000);
    expect(t.marks).toEqual(
      expect.arrayContaining([
        { t: 706, label: 'exact exit', tone: 1 },
        { t: 706, label: 'float64 exit', tone: 2 },
      ]),
    );
    expect(t.ranges[0]).toMatchObject({ from: 0, to: 300 });
    const h = byId<HullSpec>(figs('fw-attention-collapse/F1/logbook-certificate'), 'hull');
    expect(h.frames[h.start]!.t).toBe(706);
    expect(h.frames[0]!.exact).toEqual([
      [-3, 0.25],
      [-3, -3],
      [-1 / 3, -1.75],
      [3, 0.5],
    ]);
    expect(h.frames[h.start]!.exact).toHaveLength(4);
    expect(h.frames[h.start]!.float64).toHaveLength(4);
    // F2: float64 exits at step 2; exact never does (the collinear pair keeps the origin on the hull).
    const f2 = figs('fw-attention-collapse/F2/float-vs-exact');
    const t2 = byId<TimelineSpec>(f2, 'timeline');
    expect(t2.marks.map((m) => m.label)).toEqual(['float64 exit', 'asserted exit']);
    const h2 = byId<HullSpec>(f2, 'hull');
    expect(h2.frames[h2.start]).toMatchObject({
      t: 2,
      exact: [
        [0, 0],
        [-0.1, -0.3],
      ],
    });
    expect(h2.exactExit).toBeNull();
  });

  it('kl-mode-fit: teacher and both students as densities on the check grid that integrate to about 1', () => {
    const f = figs('kl-direction/F1/direction-matters')[0] as XYSpec;
    expect(f.layers.map((l) => l.label)).toEqual(['teacher', 'forward KL student', 'reverse KL student']);
    for (const l of f.layers) {
      expect(l.x).toHaveLength(201);
      const integral = l.y.reduce((s, y) => s + y, 0) * (20 / 200);
      expect(integral).toBeGreaterThan(0.99);
      expect(integral).toBeLessThan(1.01);
    }
    const c = checks.get('kl-direction/F1/direction-matters')!.evidence as { fits: Record<string, { mean: number }> };
    expect(f.markers?.map((m) => m.x)).toEqual([c.fits['forward-kl']!.mean, c.fits['reverse-kl']!.mean]);
  });

  it('divergence-audit: the worst relative error per candidate on a log axis against the tolerance', () => {
    const f = figs('kl-direction/F1/loss-direction')[0] as BarSpec;
    expect(f.value.log).toBe(true);
    expect(f.categories).toContain('forward-kl');
    expect(f.series[0]!.values[f.categories.indexOf('forward-kl')]).toBeLessThan(1e-6);
    expect(f.refs).toEqual([{ value: 1e-6, label: 'tolerance 1e-6' }]);
  });

  it('padding-audit: the share of padding, and perplexity padded, corrected, paper and logbook', () => {
    const fs = figs('padding-perplexity/F1/perplexity');
    const share = byId<BarSpec>(fs, 'padding-share');
    expect(share.series[0]!.values[0]).toBeCloseTo(68.97569, 4);
    const ppl = byId<BarSpec>(fs, 'perplexity');
    expect(ppl.categories).toEqual(['teacher', 'student']);
    expect(Object.fromEntries(ppl.series.map((s) => [s.label, s.values[0]]))).toMatchObject({
      'stated in the paper': 5.2,
      'stated in the logbook': 1.7,
    });
    expect(ppl.series[1]!.values[0]).toBeCloseTo(5.2235, 4);
    expect(ppl.series[0]!.values[0]).toBeCloseTo(1.7048, 4);
    const cost = byId<BarSpec>(figs('padding-perplexity/F1/quality-cost'), 'qualityCost');
    expect(cost.value.unit).toBe('%');
    expect(cost.series[1]!.values[0]).toBeCloseTo(29.78, 2);
  });

  it('image-metrics: mean PSNR per condition against the 18 dB threshold, as skimage measures the bundled pairs', () => {
    const f = byId<BarSpec>(figs('quantization-stability/F1/metrics'), 'psnr');
    const at = (label: string): number => f.series[0]!.values[f.categories.findIndex((c) => c.startsWith(label))]!;
    // Means over the 32 pairs of each condition, measured with skimage 0.19's peak_signal_noise_ratio (data range 255).
    expect(at('q6')).toBeCloseTo(46.3, 1);
    expect(at('q3')).toBeCloseTo(27.9, 1);
    expect(at('q2')).toBeCloseTo(20.2, 1);
    expect(f.refs?.map((r) => r.value)).toEqual([18]);
  });

  it('units-audit: both quantities normalised to one unit on one axis', () => {
    const f = figs('timing-normalization/F1/units')[0] as BarSpec;
    expect(f.value.unit).toBe('s / trajectory');
    expect(f.categories).toEqual(['method', 'baseline']);
    expect(f.series[0]!.values).toEqual([0.06, 1.5]);
    expect(f.caption).toContain('method/baseline = 0.04');
  });

  it.skipIf(!confined)('growth-fit: points with error bars, each law, residuals that are y − law, and the horizon analysis', () => {
    const c = checks.get('paging-robustness/F1/full-sweep')!;
    const e = c.evidence as {
      points: { x: number; y: number; se: number }[];
      models: { name: ModelName; params: Record<string, number> }[];
      significantFrom: number;
      prefix: unknown[];
    };
    const fs = figuresFor(c.kind, c.evidence);
    const fit = byId<XYSpec>(fs, 'fit');
    expect(fit.x).toMatchObject({ label: 'k', log: true });
    expect(fit.layers[0]!.x).toEqual(e.points.map((p) => p.x));
    expect(fit.layers[0]!.err).toEqual(e.points.map((p) => p.se));
    // Every law the check fitted is drawn, the preferred one marked, and the caption states the conclusion.
    expect(fit.layers.slice(1).map((l) => l.label.split(' law')[0])).toEqual(e.models.map((m) => m.name));
    expect(fit.layers.slice(1).filter((l) => l.label.includes('(preferred)'))).toHaveLength(1);
    expect(fit.caption).toMatch(/Conclusion: grows/);
    expect(fit.band?.from).toBe(e.significantFrom);
    expect(fit.markers?.[0]?.x).toBe(16);
    const res = byId<XYSpec>(fs, 'residuals');
    const log = e.models.find((m) => m.name === 'log')!;
    res.layers[1]!.y.forEach((r, i) => expect(r).toBeCloseTo(e.points[i]!.y - predict(log, e.points[i]!.x), 12));
    const hz = byId<XYSpec>(fs, 'horizon');
    expect(hz.layers[0]!.x).toHaveLength(e.prefix.length);
    expect(hz.hlines).toEqual([{ y: 5, label: '5σ threshold' }]);
  });

  it.skipIf(!confined)('a sweep sends each point it computes as a series point, before its check finishes', () => {
    const sweepPoints = points.filter((p) => p.checkId === 'full-sweep');
    expect(sweepPoints).toHaveLength(10);
    const e = checks.get('paging-robustness/F1/full-sweep')!.evidence as { points: { x: number; y: number }[] };
    const sorted = [...sweepPoints].sort((a, b) => a.x - b.x);
    expect(sorted.map((p) => [p.x, p.y])).toEqual(e.points.map((p) => [p.x, p.y]));
    expect(sweepPoints[0]).toMatchObject({ falsificationId: 'F1', series: 'additive', xLabel: 'k' });
  });

  it('a report draws the same figures as the workbench, each a well-formed SVG with a mark for every drawable point', () => {
    let drawn = 0;
    for (const [key, c] of checks) {
      const specs = figuresFor(c.kind, c.evidence);
      const report = checkFigures(c.kind, c.evidence);
      expect(
        report.map((f) => f.name),
        key,
      ).toEqual(specs.map((s) => s.id));
      for (const spec of specs) {
        const svg = figureSvg(spec);
        assertWellFormed(svg);
        expect(svg, `${key} ${spec.id}`).not.toMatch(/NaN|Infinity/);
        if (spec.type !== 'xy') continue;
        const ok = (v: number, log?: boolean): boolean => Number.isFinite(v) && (log !== true || v > 0);
        const dots = spec.layers
          .filter((l) => l.style === 'points')
          .reduce((n, l) => n + l.x.filter((x, i) => ok(x, spec.x.log) && ok(l.y[i]!, spec.y.log)).length, 0);
        const legendDots = spec.layers.filter((l) => l.style === 'points').length;
        expect((svg.match(/<circle /g) ?? []).length, `${key} ${spec.id}`).toBe(dots + legendDots);
        drawn++;
      }
    }
    expect(drawn).toBeGreaterThanOrEqual(8);
  });
});
