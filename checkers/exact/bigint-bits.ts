/**
 * Cheap facts about BigInt magnitudes: bit length without `toString`, and the leading bits of a number as a
 * float64 at a chosen binary scale. V8's right shift costs time proportional to the RESULT length, so
 * shifting a number by nearly its own length is O(1): these helpers exploit that.
 */

/** |n| as a BigInt. Exact. Example: `absBig(-5n)` returns `5n`. */
export function absBig(n: bigint): bigint {
  return n < 0n ? -n : n;
}

/**
 * Number of bits of |n| (0 for 0). Exact. An optional `hint` (a guess of the answer, e.g. the length one step
 * earlier) makes it O(1) when close. Example: `bitLength(255n)` returns 8, `bitLength(-256n)` returns 9.
 */
export function bitLength(n: bigint, hint?: number): number {
  const a = n < 0n ? -n : n;
  if (a < 0x20000000000000n) return smallBitLength(Number(a));
  // Find a shift s with 2^0 <= a >> s < 2^53, then finish exactly from the float64 value of the top part.
  // Invariant: a >> lo is at least 2^53 (lo = -1 while unknown); a >> hi is 0 (hi = Infinity while unknown).
  let lo = -1;
  let hi = Infinity;
  let s = hint !== undefined && hint > 53 ? hint - 53 : 64;
  for (;;) {
    const top = a >> BigInt(s);
    if (top === 0n) hi = s;
    else if (top >= 0x20000000000000n) lo = s;
    else return s + smallBitLength(Number(top));
    // Gallop upwards while no upper bound is known (each shift only touches the result digits), else bisect.
    s = hi === Infinity ? Math.max(2 * s, s + 64) : Math.floor((Math.max(lo, 0) + hi) / 2);
  }
}

/** Bit length of a non-negative integer below 2^53 given as a number. */
function smallBitLength(x: number): number {
  if (x < 2 ** 32) return 32 - Math.clz32(x);
  return 64 - Math.clz32(Math.floor(x / 2 ** 32));
}

/**
 * Floor of n / 2^shift as a float64 when that quotient is below 2^53 in magnitude (so the conversion is exact);
 * the truncation error against n / 2^shift is below 1. Example: `scaledFloat(1000n, 3)` returns 125.
 */
export function scaledFloat(n: bigint, shift: number): number {
  return Number(shift > 0 ? (n < 0n ? -(-n >> BigInt(shift)) : n >> BigInt(shift)) : n);
}
