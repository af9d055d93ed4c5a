/**
 * What a sandboxed verdict's own comparisons imply, re-derived without trusting its stated outcome, and what its
 * claimed guarantee is worth once checked against those comparisons (docs/sandbox-verdict.md).
 *
 * Outcome: the comparisons are grouped by `means`. A group is established when it is not empty and every one
 * of its comparisons holds (a conjunction); it is broken when one fails. The evidence implies `supports` when
 * the supports group is established and the refutes group is absent or broken (and the other way round for
 * `refutes`); `both` when both are established (the evidence contradicts itself); `undecided` when neither side
 * is implied and an undecided comparison (an interval across its bound) could still establish one; else `neutral`.
 *
 * Guarantee: the module may claim exact, enclosure, statistical or approximate; the claim is kept only when the
 * comparisons bear it out, else the result is approximate with the reason:
 * - exact: every value is an exact number string (no float, no interval), every bound a string or a safe integer;
 * - enclosure: every value an exact string or an interval, every bound a string or a safe integer, and every
 *   comparison decided on the whole interval (an interval across its bound is not an enclosure of the decision);
 * - statistical: a named test (1 to 100 characters), p in [0, 1], dof finite and > 0, level (if given) in
 *   (0, 1), and p is the value of one of the comparisons (the same float64: so the p shown is the p that decided);
 * - approximate: kept as is.
 * Example: `deriveOutcome([{ ..., relation: '<', means: 'refutes' } holding])` is 'refutes'.
 */
import { isInterval, type ComparisonTruth, type Relation, type WrittenNumber, type WrittenValue } from './comparison';
import { Rational } from '../exact/rational';

export type VerdictOutcome = 'supports' | 'refutes' | 'neutral';
/** What the comparisons imply: an outcome, `undecided` (an interval across a bound), or `both` (self-contradiction). */
export type ImpliedOutcome = VerdictOutcome | 'undecided' | 'both';

export interface DecisiveComparison {
  readonly quantity: string;
  readonly value: WrittenValue;
  readonly relation: Relation;
  readonly bound: WrittenNumber;
  /** The outcome this comparison stands for when it holds. */
  readonly means: 'supports' | 'refutes';
}

/** A guarantee as the module claims it (shape already validated) and as the host records it. */
export type VerdictGuarantee =
  | { kind: 'exact' }
  | { kind: 'enclosure' }
  | { kind: 'statistical'; test: string; p: number; dof: number; level?: number }
  | { kind: 'approximate'; bound?: string };

type GroupState = 'absent' | 'established' | 'broken' | 'open';

function groupState(truths: readonly ComparisonTruth[]): GroupState {
  if (truths.length === 0) return 'absent';
  if (truths.includes('fails')) return 'broken';
  return truths.includes('undecided') ? 'open' : 'established';
}

/**
 * The outcome implied by comparisons and their truths (same order). Example: one `supports` comparison that holds
 * and one `refutes` comparison that fails imply 'supports'.
 */
export function deriveOutcome(comparisons: readonly DecisiveComparison[], truths: readonly ComparisonTruth[]): ImpliedOutcome {
  const of = (means: 'supports' | 'refutes') => groupState(truths.filter((_, i) => comparisons[i]?.means === means));
  const s = of('supports');
  const r = of('refutes');
  if (s === 'established' && r === 'established') return 'both';
  if (s === 'established') return r === 'open' ? 'undecided' : 'supports';
  if (r === 'established') return s === 'open' ? 'undecided' : 'refutes';
  return s === 'open' || r === 'open' ? 'undecided' : 'neutral';
}

/** A bound an exact or enclosure claim can rest on: a string, or a JS number that is a safe integer. */
function exactBound(b: WrittenNumber): boolean {
  return b.form === 'exact' || Number.isSafeInteger(Number(b.text));
}

/** Why the comparisons do not bear out the claimed guarantee, or null when they do. */
export function guaranteeGap(
  claimed: VerdictGuarantee,
  comparisons: readonly DecisiveComparison[],
  truths: readonly ComparisonTruth[],
): string | null {
  const floatBound = comparisons.find((c) => !exactBound(c.bound));
  switch (claimed.kind) {
    case 'approximate':
      return null;
    case 'exact': {
      const bad = comparisons.find((c) => isInterval(c.value) || c.value.form !== 'exact');
      if (bad !== undefined)
        return `claimed exact, but the value of "${bad.quantity}" is ${isInterval(bad.value) ? 'an interval' : `a float (${bad.value.text})`}, not an exact number string`;
      if (floatBound !== undefined) return `claimed exact, but the bound of "${floatBound.quantity}" is a float (${floatBound.bound.text})`;
      return null;
    }
    case 'enclosure': {
      const bad = comparisons.find((c) => !isInterval(c.value) && c.value.form !== 'exact');
      if (bad !== undefined && !isInterval(bad.value))
        return `claimed enclosure, but the value of "${bad.quantity}" is a float (${bad.value.text}), neither an interval nor an exact number string`;
      if (floatBound !== undefined)
        return `claimed enclosure, but the bound of "${floatBound.quantity}" is a float (${floatBound.bound.text})`;
      const open = comparisons.findIndex((_, i) => truths[i] === 'undecided');
      if (open >= 0) {
        const c = comparisons[open] as DecisiveComparison;
        const v = c.value as { lo: WrittenNumber; hi: WrittenNumber };
        return `claimed enclosure, but the interval [${v.lo.text}, ${v.hi.text}] of "${c.quantity}" lies across its bound ${c.bound.text} (${c.relation} holds at one end only)`;
      }
      return null;
    }
    case 'statistical':
      return statisticalGap(claimed, comparisons);
  }
}

function statisticalGap(g: Extract<VerdictGuarantee, { kind: 'statistical' }>, comparisons: readonly DecisiveComparison[]): string | null {
  if (g.test.trim() === '' || g.test.length > 100) return 'claimed statistical, but names no test (1 to 100 characters)';
  if (!Number.isFinite(g.p) || g.p < 0 || g.p > 1) return `claimed statistical, but its p (${g.p}) is outside [0, 1]`;
  if (!Number.isFinite(g.dof) || g.dof <= 0) return `claimed statistical, but its dof (${g.dof}) is not a positive number`;
  if (g.level !== undefined && !(Number.isFinite(g.level) && g.level > 0 && g.level < 1))
    return `claimed statistical, but its level (${g.level}) is outside (0, 1)`;
  // The guarantee's p is a JSON number: a comparison on it holds the same float64 (exactly, or a string rounding to it).
  const p = Rational.fromFloat64(g.p);
  const decidesOnP = comparisons.some(
    (c) =>
      !isInterval(c.value) &&
      (c.value.form === 'float' ? c.value.value.equals(p) : Number(c.value.text) === g.p || c.value.value.toNumber() === g.p),
  );
  if (!decidesOnP) return `claimed statistical, but its p (${g.p}) is the value of none of its comparisons`;
  return null;
}

/** The guarantee recorded: the claim when the comparisons bear it out, else approximate with the reason as its bound. */
export function cappedGuarantee(
  claimed: VerdictGuarantee,
  comparisons: readonly DecisiveComparison[],
  truths: readonly ComparisonTruth[],
): { guarantee: VerdictGuarantee; gap: string | null } {
  const gap = guaranteeGap(claimed, comparisons, truths);
  return gap === null ? { guarantee: claimed, gap } : { guarantee: { kind: 'approximate', bound: gap }, gap };
}

/**
 * The weakest of several runs' guarantees: any approximate makes it approximate; else any statistical makes it
 * the statistical one with the largest p; else any enclosure; else exact. Example: exact and enclosure give enclosure.
 */
export function weakestGuarantee(gs: readonly VerdictGuarantee[]): VerdictGuarantee {
  const approx = gs.find((g) => g.kind === 'approximate');
  if (approx !== undefined || gs.length === 0) return approx ?? { kind: 'approximate' };
  const stats = gs.filter((g): g is Extract<VerdictGuarantee, { kind: 'statistical' }> => g.kind === 'statistical');
  if (stats.length > 0) return stats.reduce((a, b) => (b.p > a.p ? b : a));
  return gs.some((g) => g.kind === 'enclosure') ? { kind: 'enclosure' } : { kind: 'exact' };
}
