/**
 * The Wilcoxon signed-rank test of paired samples (scipy.stats.wilcoxon with its defaults: zero_method
 * 'wilcox', correction False, method 'auto'). On the differences d = a - b, zero differences are dropped
 * ('wilcox'), the |d| ranked (average ranks for ties), and R+ / R- are the rank sums of the positive and
 * negative differences. The statistic is min(R+, R-) for a two-sided test and R+ otherwise, as scipy's.
 *
 * Method (stated in the result):
 * - exact, when there are at most 50 pairs, no zero difference and no tied |d|: the null distribution of R+
 *   is that of a sum of a random subset of the ranks 1..n, counted exactly (subset-sum counts below 2^50 are
 *   whole float64 numbers) and divided by 2^n; two-sided p = 2 min(P(R+ <= r), P(R+ >= r)), capped at 1.
 * - otherwise the normal approximation with tie correction: z = (T - n(n+1)/4) / sqrt((n(n+1)(2n+1) -
 *   sum t(t^2 - 1)/2) / 24) over the n non-zero differences, without continuity correction.
 * Where this departs from scipy 1.10: with tied |d| and no zeros (n <= 50) scipy applies its exact
 * distribution to a truncated tied rank sum (the exact law assumes untied ranks 1..n); we use the normal
 * approximation with tie correction, which is scipy's method='approx' on the same data.
 * Options `method: 'exact'` and `'approx'` force a method. 'exact' with ties or zeros gives the exact law
 * conditional on the tied ranks of the non-zero differences (all 2^n sign patterns of the signed midranks,
 * n <= 20; R's coin::wilcoxsign_test with distribution 'exact'), where scipy 1.10 falls back to the normal law.
 * Below 10 non-zero differences the approximation is poor (scipy warns); the result says so in pAccuracy.
 * All differences zero: a DomainError (scipy raises too).
 *
 * Effect size: the matched-pairs rank-biserial correlation (R+ - R-) / (R+ + R-) (Kerby 2014).
 *
 * Example: `wilcoxonTest([6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75], new Array(15).fill(0))`
 * has statistic 24 and exact p 0.041259765625 (scipy's documented example).
 */
import { DomainError } from '../../errors';
import { normalPValue, averageRanks, tieGroups } from './ranks';
import { checkOptions, checkPaired, differences } from './samples';
import { signFlipCounts } from './permutation-null';
import type { RankTestOptions, TestResult } from './types';

const TEST = 'wilcoxonTest';

/** Pairs up to which the exact distribution is used (scipy's rule). */
export const WILCOXON_EXACT_MAX = 50;
/** Non-zero differences up to which the exact conditional law (ties or zeros) is enumerated: 2^20 patterns. */
export const WILCOXON_CONDITIONAL_MAX = 20;

/** counts[s] = number of subsets of {1..n} with sum s, for s = 0..n(n+1)/2 (exact for n <= 50). */
export function signedRankCounts(n: number): number[] {
  let counts = [1];
  for (let k = 1; k <= n; k++) {
    const next = new Array<number>(counts.length + k).fill(0);
    counts.forEach((c, s) => {
      next[s] = (next[s] as number) + c;
      next[s + k] = (next[s + k] as number) + c;
    });
    counts = next;
  }
  return counts;
}

/** The Wilcoxon signed-rank test of a against b (pairs by index). The level option is unused (no interval). */
export function wilcoxonTest(a: readonly number[], b: readonly number[], options: RankTestOptions = {}): TestResult {
  checkPaired(TEST, a, b, 1);
  const { alternative } = checkOptions(TEST, options);
  const all = differences(a, b);
  const d = all.filter((x) => x !== 0);
  const zeros = all.length - d.length;
  if (d.length === 0) throw new DomainError(TEST, 'every paired difference is zero: the signed-rank test has nothing to rank');
  const ranks = averageRanks(d.map(Math.abs));
  let rPlus = 0;
  let rMinus = 0;
  d.forEach((x, i) => {
    if (x > 0) rPlus += ranks[i] as number;
    else rMinus += ranks[i] as number;
  });
  const statistic = alternative === 'two-sided' ? Math.min(rPlus, rMinus) : rPlus;
  const ties = tieGroups(d.map(Math.abs));
  const n = d.length;
  const effect = { name: 'rank-biserial' as const, value: (rPlus - rMinus) / (rPlus + rMinus) };
  const base = { test: 'wilcoxon' as const, alternative, statistic, dof: null, ci: null, effect, n: { a: all.length } };
  const untied = zeros === 0 && ties.length === 0;
  const method = options.method ?? 'auto';
  if (method !== 'auto' && method !== 'exact' && method !== 'approx')
    throw new DomainError(TEST, `method must be auto, exact or approx, got ${String(method)}`);
  if (method === 'exact' && !untied) {
    if (n > WILCOXON_CONDITIONAL_MAX)
      throw new DomainError(
        TEST,
        `the exact law with ties or zeros enumerates 2^n sign patterns: at most ${WILCOXON_CONDITIONAL_MAX} non-zero differences, got ${n}; use method approx`,
      );
    // R+ = (sum of signed ranks + sum of ranks) / 2 rises with the mean of the signed ranks: count on that.
    const signed = d.map((x, i) => (x > 0 ? 1 : -1) * (ranks[i] as number));
    const t = signFlipCounts(signed, signed.reduce((s, x) => s + x, 0) / n, 1e-9);
    const p =
      alternative === 'greater'
        ? t.ge / t.total
        : alternative === 'less'
          ? t.le / t.total
          : Math.min(1, (2 * Math.min(t.le, t.ge)) / t.total);
    const dropped = zeros > 0 ? `, ${zeros} zero difference${zeros === 1 ? '' : 's'} dropped` : '';
    return {
      ...base,
      p,
      guarantee: {
        kind: 'exact',
        method: `exact law conditional on the tied ranks (all ${t.total} sign patterns of ${n} signed ranks${dropped})`,
      },
      pAccuracy: 'exact: a whole count of sign patterns over 2^n, one rounding',
    };
  }
  if (method === 'exact' && all.length > WILCOXON_EXACT_MAX)
    throw new DomainError(TEST, `the exact law is tabulated up to ${WILCOXON_EXACT_MAX} pairs, got ${all.length}; use method approx`);
  if (untied && (method === 'exact' || (method === 'auto' && all.length <= WILCOXON_EXACT_MAX))) {
    const counts = signedRankCounts(n);
    const r = rPlus; // a whole number: no ties
    let le = 0;
    let ge = 0;
    counts.forEach((c, s) => {
      if (s <= r) le += c;
      if (s >= r) ge += c;
    });
    const total = 2 ** n;
    const p = alternative === 'greater' ? ge / total : alternative === 'less' ? le / total : Math.min(1, (2 * Math.min(le, ge)) / total);
    return {
      ...base,
      p,
      guarantee: { kind: 'exact', method: `exact distribution of the signed-rank sum (${n} pairs, no ties or zeros)` },
      pAccuracy: 'exact: a whole count of sign patterns over 2^n, one rounding',
    };
  }
  const tieTerm = ties.reduce((s, t) => s + t * (t * t - 1), 0);
  const mn = (n * (n + 1)) / 4;
  const se = Math.sqrt((n * (n + 1) * (2 * n + 1) - 0.5 * tieTerm) / 24);
  const z = (statistic - mn) / se;
  const why = [
    method === 'approx' ? 'asked for' : '',
    zeros > 0 ? `${zeros} zero difference${zeros === 1 ? '' : 's'} dropped` : '',
    ties.length > 0 ? `${ties.length} group${ties.length === 1 ? '' : 's'} of tied |differences|` : '',
    all.length > WILCOXON_EXACT_MAX ? `more than ${WILCOXON_EXACT_MAX} pairs` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return {
    ...base,
    p: normalPValue(z, alternative),
    guarantee: { kind: 'approximate', method: `normal approximation with tie correction, no continuity correction (${why})` },
    pAccuracy:
      `normal approximation to the signed-rank law (z = ${Number(z.toPrecision(6))}); its error shrinks like 1/n, not bounded here` +
      (n < 10
        ? `; with ${n} non-zero differences it is poor (scipy warns below 10): no exact test of ${n} pairs can give p below ${2 ** (1 - n)} two-sided, so compare method exact`
        : ''),
  };
}
