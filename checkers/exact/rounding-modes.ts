/**
 * The names of the rounding modes (no arithmetic here, so that a command can list or check a mode without
 * loading decimal.js): see checkers/exact/rounding.ts for what each mode does.
 */
import { DomainError } from '../errors';

/** Every rounding mode, in the order the docs list them. */
export const ROUNDING_MODES = [
  'half-even',
  'half-up',
  'half-down',
  'up',
  'down',
  'toward-zero',
  'away-from-zero',
  'floor',
  'ceiling',
] as const;

export type RoundingMode = (typeof ROUNDING_MODES)[number];

/** True when `x` names a rounding mode. Example: `isRoundingMode('floor')` is true, `isRoundingMode('nearest')` false. */
export function isRoundingMode(x: unknown): x is RoundingMode {
  return typeof x === 'string' && (ROUNDING_MODES as readonly string[]).includes(x);
}

/** Throws DomainError naming the modes unless `x` is one. */
export function requireRoundingMode(x: unknown, where: string): RoundingMode {
  if (isRoundingMode(x)) return x;
  throw new DomainError(where, `unknown rounding mode ${JSON.stringify(String(x))}; use one of ${ROUNDING_MODES.join(', ')}`);
}
