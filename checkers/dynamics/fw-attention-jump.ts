/**
 * Many exact steps of fw-attention at once: the state after the recorded argmins of steps t0+1 .. t0+T, by a
 * product tree of the step matrices instead of T sequential updates. Step t is the linear map
 *   N <- A_t N,  D <- m_t D,  A_t = keep I + move E(j*),  (keep, move, m_t) = (m - 2, 2, m), m = t + c
 * (halved when m is even), where row i of E(j*) has its 1 at column j*(i). The product of T such n x n integer
 * matrices, taken pairwise in a balanced tree, costs about log T products of large numbers (fast multiplication
 * applies) instead of T multiplications by small numbers of an ever longer state, each followed by periodic gcds:
 * the exact state of step 30,000 from step 0 in a fraction of the sequential time. Exact (integer arithmetic).
 * For many particles (n x n dense products) the sequential replay is cheaper: see `JUMP_MAX_PARTICLES`.
 * Example: `jumpState([3n, 0n, 0n, 1n], 1n, 0, [Int32Array.of(1, 0)], 2, 2)` (particles (3, 0) and (0, 1), c = 2)
 * is {nums: [3n, 2n, 6n, 1n], den: 3n}: x(1) = ((3, 2), (6, 1)) / 3.
 */

/** Above this many particles the n^3 matrix products cost more than stepping; replay sequentially. */
export const JUMP_MAX_PARTICLES = 12;

interface Block {
  /** n x n, row-major. */
  readonly a: bigint[];
  /** Product of the denominators' factors. */
  readonly scale: bigint;
}

function leaf(jStar: ArrayLike<number>, t: number, c: number, n: number): Block {
  let m = BigInt(t + c);
  let keep = m - 2n;
  let move = 2n;
  if ((m & 1n) === 0n) {
    m >>= 1n;
    keep >>= 1n;
    move = 1n;
  }
  const a = new Array<bigint>(n * n).fill(0n);
  for (let i = 0; i < n; i++) {
    a[i * n + i] = a[i * n + i]! + keep;
    const j = jStar[i]!;
    a[i * n + j] = a[i * n + j]! + move;
  }
  return { a, scale: m };
}

/** later * earlier (the earlier steps act first). */
function compose(later: Block, earlier: Block, n: number): Block {
  const a = new Array<bigint>(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      let s = 0n;
      for (let k = 0; k < n; k++) {
        const x = later.a[i * n + k]!;
        if (x !== 0n) {
          const y = earlier.a[k * n + j]!;
          if (y !== 0n) s += x * y;
        }
      }
      a[i * n + j] = s;
    }
  }
  return { a, scale: later.scale * earlier.scale };
}

function product(history: readonly ArrayLike<number>[], from: number, to: number, t0: number, c: number, n: number): Block {
  if (to - from === 1) return leaf(history[from]!, t0 + from + 1, c, n);
  const mid = (from + to) >> 1;
  return compose(product(history, mid, to, t0, c, n), product(history, from, mid, t0, c, n), n);
}

/**
 * The state (numerators over one denominator, not reduced) after applying `history` (argmins of steps t0+1 ..
 * t0+history.length) to x(t0) = nums / den, with `n` particles in dimension `dim`. Exact.
 */
export function jumpState(
  nums: readonly bigint[],
  den: bigint,
  t0: number,
  history: readonly ArrayLike<number>[],
  c: number,
  dim: number,
): { nums: bigint[]; den: bigint } {
  if (history.length === 0) return { nums: [...nums], den };
  const n = nums.length / dim;
  const P = product(history, 0, history.length, t0, c, n);
  const out = new Array<bigint>(nums.length);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < dim; k++) {
      let s = 0n;
      for (let j = 0; j < n; j++) s += P.a[i * n + j]! * nums[j * dim + k]!;
      out[i * dim + k] = s;
    }
  }
  return { nums: out, den: den * P.scale };
}
