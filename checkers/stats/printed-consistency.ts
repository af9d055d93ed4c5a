/**
 * Whether a statistic a logbook printed follows from the table it printed: the statistic is recomputed with
 * the same method (printed-statistics.ts), bounded over the rounding box of the table's cells
 * (printed-enclosure.ts: each cell ± half a unit in its last printed digit; integers printed without a point
 * are exact unless named in `rounded`, decimals are rounded unless named in `exact`), and compared with the
 * printed value widened by its own rounding (half a unit in its last printed digit) and by 1e-9 of its size
 * (the logbook's float arithmetic).
 * - inconsistent: the printed value lies outside that range (or, when a ± is printed and the method has a
 *   standard error, the printed ± lies outside the range of the recomputed se over the box);
 * - consistent: both overlap; a t or a difference of means that matches with the opposite sign is consistent,
 *   and says so (the order of the two columns is a convention);
 * - undecided: the box does not bound the statistic (a divisor that may be 0 within the rounding).
 * Guarantee: enclosure (an `inconsistent` is rigorous: no unrounded table that prints as this one gives the
 * printed value) for every method but the p-value, whose bounds are float64 (approximate).
 */
import { RND, type Mpfr } from '../precise/mpfr';
import { loadNumber } from '../precise/load';
import { withIntervals, type Interval, type IntervalArena } from '../interval/arena';
import { certainlyLess } from '../interval/compare';
import { mul } from '../interval/ops';
import { exactDecimalOfFloat64 } from '../precise/float64';
import { tTwoSided as twoSidedTailT } from './student-t';
import { DomainError } from '../errors';
import { halfUnit, parseDecimal, rationalText, toNumber, type PrintedDecimal, type PrintedRelation } from '../tables/printed-uncertainty';
import { methodColumns, methodName, recompute, type PrintedMethod, type Recomputed } from './printed-statistics';
import { boundOf, encloseStatistic } from './printed-enclosure';

/** The printed statistic: its value, how it relates (`p < 0.001`), and its printed ± if any. */
export interface PrintedStatistic {
  readonly value: PrintedDecimal;
  readonly relation?: PrintedRelation;
  readonly uncertainty?: PrintedDecimal;
}

/** A table as printed: column names and rows of cells, each the exact text printed. */
export interface PrintedCells {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

export interface ConsistencyInput {
  readonly printed: PrintedStatistic;
  readonly table: PrintedCells;
  readonly method: PrintedMethod;
  /** Columns whose decimals are exact (not rounded); default none. */
  readonly exact?: readonly string[];
  /** Columns whose integers were rounded (±0.5); default none: integers are exact. */
  readonly rounded?: readonly string[];
  /** Name of the statistic in sentences (`b`, `t`, `p`); default `the statistic`. */
  readonly label?: string;
  /**
   * What a printed ± means: a standard error (`se`, the default), the half-width of a 95% t interval
   * (`ci95`: compared with t_{0.975, dof} times the se), or nothing to check (`unchecked`).
   */
  readonly plusMinus?: PlusMinus;
}

export type PlusMinus = 'se' | 'ci95' | 'unchecked';

export type ConsistencyVerdict = 'consistent' | 'inconsistent' | 'undecided';

/** A float range; the ends are rounded outward from the enclosure (display and distances only). */
export interface Range {
  readonly lo: number;
  readonly hi: number;
}

export interface ConsistencyReport {
  readonly verdict: ConsistencyVerdict;
  readonly method: string;
  readonly n: number;
  readonly printed: {
    readonly text: string;
    readonly value: number;
    readonly halfUnit: number;
    readonly relation: PrintedRelation;
    readonly se?: { readonly text: string; readonly value: number; readonly halfUnit: number };
  };
  readonly recomputed: Recomputed;
  /** The statistic over the rounding box of the table (null: not bounded). */
  readonly range: Range | null;
  /** The recomputed se over the box (absent when the method has none; null: not bounded). */
  readonly seRange?: Range | null;
  readonly valueConsistent: boolean | null;
  /** Printed ± against the recomputed se (null: no ± printed or no se for this method). */
  readonly seConsistent: boolean | null;
  /** The printed t or difference matches only with the opposite sign. */
  readonly signFlipped: boolean;
  /** How far the printed value lies outside the range, beyond its own rounding (0 when inside). */
  readonly gap: number;
  /** (printed - recomputed) in units of the printed ±, and of the recomputed se. */
  readonly printedSeUnits?: number;
  readonly recomputedSeUnits?: number;
  readonly roundedCells: number;
  readonly exactCells: number;
  readonly plusMinus: PlusMinus;
  readonly guarantee: { readonly kind: 'enclosure' } | { readonly kind: 'approximate'; readonly bound: string };
  readonly sentence: string;
}

/**
 * Decides whether the printed statistic follows from the printed table. `bits`: MPFR precision of the
 * enclosure (128 is ample for printed tables). Example: for k = 2, 4, 8, 16 and y = 0.2931, 0.4030, 0.4616,
 * 0.4919, `checkPrintedConsistency(mpfr, { printed: b = 0.41 ± 0.07, method: log-law slope, ... }, 128).verdict`
 * is `'inconsistent'` (the refit is b = 0.094 ± 0.018).
 */
export function checkPrintedConsistency(mpfr: Mpfr, input: ConsistencyInput, bits: number): ConsistencyReport {
  const names = methodColumns(input.method);
  const cells = names.map((name) => columnCells(input, name));
  const values = cells.map((col) => col.map((c) => toNumber(c.decimal)));
  const recomputed = recompute(input.method, values);
  const roundedCells = cells.flat().filter((c) => c.rounded).length;
  const exactCells = cells.flat().length - roundedCells;
  const relation = input.printed.relation ?? 'eq';
  const p = input.printed;
  const label = input.label ?? 'the statistic';
  const plusMinus = input.plusMinus ?? 'se';
  // The 95% two-sided t quantile for a printed ± that is a confidence half-width (float64 bisection).
  const quantile = plusMinus === 'ci95' && recomputed.dof !== undefined ? tQuantile975(recomputed.dof) : 1;

  const decided = withIntervals(mpfr, { bits }, (I) => {
    const box = cells.map((col) => col.map((c) => boxOf(I, c.decimal, c.rounded)));
    const enc = encloseStatistic(I, input.method, box);
    const range: Range | null =
      enc.pRange ?? (enc.value === null ? null : { lo: boundOf(I, enc.value, 'lo'), hi: boundOf(I, enc.value, 'hi') });
    const seRange =
      enc.se === undefined ? undefined : enc.se === null ? null : { lo: boundOf(I, enc.se, 'lo'), hi: boundOf(I, enc.se, 'hi') };
    const flippable = input.method.method === 't' || input.method.method === 'mean-difference';
    const fits = (negate: boolean) =>
      enc.pRange !== undefined
        ? fitsFloat(enc.pRange, p.value, relation)
        : enc.value === null
          ? null
          : fitsInterval(I, enc.value, p.value, relation, negate);
    let valueConsistent = fits(false);
    let signFlipped = false;
    if (valueConsistent === false && flippable && fits(true) === true) {
      valueConsistent = true;
      signFlipped = true;
    }
    const seConsistent =
      p.uncertainty === undefined || enc.se === undefined || enc.se === null || plusMinus === 'unchecked'
        ? null
        : fitsInterval(
            I,
            plusMinus === 'ci95' ? mul(enc.se, floatHull(I, quantile * (1 - 1e-12), quantile * (1 + 1e-12))) : enc.se,
            p.uncertainty,
            'eq',
            false,
          );
    return { range, seRange, valueConsistent, seConsistent, signFlipped };
  });

  const printedValue = toNumber(p.value);
  const h = toNumber(halfUnit(p.value));
  const { range, valueConsistent, seConsistent } = decided;
  const verdict: ConsistencyVerdict =
    valueConsistent === false || seConsistent === false ? 'inconsistent' : valueConsistent === null ? 'undecided' : 'consistent';
  const gap = range === null || valueConsistent !== false ? 0 : Math.max(range.lo - (printedValue + h), printedValue - h - range.hi, 0);
  const q = p.uncertainty !== undefined ? toNumber(p.uncertainty) : undefined;
  const printedSe = q !== undefined && plusMinus === 'ci95' ? q / quantile : q;
  const printedSeUnits = printedSe !== undefined && printedSe > 0 ? (printedValue - recomputed.value) / printedSe : undefined;
  const recomputedSeUnits =
    recomputed.se !== undefined && recomputed.se > 0 ? (printedValue - recomputed.value) / recomputed.se : undefined;
  const report = {
    verdict,
    method: methodName(input.method),
    n: recomputed.n,
    printed: {
      text: p.value.text,
      value: printedValue,
      halfUnit: h,
      relation,
      ...(p.uncertainty !== undefined
        ? { se: { text: p.uncertainty.text, value: q as number, halfUnit: toNumber(halfUnit(p.uncertainty)) } }
        : {}),
    },
    recomputed,
    range,
    ...(decided.seRange !== undefined ? { seRange: decided.seRange } : {}),
    valueConsistent,
    seConsistent,
    signFlipped: decided.signFlipped,
    gap,
    ...(printedSeUnits !== undefined ? { printedSeUnits } : {}),
    ...(recomputedSeUnits !== undefined ? { recomputedSeUnits } : {}),
    roundedCells,
    exactCells,
    plusMinus,
    guarantee: guaranteeOf(input.method.method, verdict, plusMinus === 'ci95' && valueConsistent !== false && seConsistent === false),
  };
  return { ...report, sentence: sentenceOf(report, label) };
}

/** Enclosure unless the decision rests on float64 work: a p-value's tail, or a t quantile for a printed 95% interval. */
function guaranteeOf(method: PrintedMethod['method'], verdict: ConsistencyVerdict, byQuantile: boolean): ConsistencyReport['guarantee'] {
  if (verdict === 'undecided') return { kind: 'approximate', bound: 'the rounding box does not bound the statistic' };
  if (method === 'p')
    return { kind: 'approximate', bound: 'p-value bounds from the float64 t tail (relative error below 1e-12), widened by 1e-9' };
  if (byQuantile) return { kind: 'approximate', bound: 'the 95% t quantile from the float64 t tail, widened by 1e-12' };
  return { kind: 'enclosure' };
}

/** t_{0.975, dof}: the |t| whose two-sided tail is 0.05, by bisection on the float64 tail (to about 1e-15 relative). */
function tQuantile975(dof: number): number {
  let lo = 0;
  let hi = 1;
  while (twoSidedTailT(hi, dof) > 0.05) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (twoSidedTailT(mid, dof) > 0.05) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** [a, b] for doubles a <= b, loaded exactly. */
function floatHull(I: IntervalArena, a: number, b: number): Interval {
  const r = I.allocate();
  loadNumber(I.mpfr, r.lo, exactDecimalOfFloat64(a), RND.down);
  loadNumber(I.mpfr, r.hi, exactDecimalOfFloat64(b), RND.up);
  return I.checked(r, 'quantile');
}

/** One sentence naming the numbers, e.g. `printed b = 0.41 ± 0.07; recomputed from the 4 printed rows (log law, OLS): ...`. */
function sentenceOf(r: Omit<ConsistencyReport, 'sentence'>, label: string): string {
  const rel = { eq: '=', lt: '<', le: '<=', gt: '>', ge: '>=' }[r.printed.relation];
  const printed = `printed ${label} ${rel} ${r.printed.text}${r.printed.se !== undefined ? ` ± ${r.printed.se.text}${r.plusMinus === 'ci95' ? ' (95% interval)' : ''}` : ''}`;
  const se = r.recomputed.se;
  const value = se !== undefined && se > 0 ? `${fixedLike(r.recomputed.value, se)} ± ${sig(se, 2)}` : sig(r.recomputed.value, 4);
  const range =
    r.range === null
      ? 'not bounded by the rounding of the cells'
      : `${sig(r.range.lo, 4)} to ${sig(r.range.hi, 4)} over the rounding of the ${r.roundedCells} rounded cells`;
  const head = `${printed}; recomputed from the ${r.n} printed rows (${r.method}): ${label} = ${value} (${range})`;
  if (r.verdict === 'undecided') return `${head}: undecided`;
  if (r.valueConsistent === false) {
    const units = [
      r.printedSeUnits !== undefined ? `${sig(Math.abs(r.printedSeUnits), 2)} printed SE` : null,
      r.recomputedSeUnits !== undefined ? `${sig(Math.abs(r.recomputedSeUnits), 2)} recomputed SE` : null,
    ].filter((x) => x !== null);
    return `${head}; the printed value is ${units.length > 0 ? `${units.join(' and ')} away` : `${sig(r.gap, 2)} outside it beyond its rounding`}: inconsistent`;
  }
  const flipped = r.signFlipped ? ' with the opposite sign (the order of the two columns)' : '';
  if (r.seConsistent === false && r.seRange) {
    const what = r.plusMinus === 'ci95' ? 'the 95% half-width t × se' : 'the recomputed se';
    return `${head}; the printed value fits${flipped}, but the printed ± ${r.printed.se?.text ?? ''} is not ${what} (se ${sig(r.seRange.lo, 3)} to ${sig(r.seRange.hi, 3)}): inconsistent`;
  }
  const seNote =
    r.printed.se === undefined || r.seConsistent !== null
      ? ''
      : r.plusMinus === 'unchecked'
        ? '; the printed ± is not checked'
        : '; the method has no standard error to compare with the printed ±';
  return `${head}; the printed value lies within its rounding of that range${flipped}${seNote}: consistent`;
}

/** Each cell of a column as an exact decimal, and whether it is rounded. */
function columnCells(input: ConsistencyInput, name: string): { decimal: PrintedDecimal; rounded: boolean }[] {
  const j = input.table.columns.indexOf(name);
  if (j < 0) throw new DomainError('printed table', `no column "${name}" (columns: ${input.table.columns.join(', ')})`);
  const exact = input.exact?.includes(name) === true;
  const rounded = input.rounded?.includes(name) === true;
  return input.table.rows.map((row, i) => {
    const text = row[j] ?? '';
    const decimal = parseDecimal(text);
    if (decimal === null)
      throw new DomainError('printed table', `row ${i + 1}, column "${name}": "${text.slice(0, 40)}" is not a finite printed number`);
    const isInteger = !/[.eE]/.test(decimal.text);
    return { decimal, rounded: rounded || (!exact && !isInteger) };
  });
}

/** [v - h, v + h] for a rounded cell, the exact value otherwise (both ends exact decimals, loaded outward). */
function boxOf(I: IntervalArena, d: PrintedDecimal, rounded: boolean): Interval {
  if (!rounded) return I.enclose(rationalText(d));
  return between(I, { mantissa: 10n * d.mantissa - 5n, scale: d.scale - 1 }, { mantissa: 10n * d.mantissa + 5n, scale: d.scale - 1 });
}

function between(I: IntervalArena, lo: { mantissa: bigint; scale: number }, hi: { mantissa: bigint; scale: number }): Interval {
  const r = I.allocate();
  loadNumber(I.mpfr, r.lo, rationalText(lo), RND.down);
  loadNumber(I.mpfr, r.hi, rationalText(hi), RND.up);
  return I.checked(r, 'rounding box');
}

/** The printed value's own interval: ± half its last digit and 1e-9 of its size (all at scale - 10, exact). */
function printedEnds(
  d: PrintedDecimal,
  negate: boolean,
): { lo: { mantissa: bigint; scale: number }; hi: { mantissa: bigint; scale: number } } {
  const m = negate ? -d.mantissa : d.mantissa;
  const abs = m < 0n ? -m : m;
  const centre = m * 10n ** 10n;
  const widen = 5n * 10n ** 9n + abs * 10n;
  return { lo: { mantissa: centre - widen, scale: d.scale - 10 }, hi: { mantissa: centre + widen, scale: d.scale - 10 } };
}

/** Whether the enclosure `s` meets the printed value's interval (or half-line, for `<` and `>`). */
function fitsInterval(I: IntervalArena, s: Interval, d: PrintedDecimal, relation: PrintedRelation, negate: boolean): boolean {
  const ends = printedEnds(d, negate);
  if (relation === 'lt' || relation === 'le') return certainlyLess(between(I, ends.hi, ends.hi), s) !== true;
  if (relation === 'gt' || relation === 'ge') return certainlyLess(s, between(I, ends.lo, ends.lo)) !== true;
  const printed = between(I, ends.lo, ends.hi);
  return certainlyLess(s, printed) !== true && certainlyLess(printed, s) !== true;
}

/** The same for a float range (the p-value). */
function fitsFloat(range: Range, d: PrintedDecimal, relation: PrintedRelation): boolean {
  const ends = printedEnds(d, false);
  const lo = toNumber(ends.lo);
  const hi = toNumber(ends.hi);
  if (relation === 'lt' || relation === 'le') return range.lo <= hi;
  if (relation === 'gt' || relation === 'ge') return range.hi >= lo;
  return range.hi >= lo && range.lo <= hi;
}

/** `x` to `n` significant digits, without a trailing exponent for everyday sizes. */
function sig(x: number, n: number): string {
  if (!Number.isFinite(x)) return String(x);
  return String(Number(x.toPrecision(n)));
}

/** `x` to the decimal place of the second significant digit of `se` (0.0945 with se 0.0183 is 0.094). */
function fixedLike(x: number, se: number): string {
  const decimals = Math.max(0, 1 - Math.floor(Math.log10(se)));
  return decimals <= 20 ? x.toFixed(decimals) : sig(x, 4);
}
