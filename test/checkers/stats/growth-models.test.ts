import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { akaikeWeights, fitConst, fitLog, fitPower, preferredModel, predict } from '../../../checkers/stats/growth-models';
import { tTwoSided } from '../../../checkers/stats/student-t';
import { fitGrowth } from '../../../checkers/stats/growth-fit';
import { Xoshiro128 } from '../../../checkers/random/xoshiro128';

const close = (x: number, y: number, rel = 1e-9) => expect(Math.abs(x - y)).toBeLessThanOrEqual(rel * (1 + Math.abs(y)));
const xs = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];

describe('growth models', () => {
  it('recover the parameters of exact laws', () => {
    const log = fitLog(xs.map((x) => ({ x, y: 0.7 + 1.3 * Math.log(x) })));
    close(log.params.a!, 0.7);
    close(log.params.b!, 1.3);
    const pow = fitPower(xs.map((x) => ({ x, y: 3 * x ** 0.5 })));
    close(pow.params.a!, 3);
    close(pow.params.p!, 0.5);
    const c = fitConst(xs.map((x) => ({ x, y: 4.25 })));
    close(c.params.a!, 4.25);
  });

  it('const with known errors is the weighted mean with se 1/sqrt(sum w)', () => {
    const pts = [
      { x: 1, y: 1, se: 1 },
      { x: 2, y: 2, se: 0.5 },
      { x: 3, y: 4, se: 2 },
    ];
    const w = pts.map((p) => 1 / p.se ** 2);
    const sw = w.reduce((s, v) => s + v, 0);
    const fit = fitConst(pts);
    close(fit.params.a!, pts.reduce((s, p, i) => s + w[i]! * p.y, 0) / sw);
    close(fit.se.a!, 1 / Math.sqrt(sw));
    close(
      fit.chi2!,
      pts.reduce((s, p) => s + ((p.y - fit.params.a!) / p.se) ** 2, 0),
    );
    close(fit.aic, fit.chi2! + 2);
  });

  it('OLS AIC is n ln(RSS/n) + 2k on the y scale', () => {
    const pts = [1, 2, 3, 4, 5].map((x) => ({ x, y: x * x + (x % 2) * 0.3 }));
    for (const m of [fitConst(pts), fitLog(pts), fitPower(pts)]) {
      const rss = pts.reduce((s, p) => s + (p.y - predict(m, p.x)) ** 2, 0);
      close(m.rss, rss);
      close(m.aic, 5 * Math.log(rss / 5) + 2 * m.k);
    }
  });

  it('is invariant under a permutation of the rows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.nat(0xffffffff), (seed, permSeed) => {
        const rng = new Xoshiro128(seed);
        const pts = xs.map((x) => ({ x, y: 1 + 0.4 * Math.log(x) + rng.nextNormal() * 0.1, se: 0.05 + rng.nextFloat() * 0.1 }));
        const perm = new Xoshiro128(permSeed);
        const shuffled = [...pts].sort(() => perm.nextFloat() - 0.5);
        const a = fitLog(pts);
        const b = fitLog(shuffled);
        close(b.params.a!, a.params.a!, 1e-9);
        close(b.params.b!, a.params.b!, 1e-9);
        close(b.se.b!, a.se.b!, 1e-9);
      }),
      { numRuns: 50 },
    );
  });

  it('scaling y by c scales a and b (and se) by |c|, power exponent unchanged', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 100, noNaN: true }), fc.integer({ min: 0, max: 1000 }), (c, seed) => {
        const rng = new Xoshiro128(seed);
        const pts = xs.map((x) => ({ x, y: 2 + 0.5 * Math.log(x) + rng.nextNormal() * 0.2 }));
        const scaled = pts.map((p) => ({ x: p.x, y: c * p.y }));
        const f = fitLog(pts);
        const g = fitLog(scaled);
        close(g.params.a!, c * f.params.a!, 1e-8);
        close(g.params.b!, c * f.params.b!, 1e-8);
        close(g.se.b!, c * f.se.b!, 1e-8);
        const pf = fitPower(pts);
        const pg = fitPower(scaled);
        close(pg.params.p!, pf.params.p!, 1e-8);
        close(pg.params.a!, c * pf.params.a!, 1e-8);
      }),
      { numRuns: 50 },
    );
  });

  it('prefers the law the data came from', () => {
    const rng = new Xoshiro128(3);
    const logData = xs.map((x) => ({ x, y: 1 + Math.log(x) + 0.01 * rng.nextNormal(), se: 0.01 }));
    expect(fitGrowth(logData).preferred).toBe('log');
    const powData = xs.map((x) => ({ x, y: 0.2 * x ** 0.8 * (1 + 0.01 * rng.nextNormal()) }));
    expect(fitGrowth(powData).preferred).toBe('power');
    const flat = xs.map((x) => ({ x, y: 5 + 0.01 * rng.nextNormal(), se: 0.01 }));
    expect(fitGrowth(flat).preferred).toBe('const');
    expect(preferredModel([fitConst(flat), fitLog(flat)])).toBe('const');
  });

  it('growthSigma is b / se(b) of the log fit, with its t p-value; the power law is fitted on y even for y <= 0', () => {
    const pts = xs.map((x, i) => ({ x, y: -1 + 0.2 * Math.log(x) + (i % 3) * 0.05 }));
    const rep = fitGrowth(pts);
    const log = fitLog(pts);
    close(rep.growthSigma, log.params.b! / log.se.b!);
    close(rep.growthP, tTwoSided(rep.growthSigma, xs.length - 2));
    expect([rep.growthTest, rep.growthDof]).toEqual(['t', xs.length - 2]);
    expect(rep.models.map((m) => m.name)).toEqual([
      'const',
      'log',
      'power',
      'inverse',
      'inverse-power',
      'exponential',
      'log-inverse',
      'log-shift',
    ]);
    expect(rep.skipped).toEqual([]);
    // Akaike weights sum to 1; the preferred law has the largest.
    close(
      rep.models.reduce((s, m) => s + m.weight!, 0),
      1,
      1e-12,
    );
    expect(Math.max(...rep.models.map((m) => m.weight!))).toBe(rep.models.find((m) => m.name === rep.preferred)!.weight);
  });

  it('AICc: known errors chi2 + 2k + 2k(k+1)/(n-k-1); without, the variance counts as a parameter', () => {
    const rng = new Xoshiro128(8);
    const withSe = xs.map((x) => ({ x, y: 1 + 0.3 * Math.log(x) + 0.05 * rng.nextNormal(), se: 0.05 }));
    for (const m of fitGrowth(withSe).models) close(m.aicc!, m.chi2! + 2 * m.k + (2 * m.k * (m.k + 1)) / (xs.length - m.k - 1));
    const ols = withSe.map(({ x, y }) => ({ x, y }));
    for (const m of fitGrowth(ols).models) {
      const K = m.k + 1;
      close(m.aicc!, xs.length * Math.log(m.rss / xs.length) + 2 * K + (2 * K * (K + 1)) / (xs.length - K - 1));
    }
    expect(akaikeWeights([0, 2])[0]).toBeCloseTo(0.7310585786300049, 14);
    expect(akaikeWeights([null, 1])).toEqual([0, 1]);
  });
});
