/**
 * Exact decimal expansion of an IEEE-754 double. Every finite double is m * 2^e with integer m, so its
 * decimal expansion is finite (at most 767 significant digits); this writes it out without rounding.
 */
import { ParseError } from '../errors';

/**
 * The exact value of a finite double as a decimal string `<integer>e<exponent>`. Guarantee: exact.
 * Example: `exactDecimalOfFloat64(0.1)` returns `"1000000000000000055511151231257827021181583404541015625e-55"`.
 */
export function exactDecimalOfFloat64(x: number): string {
  if (!Number.isFinite(x)) throw new ParseError(String(x), 'not a finite number');
  if (x === 0) return '0';
  let { mantissa, exponent } = float64Parts(x);
  // Canonical form: an odd mantissa, so the decimal has no trailing zeros.
  while ((mantissa & 1n) === 0n) {
    mantissa >>= 1n;
    exponent += 1;
  }
  if (exponent >= 0) return (mantissa << BigInt(exponent)).toString();
  // m * 2^e = m * 5^-e / 10^-e
  const k = -exponent;
  return `${(mantissa * 5n ** BigInt(k)).toString()}e-${k}`;
}

/** Splits a finite nonzero double into an integer mantissa and a power-of-two exponent (exact). Example: `float64Parts(0.5)` is `{ mantissa: 4503599627370496n, exponent: -53 }`. */
export function float64Parts(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  // Subnormals have no implicit leading bit and the minimum exponent.
  const significand = biased === 0 ? fraction : fraction | (1n << 52n);
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  return { mantissa: negative ? -significand : significand, exponent };
}
