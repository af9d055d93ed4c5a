/**
 * Two runs compared step by step (checkers/series/compare-runs.ts) and "eval stays finite while train is
 * non-finite" (finite-while-non-finite.ts): the issue-20 story built by hand (reverse KL turns into a strict
 * +Inf/NaN alternation from step 150 while forward KL and eval perplexity stay finite); every outcome; and the
 * alignment, tallies, first one-sided step, non-finite ranges and outcomes against an independent Python
 * implementation (series_reference.py, in beforeAll) on 600 seeded random pairs with gaps, repeats and
 * out-of-order steps.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { splitSeed, Xoshiro128 } from '../../../checkers/random/xoshiro128';
import { compareRuns } from '../../../checkers/series/compare-runs';
import { finiteWhileNonFinite } from '../../../checkers/series/finite-while-non-finite';
import { pythonModules } from '../../helpers/required';
import { randomSeries, referenceOf, REFERENCE_MODULES } from './oracle';

const missing = pythonModules(REFERENCE_MODULES);
const SEED = 20261205;
const steps = Array.from({ length: 401 }, (_, i) => i);
const forward = { label: 'forward KL', steps, values: steps.map((s) => 2 + Math.exp(-s / 100)) };
const reverse = {
  label: 'reverse KL',
  steps,
  values: steps.map((s) => (s < 150 ? 1 + Math.exp(-s / 80) : (s - 150) % 2 === 0 ? Infinity : Number.NaN)),
};
const evalSteps = Array.from({ length: 9 }, (_, i) => i * 50);
const evalPpl = { label: 'eval/perplexity', steps: evalSteps, values: evalSteps.map((s) => 30 - s / 100) };

describe('the forward- vs reverse-KL story, built by hand', () => {
  it('aligns the runs, finds step 150 as the first step where only reverse KL is non-finite, and summarises in numbers', () => {
    const c = compareRuns(forward, reverse);
    expect(c.firstOneSided).toEqual({ step: 150, nonFinite: 'b', kind: '+Inf' });
    expect(c.common).toEqual({
      steps: 401,
      onlyInA: 0,
      onlyInB: 0,
      bothFinite: 150,
      onlyANonFinite: 0,
      onlyBNonFinite: 251,
      bothNonFinite: 0,
    });
    expect(c.b.ranges).toEqual([{ fromStep: 150, toStep: 400, points: 251, reachesEnd: true }]);
    expect(c.a.ranges).toEqual([]);
    expect(c.b.report.description).toBe('strict alternation +Inf, NaN throughout from step 150 to 400 (125 pairs, then +Inf)');
    expect(c.summary).toEqual({
      a: { label: 'forward KL', points: 401, nonFinite: 0, firstNonFiniteStep: null, nonFiniteToEndFrom: null },
      b: { label: 'reverse KL', points: 401, nonFinite: 251, firstNonFiniteStep: 150, nonFiniteToEndFrom: 150 },
      commonSteps: 401,
      firstCommonStep: 0,
      lastCommonStep: 400,
      firstOneSidedStep: 150,
      firstOneSidedSide: 'b',
      onlyANonFinite: 0,
      onlyBNonFinite: 251,
    });
    expect(c.guarantee).toEqual({ kind: 'exact' });
  });

  it("eval perplexity stays finite over the reverse-KL run's non-finite range (steps 150, 200, ..., 400)", () => {
    const r = finiteWhileNonFinite(reverse, evalPpl, { minPoints: 3 });
    expect(r.outcome).toBe('stays-finite');
    expect(r.primary).toEqual({
      label: 'reverse KL',
      onsetStep: 150,
      ranges: [{ fromStep: 150, toStep: 400, points: 251, reachesEnd: true }],
    });
    expect(r.secondary).toEqual({
      label: 'eval/perplexity',
      pointsInRanges: 6,
      counts: { finite: 6, nan: 0, posInf: 0, negInf: 0 },
      firstNonFinite: null,
      firstStep: 150,
      lastStep: 400,
    });
    // The range is open-ended: an eval logged after the last train step still counts.
    expect(
      finiteWhileNonFinite(reverse, { ...evalPpl, steps: [...evalSteps, 450], values: [...evalPpl.values, Number.NaN] }, { minPoints: 3 })
        .secondary.firstNonFinite,
    ).toEqual({ step: 450, kind: 'NaN' });
  });

  it('every outcome of the secondary check, and repeated steps keeping their last value', () => {
    expect(finiteWhileNonFinite(forward, evalPpl, { minPoints: 1 }).outcome).toBe('primary-finite');
    expect(finiteWhileNonFinite(reverse, evalPpl, { minPoints: 7 }).outcome).toBe('too-few-points');
    const badEval = { ...evalPpl, values: evalPpl.values.map((v, i) => (i === 5 ? -Infinity : v)) };
    const r = finiteWhileNonFinite(reverse, badEval, { minPoints: 100 });
    expect([r.outcome, r.secondary.firstNonFinite]).toEqual(['not-finite', { step: 250, kind: '-Inf' }]);
    // A burst that recovers is a closed range: eval at step 12 is outside [5, 10].
    const recovering = { label: 'train', steps: [0, 5, 10, 11, 12], values: [1, Number.NaN, Number.NaN, 1, 1] };
    expect(
      finiteWhileNonFinite(recovering, { label: 'eval', steps: [5, 12], values: [1, Number.NaN] }, { minPoints: 1 }).secondary
        .pointsInRanges,
    ).toBe(1);
    // Step 3 logged twice in b: the later value (NaN) is the one compared.
    const c = compareRuns(
      { label: 'a', steps: [1, 2, 3], values: [1, 1, 1] },
      { label: 'b', steps: [1, 3, 2, 3], values: [1, 1, 1, Number.NaN] },
    );
    expect([c.b.repeated, c.firstOneSided?.step, c.b.report.reordered]).toEqual([1, 3, true]);
    expect(() => finiteWhileNonFinite(reverse, evalPpl, { minPoints: 0 })).toThrow(/minPoints/);
    expect(() => compareRuns({ label: 'train/loss', steps: [1], values: [] }, forward)).toThrow(/train\/loss: 1 steps and 0 values/);
  });

  it('swapping the runs swaps the sides', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const rng = new Xoshiro128(seed);
        const a = { label: 'a', ...randomSeries(rng) };
        const b = { label: 'b', ...randomSeries(rng) };
        const ab = compareRuns(a, b);
        const ba = compareRuns(b, a);
        expect(ba.common).toEqual({
          ...ab.common,
          onlyInA: ab.common.onlyInB,
          onlyInB: ab.common.onlyInA,
          onlyANonFinite: ab.common.onlyBNonFinite,
          onlyBNonFinite: ab.common.onlyANonFinite,
        });
        expect(ba.firstOneSided?.step).toBe(ab.firstOneSided?.step);
        if (ab.firstOneSided !== null) expect(ba.firstOneSided?.nonFinite).toBe(ab.firstOneSided.nonFinite === 'a' ? 'b' : 'a');
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

interface RefCompare {
  common: number;
  tally: { both_finite: number; only_a: number; only_b: number; both_bad: number };
  first: [number, string, string] | null;
  ranges_a: [number, number, number, boolean][];
  ranges_b: [number, number, number, boolean][];
  repeated_a: number;
  repeated_b: number;
}
interface RefWhile {
  outcome: string;
  inside: number;
  first_bad: [number, string] | null;
}

const pairs = Array.from({ length: 600 }, (_, i) => {
  const rng = new Xoshiro128(splitSeed(SEED, i));
  return { a: randomSeries(rng), b: randomSeries(rng), min: 1 + rng.nextInt(4) };
});

describe.skipIf(Boolean(missing))('against an independent Python implementation', () => {
  let cmp: RefCompare[];
  let fw: RefWhile[];
  beforeAll(() => {
    const out = referenceOf<{ compare: RefCompare[]; finite_while: RefWhile[] }>({
      compare: pairs.map(({ a, b }) => ({ a, b })),
      finite_while: pairs.map(({ a, b, min }) => ({ p: a, s: b, min })),
    });
    cmp = out.compare;
    fw = out.finite_while;
  });

  it(`${pairs.length} random pairs: common steps, tallies, first one-sided step, ranges, repeats and the secondary check`, () => {
    const outcomes = new Set<string>();
    pairs.forEach(({ a, b, min }, i) => {
      const where = `pair ${i}`;
      const c = compareRuns({ label: 'a', ...a }, { label: 'b', ...b });
      const e = cmp[i]!;
      expect(
        [c.common.steps, c.common.bothFinite, c.common.onlyANonFinite, c.common.onlyBNonFinite, c.common.bothNonFinite],
        where,
      ).toEqual([e.common, e.tally.both_finite, e.tally.only_a, e.tally.only_b, e.tally.both_bad]);
      expect(c.firstOneSided === null ? null : [c.firstOneSided.step, c.firstOneSided.nonFinite, c.firstOneSided.kind], where).toEqual(
        e.first,
      );
      expect(
        c.a.ranges.map((r) => [r.fromStep, r.toStep, r.points, r.reachesEnd]),
        where,
      ).toEqual(e.ranges_a);
      expect(
        c.b.ranges.map((r) => [r.fromStep, r.toStep, r.points, r.reachesEnd]),
        where,
      ).toEqual(e.ranges_b);
      expect([c.a.repeated, c.b.repeated], where).toEqual([e.repeated_a, e.repeated_b]);
      const w = finiteWhileNonFinite({ label: 'a', ...a }, { label: 'b', ...b }, { minPoints: min });
      const f = fw[i]!;
      expect(
        [
          w.outcome,
          w.secondary.pointsInRanges,
          w.secondary.firstNonFinite === null ? null : [w.secondary.firstNonFinite.step, w.secondary.firstNonFinite.kind],
        ],
        where,
      ).toEqual([f.outcome, f.inside, f.first_bad]);
      outcomes.add(w.outcome);
    });
    expect([...outcomes].sort()).toEqual(['not-finite', 'primary-finite', 'stays-finite', 'too-few-points']);
  });
});
