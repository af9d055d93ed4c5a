// The examples in the doc comments of checkers/stats/tests, run so that they cannot rot; and the bad-input
// messages every test shares (one line, naming the test and the problem).
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../../checkers/errors';
import { binomialExactTest } from '../../../../checkers/stats/tests/binomial';
import { mannWhitneyTest, uLowerCount } from '../../../../checkers/stats/tests/mann-whitney';
import { pairedTTest } from '../../../../checkers/stats/tests/paired-t';
import { permutationTest } from '../../../../checkers/stats/tests/permutation';
import { signFlipCounts, splitsUpTo } from '../../../../checkers/stats/tests/permutation-null';
import { averageRanks, normalSf, tieGroups } from '../../../../checkers/stats/tests/ranks';
import { checkSample, variance } from '../../../../checkers/stats/tests/samples';
import { studentTTest } from '../../../../checkers/stats/tests/student';
import { tInterval, tPValue } from '../../../../checkers/stats/tests/t-inference';
import { welchTTest } from '../../../../checkers/stats/tests/welch';
import { wilcoxonTest } from '../../../../checkers/stats/tests/wilcoxon';

const close = (x: number, y: number, rel = 1e-12): void => expect(Math.abs(x - y)).toBeLessThanOrEqual(rel * Math.abs(y));

describe('doc-comment examples of checkers/stats/tests', () => {
  it('t tests (types.ts, paired-t.ts, student.ts, welch.ts, t-inference.ts)', () => {
    const paired = pairedTTest([2, 4, 6.5], [1, 2, 3]);
    expect(paired).toMatchObject({ test: 'paired-t', alternative: 'two-sided', dof: 2, n: { a: 3 }, effect: { name: 'cohen-dz' } });
    expect(paired.statistic).toBe(2.9824045403173027);
    expect(paired.p.toPrecision(5)).toBe('0.096438');
    expect([paired.ci!.low.toFixed(5), paired.ci!.high.toFixed(5), paired.effect!.value.toFixed(5)]).toEqual([
      '-0.95914',
      '5.29247',
      '1.72189',
    ]);
    expect(paired.guarantee).toEqual({ kind: 'exact', method: 'Student t with 2 degrees of freedom on 3 paired differences' });
    const student = studentTTest([1, 2, 3, 4], [3, 4, 5, 6, 7]);
    expect([student.statistic, student.dof, Number(student.p.toFixed(6))]).toEqual([-2.545875386086578, 7, 0.038334]);
    const welch = welchTTest([1, 2, 3, 4], [3, 4, 5, 6, 7]);
    expect([welch.statistic, Number(welch.dof!.toFixed(5)), Number(welch.p.toFixed(6))]).toEqual([-2.6111648393354674, 6.98077, 0.034939]);
    close(tPValue(2.7764451051977987, 4, 'two-sided'), 0.05, 1e-12);
    close(tPValue(2, 5, 'greater'), 0.05096973941492914, 1e-12);
    const ci = tInterval(1, 0.5, 4, 0.95, 'two-sided', 'mean difference');
    expect([ci.low.toFixed(3), ci.high.toFixed(3)]).toEqual(['-0.388', '2.388']);
  });

  it('samples.ts and ranks.ts', () => {
    expect(variance([1, 2, 3, 4])).toBe(1.6666666666666667);
    expect(() => checkSample('t', 'a', [1, Number.NaN], 2)).toThrow('recheck.domain: t: a[1] is NaN, not a finite number');
    expect(averageRanks([10, 30, 20, 20])).toEqual([1, 4, 2.5, 2.5]);
    expect(tieGroups([1, 2, 2, 2])).toEqual([3]);
    close(normalSf(1.6448536269514722), 0.05, 1e-14);
  });

  it('rank tests, binomial and permutation', () => {
    const w = wilcoxonTest([6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75], new Array<number>(15).fill(0));
    expect([w.statistic, w.p]).toEqual([24, 0.041259765625]);
    const u = mannWhitneyTest([19, 22, 16, 29, 24], [20, 11, 17, 12]);
    expect([u.statistic, u.p]).toEqual([17, 0.1111111111111111]);
    expect(uLowerCount(0, 2, 2)).toEqual([1n, 6n]);
    const b = binomialExactTest(7, 20);
    expect(b.p).toBe(0.26317596435546775);
    expect([b.ci!.low.toFixed(5), b.ci!.high.toFixed(5)]).toEqual(['0.15391', '0.59219']);
    expect(signFlipCounts([1, 2, 3], 2, 1e-14)).toEqual({ le: 8, ge: 1, total: 8 });
    expect(splitsUpTo(6, 3, 100)).toBe(20);
    expect(splitsUpTo(40, 20, 1e6)).toBe(Infinity);
    expect(permutationTest([3, 5, 6], [1, 2, 4], { paired: true, alternative: 'greater' }).p).toBe(1 / 8);
  });
});

describe('bad input: one DomainError line naming the test and the problem', () => {
  const tests: [string, (a: number[], b: number[], o?: object) => unknown][] = [
    ['pairedTTest', (a, b, o) => pairedTTest(a, b, o)],
    ['studentTTest', (a, b, o) => studentTTest(a, b, o)],
    ['welchTTest', (a, b, o) => welchTTest(a, b, o)],
    ['wilcoxonTest', (a, b, o) => wilcoxonTest(a, b, o)],
    ['mannWhitneyTest', (a, b, o) => mannWhitneyTest(a, b, o)],
    ['permutationTest', (a, b, o) => permutationTest(a, b, { paired: false, ...o })],
  ];
  it.each(tests)('%s', (name, run) => {
    const expectLine = (f: () => unknown, what: RegExp): void => {
      let error: unknown;
      try {
        f();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DomainError);
      const message = (error as Error).message;
      expect(message.startsWith(`recheck.domain: ${name}: `)).toBe(true);
      expect(message).not.toContain('\n');
      expect(message).toMatch(what);
    };
    expectLine(() => run([1, 2, Number.NaN], [1, 2, 3]), /a\[2\] is NaN, not a finite number/);
    expectLine(() => run([1, 2, 3], [1, Infinity, 3]), /b\[1\] is Infinity/);
    expectLine(() => run([], [1, 2]), /a needs at least \d observations?, got 0/);
    expectLine(() => run([1, 2, 3], [4, 5, 7], { alternative: 'bigger' }), /alternative must be two-sided, greater or less, got bigger/);
    expectLine(() => run([1, 2, 3], [4, 5, 7], { level: 95 }), /level must be in \(0, 1\), got 95/);
    expectLine(() => run('1,2,3' as unknown as number[], [4, 5, 7]), /a must be an array of numbers/);
  });

  it('paired tests name unequal lengths', () => {
    expect(() => pairedTTest([1, 2, 3], [1, 2])).toThrow(
      'recheck.domain: pairedTTest: paired samples must have equal lengths, got 3 and 2',
    );
    expect(() => wilcoxonTest([1, 2, 3], [1, 2])).toThrow(/equal lengths/);
    expect(() => permutationTest([1, 2, 3], [1, 2], { paired: true })).toThrow(/equal lengths/);
    expect(() => pairedTTest([1], [2])).toThrow(/at least 2 observations, got 1/);
    expect(() => studentTTest([1], [2, 3])).toThrow(/a needs at least 2 observations/);
  });

  it('rank tests name a bad method and an exact law too large to enumerate', () => {
    expect(() => wilcoxonTest([1, 2], [0, 0], { method: 'fast' as never })).toThrow(
      'recheck.domain: wilcoxonTest: method must be auto, exact or approx, got fast',
    );
    expect(() => mannWhitneyTest([1, 2], [0, 0.5], { method: 'fast' as never })).toThrow(/method must be auto, exact or approx/);
    const tied = Array.from({ length: 21 }, (_, i) => 1 + (i % 3));
    expect(() =>
      wilcoxonTest(
        tied,
        tied.map(() => 0),
        { method: 'exact' },
      ),
    ).toThrow(/at most 20 non-zero differences, got 21; use method approx/);
    expect(() =>
      wilcoxonTest(
        Array.from({ length: 51 }, (_, i) => i + 1),
        new Array<number>(51).fill(0),
        { method: 'exact' },
      ),
    ).toThrow(/up to 50 pairs, got 51/);
    expect(() => mannWhitneyTest(tied, tied, { method: 'exact' })).toThrow(/more than 1048576 here; use method approx/);
    const big = Array.from({ length: 300 }, (_, i) => i);
    expect(() =>
      mannWhitneyTest(
        big,
        big.map((x) => x + 0.5),
        { method: 'exact' },
      ),
    ).toThrow(/min\(n_a, n_b\) n_a n_b <= 20000000, got 27000000/);
  });
});
