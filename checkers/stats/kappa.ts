/**
 * Chance-corrected agreement between raters on categorical judgments, with asymptotic confidence intervals.
 *
 * - Cohen's kappa (two raters, Cohen 1960): kappa = (p_o - p_e) / (1 - p_e) from the k x k table of their
 *   judgments; standard error under the alternative of Fleiss, Cohen and Everitt (1969) (the `std_kappa` of
 *   statsmodels' cohens_kappa):
 *     var = [ sum_i p_ii (1 - (p_i. + p_.i)(1 - kappa))^2 + (1 - kappa)^2 sum_{i != j} p_ij (p_.i + p_j.)^2
 *             - (kappa - p_e (1 - kappa))^2 ] / (N (1 - p_e)^2).
 * - Fleiss' kappa (m >= 2 raters each judging every subject, Fleiss 1971): kappa = (P - P_e) / (1 - P_e);
 *   standard error of Fleiss, Nee and Landis (1979), derived under kappa = 0:
 *     se = sqrt(2) / (sum_j p_j q_j sqrt(N m (m - 1))) * sqrt((sum_j p_j q_j)^2 - sum_j p_j q_j (q_j - p_j)).
 *   It is the standard error software reports with Fleiss' kappa; away from 0 it is an approximation.
 * Intervals are kappa +- z se, clipped to [-1, 1].
 *
 * Kappa is undefined when chance agreement is 1 (every judgment in one category): the result then says so
 * (`kappa: null` with the reason) instead of dividing by zero.
 *
 * Guarantee: approximate, float64 evaluation of the closed forms (a few ulps relative for moderate tables);
 * Cohen's kappa itself is one rounding of a ratio of integer counts, and perfect agreement gives exactly
 * kappa 1 with se 0 (Fleiss' kappa is exactly 1 there too; its se, derived under kappa = 0, is not 0);
 * the intervals are asymptotic (large-N normal approximations), not exact. Checked against the same formulas
 * evaluated independently in Python (statsmodels is not available here).
 */
import { DimensionError, DomainError } from '../errors';
import { twoSidedZ } from './normal-quantile';

export interface KappaResult {
  /** null when undefined (chance agreement 1, or no subjects). */
  readonly kappa: number | null;
  readonly se: number | null;
  readonly low: number | null;
  readonly high: number | null;
  readonly confidence: number;
  /** Observed agreement (Cohen: p_o; Fleiss: mean P_i). */
  readonly observed: number;
  /** Agreement expected by chance. */
  readonly expected: number;
  /** Subjects judged. */
  readonly subjects: number;
  readonly raters: number;
  readonly categories: readonly string[];
  /** Why kappa is null. */
  readonly undefinedReason?: string;
}

function undefinedKappa(base: Omit<KappaResult, 'kappa' | 'se' | 'low' | 'high' | 'undefinedReason'>, why: string): KappaResult {
  return { ...base, kappa: null, se: null, low: null, high: null, undefinedReason: why };
}

function interval(kappa: number, se: number, confidence: number): { low: number; high: number } {
  const z = twoSidedZ(confidence);
  return { low: Math.max(-1, kappa - z * se), high: Math.min(1, kappa + z * se) };
}

/** The sorted distinct categories of some judgments. */
function categoriesOf(judgments: readonly (readonly string[])[]): string[] {
  return [...new Set(judgments.flat())].sort();
}

/**
 * Cohen's kappa of two raters: `pairs[i]` holds rater 1's and rater 2's judgment of subject i.
 * Example: `cohenKappa([['a', 'a'], ['b', 'b'], ['a', 'b'], ['b', 'b']], 0.95).kappa` is 0.5.
 */
export function cohenKappa(pairs: readonly (readonly [string, string])[], confidence: number): KappaResult {
  if (!(confidence > 0 && confidence < 1)) throw new DomainError('cohenKappa', `confidence must be in (0, 1), got ${confidence}`);
  const categories = categoriesOf(pairs);
  const k = categories.length;
  const n = pairs.length;
  const at = new Map(categories.map((c, i) => [c, i]));
  const table = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const [a, b] of pairs) (table[at.get(a) as number] as number[])[at.get(b) as number]! += 1;
  // Agreement from the integer counts (exact below 2^53): O agreements, E = sum_i row_i col_i, so that
  // p_o = O / N, p_e = E / N^2 and kappa = (N O - E) / (N^2 - E) with one rounding (exactly 1 when O = N).
  const rowCounts = table.map((row) => row.reduce((s, x) => s + x, 0));
  const colCounts = categories.map((_, j) => table.reduce((s, row) => s + (row[j] as number), 0));
  const agreements = table.reduce((s, row, i) => s + (row[i] as number), 0);
  const chance = rowCounts.reduce((s, r, i) => s + r * (colCounts[i] as number), 0);
  const p = table.map((row) => row.map((x) => x / n));
  const rows = rowCounts.map((r) => r / n);
  const cols = colCounts.map((c) => c / n);
  const observed = agreements / n;
  const expected = chance / (n * n);
  const base = { confidence, observed: n > 0 ? observed : 0, expected: n > 0 ? expected : 0, subjects: n, raters: 2, categories };
  if (n === 0) return undefinedKappa(base, 'no subject was judged by both raters');
  if (1 - expected <= 1e-12) return undefinedKappa(base, 'every judgment is in one category, so agreement by chance is certain');
  const kappa = (n * agreements - chance) / (n * n - chance);
  // Perfect agreement: the variance is exactly 0 (a = sum p_ii = 1, b = 0, c = 1); float sums would leave ~1e-8.
  if (agreements === n) return { ...base, kappa: 1, se: 0, low: 1, high: 1 };
  let a = 0;
  let b = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const pij = (p[i] as number[])[j] as number;
      if (i === j) a += pij * (1 - ((rows[i] as number) + (cols[i] as number)) * (1 - kappa)) ** 2;
      else b += pij * ((cols[i] as number) + (rows[j] as number)) ** 2;
    }
  }
  const c = (kappa - expected * (1 - kappa)) ** 2;
  const variance = (a + (1 - kappa) ** 2 * b - c) / ((1 - expected) ** 2 * n);
  const se = Math.sqrt(Math.max(0, variance));
  return { ...base, kappa, se, ...interval(kappa, se, confidence) };
}

/**
 * Fleiss' kappa: `subjects[i]` holds the judgments of subject i, one per rater (every subject the same number
 * of raters, at least 2). Example: `fleissKappa([['a', 'a', 'a'], ['b', 'b', 'a']], 0.95).observed` is 2/3.
 */
export function fleissKappa(subjects: readonly (readonly string[])[], confidence: number): KappaResult {
  if (!(confidence > 0 && confidence < 1)) throw new DomainError('fleissKappa', `confidence must be in (0, 1), got ${confidence}`);
  const m = subjects[0]?.length ?? 0;
  if (subjects.some((s) => s.length !== m))
    throw new DimensionError('subjects judged by different numbers of raters', `${m} judgments per subject`);
  const categories = categoriesOf(subjects);
  const n = subjects.length;
  const base = { confidence, observed: 0, expected: 0, subjects: n, raters: m, categories };
  if (n === 0) return undefinedKappa(base, 'no subject was judged by every rater');
  if (m < 2) throw new DomainError('fleissKappa', `at least two raters per subject are needed, got ${m}`);
  const at = new Map(categories.map((c, i) => [c, i]));
  const totals = new Array<number>(categories.length).fill(0);
  let sumP = 0;
  for (const s of subjects) {
    const counts = new Array<number>(categories.length).fill(0);
    for (const x of s) counts[at.get(x) as number]! += 1;
    let sq = 0;
    counts.forEach((c, j) => {
      sq += c * c;
      totals[j]! += c;
    });
    sumP += (sq - m) / (m * (m - 1));
  }
  const observed = sumP / n;
  const pj = totals.map((t) => t / (n * m));
  const expected = pj.reduce((s, x) => s + x * x, 0);
  const withAgreement = { ...base, observed, expected };
  if (1 - expected <= 1e-12) return undefinedKappa(withAgreement, 'every judgment is in one category, so agreement by chance is certain');
  const kappa = (observed - expected) / (1 - expected);
  const pq = pj.reduce((s, x) => s + x * (1 - x), 0);
  const pqqp = pj.reduce((s, x) => s + x * (1 - x) * (1 - 2 * x), 0);
  const se = (Math.SQRT2 / (pq * Math.sqrt(n * m * (m - 1)))) * Math.sqrt(Math.max(0, pq * pq - pqqp));
  return { ...withAgreement, kappa, se, ...interval(kappa, se, confidence) };
}
