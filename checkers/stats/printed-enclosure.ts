/**
 * Bounds on a printed statistic over the rounding box of the table it was computed from: every cell of the
 * table is known only to half a unit in its last printed digit, so the statistic of the unrounded table lies
 * somewhere in the range the statistic takes over that box. The statistics of checkers/stats/printed-statistics.ts
 * are evaluated in MPFR interval arithmetic (checkers/interval) with each cell an interval.
 *
 * Statistics linear in the rounded column (a linear or log law's slope and intercept with exact x, a mean, a
 * paired difference) are written as sum_i c_i y_i with each y_i appearing once, so their interval is the exact
 * range sum |c_i| h_i around the value (up to outward rounding). The others (standard errors, sd, ratios, t,
 * a power law's log of a rounded y, a fit on a rounded x) are enclosures that may be wider than the exact range
 * (each interval operation bounds its worst case): never narrower, so a printed value outside them is
 * outside every value the statistic can take on the box.
 * Guarantee: enclosure for every statistic but the p-value; the p-value's bounds are the float64 t tail
 * (checkers/stats/t-tail.ts) at the extremes of |t| (and of Welch's dof, at 9 points of its range): approximate.
 */
import type { Interval, IntervalArena } from '../interval/arena';
import { abs, powInt } from '../interval/elementary';
import { add, div, ln, mul, sqrt, sub, sum } from '../interval/ops';
import { UndecidedError } from '../interval/undecided';
import { DomainError } from '../errors';
import { tTwoSided as twoSidedTailT } from './student-t';
import type { PrintedMethod, TTest } from './printed-statistics';

/** Rows up to which residuals and deviations are formed exactly as sum_j M_ij y_j (O(n^2)); above, O(n). */
const EXACT_FORM_ROWS = 300;

/** Interval bounds of the statistic and of its standard error; null: not bounded (a divisor may be 0). */
export interface Enclosure {
  readonly value: Interval | null;
  readonly se?: Interval | null;
  /** The p-value's approximate bounds (method 'p' only; `value` is then null). */
  readonly pRange?: { readonly lo: number; readonly hi: number };
}

/**
 * The enclosure of method `m` over `box` (one interval array per column of methodColumns(m)).
 * Example: `encloseStatistic(I, { method: 'mean', column: 'y' }, [[I.enclose('1'), I.enclose('2')]]).value` contains 3/2.
 */
export function encloseStatistic(I: IntervalArena, m: PrintedMethod, box: readonly (readonly Interval[])[]): Enclosure {
  const [c0 = [], c1 = []] = box;
  const n = c0.length;
  switch (m.method) {
    case 'fit-slope':
    case 'fit-intercept': {
      const u = m.law === 'linear' ? c0 : c0.map((x) => positiveLn(x, m.x));
      const v = m.law === 'power' ? c1.map((y) => positiveLn(y, m.y)) : c1;
      const fit = fitEnclosure(I, u, v);
      return m.method === 'fit-slope' ? { value: fit.slope, se: fit.seSlope } : { value: fit.intercept, se: fit.seIntercept };
    }
    case 'mean':
      return { value: meanOf(I, c0), se: guarded(() => div(sdOf(I, c0, 1), sqrtText(I, n))) };
    case 'sd':
      return { value: guarded(() => sdOf(I, c0, m.ddof)) };
    case 'ratio-of-means':
      return { value: guarded(() => div(meanOf(I, c0), meanOf(I, c1))) };
    case 'mean-difference': {
      if (m.paired) {
        const d = c0.map((a, i) => sub(a, c1[i] as Interval));
        return { value: meanOf(I, d), se: guarded(() => div(sdOf(I, d, 1), sqrtText(I, n))) };
      }
      return {
        value: sub(meanOf(I, c0), meanOf(I, c1)),
        se: guarded(() => sqrt(add(div(varOf(I, c0, 1), I.enclose(n)), div(varOf(I, c1, 1), I.enclose(c1.length))))),
      };
    }
    default: {
      const t = guarded(() => tEnclosure(I, m.test, c0, c1));
      if (m.method === 't') return { value: t === null ? null : t.t };
      if (t === null) return { value: null, pRange: { lo: 0, hi: 1 } };
      return { value: null, pRange: pRangeOf(I, t.t, t.dof) };
    }
  }
}

/** Slope, intercept and their OLS standard errors of v = a + b u over the box. */
function fitEnclosure(I: IntervalArena, u: readonly Interval[], v: readonly Interval[]) {
  const n = u.length;
  const uBar = meanOf(I, u);
  const du = u.map((x) => sub(x, uBar));
  const suu = sum(
    I,
    du.map((d) => powInt(d, 2)),
  );
  const c = du.map((d) => div(d, suu));
  const invN = I.rational(1n, BigInt(n));
  const slope = sum(
    I,
    c.map((ci, i) => mul(ci, v[i] as Interval)),
  );
  const interceptWeights = c.map((ci) => sub(invN, mul(uBar, ci)));
  const intercept = sum(
    I,
    interceptWeights.map((w, i) => mul(w, v[i] as Interval)),
  );
  let residuals: Interval[];
  if (n <= EXACT_FORM_ROWS) {
    // r_i = sum_j (delta_ij - 1/n - du_i c_j) v_j: each v_j once per residual.
    residuals = du.map((dui, i) =>
      sum(
        I,
        v.map((vj, j) => mul(sub(i === j ? I.enclose(1) : I.enclose(0), add(invN, mul(dui, c[j] as Interval))), vj)),
      ),
    );
  } else {
    const vBar = meanOf(I, v);
    residuals = v.map((vi, i) => sub(sub(vi, vBar), mul(slope, du[i] as Interval)));
  }
  const rss = sum(
    I,
    residuals.map((r) => powInt(r, 2)),
  );
  const s2 = div(rss, I.enclose(n - 2));
  const seSlope = guarded(() => sqrt(div(s2, suu)));
  const seIntercept = guarded(() => sqrt(mul(s2, add(invN, div(powInt(uBar, 2), suu)))));
  return { slope, intercept, seSlope, seIntercept };
}

/** t of a minus b and its dof (an interval for Welch's). */
function tEnclosure(I: IntervalArena, test: TTest, a: readonly Interval[], b: readonly Interval[]): { t: Interval; dof: Interval } {
  const n1 = a.length;
  const n2 = b.length;
  if (test === 'paired') {
    const d = a.map((x, i) => sub(x, b[i] as Interval));
    return { t: div(meanOf(I, d), div(sdOf(I, d, 1), sqrtText(I, n1))), dof: I.enclose(n1 - 1) };
  }
  const v1 = varOf(I, a, 1);
  const v2 = varOf(I, b, 1);
  const diff = sub(meanOf(I, a), meanOf(I, b));
  if (test === 'student') {
    const pooled = div(add(mul(v1, I.enclose(n1 - 1)), mul(v2, I.enclose(n2 - 1))), I.enclose(n1 + n2 - 2));
    return { t: div(diff, sqrt(mul(pooled, I.rational(BigInt(n1 + n2), BigInt(n1 * n2))))), dof: I.enclose(n1 + n2 - 2) };
  }
  const q1 = div(v1, I.enclose(n1));
  const q2 = div(v2, I.enclose(n2));
  const dof = div(powInt(add(q1, q2), 2), add(div(powInt(q1, 2), I.enclose(n1 - 1)), div(powInt(q2, 2), I.enclose(n2 - 1))));
  return { t: div(diff, sqrt(add(q1, q2))), dof };
}

/** The p-value's range: smallest at the largest |t| and largest at the smallest, over the dof range. */
function pRangeOf(I: IntervalArena, t: Interval, dof: Interval): { lo: number; hi: number } {
  const at = abs(t);
  const tLo = boundOf(I, at, 'lo');
  const tHi = boundOf(I, at, 'hi');
  const dLo = Math.max(boundOf(I, dof, 'lo'), 1e-9);
  const dHi = boundOf(I, dof, 'hi');
  const dofs = dLo === dHi ? [dLo] : Array.from({ length: 9 }, (_, k) => dLo + ((dHi - dLo) * k) / 8);
  let lo = 1;
  let hi = 0;
  for (const d of dofs) {
    lo = Math.min(lo, twoSidedTailT(tHi, d));
    hi = Math.max(hi, twoSidedTailT(tLo, d));
  }
  // The float tail is accurate to about 1e-12 relative: widen by 1e-9 relative (and 1e-300 absolute).
  return { lo: Math.max(0, lo * (1 - 1e-9) - 1e-300), hi: Math.min(1, hi * (1 + 1e-9) + 1e-300) };
}

/** A float64 bound of `x` rounded outward (its decimal at 17 digits, then one more ulp outward). */
export function boundOf(I: IntervalArena, x: Interval, side: 'lo' | 'hi'): number {
  const f = I.format(x, 17);
  const v = Number(side === 'lo' ? f.lo : f.hi);
  if (!Number.isFinite(v)) return v;
  return side === 'lo' ? nextDown(v) : -nextDown(-v);
}

function nextDown(v: number): number {
  if (v === 0) return -Number.MIN_VALUE;
  const buf = new Float64Array([v]);
  const bits = new BigInt64Array(buf.buffer);
  bits[0] = (bits[0] as bigint) + (v > 0 ? -1n : 1n);
  return buf[0] as number;
}

function meanOf(I: IntervalArena, xs: readonly Interval[]): Interval {
  return div(sum(I, xs), I.enclose(xs.length));
}

/** Sum of squared deviations over (n - ddof); deviations formed exactly (sum_j (delta_ij - 1/n) x_j) for small n. */
function varOf(I: IntervalArena, xs: readonly Interval[], ddof: number): Interval {
  const n = xs.length;
  if (n - ddof <= 0) throw new DomainError('printed statistic', `${n} values leave no degree of freedom for ddof ${ddof}`);
  const invN = I.rational(1n, BigInt(n));
  const bar = meanOf(I, xs);
  const deviations =
    n <= EXACT_FORM_ROWS
      ? xs.map((_, i) =>
          sum(
            I,
            xs.map((xj, j) => mul(sub(i === j ? I.enclose(1) : I.enclose(0), invN), xj)),
          ),
        )
      : xs.map((x) => sub(x, bar));
  return div(
    sum(
      I,
      deviations.map((d) => powInt(d, 2)),
    ),
    I.enclose(n - ddof),
  );
}

function sdOf(I: IntervalArena, xs: readonly Interval[], ddof: number): Interval {
  return sqrt(varOf(I, xs, ddof));
}

function sqrtText(I: IntervalArena, n: number): Interval {
  return sqrt(I.enclose(n));
}

function positiveLn(x: Interval, column: string): Interval {
  try {
    return ln(x);
  } catch (err) {
    if (err instanceof DomainError)
      throw new DomainError(
        'printed statistic',
        `column "${column}" holds a value that may be 0 or negative within its rounding: a log or power law needs positive values`,
      );
    throw err;
  }
}

/** The interval, or null when an operation could not bound it (a divisor interval containing 0). */
function guarded<T>(f: () => T): T | null {
  try {
    return f();
  } catch (err) {
    if (err instanceof UndecidedError || (err instanceof DomainError && /divisor|non-negative/.test(err.message))) return null;
    throw err;
  }
}
