// The derived columns' harmonic-number cache against exact.ts's own sum (each H_n from scratch) and against
// Python's Fraction for H_1000, in random orders of the indices (the cache builds each from the largest below).
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateExact } from '../../../checkers/calc/exact';
import { HarmonicCache, withCachedHarmonics } from '../../../checkers/calc/harmonic-cache';
import { parseExpression } from '../../../checkers/calc/parse';
import { printExpression } from '../../../checkers/calc/print';
import { Rational } from '../../../checkers/exact/rational';
import { PYTHON, pythonModules } from '../../helpers/required';

const fractions = pythonModules(['fractions']);

describe('HarmonicCache', () => {
  it('the doc examples', () => {
    expect(new HarmonicCache().value(Rational.from(3))?.toString()).toBe('11/6');
    expect(printExpression(withCachedHarmonics(parseExpression('H(4) - 1'), new HarmonicCache()))).toBe('(25/12) - 1');
  });

  it('any order of indices gives the sums exact.ts computes from scratch', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 30 }), (ns) => {
        const cache = new HarmonicCache();
        return ns.every((n) => cache.value(Rational.from(n))?.equals(evaluateExact(parseExpression(`H(${n})`)) as Rational) === true);
      }),
      { seed: 4, numRuns: 60 },
    );
  });

  it.skipIf(fractions !== '')('H_1000 after H_10 and H_999 equals Python Fraction', () => {
    const r = spawnSync(
      PYTHON,
      ['-c', 'from fractions import Fraction as F; h = sum(F(1, k) for k in range(1, 1001)); print(f"{h.numerator}/{h.denominator}")'],
      { encoding: 'utf8' },
    );
    const cache = new HarmonicCache();
    cache.value(Rational.from(10));
    cache.value(Rational.from(999));
    expect(cache.value(Rational.from(1000))?.toString()).toBe(r.stdout.trim());
  });

  it('leaves what it cannot make exact: a non-integer or negative index, and one past the exact size limit', () => {
    const cache = new HarmonicCache();
    expect(cache.value(Rational.parse('5/2'))).toBeNull();
    expect(cache.value(Rational.from(-1))).toBeNull();
    expect(cache.value(Rational.from(10_000))).toBeNull();
    expect(printExpression(withCachedHarmonics(parseExpression('H(10000) + H(x)', { names: new Set(['x']) }), cache))).toBe(
      'H(10000) + H(x)',
    );
  });
});
