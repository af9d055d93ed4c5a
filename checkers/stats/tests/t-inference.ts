/**
 * What the three t tests share once they have an estimate, its standard error and degrees of freedom: the
 * p-value of t = estimate / se for an alternative, and the confidence interval estimate +- q se with q the
 * t quantile (two-sided: q = t_{(1+level)/2}, interval [est - q se, est + q se]; 'greater': q = t_level,
 * [est - q se, +inf); 'less': (-inf, est + q se]), as scipy.stats' TtestResult.confidence_interval.
 *
 * Guarantee: the tails and quantile of checkers/stats/student-t.ts (relative error below 1e-12 against scipy),
 * applied to t computed in float64 from the data.
 *
 * Example: `tPValue(2.7764451051977987, 4, 'two-sided')` is 0.05 and `tPValue(2, 5, 'greater')` is
 * 0.05096973941492914; `tInterval(1, 0.5, 4, 0.95, 'two-sided', 'mean difference')` is [-0.388..., 2.388...].
 */
import { DomainError } from '../../errors';
import { tCdf, tQuantile, tTwoSided, tUpperTail } from '../student-t';
import type { Alternative, ConfidenceInterval, TestResult } from './types';

/** P-value of an observed t with `dof` degrees of freedom. */
export function tPValue(t: number, dof: number, alternative: Alternative): number {
  if (alternative === 'greater') return tUpperTail(t, dof);
  if (alternative === 'less') return tCdf(t, dof);
  return tTwoSided(t, dof);
}

/** The interval for `estimate` with standard error `se`, at `level`, one- or two-sided as the alternative. */
export function tInterval(
  estimate: number,
  se: number,
  dof: number,
  level: number,
  alternative: Alternative,
  of: ConfidenceInterval['of'],
): ConfidenceInterval {
  if (alternative === 'two-sided') {
    const half = tQuantile(0.5 + level / 2, dof) * se;
    return { level, low: estimate - half, high: estimate + half, of };
  }
  const half = tQuantile(level, dof) * se;
  return alternative === 'greater'
    ? { level, low: estimate - half, high: Infinity, of }
    : { level, low: -Infinity, high: estimate + half, of };
}

/** The accuracy statement every t test carries. */
export const T_P_ACCURACY =
  'relative error below 1e-12 of the t tail at the computed t (student-t.ts, checked against scipy); t itself is float64 arithmetic on the data';

/** Throws the one error all t tests give for a spread that is zero or rounding noise. */
export function zeroSpread(test: string, what: string): never {
  throw new DomainError(test, `${what} is zero (or only float64 rounding): the t statistic is undefined; compare the values directly`);
}

/** Builds a t test's result from its parts (shared so the three tests fill the fields alike). */
export function tResult(parts: Omit<TestResult, 'dof' | 'p' | 'guarantee' | 'pAccuracy'> & { dof: number; method: string }): TestResult {
  const { method, ...rest } = parts;
  return {
    ...rest,
    p: tPValue(parts.statistic, parts.dof, parts.alternative),
    guarantee: { kind: 'exact', method },
    pAccuracy: T_P_ACCURACY,
  };
}
