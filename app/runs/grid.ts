/**
 * The points of a sweep: a grid of named parameter values (cartesian product, the LAST parameter varying
 * fastest) or a horizon t = 1..N. Points are numbered 0..count-1 and computed on demand, so a horizon of
 * millions of points costs no memory.
 */
import { BadInputError } from '../errors';
import { shown } from '../text/display';

export type ParamValue = number | string | boolean;

/** A sweep's parameter space: `{ parameters: { lr: [0.1, 0.01], width: [8, 16] } }` or `{ horizon: 1000 }`. */
export type SweepSpec = { readonly parameters: Readonly<Record<string, readonly ParamValue[]>> } | { readonly horizon: number };

/**
 * The one name refused wherever a sweep takes a name (grid parameter, `--param`, `--stop-on` field): JavaScript
 * turns an assignment to `__proto__` into a change of prototype, so no layer (JSON round trips, structured
 * clone, the point function's own `Object.assign`) can be trusted to carry it as data. Every other name, also
 * `constructor` or `toString`, is an ordinary own property and is read as one (Object.hasOwn, never through
 * the prototype).
 */
export const RESERVED_NAME = '__proto__';

/** Why a name is refused, one line; null when it is accepted. Example: `nameProblem('lr')` is null. */
export function nameProblem(name: string): string | null {
  return name === RESERVED_NAME
    ? `"${RESERVED_NAME}" cannot be a parameter or field name (JavaScript reads and writes it as the object's prototype)`
    : null;
}

function isHorizon(spec: SweepSpec): spec is { readonly horizon: number } {
  return Object.hasOwn(spec, 'horizon');
}

/** Number of points. Example: `pointCount({ parameters: { a: [1, 2], b: ['x', 'y', 'z'] } })` is 6. */
export function pointCount(spec: SweepSpec): number {
  if (isHorizon(spec)) return spec.horizon;
  return Object.values(spec.parameters).reduce((n, values) => n * values.length, 1);
}

/**
 * Parameters of point `index`. Example: with `{ parameters: { a: [1, 2], b: ['x', 'y', 'z'] } }`, point 4 is
 * `{ a: 2, b: 'y' }`; with `{ horizon: 10 }`, point 0 is `{ t: 1 }`.
 */
export function pointAt(spec: SweepSpec, index: number): Record<string, ParamValue> {
  if (!Number.isInteger(index) || index < 0 || index >= pointCount(spec)) throw new RangeError(`pointAt: no point ${index}`);
  if (isHorizon(spec)) return { t: index + 1 };
  const names = Object.keys(spec.parameters);
  const picked: ParamValue[] = new Array<ParamValue>(names.length);
  let rest = index;
  for (let k = names.length - 1; k >= 0; k--) {
    const values = spec.parameters[names[k] as string] as readonly ParamValue[];
    picked[k] = values[rest % values.length] as ParamValue;
    rest = Math.floor(rest / values.length);
  }
  // fromEntries defines own properties (never runs a setter), in the grid's order.
  return Object.fromEntries(names.map((n, k) => [n, picked[k] as ParamValue]));
}

const MAX_POINTS = 100_000_000;

/** Validates an untrusted spec (from a file or the command line); `where` names it in the error. */
export function parseSweepSpec(value: unknown, where: string): SweepSpec {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new BadInputError(where, 'a sweep spec must be an object with "parameters" or "horizon"');
  if (Object.hasOwn(value, 'horizon')) {
    const h = (value as { horizon: unknown }).horizon;
    if (typeof h !== 'number' || !Number.isInteger(h) || h < 1 || h > MAX_POINTS)
      throw new BadInputError(where, `horizon must be an integer in [1, ${MAX_POINTS}]`, '/horizon');
    return { horizon: h };
  }
  const params = Object.hasOwn(value, 'parameters') ? (value as { parameters: unknown }).parameters : undefined;
  if (typeof params !== 'object' || params === null || Array.isArray(params) || Object.keys(params).length === 0) {
    throw new BadInputError(where, 'parameters must be an object of non-empty value lists', '/parameters');
  }
  const entries: [string, ParamValue[]][] = [];
  for (const [name, values] of Object.entries(params)) {
    const refused = nameProblem(name);
    if (refused !== null) throw new BadInputError(where, refused, `/parameters/${shown(name)}`);
    if (
      !Array.isArray(values) ||
      values.length === 0 ||
      !values.every((x) => ['number', 'string', 'boolean'].includes(typeof x) && (typeof x !== 'number' || Number.isFinite(x)))
    ) {
      throw new BadInputError(where, 'expected a non-empty list of numbers, strings or booleans', `/parameters/${shown(name)}`);
    }
    entries.push([name, [...values] as ParamValue[]]);
  }
  const spec = { parameters: Object.fromEntries(entries) };
  if (pointCount(spec) > MAX_POINTS) throw new BadInputError(where, `more than ${MAX_POINTS} points`, '/parameters');
  return spec;
}
