import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { fitLinear } from '../../../checkers/stats/wls';
import { DomainError } from '../../../checkers/errors';

/** Closed form of weighted straight-line regression y = a + b t (hand-derived normal equations). */
function closedFormLine(t: number[], y: number[], w: number[]) {
  let S = 0,
    St = 0,
    Sy = 0,
    Stt = 0,
    Sty = 0;
  for (let i = 0; i < t.length; i++) {
    S += w[i]!;
    St += w[i]! * t[i]!;
    Sy += w[i]! * y[i]!;
    Stt += w[i]! * t[i]! ** 2;
    Sty += w[i]! * t[i]! * y[i]!;
  }
  const D = S * Stt - St * St;
  return { a: (Stt * Sy - St * Sty) / D, b: (S * Sty - St * Sy) / D, varA: Stt / D, varB: S / D, covAB: -St / D };
}

/** Second method: Gaussian elimination on the normal equations X'WX beta = X'Wy (partial pivoting). */
function normalEquations(X: number[][], y: number[], w: number[]): number[] {
  const p = X[0]!.length;
  const M = Array.from({ length: p }, (_, i) =>
    Array.from({ length: p + 1 }, (_, j) => X.reduce((s, row, r) => s + w[r]! * row[i]! * (j < p ? row[j]! : y[r]!), 0)),
  );
  for (let c = 0; c < p; c++) {
    let piv = c;
    for (let r = c + 1; r < p; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[piv]![c]!)) piv = r;
    [M[c], M[piv]] = [M[piv]!, M[c]!];
    for (let r = 0; r < p; r++) {
      if (r === c) continue;
      const f = M[r]![c]! / M[c]![c]!;
      for (let k = c; k <= p; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  return M.map((row, i) => row[p]! / row[i]!);
}

const close = (x: number, y: number, rel = 1e-9) => expect(Math.abs(x - y)).toBeLessThanOrEqual(rel * (1 + Math.abs(y)));

describe('fitLinear', () => {
  it('matches the closed-form weighted line fit, covariance unscaled with known errors', () => {
    const t = [0.5, 1.1, 2.3, 3.0, 4.7, 6.2];
    const y = [1.2, 1.9, 3.7, 4.1, 6.8, 8.0];
    const w = [1, 4, 0.25, 2, 1, 0.5];
    const fit = fitLinear(
      t.map((v) => [1, v]),
      y,
      { weights: w, knownErrors: true },
    );
    const cf = closedFormLine(t, y, w);
    close(fit.beta[0]!, cf.a);
    close(fit.beta[1]!, cf.b);
    close(fit.covariance[0]![0]!, cf.varA);
    close(fit.covariance[1]![1]!, cf.varB);
    close(fit.covariance[0]![1]!, cf.covAB);
    close(fit.se[1]!, Math.sqrt(cf.varB));
  });

  it('OLS scales the covariance by s^2 = RSS/(n-p)', () => {
    const t = [1, 2, 3, 4, 5];
    const y = [2.1, 3.9, 6.2, 7.8, 10.1];
    const fit = fitLinear(
      t.map((v) => [1, v]),
      y,
      { knownErrors: false },
    );
    const cf = closedFormLine(t, y, [1, 1, 1, 1, 1]);
    const rss = t.reduce((s, v, i) => s + (y[i]! - cf.a - cf.b * v) ** 2, 0);
    close(fit.rss, rss);
    close(fit.se[1]!, Math.sqrt((rss / 3) * cf.varB));
  });

  it('agrees with Gaussian elimination on the normal equations for random 3-column problems', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: -500, max: 500 }),
            fc.integer({ min: -500, max: 500 }),
            fc.integer({ min: -1000, max: 1000 }),
            fc.integer({ min: 1, max: 100 }),
          ),
          { minLength: 6, maxLength: 20 },
        ),
        (rows) => {
          // Values on a 0.01 grid (weights 0.1..10) keep the random designs away from denormal noise.
          const X = rows.map(([u, v]) => [1, u / 100, v / 100]);
          const y = rows.map((r) => r[2] / 100);
          const w = rows.map((r) => r[3] / 10);
          const scale = 1 + Math.max(...y.map(Math.abs));
          let fit;
          try {
            fit = fitLinear(X, y, { weights: w, knownErrors: true });
          } catch (e) {
            if (e instanceof DomainError) return; // a degenerate random design
            throw e;
          }
          const ne = normalEquations(X, y, w);
          // Compare through fitted values (well-conditioned even when coefficients are not).
          for (const row of X) {
            const f1 = row.reduce((s, v, j) => s + v * fit.beta[j]!, 0);
            const f2 = row.reduce((s, v, j) => s + v * ne[j]!, 0);
            expect(Math.abs(f1 - f2)).toBeLessThan(1e-6 * scale);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('recovers an exact line exactly (to rounding) and rejects a dependent design', () => {
    const fit = fitLinear(
      [
        [1, 0],
        [1, 1],
        [1, 2],
      ],
      [1, 3, 5],
      { knownErrors: false },
    );
    close(fit.beta[0]!, 1, 1e-12);
    close(fit.beta[1]!, 2, 1e-12);
    expect(fit.rss).toBeLessThan(1e-24);
    expect(() =>
      fitLinear(
        [
          [1, 2],
          [1, 2],
          [1, 2],
        ],
        [1, 2, 3],
        { knownErrors: false },
      ),
    ).toThrow(DomainError);
    expect(() => fitLinear([[1, 2]], [1], { knownErrors: false })).toThrow(DomainError);
  });
});
