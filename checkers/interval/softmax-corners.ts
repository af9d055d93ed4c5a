/**
 * Log-sum-exp, softmax and log-softmax at one corner of a box of logits (a vector of exact floats), each a
 * chain of MPFR steps rounded in one direction at a working precision above the arena's, then rounded once
 * to the arena's precision. lse is increasing in every logit; softmax_i and log softmax_i are increasing in x_i
 * and decreasing in every other logit; so each end of their exact range over the box is the value at one
 * corner (softmax.ts picks it). Forms, with M a shift (any value works; the largest entry keeps exp <= 1):
 *   lse(x)            = x_k + log1p(sum_{j != k} exp(x_j - x_k)),        k the largest entry
 *   log softmax_i(x)  = -softplus(z_i),  softmax_i(x) = 1 / (1 + exp(z_i)),
 *   z_i               = M - x_i + ln(sum_{j != i} exp(x_j - M)),
 * each logit used once, with one monotonicity, so rounding every step the way that moves the result in the
 * requested direction bounds it (MPFR rounds each step correctly). Working at bits + 64 + the logits' binary
 * magnitude (the exp arguments' absolute rounding grows with it) leaves each bound within about one unit of
 * the exact end; lse raises the precision again when x_k and log1p(...) cancel.
 * Guarantee (enclosure, per end): the result is below (RND.down) or above (RND.up) the exact value.
 * Example: `lseCorner(mpfr, [x0, x1], RND.up, out, 53)` with x0 = x1 = 0 sets out to ln 2 rounded up.
 */
import type { Mpfr, MpfrPtr } from '../precise/mpfr';
import { softplusEndpoint } from './softplus';
import { flip, withFloats, type Direction } from './working';

/** bits + 64 guard bits + the binary exponent of the largest logit (when above 1). */
function workingBits(m: Mpfr, xs: readonly MpfrPtr[], bits: number): number {
  const b = m.binding;
  let magnitude = 0;
  for (const x of xs) if (b.mpfr_regular_p(x) !== 0) magnitude = Math.max(magnitude, b.mpfr_get_exp(x));
  return bits + 64 + magnitude;
}

/** Index of the largest entry (the first on ties), skipping index `skip`; -1 when nothing is left. */
function largest(m: Mpfr, xs: readonly MpfrPtr[], skip = -1): number {
  let best = -1;
  xs.forEach((x, j) => {
    if (j !== skip && (best < 0 || m.binding.mpfr_cmp(x, xs[best] as MpfrPtr) > 0)) best = j;
  });
  return best;
}

/** Sets `out` to lse(xs) rounded `dir`, rounded once more to `out`'s precision. */
export function lseCorner(m: Mpfr, xs: readonly MpfrPtr[], dir: Direction, out: MpfrPtr, bits: number): void {
  const b = m.binding;
  const k = largest(m, xs);
  const top = xs[k] as MpfrPtr;
  const cap = 16 * bits + 4096;
  let w = workingBits(m, xs, bits);
  for (;;) {
    const lost = withFloats(m, w, 3, ([t, acc, r]) => {
      b.mpfr_set_si(acc as MpfrPtr, 0, dir);
      xs.forEach((x, j) => {
        if (j === k) return;
        b.mpfr_sub(t as MpfrPtr, x, top, dir);
        b.mpfr_exp(t as MpfrPtr, t as MpfrPtr, dir);
        b.mpfr_add(acc as MpfrPtr, acc as MpfrPtr, t as MpfrPtr, dir);
      });
      b.mpfr_log1p(acc as MpfrPtr, acc as MpfrPtr, dir);
      b.mpfr_add(r as MpfrPtr, top, acc as MpfrPtr, dir);
      // Cancellation between x_k and log1p(...) costs their exponent minus the result's.
      const cancelled =
        b.mpfr_regular_p(r as MpfrPtr) !== 0 && b.mpfr_regular_p(top) !== 0 ? b.mpfr_get_exp(top) - b.mpfr_get_exp(r as MpfrPtr) : 0;
      if (cancelled > 32 && w < cap) return cancelled;
      b.mpfr_set(out, r as MpfrPtr, dir);
      return 0;
    });
    if (lost === 0) return;
    w = Math.min(cap, w + lost);
  }
}

/**
 * Softmax (kind 'softmax') or log-softmax ('log') of entry i at the corner whose entry i is `own` and whose
 * other entries are `others[j]` (others[i] is ignored), rounded `dir`, for every i at once: O(n) with prefix and
 * suffix sums of exp(others_j - M). `outs[i]` receives entry i.
 */
export function softmaxCorners(
  m: Mpfr,
  kind: 'softmax' | 'log',
  own: readonly MpfrPtr[],
  others: readonly MpfrPtr[],
  dir: Direction,
  outs: readonly MpfrPtr[],
  bits: number,
): void {
  const b = m.binding;
  const n = own.length;
  if (n === 1) {
    b.mpfr_set_si(outs[0] as MpfrPtr, kind === 'softmax' ? 1 : 0, dir);
    return;
  }
  // z_i bounds the result from the other side: softmax_i and log softmax_i decrease in z_i.
  const zDir = flip(dir);
  const w = workingBits(m, [...own, ...others], bits);
  withFloats(m, w, 2 * n + 6, (fs) => {
    const [t, z, shift, u] = fs.slice(2 * n) as [MpfrPtr, MpfrPtr, MpfrPtr, MpfrPtr];
    const prefix = fs.slice(0, n); // prefix[i] = sum_{j < i} exp(others_j - M)
    const suffix = fs.slice(n, 2 * n); // suffix[i] = sum_{j > i} exp(others_j - M)
    b.mpfr_set(shift, others[largest(m, others)] as MpfrPtr, zDir);
    const term = (j: number) => {
      b.mpfr_sub(t, others[j] as MpfrPtr, shift, zDir);
      b.mpfr_exp(t, t, zDir);
    };
    b.mpfr_set_si(prefix[0] as MpfrPtr, 0, zDir);
    for (let i = 1; i < n; i++) {
      term(i - 1);
      b.mpfr_add(prefix[i] as MpfrPtr, prefix[i - 1] as MpfrPtr, t, zDir);
    }
    b.mpfr_set_si(suffix[n - 1] as MpfrPtr, 0, zDir);
    for (let i = n - 2; i >= 0; i--) {
      term(i + 1);
      b.mpfr_add(suffix[i] as MpfrPtr, suffix[i + 1] as MpfrPtr, t, zDir);
    }
    for (let i = 0; i < n; i++) {
      // z = M - x_i + ln(prefix + suffix); ln(0) = -infinity when every other term rounded to 0 (z = -inf is exact then)
      b.mpfr_add(u, prefix[i] as MpfrPtr, suffix[i] as MpfrPtr, zDir);
      b.mpfr_log(u, u, zDir);
      b.mpfr_sub(z, shift, own[i] as MpfrPtr, zDir);
      b.mpfr_add(z, z, u, zDir);
      if (kind === 'log') {
        softplusEndpoint(b, t, z, u, zDir);
        b.mpfr_neg(outs[i] as MpfrPtr, t, dir);
      } else {
        b.mpfr_exp(t, z, zDir);
        b.mpfr_add_ui(t, t, 1, zDir);
        b.mpfr_ui_div(outs[i] as MpfrPtr, 1, t, dir);
      }
    }
  });
}
