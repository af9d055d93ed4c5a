/**
 * Weighted least squares with a few design columns (1 to 4), for the inner loop of the separable growth-law
 * fits: the nonlinear parameter is searched in one dimension and, for each trial value, the linear
 * coefficients are solved exactly here (variable projection; Golub and Pereyra 1973). Buffers are allocated
 * once per problem size, so a search over a million rows allocates nothing per step.
 *
 * Method: modified Gram-Schmidt on the row-scaled columns sqrt(w) X, re-orthogonalised once when a pass
 * removed more than half of a column's norm (Kahan-Parlett "twice is enough", Giraud et al. 2005); the residual sum is computed from the explicit residual,
 * a sum of squares, so it never cancels. Guarantee: approximate, backward stable like Householder QR for
 * these column counts; test/checkers/stats/nonlinear-fit.test.ts compares it with wls.ts and scipy.
 */
import { DomainError } from '../errors';

export interface FewColumnFit {
  /** Coefficients, one per column. */
  coef: number[];
  /** Weighted residual sum of squares sum w_i (y_i - yhat_i)^2. */
  chi2: number;
}

export class FewColumnLsq {
  private readonly q: Float64Array[];
  private readonly r: Float64Array;
  private readonly res: Float64Array;

  /** `sqrtW`: the square roots of the weights (all 1 for ordinary least squares). */
  constructor(
    private readonly y: ArrayLike<number>,
    private readonly sqrtW: ArrayLike<number>,
    private readonly maxColumns = 4,
  ) {
    const n = y.length;
    this.q = Array.from({ length: maxColumns }, () => new Float64Array(n));
    this.r = new Float64Array(maxColumns * maxColumns);
    this.res = new Float64Array(n);
  }

  /**
   * Fits y on the given columns (each of length n). Throws DomainError when a column is numerically
   * dependent on the earlier ones. Example: columns [1, 1, 1] and [0, 1, 2] with y = [1, 3, 5] give coef [1, 2].
   */
  solve(columns: readonly ArrayLike<number>[]): FewColumnFit {
    const n = this.y.length;
    const m = columns.length;
    if (m === 0 || m > this.maxColumns) throw new DomainError('FewColumnLsq', `${m} columns; 1 to ${this.maxColumns} supported`);
    if (n < m) throw new DomainError('FewColumnLsq', `${n} observations cannot determine ${m} coefficients`);
    const r = this.r.fill(0);
    for (let j = 0; j < m; j++) {
      const qj = this.q[j] as Float64Array;
      const col = columns[j] as ArrayLike<number>;
      let scale = 0;
      for (let i = 0; i < n; i++) {
        const v = (col[i] as number) * (this.sqrtW[i] as number);
        qj[i] = v;
        scale += v * v;
      }
      const before = Math.sqrt(scale);
      let norm = before;
      for (let pass = 0; pass < 2 && j > 0; pass++) {
        for (let k = 0; k < j; k++) {
          const qk = this.q[k] as Float64Array;
          let dot = 0;
          for (let i = 0; i < n; i++) dot += (qk[i] as number) * (qj[i] as number);
          for (let i = 0; i < n; i++) qj[i] = (qj[i] as number) - dot * (qk[i] as number);
          r[k * m + j] = (r[k * m + j] as number) + dot;
        }
        const previous = norm;
        norm = 0;
        for (let i = 0; i < n; i++) norm += (qj[i] as number) ** 2;
        norm = Math.sqrt(norm);
        // Kahan-Parlett: a pass that kept more than half the norm left the column orthogonal to working precision.
        if (norm > 0.5 * previous) break;
      }
      if (!(norm > 1e-12 * before)) throw new DomainError('FewColumnLsq', `design column ${j} is linearly dependent on the others`);
      for (let i = 0; i < n; i++) qj[i] = (qj[i] as number) / norm;
      r[j * m + j] = norm;
    }
    // Project the scaled y: z = Q'b, residual b - Q z (twice, for the same reason).
    const res = this.res;
    for (let i = 0; i < n; i++) res[i] = (this.y[i] as number) * (this.sqrtW[i] as number);
    const z = new Array<number>(m).fill(0);
    for (let pass = 0; pass < 2; pass++) {
      for (let k = 0; k < m; k++) {
        const qk = this.q[k] as Float64Array;
        let dot = 0;
        for (let i = 0; i < n; i++) dot += (qk[i] as number) * (res[i] as number);
        for (let i = 0; i < n; i++) res[i] = (res[i] as number) - dot * (qk[i] as number);
        z[k] = (z[k] as number) + dot;
      }
    }
    let chi2 = 0;
    for (let i = 0; i < n; i++) chi2 += (res[i] as number) ** 2;
    const coef = new Array<number>(m).fill(0);
    for (let i = m - 1; i >= 0; i--) {
      let s = z[i] as number;
      for (let k = i + 1; k < m; k++) s -= (r[i * m + k] as number) * (coef[k] as number);
      coef[i] = s / (r[i * m + i] as number);
    }
    return { coef, chi2 };
  }
}
