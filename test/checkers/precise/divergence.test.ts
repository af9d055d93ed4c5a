import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { createPrecise } from '../../../checkers/precise/precise';
import { crossEntropy, jsDivergence, klDivergence } from '../../../checkers/precise/divergence';
import { DimensionError, DomainError } from '../../../checkers/errors';

const mpfr = await loadMpfr();
const DIGITS = 40;
const P = createPrecise({ digits: DIGITS, mpfr });
const Ref = Decimal.clone({ precision: 100 });

/** A distribution with positive rational entries a_i / sum(a), written as "a_i/A" strings. */
const distribution = (n: number) =>
  fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: n, maxLength: n }).map((a) => {
    const total = a.reduce((s, x) => s + x, 0);
    return a.map((x) => `${x}/${total}`);
  });

const pairOfDistributions = fc.integer({ min: 1, max: 12 }).chain((n) => fc.tuple(distribution(n), distribution(n)));

const ref = (s: string) => {
  const [num = '', den = ''] = s.split('/');
  return new Ref(num).div(den);
};

/** Reference sum_i w_i ln(a_i / b_i) in decimal.js, and the documented error bound of the MPFR path. */
function referenceAndBound(w: Decimal[], a: Decimal[], b: Decimal[]): { value: Decimal; bound: Decimal } {
  let value = new Ref(0);
  let scale = new Ref(0);
  w.forEach((wi, i) => {
    const l = (a[i] as Decimal).div(b[i] as Decimal).ln();
    value = value.plus(wi.times(l));
    scale = scale.plus(wi.times(l.abs().plus(1)));
  });
  return { value, bound: scale.times(new Ref(10).pow(-DIGITS)) };
}

function withinBound(ours: Decimal, expected: { value: Decimal; bound: Decimal }): boolean {
  const halfUlp = new Ref(10).pow(ours.e - DIGITS + 1).div(2);
  return new Ref(ours).minus(expected.value).abs().lte(expected.bound.plus(halfUlp));
}

describe('klDivergence', () => {
  it('runs the documented example', () => {
    const expected = new Ref(4).div(3).ln().div(2);
    expect(klDivergence(P, ['1/2', '1/2'], ['1/4', '3/4']).toString()).toBe(expected.toSD(DIGITS).toString());
  });

  it('matches decimal.js at 100 digits within the documented bound', () => {
    fc.assert(
      fc.property(pairOfDistributions, ([p, q]) => {
        const pr = p.map(ref);
        const qr = q.map(ref);
        return withinBound(klDivergence(P, p, q), referenceAndBound(pr, pr, qr));
      }),
      { seed: 301, numRuns: 20 },
    );
  });

  it('is zero for identical distributions and treats 0 ln 0 as 0', () => {
    expect(klDivergence(P, ['0.2', '0.8'], ['1/5', '4/5']).isZero()).toBe(true);
    const expected = new Ref(2).ln().toSD(DIGITS);
    expect(klDivergence(P, ['1', '0'], ['0.5', '0.5']).eq(expected)).toBe(true);
  });

  it('rejects infinite divergence, negative entries and mismatched lengths', () => {
    expect(() => klDivergence(P, ['0.5', '0.5'], ['1', '0'])).toThrow(/infinite divergence/);
    expect(() => klDivergence(P, ['-0.5', '1.5'], ['0.5', '0.5'])).toThrow(DomainError);
    expect(() => klDivergence(P, ['1'], ['0.5', '0.5'])).toThrow(DimensionError);
  });
});

describe('Float64Array inputs', () => {
  it('use the exact binary values of the doubles', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.double({ min: 1e-6, max: 1, noNaN: true }), { minLength: 1, maxLength: 8 })
          .chain((p) =>
            fc.tuple(fc.constant(p), fc.array(fc.double({ min: 1e-6, max: 1, noNaN: true }), { minLength: p.length, maxLength: p.length })),
          ),
        ([p, q]) => {
          const exactP = p.map((x) => P.fromFloat64(x));
          const exactQ = q.map((x) => P.fromFloat64(x));
          const fromArrays = klDivergence(P, Float64Array.from(p), Float64Array.from(q));
          return (
            fromArrays.eq(klDivergence(P, exactP, exactQ)) &&
            jsDivergence(P, Float64Array.from(p), Float64Array.from(q)).eq(jsDivergence(P, exactP, exactQ))
          );
        },
      ),
      { seed: 304, numRuns: 30 },
    );
    expect(() => klDivergence(P, Float64Array.from([0.5, Number.NaN]), Float64Array.from([0.5, 0.5]))).toThrow(/not a finite/);
  });
});

describe('crossEntropy and jsDivergence', () => {
  it('cross-entropy matches decimal.js within the bound', () => {
    fc.assert(
      fc.property(pairOfDistributions, ([p, q]) => {
        const pr = p.map(ref);
        const ones = p.map(() => new Ref(1));
        return withinBound(crossEntropy(P, p, q), referenceAndBound(pr, ones, q.map(ref)));
      }),
      { seed: 302, numRuns: 15 },
    );
  });

  it('Jensen-Shannon matches decimal.js, is symmetric, and is ln 2 for disjoint supports', () => {
    fc.assert(
      fc.property(pairOfDistributions, ([p, q]) => {
        const pr = p.map(ref);
        const qr = q.map(ref);
        const m = pr.map((x, i) => x.plus(qr[i] as Decimal).div(2));
        const half = (xs: Decimal[]) => xs.map((x) => x.div(2));
        const left = referenceAndBound(half(pr), pr, m);
        const right = referenceAndBound(half(qr), qr, m);
        const expected = { value: left.value.plus(right.value), bound: left.bound.plus(right.bound) };
        const ours = jsDivergence(P, p, q);
        return withinBound(ours, expected) && withinBound(jsDivergence(P, q, p), expected);
      }),
      { seed: 303, numRuns: 12 },
    );
    expect(jsDivergence(P, ['1', '0'], ['0', '1']).eq(new Ref(2).ln().toSD(DIGITS))).toBe(true);
  });
});
