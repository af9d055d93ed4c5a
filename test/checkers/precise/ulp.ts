/** Test helper: distance between a p-digit result and a much more precise reference, in units of the last place. */
import Decimal from 'decimal.js';

const Wide = Decimal.clone({ precision: 2000 });

/** |ours - reference| / ulp(ours), where ulp is one unit in the last of `digits` significant digits. */
export function ulpError(ours: Decimal, reference: Decimal, digits: number): number {
  const diff = new Wide(ours).minus(new Wide(reference)).abs();
  if (diff.isZero()) return 0;
  const scale = reference.isZero() ? ours : reference;
  // ulp of a number with exponent e (d.ddd x 10^e) at `digits` digits is 10^(e - digits + 1).
  const ulp = new Wide(10).pow(scale.e - digits + 1);
  return diff.div(ulp).toNumber();
}
