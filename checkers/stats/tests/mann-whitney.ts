/**
 * The Mann-Whitney U test of two independent samples (scipy.stats.mannwhitneyu with its defaults:
 * use_continuity True, method 'auto'). The pooled sample is ranked (average ranks for ties); U_a = R_a -
 * n_a (n_a + 1)/2 is the statistic reported (scipy's U1), U_b = n_a n_b - U_a. The p-value uses U_a for
 * 'greater', U_b for 'less' and max(U_a, U_b) (doubled, capped at 1) for 'two-sided', always as an upper tail.
 *
 * Method (stated in the result), scipy 1.10's 'auto' rule:
 * - exact, when one sample has at most 8 observations and no two pooled values tie: P(U >= u) from the
 *   null distribution of U, whose counts are the coefficients of the Gaussian binomial [m+n choose m]_q =
 *   prod_{i=1..m} (1 - q^(n+i)) / (1 - q^i) (m the smaller size), formed in exact BigInt arithmetic and
 *   truncated at the degree needed; p = count / C(m+n, m), one rounding each. We add one bound scipy lacks:
 *   the larger sample at most 10,000 (beyond it scipy's table runs out of memory): the asymptotic test then.
 * - otherwise asymptotic: z = (U - n_a n_b / 2 - 1/2) / s with the tie-corrected
 *   s^2 = n_a n_b / 12 ((N + 1) - sum(t^3 - t) / (N (N - 1))), N = n_a + n_b.
 *
 * Options `method: 'exact'` and `'approx'` force a method (scipy's 'exact' and 'asymptotic'). 'exact' with
 * ties gives the exact law of U conditional on the tied ranks (every split of the pooled midranks, at most
 * 2^20 of them; two-sided: twice the smaller tail, as that law need not be symmetric), where scipy's 'exact'
 * ignores ties; without ties it needs min(n_a, n_b) n_a n_b <= 2e7 (the work of the product formula).
 *
 * Effect size: the rank-biserial correlation 2 U_a / (n_a n_b) - 1 (positive when a tends to exceed b).
 *
 * Example: `mannWhitneyTest([19, 22, 16, 29, 24], [20, 11, 17, 12])` has statistic 17 and exact p
 * 0.1111111111111111 (scipy's documented example).
 */
import { DomainError } from '../../errors';
import { normalSf, averageRanks, tieGroups } from './ranks';
import { checkOptions, checkSample } from './samples';
import { splitCounts, splitsUpTo } from './permutation-null';
import type { RankTestOptions, TestResult } from './types';

const TEST = 'mannWhitneyTest';

/** The smaller sample's size up to which the exact law is used (scipy's rule), and our bound on the larger. */
export const MWU_EXACT_SMALL = 8;
export const MWU_EXACT_LARGE = 10_000;
/** Bounds on an asked-for exact law: min(n_a, n_b) n_a n_b without ties, splits with ties. */
export const MWU_EXACT_WORK = 2e7;
export const MWU_CONDITIONAL_MAX = 2 ** 20;

/**
 * P(U <= k) as [count, total]: the number of rank arrangements with U <= k and C(m+n, m), both exact.
 * Example: `uLowerCount(0, 2, 2)` is [1n, 6n] (only the arrangement with every a below every b).
 */
export function uLowerCount(k: number, m: number, n: number): [bigint, bigint] {
  const small = Math.min(m, n);
  const large = Math.max(m, n);
  const degree = Math.min(k, small * large);
  // c holds the coefficients of [large + i choose i]_q up to q^degree, i = 0..small.
  const c = new Array<bigint>(degree + 1).fill(0n);
  c[0] = 1n;
  for (let i = 1; i <= small; i++) {
    const shift = large + i;
    for (let s = degree; s >= shift; s--) c[s] = (c[s] as bigint) - (c[s - shift] as bigint); // times (1 - q^(large+i))
    for (let s = i; s <= degree; s++) c[s] = (c[s] as bigint) + (c[s - i] as bigint); // over (1 - q^i)
  }
  let count = 0n;
  for (const x of c) count += x;
  let total = 1n;
  for (let i = 1; i <= small; i++) total = (total * BigInt(large + i)) / BigInt(i);
  return [count, total];
}

/** The Mann-Whitney U test of a against b (independent samples, at least 1 each). Level is unused (no interval). */
export function mannWhitneyTest(a: readonly number[], b: readonly number[], options: RankTestOptions = {}): TestResult {
  checkSample(TEST, 'a', a, 1);
  checkSample(TEST, 'b', b, 1);
  const { alternative } = checkOptions(TEST, options);
  const na = a.length;
  const nb = b.length;
  const pooled = [...a, ...b];
  const ranks = averageRanks(pooled);
  let ra = 0;
  for (let i = 0; i < na; i++) ra += ranks[i] as number;
  const ua = ra - (na * (na + 1)) / 2;
  const ub = na * nb - ua;
  const u = alternative === 'greater' ? ua : alternative === 'less' ? ub : Math.max(ua, ub);
  const factor = alternative === 'two-sided' ? 2 : 1;
  const ties = tieGroups(pooled);
  const base = {
    test: 'mann-whitney' as const,
    alternative,
    statistic: ua,
    dof: null,
    ci: null,
    effect: { name: 'rank-biserial' as const, value: (2 * ua) / (na * nb) - 1 },
    n: { a: na, b: nb },
  };
  const method = options.method ?? 'auto';
  if (method !== 'auto' && method !== 'exact' && method !== 'approx')
    throw new DomainError(TEST, `method must be auto, exact or approx, got ${String(method)}`);
  if (method === 'exact' && ties.length > 0) {
    const splits = splitsUpTo(na + nb, na, MWU_CONDITIONAL_MAX);
    if (!Number.isFinite(splits))
      throw new DomainError(
        TEST,
        `the exact law with ties enumerates C(n_a + n_b, n_a) splits: more than ${MWU_CONDITIONAL_MAX} here; use method approx`,
      );
    // U_a rises with mean(ranks of a) - mean(ranks of b) (their total is fixed): count on that difference.
    const t = splitCounts(ranks, na, ra / na - (ranks.reduce((s, r) => s + r, 0) - ra) / nb, 1e-9);
    const p =
      alternative === 'greater'
        ? t.ge / t.total
        : alternative === 'less'
          ? t.le / t.total
          : Math.min(1, (2 * Math.min(t.le, t.ge)) / t.total);
    return {
      ...base,
      p,
      guarantee: { kind: 'exact', method: `exact law of U conditional on the tied ranks (all ${t.total} splits)` },
      pAccuracy: 'exact: a whole count of splits over C(n_a + n_b, n_a), one rounding',
    };
  }
  if (method === 'exact' && Math.min(na, nb) * na * nb > MWU_EXACT_WORK)
    throw new DomainError(
      TEST,
      `the exact law of U needs min(n_a, n_b) n_a n_b <= ${MWU_EXACT_WORK}, got ${Math.min(na, nb) * na * nb}; use method approx`,
    );
  const autoExact = Math.min(na, nb) <= MWU_EXACT_SMALL && Math.max(na, nb) <= MWU_EXACT_LARGE && ties.length === 0;
  if (method === 'exact' || (method === 'auto' && autoExact)) {
    // P(U >= u) = P(U <= n_a n_b - u) by the symmetry of the null law.
    const [count, total] = uLowerCount(na * nb - u, na, nb);
    return {
      ...base,
      p: Math.min(1, (factor * Number(count)) / Number(total)), // counts below 2^1000 here: both are finite floats
      guarantee: { kind: 'exact', method: `exact distribution of U (${na} and ${nb} observations, no ties)` },
      pAccuracy: 'exact: a whole count of rank arrangements over C(n_a + n_b, n_a), three roundings (relative error below 4e-16)',
    };
  }
  const nn = na + nb;
  const tieTerm = ties.reduce((s, t) => s + (t * t * t - t), 0);
  const s = Math.sqrt(((na * nb) / 12) * (nn + 1 - tieTerm / (nn * (nn - 1))));
  const z = (u - (na * nb) / 2 - 0.5) / s; // s = 0 only when every value ties: z = -inf, p = 1
  const why =
    method === 'approx'
      ? 'asked for'
      : ties.length > 0
        ? `${ties.length} group${ties.length === 1 ? '' : 's'} of tied values`
        : Math.min(na, nb) > MWU_EXACT_SMALL
          ? `both samples larger than ${MWU_EXACT_SMALL}`
          : `a sample larger than ${MWU_EXACT_LARGE}`;
  return {
    ...base,
    p: Math.min(1, factor * normalSf(z)),
    guarantee: { kind: 'approximate', method: `normal approximation with tie and continuity correction (${why})` },
    pAccuracy: `normal approximation to the law of U (z = ${Number(z.toPrecision(6))}); its error shrinks like 1/sqrt(n), not bounded here`,
  };
}
