// The examples in the doc comments of checkers/stats, random, audits and ledger, run so they cannot rot.
import { describe, it, expect } from 'vitest';
import { fitLinear } from '../../../checkers/stats/wls';
import { fitConst, fitLog, fitPower, predict, preferredModel } from '../../../checkers/stats/growth-models';
import { fitGrowth, fitLaws, geometricSubset } from '../../../checkers/stats/growth-fit';
import { FewColumnLsq } from '../../../checkers/stats/few-column-lsq';
import { significantFrom } from '../../../checkers/stats/horizon';
import { splitSeed, shuffled, Xoshiro128 } from '../../../checkers/random/xoshiro128';
import { auditPadding } from '../../../checkers/audits/padding';
import { ratioMatches } from '../../../checkers/audits/units';
import { claimStatus, paperCategories } from '../../../checkers/ledger/summary';
import { parseVerdict, verdictRowsFromJson } from '../../../checkers/ledger/verdicts';

describe('doc-comment examples', () => {
  it('stats', () => {
    const lin = fitLinear(
      [
        [1, 0],
        [1, 1],
        [1, 2],
      ],
      [1, 3, 5],
      { knownErrors: false },
    ).beta;
    expect(lin[0]).toBeCloseTo(1, 12);
    expect(lin[1]).toBeCloseTo(2, 12);
    expect(
      fitConst([
        { x: 1, y: 2 },
        { x: 2, y: 4 },
      ]).params.a,
    ).toBeCloseTo(3, 12);
    const log = fitLog([
      { x: 1, y: 1 },
      { x: Math.E, y: 3 },
      { x: Math.E ** 2, y: 5 },
    ]).params;
    expect([log.a, log.b].map((v) => Number(v!.toFixed(10)))).toEqual([1, 2]);
    const pow = fitPower([
      { x: 1, y: 3 },
      { x: 2, y: 12 },
      { x: 4, y: 48 },
    ]).params;
    expect([pow.a, pow.p].map((v) => Number(v!.toFixed(10)))).toEqual([3, 2]);
    expect(predict({ name: 'log', params: { a: 1, b: 2 } }, Math.E)).toBeCloseTo(3, 14);
    const flat = [1, 2, 3].map((x) => ({ x, y: 5 }));
    expect(preferredModel([fitConst(flat), fitLog(flat)])).toBe('const');
    const g = fitGrowth([1, 2, 4, 8].map((x) => ({ x, y: 1 + 2 * Math.log(x) }))).models[1]!.params;
    expect(g.a).toBeCloseTo(1, 10);
    expect(g.b).toBeCloseTo(2, 10);
    const mk = (s: number[]) => s.map((sigma, i) => ({ maxX: 2 ** (i + 2), sigma }));
    expect(significantFrom(mk([1, 6, 4, 7, 8]))).toBe(32);
    expect(geometricSubset(5, 24)).toEqual([0, 1, 2, 3, 4]);
    expect(geometricSubset(1000, 3)).toEqual([0, 31, 999]);
    expect(predict({ name: 'inverse', params: { a: 1, c: 2, x0: 2 } }, 4)).toBe(2);
    // The conclusion's doc example: 0.45 + 0.6 ln k with small noise grows; the 4-row table cannot tell.
    const rng = new Xoshiro128(1);
    const ks = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];
    expect(fitLaws(ks.map((k) => ({ x: k, y: 0.45 + 0.6 * Math.log(k) + 0.02 * rng.nextNormal() }))).conclusion.value).toBe('grows');
    expect(fitLaws(ks.slice(0, 4).map((k) => ({ x: k, y: Math.log(k) }))).conclusion.value).toBe('cannot-tell');
    expect(
      new FewColumnLsq([1, 3, 5], [1, 1, 1])
        .solve([
          [1, 1, 1],
          [0, 1, 2],
        ])
        .coef.map((v) => Number(v.toFixed(12))),
    ).toEqual([1, 2]);
  });

  it('random', () => {
    expect(splitSeed(42, 0)).not.toBe(splitSeed(42, 1));
    expect(new Xoshiro128(1).nextUint32()).toBe(new Xoshiro128(1).nextUint32());
    expect([...shuffled([1, 2, 3], new Xoshiro128(7))].sort()).toEqual([1, 2, 3]);
  });

  it('audits', () => {
    const a = auditPadding(
      [0, 1, 2, 3].map((pos) => ({ seq: 's', pos, token: ['5', '0', '0', '0'][pos]!, nll: [2, 0.5, 0, 0][pos]! })),
      '0',
    );
    expect(a.models[0]!.padPositions).toBe(2);
    expect(a.models[0]!.perplexityAll).toBeCloseTo(Math.exp(2.5 / 4), 14);
    expect(a.models[0]!.perplexityNoPad).toBeCloseTo(Math.exp(2.5 / 2), 14);
    expect(ratioMatches(7.8, { ratio: 8, relTol: 0.05 })).toBe(true);
  });

  it('ledger', () => {
    const c = (v: Partial<Record<'verified' | 'falsified' | 'toy' | 'inconclusive', number>>) => ({
      verified: 0,
      falsified: 0,
      toy: 0,
      inconclusive: 0,
      ...v,
    });
    expect(claimStatus(c({ verified: 1, falsified: 2 }))).toBe('contested');
    expect(claimStatus(c({ toy: 1, inconclusive: 3 }))).toBe('toy');
    expect(paperCategories(['verified', 'toy'])).toEqual(['partiallyReproduced', 'atLeastOneVerified']);
    expect(parseVerdict(' Verified ', 'line 2')).toBe('verified');
    const rows = verdictRowsFromJson([{ paper: 'P', logbook: 'L', claims: [{ id: 'C1', verdict: 'falsified' }] }]);
    expect(rows.map(({ paper, claim, logbook, verdict }) => ({ paper, claim, logbook, verdict }))).toEqual([
      { paper: 'P', claim: 'C1', logbook: 'L', verdict: 'falsified' },
    ]);
  });
});
