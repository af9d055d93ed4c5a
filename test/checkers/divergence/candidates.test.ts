import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIVERGENCE_CANDIDATES, float64Candidate, preciseCandidate } from '../../../checkers/divergence/candidates';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { createPrecise } from '../../../checkers/precise/precise';

const P = createPrecise({ digits: 40, mpfr: await loadMpfr() });

describe('divergence candidates', () => {
  it('match hand-derived closed forms on p = (1/2, 1/2), q = (1/4, 3/4)', () => {
    const p = [0.5, 0.5];
    const q = [0.25, 0.75];
    // KL(p||q) = ln(4/3)/2; KL(q||p) = (3/4) ln 3 - ln 2; H(p,q) = ln(16/3)/2; JS with m = (3/8, 5/8).
    const hand = {
      'forward-kl': P.ln('4/3').div(2),
      'reverse-kl': P.ln(3).mul('0.75').sub(P.ln(2)),
      'cross-entropy': P.ln('16/3').div(2),
      js: P.ln('4/3')
        .add(P.ln('4/5'))
        .div(4)
        .add(P.ln('2/3').mul('0.25').add(P.ln('6/5').mul('0.75')).div(2)),
    };
    for (const name of DIVERGENCE_CANDIDATES) {
      const diff = preciseCandidate(P, name, p, q).sub(hand[name]).abs();
      expect(diff.lt('1e-38')).toBe(true);
    }
    expect(hand['forward-kl'].toFixed(15)).toBe('0.143841036225890');
  });

  const distribution = fc.array(fc.double({ min: 1e-6, max: 1, noNaN: true }), { minLength: 2, maxLength: 12 }).map((w) => {
    const s = w.reduce((a, b) => a + b, 0);
    return w.map((x) => x / s);
  });
  const pair = fc.integer({ min: 2, max: 12 }).chain((n) =>
    fc.tuple(
      distribution.filter((d) => d.length >= n).map((d) => d.slice(0, n)),
      distribution.filter((d) => d.length >= n).map((d) => d.slice(0, n)),
    ),
  );

  it('precise references agree with plain float64 sums (second method) to 1e-12 relative', () => {
    fc.assert(
      fc.property(pair, ([p, q]) => {
        for (const name of DIVERGENCE_CANDIDATES) {
          const ref = preciseCandidate(P, name, p, q).toNumber();
          const f = float64Candidate(name, p, q);
          expect(Math.abs(f - ref)).toBeLessThanOrEqual(1e-12 * Math.max(Math.abs(ref), 1e-3));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('cross-entropy = forward KL + entropy of p; JS is symmetric and at most ln 2', () => {
    fc.assert(
      fc.property(pair, ([p, q]) => {
        const entropy = P.sum(
          p.map((x) =>
            P.fromFloat64(x)
              .mul(P.ln(P.fromFloat64(x)))
              .neg(),
          ),
        );
        const ce = preciseCandidate(P, 'cross-entropy', p, q);
        expect(
          ce
            .sub(preciseCandidate(P, 'forward-kl', p, q).add(entropy))
            .abs()
            .lt('1e-35'),
        ).toBe(true);
        const js = preciseCandidate(P, 'js', p, q);
        expect(
          js
            .sub(preciseCandidate(P, 'js', q, p))
            .abs()
            .lt('1e-35'),
        ).toBe(true);
        expect(js.lte(P.ln(2).mul('1.0000000001'))).toBe(true);
      }),
      { numRuns: 30 },
    );
  });
});
