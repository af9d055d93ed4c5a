/**
 * The points of a metric series as the series checkers read them: (step, value) pairs, values finite or NaN,
 * +Infinity, -Infinity (Trackio's series, app/metrics/model.ts, keep them as numbers). Steps are kept as
 * stored, so they may repeat or go back (a resumed run); the checkers read the points in step order (a stable
 * sort, so points at one step keep their stored order) and say when that differs from the stored order.
 *
 * Example: `orderedPoints('loss', { steps: [2, 1], values: [NaN, 0.5] })` returns
 * `{ points: [{ index: 1, step: 1, value: 0.5, kind: 'finite' }, { index: 0, step: 2, value: NaN, kind: 'NaN' }], reordered: true }`.
 */
import { DimensionError, DomainError } from '../errors';

/** What a value is: finite, or which non-finite number. */
export type ValueKind = 'finite' | 'NaN' | '+Inf' | '-Inf';
/** The three non-finite kinds. */
export type NonFiniteKind = Exclude<ValueKind, 'finite'>;

/** How many values of each kind (field names as in app/metrics/model.ts NonFiniteCounts). */
export interface KindCounts {
  readonly finite: number;
  readonly nan: number;
  readonly posInf: number;
  readonly negInf: number;
}

/**
 * What a series result is worth (the shape of the check contract's GuaranteeView): `exact` for counting,
 * `statistical` with the test's name, its p, degrees of freedom and the level it was judged at.
 */
export type SeriesGuarantee =
  | { readonly kind: 'exact' }
  | { readonly kind: 'statistical'; readonly test: string; readonly p: number; readonly dof: number; readonly level: number };

/** A series as given: steps and values of equal length, in stored order. */
export interface StepValues {
  readonly steps: readonly number[];
  readonly values: readonly number[];
}

/** One point: its position in the stored order, its step, its value and the value's kind. */
export interface Point {
  readonly index: number;
  readonly step: number;
  readonly value: number;
  readonly kind: ValueKind;
}

/** Example: `valueKind(-Infinity)` is '-Inf'; `valueKind(0)` is 'finite'. */
export function valueKind(v: number): ValueKind {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  return 'finite';
}

/** Example: `countKinds(['NaN', 'finite', 'NaN'])` is `{ finite: 1, nan: 2, posInf: 0, negInf: 0 }`. */
export function countKinds(kinds: Iterable<ValueKind>): KindCounts {
  let finite = 0;
  let nan = 0;
  let posInf = 0;
  let negInf = 0;
  for (const k of kinds) {
    if (k === 'finite') finite++;
    else if (k === 'NaN') nan++;
    else if (k === '+Inf') posInf++;
    else negInf++;
  }
  return { finite, nan, posInf, negInf };
}

/** Non-finite values counted. Example: `nonFiniteTotal({ finite: 1, nan: 2, posInf: 1, negInf: 0 })` is 3. */
export function nonFiniteTotal(c: KindCounts): number {
  return c.nan + c.posInf + c.negInf;
}

/**
 * The series' points sorted by step (stable), after checking its shape: equal lengths, every step a finite
 * number, every value a number. `reordered` is true when the stored order was not already non-decreasing in
 * step. Throws DimensionError or DomainError naming `what` (the series, as shown in messages).
 */
export function orderedPoints(what: string, series: StepValues): { readonly points: readonly Point[]; readonly reordered: boolean } {
  const { steps, values } = series;
  if (steps.length !== values.length)
    throw new DimensionError(`${what}: ${steps.length} steps and ${values.length} values`, 'one value per step');
  const points: Point[] = [];
  let reordered = false;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const value = values[i];
    if (typeof step !== 'number' || !Number.isFinite(step))
      throw new DomainError(what, `step at point ${i + 1} is ${String(step)}, not a finite number`);
    if (typeof value !== 'number') throw new DomainError(what, `value at point ${i + 1} is a ${typeof value}, not a number`);
    if (i > 0 && step < (steps[i - 1] as number)) reordered = true;
    points.push({ index: i, step, value, kind: valueKind(value) });
  }
  if (reordered) points.sort((a, b) => a.step - b.step || a.index - b.index);
  return { points, reordered };
}

/**
 * One point per step: where a step was logged more than once (a resumed run writes it again), the last one
 * stored is kept. `repeated` counts the points dropped. Input: points in step order (orderedPoints).
 * Example: for steps [1, 1, 2] with values [NaN, 3, 4] the points kept are step 1 (value 3) and step 2, repeated 1.
 */
export function lastPerStep(points: readonly Point[]): { readonly points: readonly Point[]; readonly repeated: number } {
  const kept: Point[] = [];
  for (const p of points) {
    const last = kept[kept.length - 1];
    if (last !== undefined && last.step === p.step) kept[kept.length - 1] = p;
    else kept.push(p);
  }
  return { points: kept, repeated: points.length - kept.length };
}
