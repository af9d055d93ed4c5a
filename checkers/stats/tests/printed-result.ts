/**
 * Do the numbers a logbook printed for its test (`t = 0.507, p = 0.626`) follow from its own table? Each printed
 * number stands for every value its printed rounding covers (half a unit in its last digit: `0.507` covers
 * [0.5065, 0.5075]); the test recomputed on the table (float64, relative error far below 1e-9) either falls in that
 * range (`agrees`), outside it by more than that error (`differs`), or within that error of its edge
 * (`boundary`: cannot tell, never a difference).
 * Example: `printedAgreement('statistic', '0.507', 0.5020)` is `{ verdict: 'differs', ... }`: 0.5020 is 0.0053
 * below 0.507, more than its rounding 0.0005 allows.
 */
import { halfUnit, printedDecimal } from '../../replay/printed-decimal';

/** Relative error allowed to the recomputed float64 statistic or p (the tests are accurate to ~1e-12; see tests/). */
export const RECOMPUTED_RELATIVE_ERROR = 1e-9;

export interface PrintedAgreement {
  readonly quantity: 'statistic' | 'p';
  readonly printed: string;
  readonly recomputed: number;
  /** Half a unit in the printed number's last digit. */
  readonly rounding: number;
  readonly verdict: 'agrees' | 'differs' | 'boundary';
}

/** How a printed number compares with the recomputed one; null when `printed` is not a finite decimal. */
export function printedAgreement(quantity: PrintedAgreement['quantity'], printed: string, recomputed: number): PrintedAgreement | null {
  const d = printedDecimal(printed.trim());
  if (d === null || d.kind !== 'finite' || !Number.isFinite(recomputed)) return null;
  const value = Number(printed.trim());
  const rounding = Number(`${halfUnit(d).m}e${halfUnit(d).e}`);
  const gap = Math.abs(recomputed - value);
  const slack =
    RECOMPUTED_RELATIVE_ERROR * Math.max(Math.abs(recomputed), Math.abs(value), Number.MIN_VALUE) + 4 * Number.EPSILON * Math.abs(value);
  const verdict = gap <= rounding - slack ? 'agrees' : gap > rounding + slack ? 'differs' : 'boundary';
  return { quantity, printed: printed.trim(), recomputed, rounding, verdict };
}
