/**
 * The unit of a claim's number against the unit of the reproduced values (`metric-claim`): they must be the
 * same, or the values are put into the claim's unit by a stated scale factor (values as fractions, the claim in
 * percentage points: `scale: 100`). Units are compared as written (trimmed); Recheck does not guess that
 * "%" and "pp" or "s" and "ms" are related: a reviewer states the factor, and it is recorded.
 * Refused (DomainError naming `claimUnits`): two different units without a scale; a scale that is not a finite
 * positive number; a scale other than 1 between two equal units (the values would be rescaled into a unit they
 * are already in).
 * Example: `claimUnits({ claimUnit: 'pp', valuesUnit: 'fraction', scale: 100 })` is `{ scale: 100, claimUnit:
 * 'pp', valuesUnit: 'fraction', words: 'values in fraction times 100 give pp' }`; `claimUnits({ claimUnit: 's',
 * valuesUnit: 'ms' })` throws.
 */
import { DomainError } from '../errors';

export interface UnitsSpec {
  readonly claimUnit?: string;
  readonly valuesUnit?: string;
  /** value in the claim's unit = value as read x scale (default 1). */
  readonly scale?: number;
}

export interface UnitsChecked {
  readonly claimUnit: string | null;
  readonly valuesUnit: string | null;
  readonly scale: number;
  /** How the values are put into the claim's unit, in words ('' when nothing is said or done). */
  readonly words: string;
}

const OP = 'claimUnits';

/** The units checked (see the file comment). */
export function claimUnits(spec: UnitsSpec): UnitsChecked {
  const claimUnit = spec.claimUnit === undefined ? null : spec.claimUnit.trim();
  const valuesUnit = spec.valuesUnit === undefined ? null : spec.valuesUnit.trim();
  const scale = spec.scale ?? 1;
  if (typeof scale !== 'number' || !Number.isFinite(scale) || !(scale > 0))
    throw new DomainError(OP, `the scale must be a finite number > 0, got ${String(scale)}`);
  const named = claimUnit !== null && claimUnit !== '' && valuesUnit !== null && valuesUnit !== '';
  if (named && claimUnit !== valuesUnit && scale === 1)
    throw new DomainError(
      OP,
      `the claim is in "${claimUnit}" and the values in "${valuesUnit}": state the factor that puts the values into the claim's unit (scale)`,
    );
  if (named && claimUnit === valuesUnit && scale !== 1)
    throw new DomainError(OP, `both are in "${claimUnit}", yet a scale of ${scale} is given: drop the scale or name the values' own unit`);
  const from = valuesUnit !== null && valuesUnit !== '' ? valuesUnit : 'the values’ unit';
  const to = claimUnit !== null && claimUnit !== '' ? claimUnit : 'the claim’s unit';
  const words = scale !== 1 ? `values in ${from} times ${scale} give ${to}` : named ? `claim and values both in ${claimUnit}` : '';
  return { claimUnit, valuesUnit, scale, words };
}
