/**
 * Units audit: are the quantities a logbook compares of the same dimension, and what is their ratio once
 * both are in one unit? Catches the "2x slower" that divides seconds per batch by seconds per trajectory.
 *
 * Quantities and definitions go through mathjs units, in an instance created per audit (`create(all)`),
 * with counted things (trajectory, batch, token, sample, step, and any name a definition introduces) as
 * custom base units. A definition `batch = 32 trajectory` makes batch a derived unit of trajectory.
 * Guarantee: approximate (mathjs unit conversion in float64; relative error a few ulps per conversion).
 */
import { all, create } from 'mathjs';
import type { MathJsInstance, Unit } from 'mathjs';
import { CheckerError, DimensionError } from '../errors';

/** Counted things that are base units unless a definition defines them. */
export const COUNTED_UNITS = ['trajectory', 'batch', 'token', 'sample', 'step'] as const;

export interface UnitsClaim {
  /** Name of the quantity divided. */
  numerator: string;
  /** Name of the quantity it is divided by. */
  denominator: string;
  /** The asserted ratio numerator / denominator. */
  ratio: number;
  /** Relative tolerance of the comparison (default 0.05). */
  relTol?: number;
  /**
   * How the ratio is asserted: `equal` (default: |r / ratio - 1| <= relTol), `atLeast`
   * (r >= ratio (1 - relTol)) or `atMost` (r <= ratio (1 + relTol)).
   */
  relation?: 'equal' | 'atLeast' | 'atMost';
}

export interface UnitsInput {
  definitions: string[];
  quantities: Record<string, string>;
  claim?: UnitsClaim;
  /** Optional common unit for `normalized` (e.g. "s/trajectory"); default the denominator's unit. */
  unit?: string;
}

export interface NormalizedQuantity {
  value: number;
  unit: string;
}

export type UnitsAudit =
  | {
      commensurable: true;
      /** The common unit (`unit` when given, else the denominator's unit, or the first quantity's without a claim). */
      unit: string;
      normalized: Record<string, NormalizedQuantity>;
      /** Each quantity's dimension, e.g. `time / trajectory`. */
      dimensions: Record<string, string>;
      ratio?: number;
      naiveRatio?: number;
      claimHolds?: boolean;
      /** The claim matches the naive ratio (units ignored) but not the normalized one. */
      explainedByUnitSlip?: boolean;
    }
  | {
      commensurable: false;
      dimensions: Record<string, string>;
      /** One line naming the quantities and their dimensions. */
      reason: string;
    };

/** An unknown unit, a malformed quantity or definition (bad input). `subject` names the offending entry. */
export class UnitsInputError extends CheckerError {
  constructor(
    readonly subject: string,
    readonly reason: string,
  ) {
    super('units', `${subject}: ${reason}`);
  }
}

/**
 * Audits the quantities. Example: definitions ["batch = 32 trajectory"], method "6.4 s/batch", baseline
 * "0.8 s/trajectory", claim method/baseline = 8 give ratio 0.25, naiveRatio 8, claimHolds false,
 * explainedByUnitSlip true.
 */
export function auditUnits(input: UnitsInput): UnitsAudit {
  const math = unitInstance(input.definitions);
  const names = Object.keys(input.quantities);
  if (names.length === 0) throw new UnitsInputError('quantities', 'no quantities given');
  // Quantity names are the user's: records keyed by them have no prototype, so `__proto__` or `constructor`
  // is a name like any other (an ordinary object would drop `__proto__` silently).
  const units = new Map<string, Unit>();
  const written = new Map<string, number>();
  for (const name of names) {
    const text = input.quantities[name] as string;
    const u = parseQuantity(math, text, `quantities.${name}`);
    units.set(name, u);
    written.set(name, u.toNumber(u.formatUnits()));
  }
  const claim = input.claim;
  if (claim !== undefined) {
    for (const key of ['numerator', 'denominator'] as const) {
      if (!units.has(claim[key])) throw new UnitsInputError(`claim.${key}`, `no quantity named ${JSON.stringify(claim[key])}`);
    }
    if (!(claim.ratio > 0) || !Number.isFinite(claim.ratio))
      throw new UnitsInputError('claim.ratio', `must be a positive number, got ${claim.ratio}`);
  }

  const dimensions = namedRecord<string>();
  for (const [name, u] of units) dimensions[name] = dimensionOf(math, u);
  const reference = units.get(claim?.denominator ?? (names[0] as string)) as Unit;
  const odd = names.filter((n) => !(units.get(n) as Unit).equalBase(reference));
  if (odd.length > 0) {
    const refName = claim?.denominator ?? (names[0] as string);
    const parts = [refName, ...odd].map((n) => `${n} is ${dimensions[n]}`);
    return { commensurable: false, dimensions, reason: `incommensurable: ${parts.join(', ')}, and no definition links them` };
  }

  const unit = input.unit === undefined ? reference.formatUnits() : commonUnit(math, input.unit, reference);
  const normalized = namedRecord<NormalizedQuantity>();
  for (const [name, u] of units) {
    const value = u.toNumber(unit);
    if (!Number.isFinite(value))
      throw new UnitsInputError(
        `quantities.${name}`,
        `${JSON.stringify(input.quantities[name])} is not a finite number of ${unit} in float64`,
      );
    normalized[name] = { value, unit };
  }
  if (claim === undefined) return { commensurable: true, unit, normalized, dimensions };

  // A ratio is stated, never left to IEEE: a zero denominator is an input error, not Infinity (null in JSON).
  const den = (normalized[claim.denominator] as NormalizedQuantity).value;
  const writtenDen = written.get(claim.denominator) as number;
  if (den === 0 || writtenDen === 0) {
    throw new UnitsInputError(
      `quantities.${claim.denominator}`,
      `${JSON.stringify(input.quantities[claim.denominator])} is zero, so the ratio ${claim.numerator} / ${claim.denominator} is undefined`,
    );
  }
  const ratio = (normalized[claim.numerator] as NormalizedQuantity).value / den;
  const naiveRatio = (written.get(claim.numerator) as number) / writtenDen;
  const underflow = ratio === 0 && (normalized[claim.numerator] as NormalizedQuantity).value !== 0;
  if (!Number.isFinite(ratio) || !Number.isFinite(naiveRatio) || underflow) {
    throw new UnitsInputError(
      'claim',
      `the ratio ${claim.numerator} / ${claim.denominator} overflows or underflows float64 (${JSON.stringify(input.quantities[claim.numerator])} / ${JSON.stringify(input.quantities[claim.denominator])})`,
    );
  }
  const claimHolds = ratioMatches(ratio, claim);
  const explainedByUnitSlip = !claimHolds && ratioMatches(naiveRatio, claim);
  return { commensurable: true, unit, normalized, dimensions, ratio, naiveRatio, claimHolds, explainedByUnitSlip };
}

/**
 * Whether `r` satisfies the claim's relation within its relative tolerance.
 * Example: `ratioMatches(7.8, { ratio: 8, relTol: 0.05, ... })` is true.
 */
export function ratioMatches(r: number, claim: Pick<UnitsClaim, 'ratio' | 'relTol' | 'relation'>): boolean {
  const tol = claim.relTol ?? 0.05;
  switch (claim.relation ?? 'equal') {
    case 'atLeast':
      return r >= claim.ratio * (1 - tol);
    case 'atMost':
      return r <= claim.ratio * (1 + tol);
    default:
      return Math.abs(r / claim.ratio - 1) <= tol;
  }
}

function commonUnit(math: MathJsInstance, text: string, reference: Unit): string {
  let u: Unit;
  try {
    u = math.unit(text);
  } catch (err) {
    throw new UnitsInputError('unit', `${JSON.stringify(text)}: ${(err as Error).message}`);
  }
  if (!u.equalBase(reference))
    throw new UnitsInputError('unit', `${JSON.stringify(text)} is ${dimensionOf(math, u)}, not ${dimensionOf(math, reference)}`);
  return u.formatUnits();
}

/** A fresh mathjs instance with the counted units and the definitions (in order) as custom units. */
function unitInstance(definitions: readonly string[]): MathJsInstance {
  if (all === undefined) throw new Error('mathjs: the `all` factory map is missing');
  const math = create(all, {});
  const parsed = definitions.map((d, i) => parseDefinition(d, i));
  const defined = new Set(parsed.map((d) => d.name));
  for (const name of COUNTED_UNITS) if (!defined.has(name)) math.createUnit(name);
  for (const def of parsed) {
    try {
      if (def.body === '') math.createUnit(def.name);
      else math.createUnit(def.name, def.body);
    } catch (err) {
      throw new UnitsInputError(`definitions[${def.index}]`, (err as Error).message);
    }
  }
  return math;
}

function parseDefinition(text: string, index: number): { name: string; body: string; index: number } {
  // `name = <quantity>` defines a derived unit; a bare `name` declares a new counted base unit.
  const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:=\s*(.+?))?\s*$/.exec(text);
  if (m === null) throw new UnitsInputError(`definitions[${index}]`, `${JSON.stringify(text)} is not of the form "name = 32 trajectory"`);
  return { name: m[1] as string, body: m[2] ?? '', index };
}

function parseQuantity(math: MathJsInstance, text: string, subject: string): Unit {
  if (typeof text !== 'string') throw new UnitsInputError(subject, 'must be a string such as "6.4 s/batch"');
  let u: Unit;
  try {
    u = math.unit(text);
  } catch (err) {
    throw new UnitsInputError(subject, `${JSON.stringify(text)}: ${(err as Error).message}`);
  }
  if (u.value === null) throw new UnitsInputError(subject, `${JSON.stringify(text)} has no magnitude`);
  if (typeof u.value !== 'number' || !Number.isFinite(u.value))
    throw new UnitsInputError(subject, `${JSON.stringify(text)}: magnitude must be a finite number`);
  return u;
}

const DIMENSION_NAMES: Record<string, string> = {
  MASS: 'mass',
  LENGTH: 'length',
  TIME: 'time',
  CURRENT: 'current',
  TEMPERATURE: 'temperature',
  LUMINOUS_INTENSITY: 'luminous intensity',
  AMOUNT_OF_SUBSTANCE: 'amount of substance',
  ANGLE: 'angle',
  BIT: 'information',
};

/** Readable dimension of a unit, e.g. `time / trajectory`, `length`, `dimensionless`. */
function dimensionOf(math: MathJsInstance, u: Unit): string {
  const base = (math.Unit as unknown as { BASE_DIMENSIONS: string[] }).BASE_DIMENSIONS;
  const dims = (u as unknown as { dimensions: number[] }).dimensions;
  if (dims.length > base.length) throw new DimensionError(`${dims.length} dimensions`, `at most ${base.length}`);
  const num: string[] = [];
  const den: string[] = [];
  dims.forEach((e, i) => {
    if (Math.abs(e) < 1e-12) return;
    const raw = base[i] as string;
    const name = DIMENSION_NAMES[raw] ?? raw.replace(/_STUFF$/, '');
    const power = Math.abs(e) === 1 ? name : `${name}^${Math.abs(e)}`;
    (e > 0 ? num : den).push(power);
  });
  if (num.length === 0 && den.length === 0) return 'dimensionless';
  const top = num.length > 0 ? num.join(' * ') : '1';
  return den.length > 0 ? `${top} / ${den.join(' / ')}` : top;
}

/**
 * The audit input from a parsed `recheck.units/1` document, validated. Errors name the JSON place
 * (`subject` such as `quantities.method` or `claim.ratio`). Example: the document
 * `{"format": "recheck.units/1", "definitions": [...], "quantities": {...}, "claim": {...}}` reads as is.
 */
export function unitsInputFromJson(doc: unknown): UnitsInput {
  if (!isRecord(doc)) throw new UnitsInputError('document', 'expected a JSON object');
  if (doc.format !== 'recheck.units/1')
    throw new UnitsInputError('format', `expected "recheck.units/1", got ${JSON.stringify(doc.format)}`);
  const defs = doc.definitions ?? [];
  if (!Array.isArray(defs) || !defs.every((d) => typeof d === 'string'))
    throw new UnitsInputError('definitions', 'expected an array of strings such as "batch = 32 trajectory"');
  const q = doc.quantities;
  if (!isRecord(q)) throw new UnitsInputError('quantities', 'expected an object of name -> "6.4 s/batch"');
  const quantities = namedRecord<string>();
  for (const [name, v] of Object.entries(q)) {
    if (typeof v !== 'string') throw new UnitsInputError(`quantities.${name}`, 'expected a string such as "6.4 s/batch"');
    quantities[name] = v;
  }
  if (doc.unit !== undefined && typeof doc.unit !== 'string') throw new UnitsInputError('unit', 'expected a unit such as "s/trajectory"');
  const unit = doc.unit === undefined ? {} : { unit: doc.unit as string };
  if (doc.claim === undefined) return { definitions: defs, quantities, ...unit };
  const c = doc.claim;
  if (!isRecord(c)) throw new UnitsInputError('claim', 'expected an object {numerator, denominator, ratio, relTol?}');
  if (typeof c.numerator !== 'string') throw new UnitsInputError('claim.numerator', 'expected a quantity name');
  if (typeof c.denominator !== 'string') throw new UnitsInputError('claim.denominator', 'expected a quantity name');
  if (typeof c.ratio !== 'number') throw new UnitsInputError('claim.ratio', 'expected a number');
  if (c.relTol !== undefined && (typeof c.relTol !== 'number' || !(c.relTol >= 0) || !Number.isFinite(c.relTol)))
    throw new UnitsInputError('claim.relTol', 'expected a non-negative number');
  if (c.relation !== undefined && c.relation !== 'equal' && c.relation !== 'atLeast' && c.relation !== 'atMost') {
    throw new UnitsInputError('claim.relation', 'expected "equal", "atLeast" or "atMost"');
  }
  const claim: UnitsClaim = { numerator: c.numerator, denominator: c.denominator, ratio: c.ratio };
  if (c.relTol !== undefined) claim.relTol = c.relTol as number;
  if (c.relation !== undefined) claim.relation = c.relation as UnitsClaim['relation'];
  return { definitions: defs, quantities, claim, ...unit };
}

/** An empty record without a prototype, for values keyed by names from the input. */
function namedRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
