/**
 * Integer k-th roots and exact power equalities on BigInt. They decide whether an algebraic value is
 * rational (x^(p/q), the k-th root of x, log_b x) without computing huge powers: a^m = b^n with
 * gcd(m, n) = g holds exactly when a = t^(n/g) and b = t^(m/g) for one integer t (unique factorisation),
 * so a k-th root of a number of L bits with k > L can only be 0 or 1, and no power is ever computed beyond
 * the size of the numbers compared. Guarantee: exact.
 */
import { DomainError } from '../errors';
import { bitLength } from './bigint-bits';

/**
 * floor(n^(1/k)) for n >= 0 and k >= 1, by Newton's iteration from an upper bound (monotone decreasing to
 * the root). Example: `integerRoot(1000n, 3)` is 10n, `integerRoot(999n, 3)` is 9n.
 */
export function integerRoot(n: bigint, k: number): bigint {
  if (n < 0n) throw new DomainError('integerRoot', 'negative radicand');
  if (!Number.isSafeInteger(k) || k < 1) throw new DomainError('integerRoot', `root degree must be a positive integer, got ${k}`);
  if (n < 2n || k === 1) return n;
  const bits = bitLength(n);
  if (k >= bits) return 1n; // 2^k > n
  const K = BigInt(k);
  // Start above the root: 2^ceil(bits / k) > n^(1/k).
  let x = 1n << BigInt(Math.ceil(bits / k));
  for (;;) {
    const y = ((K - 1n) * x + n / x ** (K - 1n)) / K;
    if (y >= x) return x;
    x = y;
  }
}

/** The exact k-th root of n >= 0 when n is a perfect k-th power, else null. Example: `exactRoot(243n, 5)` is 3n. */
export function exactRoot(n: bigint, k: number): bigint | null {
  const r = integerRoot(n, k);
  return r ** BigInt(k) === n ? r : null;
}

/**
 * a^m === b^n for a, b >= 0 and integer exponents m, n >= 1 (bigints: exponents such as 10^17 come from
 * decimal inputs), without computing powers larger than a or b.
 * Example: `powersEqual(8n, 2n, 4n, 3n)` is true (64 = 64); `powersEqual(2n, 10n ** 17n, 4n, 5n * 10n ** 16n)` is true.
 */
export function powersEqual(a: bigint, m: bigint, b: bigint, n: bigint): boolean {
  if (a < 0n || b < 0n) throw new DomainError('powersEqual', 'negative base');
  if (m < 1n || n < 1n) throw new DomainError('powersEqual', 'exponents must be positive');
  if (a <= 1n || b <= 1n) return a === b;
  const g = gcdBig(m, n);
  const mg = m / g;
  const ng = n / g;
  // a = t^ng and b = t^mg with t >= 2: both lengths must allow it before any root is taken.
  const aBits = bitLength(a);
  const bBits = bitLength(b);
  if (ng > BigInt(aBits) || mg > BigInt(bBits)) return false;
  const t = exactRoot(a, Number(ng));
  if (t === null) return false;
  const tBits = BigInt(bitLength(t));
  // bitLength(t^mg) lies in [mg (tBits - 1) + 1, mg tBits].
  if (BigInt(bBits) < mg * (tBits - 1n) + 1n || BigInt(bBits) > mg * tBits) return false;
  return t ** mg === b;
}

function gcdBig(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
