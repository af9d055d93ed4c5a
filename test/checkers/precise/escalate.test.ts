import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { digitsAgreed, escalate } from '../../../checkers/precise/escalate';

const mpfr = await loadMpfr();
const Wide = Decimal.clone({ precision: 100 });

describe('digitsAgreed', () => {
  it.each([
    ['3.14159', '3.14160', 10, 5],
    ['0.1499999', '0.1500001', 10, 5],
    ['2', '2', 7, 7],
    ['0', '1e-30', 10, 0],
    ['1', '-1', 10, 0],
    ['1.5', '1', 10, 0],
  ])('%s vs %s (max %i) agree on %i digits', (a, b, max, expected) => {
    expect(digitsAgreed(new Decimal(a), new Decimal(b), max)).toBe(expected);
  });

  it('counts k or k-1 digits for a relative perturbation of 10^-k', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 40n }), fc.integer({ min: 1, max: 60 }), (m, k) => {
        const b = new Wide(m.toString());
        const a = b.times(new Wide(1).plus(new Wide(10).pow(-k)));
        const d = digitsAgreed(a, b, 80);
        return d === k || d === k - 1;
      }),
      { seed: 201, numRuns: 200 },
    );
  });
});

describe('escalate', () => {
  it('agrees on all p digits for a well-conditioned computation', () => {
    const r = escalate((P) => P.ln('2'), 30, mpfr);
    expect(r.p).toBe(30);
    expect(r.digitsAgreed).toBe(30);
    // ln 2 to 60 digits (the 60th is a 0, so the string shows 59)
    expect(r.value.toString()).toBe('0.69314718055994530941723212145817656807550013436025525412068');
  });

  it('detects catastrophic cancellation', () => {
    // exp(1e-40) - 1: at 30 digits exp(1e-40) rounds to 1, so the difference is 0; at 60 digits it is 1e-40.
    const r = escalate((P) => P.sub(P.exp('1e-40'), 1), 30, mpfr);
    expect(r.low.isZero()).toBe(true);
    expect(r.value.toString()).toBe('1e-40');
    expect(r.digitsAgreed).toBe(0);
  });

  it('reports partial agreement for partial cancellation', () => {
    // exp(1e-10) - 1 = 1e-10 + 5e-21 + ...: at 30 digits about 20 significant digits survive.
    const r = escalate((P) => P.sub(P.exp('1e-10'), 1), 30, mpfr);
    expect(r.digitsAgreed).toBeGreaterThanOrEqual(19);
    expect(r.digitsAgreed).toBeLessThanOrEqual(21);
  });
});
