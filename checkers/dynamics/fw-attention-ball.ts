/**
 * The fw-attention state as a high-precision BALL enclosure: y = lambda x(t) with every coordinate an integer
 * centre M and radius R, |Y - M| <= R, centres kept at about `prec` bits (lambda = lambdaDen * 2^lambdaExp,
 * one positive factor; no sign the dynamic asks sees it). The escalation stage of the enclosure stepper
 * (`FwAttentionEnclosure`): when float64 radii cannot decide a question, the state is enclosed again at
 * `prec` bits from the nearest checkpoint (an exact state or an earlier ball state) by replaying the proven
 * argmins, at a cost linear in the steps and in `prec`, instead of recomputing the exact state.
 *
 * One step is the exact update  Y_i <- (keep Y_i + move Y_j) / m  (halved when m = t + c is even) in integer
 * arithmetic: the numerator keep M_i + move M_j is exact, the division truncates (error < 1), and the radius
 * becomes ceil((keep R_i + move R_j) / m) + 1: a convex combination, so radii grow by at most two units per
 * step. When the centres shrink below prec - 1 bits they are shifted left (an exact rescaling of lambda).
 * Guarantee: |lambda X - M| <= R for every coordinate, at every step (tested against the exact state).
 * Example: `ballStep(seedBall(nums, den, 0, 128), jStar, c)` encloses x(1) at 128 bits.
 */
import { bitLength } from '../exact/bigint-bits';

export interface FwBall {
  /** Step t of the enclosed state x(t). */
  readonly t: number;
  /** Bits of the largest centre the state is kept at. */
  readonly prec: number;
  readonly mids: readonly bigint[];
  readonly rads: readonly bigint[];
  /** lambda = lambdaDen * 2^lambdaExp > 0, with y = lambda x. */
  readonly lambdaDen: bigint;
  readonly lambdaExp: number;
}

function maxBitsOf(values: readonly bigint[]): number {
  let hi = 0n;
  for (const v of values) {
    const a = v < 0n ? -v : v;
    if (a > hi) hi = a;
  }
  return bitLength(hi);
}

/**
 * Enclose the exact state x(t) = nums / den at `prec` bits: centres nums * 2^-s rounded toward minus
 * infinity (radius 1 when s > 0, else exact with radius 0). Exact enclosure.
 */
export function seedBall(nums: readonly bigint[], den: bigint, t: number, prec: number): FwBall {
  const s = maxBitsOf(nums) - prec;
  if (s <= 0) {
    const up = BigInt(-s);
    return { t, prec, mids: nums.map((x) => x << up), rads: nums.map(() => 0n), lambdaDen: den, lambdaExp: -s };
  }
  const down = BigInt(s);
  return { t, prec, mids: nums.map((x) => x >> down), rads: nums.map(() => 1n), lambdaDen: den, lambdaExp: -s };
}

/**
 * x(t + 1) from x(t) with the proven argmins `jStar` (dimension `dim`), parameter c. Exact enclosure.
 */
export function ballStep(b: FwBall, jStar: ArrayLike<number>, dim: number, c: number): FwBall {
  const t = b.t + 1;
  let m = BigInt(t + c);
  let keep = m - 2n;
  let move = 2n;
  if ((m & 1n) === 0n) {
    m >>= 1n;
    keep >>= 1n;
    move = 1n;
  }
  const n = jStar.length;
  const mids = new Array<bigint>(n * dim);
  const rads = new Array<bigint>(n * dim);
  let hi = 0n;
  for (let i = 0; i < n; i++) {
    const j = jStar[i]!;
    for (let k = 0; k < dim; k++) {
      const num = keep * b.mids[i * dim + k]! + move * b.mids[j * dim + k]!;
      const rnum = keep * b.rads[i * dim + k]! + move * b.rads[j * dim + k]!;
      const q = num / m;
      // |num/m - q| < 1 when the division is inexact; ceil(rnum / m) bounds rnum / m.
      const r = (rnum + m - 1n) / m + (q * m === num ? 0n : 1n);
      mids[i * dim + k] = q;
      rads[i * dim + k] = r;
      const a = q < 0n ? -q : q;
      if (a > hi) hi = a;
    }
  }
  // Centres shrink with the state; shift them back up to prec bits (y and lambda both times 2^s: exact).
  const s = b.prec - bitLength(hi);
  if (hi !== 0n && s > 1) {
    const up = BigInt(s);
    for (let k = 0; k < mids.length; k++) {
      mids[k] = mids[k]! << up;
      rads[k] = rads[k]! << up;
    }
    return { t, prec: b.prec, mids, rads, lambdaDen: b.lambdaDen, lambdaExp: b.lambdaExp + s };
  }
  return { t, prec: b.prec, mids, rads, lambdaDen: b.lambdaDen, lambdaExp: b.lambdaExp };
}
