/**
 * When a replayed number agrees with the printed one. Three rules, each exact (printed-decimal.ts):
 * - `printed` (the default): within the printed rounding, |x - p| <= half a unit in p's last printed digit (a
 *   printed `2.00` agrees with any value that rounds to 2.00 at 2 decimals: |x - 2.00| <= 0.005);
 * - `abs:T`: |x - p| <= T;
 * - `rel:T`: |x - p| <= T |p|.
 * NaN agrees with NaN, an infinity with the same infinity; a finite value never with a non-finite one.
 * A token too long or too large to read exactly (printed-decimal.ts limits) agrees only when the text is equal.
 * Example: `numbersAgree('2.00', '2.005', PRINTED_ROUNDING).agree` is true; with '2.0051' it is false.
 */
import { CheckerError } from '../errors';
import {
  abs,
  decimalText,
  exactDecimal,
  halfUnit,
  multiply,
  printedDecimal,
  subtract,
  withinDecimal,
  type ExactDecimal,
} from './printed-decimal';

export type Tolerance = { readonly kind: 'printed' } | { readonly kind: 'abs' | 'rel'; readonly value: string };

export const PRINTED_ROUNDING: Tolerance = { kind: 'printed' };

/** A tolerance that does not parse (`abs:x`, `rel:-1`). */
export class ToleranceError extends CheckerError {
  constructor(
    readonly input: string,
    readonly reason: string,
  ) {
    super('tolerance', `${JSON.stringify(input)}: ${reason}`);
  }
}

/**
 * `printed`, `abs:1e-9` or `rel:1e-6` (a non-negative decimal). Example: `parseTolerance('rel:1e-6')` is
 * `{ kind: 'rel', value: '1e-6' }`.
 */
export function parseTolerance(text: string): Tolerance {
  if (text === 'printed') return PRINTED_ROUNDING;
  const m = /^(abs|rel):(.+)$/.exec(text);
  if (m === null) throw new ToleranceError(text, 'expected printed, abs:T or rel:T with T a decimal such as 1e-9');
  const value = exactDecimal(m[2] as string);
  if (value === null || value.m < 0n) throw new ToleranceError(text, 'T must be a non-negative decimal such as 1e-9 or 0.001');
  return { kind: m[1] as 'abs' | 'rel', value: m[2] as string };
}

/** How a tolerance is said: "the printed rounding", "abs 1e-9", "rel 1e-6". */
export function toleranceWords(t: Tolerance): string {
  return t.kind === 'printed' ? 'the printed rounding (half a unit in the last printed digit)' : `${t.kind} ${t.value}`;
}

/** One pair of numbers compared. `bound` and `difference` are exact decimals as text (absent for non-finite or text-compared tokens). */
export interface NumberComparison {
  readonly agree: boolean;
  readonly printed: string;
  readonly replayed: string;
  /** |replayed - printed|. */
  readonly difference?: string;
  /** The largest difference allowed for this pair. */
  readonly bound?: string;
  /** difference / bound as a float, for plots only (0 when equal; Infinity when the bound is 0 and they differ). */
  readonly ratio?: number;
  /** How they were compared. */
  readonly how: 'exact-decimal' | 'non-finite' | 'text';
}

/** Compares a printed number token with a replayed one under `tolerance` (rules in the file comment). */
export function numbersAgree(printed: string, replayed: string, tolerance: Tolerance): NumberComparison {
  const p = printedDecimal(printed);
  const x = printedDecimal(replayed);
  if (p === null || x === null) return { agree: printed === replayed, printed, replayed, how: 'text' };
  if (p.kind !== 'finite' || x.kind !== 'finite') return { agree: p.kind === x.kind, printed, replayed, how: 'non-finite' };
  const bound = boundFor(p, tolerance);
  const difference = abs(subtract(x, p));
  const agree = withinDecimal(x, p, bound);
  return {
    agree,
    printed,
    replayed,
    difference: decimalText(difference),
    bound: decimalText(bound),
    ratio: ratioOf(difference, bound),
    how: 'exact-decimal',
  };
}

/** The largest |x - p| allowed for the printed p. */
export function boundFor(p: ExactDecimal, tolerance: Tolerance): ExactDecimal {
  if (tolerance.kind === 'printed') return halfUnit(p);
  const t = exactDecimal(tolerance.value) as ExactDecimal;
  return tolerance.kind === 'abs' ? t : multiply(t, abs(p));
}

function ratioOf(difference: ExactDecimal, bound: ExactDecimal): number {
  if (difference.m === 0n) return 0;
  if (bound.m === 0n) return Infinity;
  // Digits and exponents separately, so that tiny or huge values do not under- or overflow.
  const d = difference.m.toString();
  const b = bound.m.toString();
  const lead = (s: string) => Number(`${s.slice(0, 1)}.${s.slice(1, 17) || '0'}`);
  return (lead(d) / lead(b)) * 10 ** (difference.e + d.length - (bound.e + b.length));
}
