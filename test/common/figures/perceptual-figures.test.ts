/**
 * Figures of the perceptual check kinds, built from the evidence the kinds really produce: the sixth bundled case
 * (quantization-stability) copied to a temporary folder, reviewed by SCRIPTED reviewers through the blind API (test
 * only, never a person's judgment), run and recorded; and a compare-mode synthetic case for the position bias.
 * Each figure is held against numbers recomputed independently from the evidence's counts and per-pair values.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckResultView } from '../../../common/api/contract';
import { createRecheckService } from '../../../app/api/service';
import { loadCase } from '../../../app/cases/load';
import { runCase } from '../../../app/checks/run-case';
import { defaultRegistry } from '../../../app/cli/registry';
import { exactInterval, wilsonInterval } from '../../../checkers/stats/proportion-interval';
import { figuresFor } from '../../../common/figures/registry';
import type { BarSpec, FigureSpec, XYSpec } from '../../../common/figures/spec';
import { copyCase, tempDir } from '../../helpers/temp-case';
import { BUNDLED, reviewedQuantizationCase, SEES_BANDING, SEES_Q2, type ReviewedCase } from '../../app/letters/reviewed-quantization';
import { leftPicker, scriptedReview, writeSyntheticCase } from '../../app/perceptual/synthetic-case';

interface Row {
  condition: string;
  reviewer: string;
  declared: boolean;
  n: number;
  unusable: number;
}

let one: ReviewedCase;
let two: ReviewedCase;
let compare: CheckResultView;

beforeAll(async () => {
  one = await reviewedQuantizationCase([SEES_BANDING]);
  two = await reviewedQuantizationCase([SEES_BANDING, SEES_Q2]);
  const ws = tempDir();
  const dir = writeSyntheticCase(ws, {
    pairs: 40,
    mode: 'compare',
    repeatShare: 0.25,
    checks: [{ id: 'consistency', kind: 'review-consistency', title: 'consistent?', params: { pairs: 'images/pairs.csv' } }],
  });
  await scriptedReview(await createRecheckService({ workspaceDir: ws }), 'percept', 'scripted-left', leftPicker, { seed: 61 });
  const registry = defaultRegistry();
  const report = await runCase(await loadCase(dir, registry), registry, { record: false });
  compare = report.falsifications[0]!.checks[0]!;
}, 60_000);

const figs = (c: CheckResultView): FigureSpec[] => figuresFor(c.kind, c.evidence);
const byId = <T extends FigureSpec>(fs: FigureSpec[], id: string): T => {
  const f = fs.find((x) => x.id === id);
  if (f === undefined) throw new Error(`no figure ${id} (have ${fs.map((x) => x.id).join(', ')})`);
  return f as T;
};

describe('perceptual-verdict', () => {
  it('bars of the share judged unusable per condition and reviewer, Wilson intervals as whiskers, the declared 50% as a line', () => {
    const check = one.check('perceptual-verdict');
    expect(check.outcome).toBe('supports');
    const rows = (check.evidence as { rows: Row[] }).rows;
    const f = byId<BarSpec>(figs(check), 'judged-unusable');
    // The declared conditions first, in the falsification's order, marked.
    expect(f.categories.slice(0, 2)).toEqual(['q3 (declared)', 'q2 (declared)']);
    expect(f.categories.slice(2).sort()).toEqual(['fp', 'q4-dither', 'q6']);
    expect(f.series.map((s) => s.label)).toEqual([SEES_BANDING.name]);
    expect(f.refs).toEqual([{ value: 50, label: 'declared 50.0%' }]);
    expect(f.interval).toBe('95.0% Wilson interval');
    const s = f.series[0]!;
    for (const [i, cat] of f.categories.entries()) {
      const r = rows.find((x) => x.condition === cat.replace(' (declared)', ''))!;
      // Recomputed from the counts, independently of the evidence's share and interval.
      const ci = wilsonInterval(r.unusable, r.n, 0.95);
      expect(s.values[i]).toBeCloseTo((100 * r.unusable) / r.n, 12);
      expect(s.intervals?.[i]?.[0]).toBeCloseTo(100 * ci.low, 12);
      expect(s.intervals?.[i]?.[1]).toBeCloseTo(100 * ci.high, 12);
    }
    // This reviewer judged every q2 and q3 image it rated unusable, and nothing else.
    expect(s.values.slice(0, 2)).toEqual([100, 100]);
    expect(s.values.slice(2)).toEqual([0, 0, 0]);
    const q2 = rows.find((x) => x.condition === 'q2')!;
    expect(f.caption).toContain(`${SEES_BANDING.name}: q2 ${q2.unusable}/${q2.n} = 100.0%`);
    expect(f.caption).toMatch(/asserts the share lies above 50\.0% for q3, q2/);
    expect(f.caption).not.toMatch(/inconsistent/);
  });

  it('two reviewers: one series each; the caption says the inconsistent reviews decide nothing', () => {
    const check = two.check('perceptual-verdict');
    const f = byId<BarSpec>(figs(check), 'judged-unusable');
    expect(f.series.map((s) => s.label)).toEqual([SEES_BANDING.name, SEES_Q2.name]);
    expect(f.series.map((s) => s.tone)).toEqual([1, 2]);
    // The second reviewer found the 3-bit images only flawed.
    expect(f.series[1]!.values[0]).toBe(0);
    expect(f.series[1]!.values[1]).toBe(100);
    expect(f.caption).toMatch(/The reviews are inconsistent, so these shares decide nothing/);
  });

  it('an exact interval is drawn as the evidence computed it', () => {
    const check = one.check('perceptual-verdict');
    const ev: Record<string, unknown> = { ...check.evidence, interval: 'exact' };
    const rows = (ev.rows as Row[]).map((r) => ({ ...r, ...exactInterval(r.unusable, r.n, 0.95) }));
    const f = byId<BarSpec>(figuresFor('perceptual-verdict', { ...ev, rows }), 'judged-unusable');
    expect(f.interval).toBe('95.0% exact (Clopper-Pearson) interval');
    const q2 = rows.find((r) => r.condition === 'q2')!;
    expect(f.series[0]!.intervals?.[1]).toEqual([100 * q2.low, 100 * q2.high]);
  });
});

describe('review-consistency', () => {
  it('one reviewer: repeat agreement and fast answers against their thresholds; no kappa', () => {
    const check = one.check('review-consistency');
    const ev = check.evidence as {
      reviews: { reviewer: string; repeats: number; repeatAgreements: number; answers: number; fast: { count: number } }[];
    };
    const fs = figs(check);
    expect(fs.map((f) => f.id)).toEqual(['repeat-agreement', 'fast-answers']);
    const rep = byId<BarSpec>(fs, 'repeat-agreement');
    const r = ev.reviews[0]!;
    expect(rep.categories).toEqual([SEES_BANDING.name]);
    expect(rep.series[0]!.values).toEqual([(100 * r.repeatAgreements) / r.repeats]);
    expect(rep.refs).toEqual([{ value: 80, label: 'least 80.0%' }]);
    expect(rep.caption).toContain(`${SEES_BANDING.name} ${r.repeatAgreements} of ${r.repeats}`);
    const fast = byId<BarSpec>(fs, 'fast-answers');
    expect(fast.series[0]!.values).toEqual([(100 * r.fast.count) / r.answers]);
    expect(fast.refs).toEqual([{ value: 10, label: 'most 10.0%' }]);
    expect(fast.title).toBe('Answers faster than 600 ms, per reviewer');
  });

  it("two reviewers: Cohen's kappa as a bar with its interval whisker, against the least 0.4", () => {
    const check = two.check('review-consistency');
    const k = (
      check.evidence as {
        interRater: { units: number; kappa: { kappa: number; low: number; high: number; observed: number; expected: number } };
      }
    ).interRater;
    const f = byId<BarSpec>(figs(check), 'kappa');
    // kappa = (observed - expected) / (1 - expected), recomputed from the agreement shares.
    expect(f.series[0]!.values[0]).toBeCloseTo((k.kappa.observed - k.kappa.expected) / (1 - k.kappa.expected), 12);
    expect(f.series[0]!.intervals?.[0]).toEqual([k.kappa.low, k.kappa.high]);
    expect(f.refs).toEqual([{ value: 0.4, label: 'least 0.4' }]);
    expect(f.title).toBe("Agreement between reviewers (Cohen's kappa)");
    expect(f.caption).toContain(`over the ${k.units} judgments they all made`);
  });

  it('compare mode: the share of "left" answers per reviewer against 50%, the binomial p-value in the caption', () => {
    const ev = compare.evidence as { reviews: { positionBias: { left: number; sideAnswers: number; pValue: number } }[] };
    const b = ev.reviews[0]!.positionBias;
    const f = byId<BarSpec>(figs(compare), 'position-bias');
    expect(f.series[0]!.values).toEqual([(100 * b.left) / b.sideAnswers]);
    expect(f.series[0]!.values[0]).toBe(100);
    expect(f.refs).toEqual([{ value: 50, label: 'no bias (50%)' }]);
    expect(f.caption).toMatch(/scripted-left chose left 50 of 50 times \(100\.0%, exact binomial test against 50%: p = 1\.78e-15\)/);
    expect(f.caption).toContain('A p-value below 0.01 flags the review.');
  });
});

describe('image-metrics', () => {
  interface Pair {
    conditionA: string;
    conditionB: string;
    psnr: number | null;
    ssim: number;
  }

  it('mean PSNR and SSIM per condition with least-to-greatest whiskers, and the paper’s 18 dB as a line', () => {
    const check = one.check('metrics');
    const pairs = (check.evidence as { pairs: Pair[] }).pairs;
    const fs = figs(check);
    expect(fs.map((f) => f.id)).toEqual(['psnr', 'ssim', 'pairs']);
    for (const metric of ['psnr', 'ssim'] as const) {
      const f = byId<BarSpec>(fs, metric);
      expect(f.categories).toEqual(['q6 vs fp', 'q4-dither vs fp', 'q3 vs fp', 'q2 vs fp']);
      for (const [i, cat] of f.categories.entries()) {
        // The mean, least and greatest recomputed from the per-pair values.
        const vs = pairs.filter((p) => `${p.conditionB} vs ${p.conditionA}` === cat).map((p) => p[metric] as number);
        expect(vs).toHaveLength(32);
        expect(f.series[0]!.values[i]).toBeCloseTo(vs.reduce((a, b) => a + b, 0) / vs.length, 10);
        expect(f.series[0]!.intervals?.[i]).toEqual([Math.min(...vs), Math.max(...vs)]);
      }
    }
    const psnr = byId<BarSpec>(fs, 'psnr');
    expect(psnr.refs).toEqual([{ value: 18, label: 'threshold 18 dB' }]);
    expect(psnr.value).toEqual({ label: 'PSNR', unit: 'dB' });
    expect(psnr.caption).toMatch(/every condition’s mean meets it \(reported, not deciding\)/);
    expect(byId<BarSpec>(fs, 'ssim').refs).toBeUndefined();
  });

  it('every pair as a point, PSNR against SSIM, one layer per condition, the threshold as a marker', () => {
    const check = one.check('metrics');
    const pairs = (check.evidence as { pairs: Pair[] }).pairs;
    const f = byId<XYSpec>(figs(check), 'pairs');
    expect(f.layers.map((l) => l.label)).toEqual(['q6 vs fp', 'q4-dither vs fp', 'q3 vs fp', 'q2 vs fp']);
    expect(f.layers.map((l) => l.tone)).toEqual([1, 2, 3, 4]);
    const q2 = f.layers[3]!;
    const want = pairs.filter((p) => p.conditionB === 'q2');
    expect(q2.x).toEqual(want.map((p) => p.psnr));
    expect(q2.y).toEqual(want.map((p) => p.ssim));
    expect(f.markers).toEqual([{ x: 18, label: 'threshold 18 dB', tone: 4 }]);
    const passing = pairs.filter((p) => (p.psnr as number) >= 18).length;
    expect(f.caption).toContain(`${passing} of 128 pairs meet the paper's PSNR threshold of 18 dB`);
  });
});

describe('before any review', () => {
  it('the perceptual checks wait for review and draw nothing; the metrics are drawn', async () => {
    const registry = defaultRegistry();
    const ws = tempDir();
    const dir = copyCase(BUNDLED, ws, 'quantization-stability');
    const report = await runCase(await loadCase(dir, registry), registry, { record: false });
    const checks = report.falsifications[0]!.checks;
    for (const id of ['review-consistency', 'perceptual-verdict']) {
      const c = checks.find((x) => x.checkId === id)!;
      expect(c.summary).toMatch(/^Waiting for review/);
      expect(figs(c)).toEqual([]);
    }
    expect(figs(checks.find((x) => x.checkId === 'metrics')!).length).toBe(3);
  });
});
