/**
 * Whether a growth law is rejected by the data: a lack-of-fit test at a stated level, over the law's whole
 * parameter range or over the part of it named by `region`.
 * - Known standard errors: chi-square goodness of fit, chi2 = sum ((y - yhat)/se)^2 on n - m degrees of
 *   freedom (m linear coefficients) at the best-fitting nonlinear parameter. At every fixed value of that
 *   parameter the test is exact under Gaussian errors; taking the best value inverts it (the law is rejected
 *   only when every member is), so its level holds exactly for the true member and conservatively overall.
 * - Unknown errors: a J test (Davidson and MacKinnon 1981) of the law, at its best-fitting nonlinear parameter
 *   in the region, against the best-fitting law of the other kind: the law's columns plus that law's fitted
 *   curve as one extra column, F = (S_law - S_aug) / (S_aug / (n - k - 1)) on (1, n - k - 1) degrees of
 *   freedom (k the law's fitted parameters). A bounded law is thus tested against the best growing law and a
 *   growing law against the best bounded one. For the constant law against the log law this is exactly the t
 *   test of the log slope (F = t^2); otherwise the F distribution is the usual approximation (the extra column
 *   and the nonlinear parameter are estimated; Gallant 1987, ch. 1.5; the J test is somewhat oversized at small
 *   n, measured in test/checkers/stats/growth-conclusion.test.ts). A test with a fixed extra column (ln x, say)
 *   has no power once the nonlinear parameter is free: some member's misfit is always orthogonal to it.
 * Guarantee: approximate (floating point), with the small-sample distributions of student-t.ts.
 */
import { DomainError } from '../errors';
import type { LawName, LawProblem, LawSpec, SeparableFit } from './growth-laws';
import { LAWS, MATERIAL_LOG_INVERSE, separableFit, workColumn } from './growth-laws';
import { chiSquareUpperTail, fUpperTail } from './student-t';

export interface LackOfFit {
  test: 'chi-square' | 'F';
  /** The law whose fitted curve is the extra column of the F test (unknown errors). */
  against?: LawName;
  statistic: number;
  /** Degrees of freedom: of the chi-square, or the F's denominator (its numerator is 1). */
  dof: number;
  p: number;
  /** The value of the law's nonlinear parameter (p or s) where it is least rejected. */
  at?: { name: string; value: number };
  /**
   * `all`: the law's whole parameter range; `near`: for bounded laws the members that cover at least half their
   * approach, for log-inverse the members whose log term makes at least half the fitted change.
   */
  region: 'all' | 'near';
}

/** The best-fitting law of the other kind, as the alternative of the F test (unknown errors). */
export interface Alternative {
  name: LawName;
  fitted: Float64Array;
}

/**
 * The lack-of-fit test of `name` over `region`, or null when there are too few points for it (chi-square
 * needs n > m, the F test n > k + 1), the region is empty, or (unknown errors) no alternative is given.
 * `fitted`: the law's fit over its whole range, if already made. Example: for y = 1 + 0.5 ln x exactly at
 * x = 1..10 without errors, the constant law against the log law has F = Infinity, p = 0.
 */
export function lackOfFit(
  P: LawProblem,
  name: LawName,
  region: 'all' | 'near' = 'all',
  alternative?: Alternative,
  fitted?: SeparableFit,
): LackOfFit | null {
  // log-inverse's `near` members are those whose growth is material (growth-laws.ts, MATERIAL_LOG_INVERSE).
  const spec = region === 'near' && name === 'log-inverse' ? MATERIAL_LOG_INVERSE : LAWS[name];
  const range = region === 'near' ? (spec.nearRange(P) ?? spec.range(P)) : spec.range(P);
  if (range === null && spec.k > spec.m) return null; // a searched parameter but no range (all x equal)
  // The law's own fit over its whole range, when the caller has it (the same search, not repeated).
  const fitIn = (r: [number, number] | null): SeparableFit =>
    fitted !== undefined && (region === 'all' || spec.nearRange(P) === null) ? fitted : separableFit(P, spec, r, workColumn(P, 2));
  if (P.known) {
    const dof = P.n - spec.m;
    if (dof < 1) return null;
    const fit = fitIn(range);
    return { test: 'chi-square', statistic: fit.chi2, dof, p: chiSquareUpperTail(fit.chi2, dof), region, ...paramAt(P, spec, fit.t) };
  }
  const dof = P.n - spec.k - 1;
  if (dof < 1 || alternative === undefined) return null;
  const t = range === null ? Number.NaN : fitIn(range).t;
  const f = fStatistic(P, spec, t, dof, alternative.fitted);
  return { test: 'F', against: alternative.name, statistic: f, dof, p: fUpperTail(f, 1, dof), region, ...paramAt(P, spec, t) };
}

/** F of the law at t against the law plus the extra column; 0 when the column adds nothing it can fit. */
function fStatistic(P: LawProblem, spec: LawSpec, t: number, dof: number, extra: Float64Array): number {
  let sLaw: number;
  let sAug: number;
  try {
    sLaw = P.lsq.solve(spec.columns(P, t)).chi2;
    sAug = P.lsq.solve([...spec.columns(P, t), extra]).chi2;
  } catch (err) {
    if (err instanceof DomainError) return 0; // the extra column lies in the law's span: nothing to test
    throw err;
  }
  // A law that fits to rounding (residual below 1e-8 of the data's scale) has no lack of fit to test.
  let scale = 0;
  for (let i = 0; i < P.n; i++) scale += ((P.y[i] as number) * (P.sqrtW[i] as number)) ** 2;
  if (sLaw <= 1e-16 * scale) return 0;
  const drop = Math.max(0, sLaw - sAug);
  if (drop <= 1e-13 * sLaw) return 0; // rounding, not signal
  if (sAug === 0) return Infinity;
  return drop / (sAug / dof);
}

function paramAt(P: LawProblem, spec: LawSpec, t: number): { at?: { name: string; value: number } } {
  if (Number.isNaN(t)) return {};
  if (spec.name === 'exponential') return { at: { name: 's', value: (P.xMax - P.x0) / t } };
  if (spec.name === 'log-shift') return { at: { name: 'h', value: t } };
  if (spec.name === 'log-inverse') return { at: { name: 'c/(b K)', value: t - 2 } };
  return { at: { name: 'p', value: t / P.lnR } };
}
