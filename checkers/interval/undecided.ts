/**
 * The error an interval operation raises when its input intervals are too wide to decide a condition it
 * needs (the sign of a divisor, a logarithm's argument above 0), as opposed to an input that is certainly
 * outside the domain. A caller that escalates precision (Precise's correctly rounded functions, `certifySign`)
 * retries on this error; a plain DomainError is final.
 */
import { DomainError } from '../errors';

/** The condition may hold for the exact value, but the enclosure cannot show it: raise the precision. */
export class UndecidedError extends DomainError {}
