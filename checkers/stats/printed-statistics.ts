/**
 * The statistics a logbook prints, recomputed in float64 from the columns of a table: a fit's slope or
 * intercept (ordinary least squares through checkers/stats/wls.ts) of a linear (y = a + b x), log
 * (y = a + b ln x) or power (ln y = a + b ln x) law with its standard error; a mean with its standard error
 * (sd/sqrt n, ddof 1); a standard deviation (ddof 0 or 1); a ratio of two columns' means; a difference of means
 * (paired: se of the mean difference; unpaired: Welch's se); a t statistic (paired, Student's pooled, Welch's)
 * and its two-sided p-value (checkers/stats/t-tail.ts). t and differences are column `a` minus column `b`.
 * Guarantee: approximate (float64, backward-stable; checkers/stats/printed-enclosure.ts gives the rigorous bounds).
 */
import { DomainError } from '../errors';
import { fitLinearColumns } from './wls';
import { tTwoSided as twoSidedTailT } from './student-t';

export type FitLaw = 'linear' | 'log' | 'power';
export type TTest = 'paired' | 'student' | 'welch';

/** Which statistic, computed how, from which columns. */
export type PrintedMethod =
  | { readonly method: 'fit-slope' | 'fit-intercept'; readonly law: FitLaw; readonly x: string; readonly y: string }
  | { readonly method: 'mean'; readonly column: string }
  | { readonly method: 'sd'; readonly column: string; readonly ddof: 0 | 1 }
  | { readonly method: 'ratio-of-means'; readonly numerator: string; readonly denominator: string }
  | { readonly method: 'mean-difference'; readonly a: string; readonly b: string; readonly paired: boolean }
  | { readonly method: 't' | 'p'; readonly test: TTest; readonly a: string; readonly b: string };

/** The recomputed statistic, its standard error where the method has one, and its degrees of freedom. */
export interface Recomputed {
  readonly value: number;
  readonly se?: number;
  readonly dof?: number;
  readonly n: number;
}

/** The columns a method reads, in order. Example: `methodColumns({ method: 'mean', column: 'y' })` is `['y']`. */
export function methodColumns(m: PrintedMethod): string[] {
  switch (m.method) {
    case 'fit-slope':
    case 'fit-intercept':
      return [m.x, m.y];
    case 'mean':
    case 'sd':
      return [m.column];
    case 'ratio-of-means':
      return [m.numerator, m.denominator];
    default:
      return [m.a, m.b];
  }
}

/** A short name of the method for sentences, e.g. `log law, OLS` or `Welch t`. */
export function methodName(m: PrintedMethod): string {
  switch (m.method) {
    case 'fit-slope':
    case 'fit-intercept':
      return `${m.law} law, OLS`;
    case 'mean':
      return 'mean';
    case 'sd':
      return `standard deviation, ddof ${m.ddof}`;
    case 'ratio-of-means':
      return 'ratio of means';
    case 'mean-difference':
      return m.paired ? 'paired mean difference' : 'difference of means';
    default:
      return `${m.test === 'paired' ? 'paired' : m.test === 'student' ? "Student's pooled" : "Welch's"} t test${m.method === 'p' ? ', two-sided' : ''}`;
  }
}

/**
 * The statistic of `m` on `data` (one array per column of methodColumns(m), same length).
 * Example: `recompute({ method: 'mean', column: 'y' }, [[1, 2, 3]])` is `{ value: 2, se: 0.577.., n: 3 }`.
 */
export function recompute(m: PrintedMethod, data: readonly (readonly number[])[]): Recomputed {
  const [c0 = [], c1 = []] = data;
  const n = c0.length;
  switch (m.method) {
    case 'fit-slope':
    case 'fit-intercept': {
      if (n < 3) throw new DomainError('recompute', `a fit with a standard error needs at least 3 rows, got ${n}`);
      const u = c0.map((x) => (m.law === 'linear' ? x : logOf(x, m.x)));
      const v = c1.map((y) => (m.law === 'power' ? logOf(y, m.y) : y));
      const fit = fitLinearColumns([u.map(() => 1), u], v, { knownErrors: false });
      const j = m.method === 'fit-slope' ? 1 : 0;
      return { value: fit.beta[j] as number, se: fit.se[j] as number, dof: n - 2, n };
    }
    case 'mean':
      need(n, 2);
      return { value: mean(c0), se: sd(c0, 1) / Math.sqrt(n), dof: n - 1, n };
    case 'sd':
      need(n, 2);
      return { value: sd(c0, m.ddof), n };
    case 'ratio-of-means':
      need(n, 1);
      return { value: mean(c0) / mean(c1), n };
    case 'mean-difference': {
      need(n, 2);
      if (m.paired) {
        const d = c0.map((a, i) => a - (c1[i] as number));
        return { value: mean(d), se: sd(d, 1) / Math.sqrt(n), dof: n - 1, n };
      }
      return { value: mean(c0) - mean(c1), se: Math.sqrt(sd(c0, 1) ** 2 / n + sd(c1, 1) ** 2 / n), n };
    }
    default: {
      need(n, 2);
      const { t, dof } = tStatistic(m.test, c0, c1);
      return { value: m.method === 't' ? t : twoSidedTailT(t, dof), dof, n };
    }
  }
}

/** The t statistic of `a` minus `b` and its degrees of freedom (Welch-Satterthwaite for Welch's). */
export function tStatistic(test: TTest, a: readonly number[], b: readonly number[]): { t: number; dof: number } {
  const n1 = a.length;
  const n2 = b.length;
  if (test === 'paired') {
    const d = a.map((x, i) => x - (b[i] as number));
    return { t: mean(d) / (sd(d, 1) / Math.sqrt(n1)), dof: n1 - 1 };
  }
  const v1 = sd(a, 1) ** 2;
  const v2 = sd(b, 1) ** 2;
  const diff = mean(a) - mean(b);
  if (test === 'student') {
    const pooled = ((n1 - 1) * v1 + (n2 - 1) * v2) / (n1 + n2 - 2);
    return { t: diff / Math.sqrt(pooled * (1 / n1 + 1 / n2)), dof: n1 + n2 - 2 };
  }
  const q1 = v1 / n1;
  const q2 = v2 / n2;
  return { t: diff / Math.sqrt(q1 + q2), dof: (q1 + q2) ** 2 / (q1 ** 2 / (n1 - 1) + q2 ** 2 / (n2 - 1)) };
}

function mean(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** Standard deviation with `ddof` (two passes: the centred sum, not sum x^2 - n mean^2). */
function sd(xs: readonly number[], ddof: number): number {
  const m = mean(xs);
  let s = 0;
  for (const x of xs) s += (x - m) ** 2;
  return Math.sqrt(s / (xs.length - ddof));
}

function logOf(v: number, column: string): number {
  if (!(v > 0)) throw new DomainError('recompute', `column "${column}" holds ${v}: a log or power law needs positive values`);
  return Math.log(v);
}

function need(n: number, min: number): void {
  if (n < min) throw new DomainError('recompute', `needs at least ${min} rows, got ${n}`);
}
