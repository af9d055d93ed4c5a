/**
 * Loading exact inputs (decimal strings, ratios, bigints, JS integers, decimal.js values) into MPFR
 * registers with a chosen rounding direction. Shared by the high-precision and the interval modules.
 */
import Decimal from 'decimal.js';
import { ParseError } from '../errors';
import { setDecimal, setRational, type Mpfr, type MpfrPtr, type Rnd } from './mpfr';
import { parseExactNumber, type ExactNumber, type NumberInput } from './parse-number';

/** An input accepted by the MPFR loaders. */
export type LoadInput = Decimal | NumberInput;

/**
 * Sets `ptr` to the exact value of `x` rounded in direction `rnd` (correctly rounded: MPFR's string and
 * rational conversions are). Throws ParseError for malformed input. Example: loading "0.1" with RND.down
 * and RND.up gives the two binary neighbours of 1/10.
 */
export function loadNumber(m: Mpfr, ptr: MpfrPtr, x: LoadInput, rnd: Rnd): void {
  if (x instanceof Decimal) {
    if (!x.isFinite()) throw new ParseError(x.toString(), 'not a finite number');
    setDecimal(m, ptr, x.toString(), rnd);
    return;
  }
  loadExact(m, ptr, parseExactNumber(x), rnd);
}

/** Sets `ptr` to an already parsed exact number, rounded in direction `rnd`. */
export function loadExact(m: Mpfr, ptr: MpfrPtr, x: ExactNumber, rnd: Rnd): void {
  if (x.kind === 'decimal') setDecimal(m, ptr, x.text, rnd);
  else setRational(m, ptr, x.num, x.den, rnd);
}
