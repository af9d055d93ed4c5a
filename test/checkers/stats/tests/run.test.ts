/**
 * The by-name entry point: each name runs the test it names with the options passed through (the result
 * equals the direct call on seeded random inputs), the binomial test counts a 0/1 column, and a wrong name,
 * a missing column or a non-outcome value is one DomainError line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../../checkers/errors';
import { Xoshiro128 } from '../../../../checkers/random/xoshiro128';
import { binomialExactTest } from '../../../../checkers/stats/tests/binomial';
import { mannWhitneyTest } from '../../../../checkers/stats/tests/mann-whitney';
import { pairedTTest } from '../../../../checkers/stats/tests/paired-t';
import { permutationTest } from '../../../../checkers/stats/tests/permutation';
import { runHypothesisTest, TEST_NAMES } from '../../../../checkers/stats/tests/run';
import { studentTTest } from '../../../../checkers/stats/tests/student';
import { ALTERNATIVES } from '../../../../checkers/stats/tests/types';
import { welchTTest } from '../../../../checkers/stats/tests/welch';
import { wilcoxonTest } from '../../../../checkers/stats/tests/wilcoxon';

describe('runHypothesisTest', () => {
  it('each name gives the direct call, options included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 2, max: 15 }),
        fc.constantFrom(...ALTERNATIVES),
        fc.double({ min: 0.6, max: 0.99, noNaN: true }),
        (seed, n, alternative, level) => {
          const rng = new Xoshiro128(seed);
          const a = Array.from({ length: n }, () => rng.nextNormal());
          const b = Array.from({ length: n }, () => rng.nextNormal() + 0.3);
          const o = { alternative, level };
          expect(runHypothesisTest({ test: 'paired-t', a, b, ...o })).toEqual(pairedTTest(a, b, o));
          expect(runHypothesisTest({ test: 'student', a, b, ...o })).toEqual(studentTTest(a, b, o));
          expect(runHypothesisTest({ test: 'welch', a, b, ...o })).toEqual(welchTTest(a, b, o));
          expect(runHypothesisTest({ test: 'wilcoxon', a, b, ...o, method: 'approx' })).toEqual(
            wilcoxonTest(a, b, { ...o, method: 'approx' }),
          );
          expect(runHypothesisTest({ test: 'mann-whitney', a, b, ...o })).toEqual(mannWhitneyTest(a, b, o));
          expect(runHypothesisTest({ test: 'permutation', a, b, ...o, paired: true, seed: 3, maxExact: 16 })).toEqual(
            permutationTest(a, b, { ...o, paired: true, seed: 3, maxExact: 16 }),
          );
          const outcomes = a.map((x) => (x > 0 ? 1 : 0));
          const k = outcomes.filter((x) => x === 1).length;
          expect(runHypothesisTest({ test: 'binomial', a: outcomes, ...o, p0: 0.4 })).toEqual(binomialExactTest(k, n, { ...o, p0: 0.4 }));
        },
      ),
      { seed: 20261209, numRuns: 100 },
    );
    expect(TEST_NAMES).toHaveLength(7);
  });

  it('doc examples, and bad specs as one DomainError line', () => {
    expect(runHypothesisTest({ test: 'welch', a: [1, 2, 3, 4], b: [3, 4, 5, 6, 7] }).p.toFixed(6)).toBe('0.034939');
    expect(runHypothesisTest({ test: 'binomial', a: [1, 1, 0, 1, 1, 1], alternative: 'greater' }).p).toBeCloseTo(7 / 64, 15);
    expect(() => runHypothesisTest({ test: 't' as never, a: [1], b: [2] })).toThrow(
      /^recheck\.domain: runHypothesisTest: test must be one of paired-t, student, welch, wilcoxon, mann-whitney, binomial, permutation, got t$/,
    );
    expect(() => runHypothesisTest({ test: 'welch', a: [1, 2] })).toThrow(
      'recheck.domain: runHypothesisTest: the welch test compares two columns: give b',
    );
    expect(() => runHypothesisTest({ test: 'binomial', a: [1, 0, 2] })).toThrow(
      'recheck.domain: binomialExactTest: a[2] is 2, not an outcome 0 or 1',
    );
    expect(() => runHypothesisTest({ test: 'binomial', a: [1, 0], b: [1] })).toThrow(/one column of 0\/1 outcomes/);
    expect(() => runHypothesisTest({ test: 'binomial', a: [] })).toThrow(/a needs at least 1 observation, got 0/);
    expect(() => runHypothesisTest({ test: 'permutation', a: [1, 2], b: [3, 4] })).toThrow(DomainError);
  });
});
