/**
 * Certification by precision escalation: evaluate an interval expression at increasing precision until its
 * sign is certain or a precision budget is spent. A decided sign is a proof (the interval encloses the
 * exact value); 'undecided' at the budget means the exact value is within the last width of zero, which
 * includes the case that it is exactly zero.
 */
import type { Mpfr } from '../precise/mpfr';
import { withIntervals, type Interval, type IntervalArena } from './arena';
import { certainlyNegative, certainlyPositive } from './compare';

/** Outcome of `certifySign`: the sign, the precision that decided it, and decimal bounds of the enclosure. */
export interface CertifiedSign {
  readonly sign: 1 | -1 | 'undecided';
  readonly bits: number;
  /** Enclosure of the exact value at `bits`, rounded outward to 20 significant digits. */
  readonly lo: string;
  readonly hi: string;
}

/** Precision schedule of `certifySign`. */
export interface EscalationBudget {
  readonly startBits?: number;
  readonly maxBits?: number;
}

/**
 * Builds `expression` in a fresh arena at 64, 128, 256, ... bits (by default up to 4096) and returns the
 * first certain sign. Example: `certifySign(mpfr, (I) => sub(ln(I.enclose(3)), I.enclose('1.0986')))`
 * returns `{ sign: 1, bits: 64, ... }` since ln 3 = 1.09861...
 */
export function certifySign(mpfr: Mpfr, expression: (I: IntervalArena) => Interval, budget: EscalationBudget = {}): CertifiedSign {
  const maxBits = budget.maxBits ?? 4096;
  let bits = budget.startBits ?? 64;
  for (;;) {
    const outcome = withIntervals(mpfr, { bits }, (I) => {
      const x = expression(I);
      const sign = certainlyPositive(x) === true ? 1 : certainlyNegative(x) === true ? -1 : 'undecided';
      return { sign, bits, ...I.format(x, 20) } as const;
    });
    if (outcome.sign !== 'undecided' || bits >= maxBits) return outcome;
    bits = Math.min(2 * bits, maxBits);
  }
}
