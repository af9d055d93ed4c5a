/**
 * The non-finite report (checkers/series/non-finite.ts, segments.ts, non-finite-text.ts): hand-built series for
 * every pattern with their exact descriptions; the structure (counts, onset, throughout, pattern, bursts and
 * their runs and cycles) against an independent Python implementation (series_reference.py, in beforeAll) on
 * 800 seeded random series; and fast-check properties (an inserted Inf/NaN alternation is found with its onset).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DimensionError, DomainError } from '../../../checkers/errors';
import { splitSeed, Xoshiro128 } from '../../../checkers/random/xoshiro128';
import { nonFiniteReport, type NonFiniteReport } from '../../../checkers/series/non-finite';
import type { Segment } from '../../../checkers/series/segments';
import { pythonModules } from '../../helpers/required';
import { randomSeries, referenceOf, REFERENCE_MODULES } from './oracle';

const missing = pythonModules(REFERENCE_MODULES);
const SEED = 20261203;
const N = Number.NaN;
const I = Infinity;

/** Steps 1..values.length. */
function at1(values: number[]): NonFiniteReport {
  return nonFiniteReport({ steps: values.map((_, i) => i + 1), values });
}

function fill(n: number, f: (step: number) => number): number[] {
  return Array.from({ length: n }, (_, i) => f(i + 1));
}

describe('every pattern, built by hand, with its description', () => {
  it('none: empty and all finite', () => {
    expect(at1([]).description).toBe('no values');
    const r = at1([1, 2, 3]);
    expect([r.pattern, r.onset, r.throughout, r.description]).toEqual(['none', null, false, 'finite throughout: 3 values']);
    expect(r.guarantee).toEqual({ kind: 'exact' });
  });

  it('throughout: one kind, a strict alternation (with and without a trailing value), a longer cycle, the last value only', () => {
    const nan = at1(fill(1000, (s) => (s >= 37 ? N : 0.5)));
    expect([nan.pattern, nan.throughout, nan.onset, nan.description]).toEqual([
      'throughout',
      true,
      { step: 37, index: 36, kind: 'NaN' },
      'NaN throughout from step 37 to 1000 (964 values)',
    ]);
    expect(nan.counts).toEqual({ finite: 36, nan: 964, posInf: 0, negInf: 0 });
    // The story of issue 20: reverse KL turns into +Inf, NaN, +Inf, NaN, ... from step 150.
    const alt = at1(fill(401, (s) => (s < 150 ? 2 : (s - 150) % 2 === 0 ? I : N)));
    expect(alt.description).toBe('strict alternation +Inf, NaN throughout from step 150 to 401 (126 pairs)');
    expect(alt.counts).toEqual({ finite: 149, nan: 126, posInf: 126, negInf: 0 });
    expect(at1(fill(400, (s) => (s < 150 ? 2 : (s - 150) % 2 === 0 ? I : N))).description).toBe(
      'strict alternation +Inf, NaN throughout from step 150 to 400 (125 pairs, then +Inf)',
    );
    expect(at1([1, N, I, -I, N, I, -I, N]).description).toBe(
      'repeating cycle NaN, +Inf, -Inf throughout from step 2 to 8 (2 cycles, then NaN)',
    );
    expect(at1([1, N, N, I, I, N, N, I, I]).description).toBe(
      'repeating cycle NaN, NaN, +Inf, +Inf throughout from step 2 to 9 (2 cycles)',
    );
    expect(at1([1, 2, -I]).description).toBe('-Inf at step 3, the last');
    expect(at1([1, I, N, I]).description).toBe(
      'non-finite throughout from step 2 to 4 (3 values: +Inf at step 2; then NaN at step 3; then +Inf at step 4)',
    );
  });

  it('throughout with many segments shows four and counts the rest', () => {
    const r = at1([1, N, I, N, I, -I, -I, -I, N, I, -I, N, N, I]);
    expect(r.pattern).toBe('throughout');
    expect(r.description).toBe(
      'non-finite throughout from step 2 to 14 (13 values: strict alternation NaN, +Inf from step 2 to 5 (2 pairs); then -Inf from step 6 to 8 (3 values); then NaN at step 9; then +Inf at step 10; and 3 more segments)',
    );
  });

  it('isolated: one value, and several with the first and last steps', () => {
    expect(at1(fill(1000, (s) => (s === 17 ? N : 1))).description).toBe('isolated: 1 non-finite value among 1000 (1 NaN at step 17)');
    const r = at1(fill(1000, (s) => (s === 17 || s === 300 ? N : s === 802 ? I : 1)));
    expect([r.pattern, r.throughout]).toEqual(['isolated', false]);
    expect(r.description).toBe('isolated: 3 non-finite values among 1000 (2 NaN, 1 +Inf; first at step 17, last at step 802)');
  });

  it('bursts: one that recovers; several, the longest not the first, the last running to the end', () => {
    expect(at1(fill(100, (s) => (s >= 40 && s <= 51 ? N : 1))).description).toBe(
      '1 burst of non-finite values among 100 (12 NaN): NaN from step 40 to 51 (12 values); finite after step 51',
    );
    const r = at1(fill(400, (s) => (s >= 40 && s <= 51 ? N : s >= 100 && s < 160 ? (s % 2 ? I : N) : s >= 390 ? -I : 1)));
    expect([r.pattern, r.bursts.length, r.throughout, r.onset?.step]).toEqual(['bursts', 3, false, 40]);
    expect(r.description).toBe(
      '3 bursts of non-finite values among 400 (42 NaN, 30 +Inf, 11 -Inf); first: NaN from step 40 to 51 (12 values); longest: strict alternation NaN, +Inf from step 100 to 159 (30 pairs); non-finite throughout from step 390',
    );
    expect(at1([N, 1, N, N]).pattern).toBe('bursts'); // isolated values, but the last burst never recovers
  });

  it('reads unordered steps in step order, keeps repeated steps, and names bad input', () => {
    const r = nonFiniteReport({ steps: [3, 1, 2, 2], values: [N, 1, I, 2] });
    expect(r.reordered).toBe(true);
    expect(r.onset).toEqual({ step: 2, index: 2, kind: '+Inf' });
    expect(r.pattern).toBe('bursts');
    expect(() => nonFiniteReport({ steps: [1, 2], values: [1] }, 'train/loss')).toThrow(DimensionError);
    expect(() => nonFiniteReport({ steps: [1, N], values: [1, 2] }, 'train/loss')).toThrow(/train\/loss: step at point 2 is NaN/);
    expect(() => nonFiniteReport({ steps: [1], values: ['1' as unknown as number] })).toThrow(DomainError);
  });
});

interface RefBurst {
  from: number;
  to: number;
  length: number;
  end: boolean;
  segments: [string[], number, number, number][];
}
interface RefReport {
  counts: number[];
  onset: [number, number, string] | null;
  throughout: boolean;
  pattern: string;
  bursts: RefBurst[];
}

function segmentTuple(s: Segment): [string[], number, number, number] {
  return [s.shape === 'run' ? [s.kind] : [...s.cycle], s.fromStep, s.toStep, s.length];
}

const randomCases = Array.from({ length: 800 }, (_, i) => randomSeries(new Xoshiro128(splitSeed(SEED, i))));

describe.skipIf(Boolean(missing))('structure against an independent Python implementation', () => {
  let ref: RefReport[];
  beforeAll(() => {
    ref = referenceOf<{ nonfinite: RefReport[] }>({ nonfinite: randomCases }).nonfinite;
  });

  it(`${randomCases.length} random series: counts, onset, throughout, pattern, bursts and segments agree`, () => {
    const seen = new Set<string>();
    randomCases.forEach((c, i) => {
      const r = nonFiniteReport(c);
      const e = ref[i]!;
      const where = `case ${i}: ${JSON.stringify({ steps: c.steps, values: c.values.map(String) })}`;
      expect([r.counts.finite, r.counts.nan, r.counts.posInf, r.counts.negInf], where).toEqual(e.counts);
      expect(r.onset === null ? null : [r.onset.step, r.onset.index, r.onset.kind], where).toEqual(e.onset);
      expect([r.throughout, r.pattern], where).toEqual([e.throughout, e.pattern]);
      expect(
        r.bursts.map((b) => ({
          from: b.fromStep,
          to: b.toStep,
          length: b.length,
          end: b.reachesEnd,
          segments: b.segments.map(segmentTuple),
        })),
        where,
      ).toEqual(e.bursts);
      seen.add(r.pattern);
      for (const b of r.bursts) for (const s of b.segments) seen.add(s.shape === 'cycle' ? `cycle${s.cycle.length}` : 'run');
    });
    expect([...seen].sort()).toEqual(['bursts', 'cycle2', 'cycle3', 'cycle4', 'isolated', 'none', 'run', 'throughout']);
  });
});

describe('properties', () => {
  const finiteSeries = fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 0, maxLength: 60 });
  const alternation = fc.record({
    first: fc.constantFrom(Infinity, Number.NaN, -Infinity),
    second: fc.constantFrom(Infinity, Number.NaN, -Infinity),
    length: fc.integer({ min: 1, max: 40 }),
  });

  it('an Inf/NaN alternation inserted into a finite series is found at its onset, with its pairs counted', () => {
    fc.assert(
      fc.property(finiteSeries, fc.nat(), alternation, fc.integer({ min: 1, max: 5 }), fc.boolean(), (base, at, alt, gap, toEnd) => {
        const k = base.length === 0 ? 0 : at % (base.length + 1);
        const inserted = Array.from({ length: alt.length }, (_, i) => (i % 2 === 0 ? alt.first : alt.second));
        const values = toEnd ? [...base.slice(0, k), ...inserted] : [...base.slice(0, k), ...inserted, ...base.slice(k)];
        const steps = values.map((_, i) => 100 + i * gap);
        const r = nonFiniteReport({ steps, values });
        expect(r.onset?.step).toBe(100 + k * gap);
        expect(r.onset?.index).toBe(k);
        const burst = r.bursts[0]!;
        expect([burst.fromStep, burst.length]).toEqual([100 + k * gap, alt.length]);
        const distinct = !Object.is(alt.first, alt.second);
        const seg = burst.segments[0]!;
        if (distinct && alt.length >= 4) {
          expect(seg).toMatchObject({
            shape: 'cycle',
            fromStep: 100 + k * gap,
            length: alt.length,
            cycles: Math.floor(alt.length / 2),
            remainder: alt.length % 2,
          });
          expect(r.description).toContain(`(${Math.floor(alt.length / 2)} pairs`);
        }
        if (!distinct) expect(seg).toMatchObject({ shape: 'run', length: alt.length });
        expect(r.throughout).toBe(toEnd || k === base.length);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('counts add up, segments tile each burst, and a series stored in reverse gives the same report (but reordered)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const s = randomSeries(new Xoshiro128(seed));
        const r = nonFiniteReport(s);
        const c = r.counts;
        expect(c.finite + c.nan + c.posInf + c.negInf).toBe(s.values.length);
        expect(r.bursts.reduce((t, b) => t + b.length, 0)).toBe(s.values.length - c.finite);
        for (const b of r.bursts) expect(b.segments.reduce((t, g) => t + g.length, 0)).toBe(b.length);
        // Reversing the stored order of a strictly increasing series changes nothing but `reordered`.
        const order = s.steps.map((_, i) => i).sort((i, j) => (s.steps[i] as number) - (s.steps[j] as number) || i - j);
        const sorted = { steps: order.map((i) => s.steps[i] as number), values: order.map((i) => s.values[i] as number) };
        if (new Set(sorted.steps).size === sorted.steps.length) {
          const back = nonFiniteReport({ steps: [...sorted.steps].reverse(), values: [...sorted.values].reverse() });
          expect({ ...back, reordered: false, onset: back.onset && { ...back.onset, index: 0 } }).toEqual({
            ...nonFiniteReport(sorted),
            onset: r.onset && { ...r.onset, index: 0 },
          });
        }
      }),
      { seed: SEED + 1, numRuns: 300 },
    );
  });
});
