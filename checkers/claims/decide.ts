/**
 * Is a claim's number reproduced by the values of n seeds (`metric-claim`, `recheck claim`)? The t interval of
 * their mean at `confidence` (seed-interval.ts) against the claim's region (region.ts):
 * - `reproduced`: the interval lies inside the region (equal: within claimed +- tolerance; at-least: its lower
 *   end at or above claimed - margin; at-most: its upper end at or below claimed + margin);
 * - `not-reproduced`: the interval lies entirely outside the region;
 * - `cannot-tell`: the interval straddles a boundary of the region; or the seeds gate fails: fewer than
 *   `minSeeds` seeds, unless `fewerSeedsBecause` says why fewer suffice, and then at least 2 (one seed has no
 *   spread and never decides); or a value is not finite; or the values are all equal (no spread, no interval).
 * Error rates: the interval is two-sided, so when the true mean sits exactly on a boundary of the region each
 * wrong decision ("reproduced" or "not reproduced") has probability at most (1 - confidence)/2 under normal
 * seeds: the decision is the one-sided t test of the mean against the nearer boundary at level
 * (1 - confidence)/2, and `deciding` carries its p (for `equal`, reproduced is the two one-sided tests, TOST:
 * its p is the larger of the two). Measured in test/checkers/claims/decide.test.ts.
 * Guarantee: statistical, the one-sample t test with its p and n - 1 dof at that level.
 * Example: `decideClaim([3.9, 4.1, 4.3, 3.8, 4.2], claimRegion({ claimed: 4, direction: 'equal', tolerance:
 * { kind: 'abs', value: 0.5 } }), { confidence: 0.95, minSeeds: 3 })` is `reproduced`: the 95% interval
 * [3.80, 4.32] lies within 3.5 to 4.5 (TOST p = 0.0045 on 4 dof, level 0.025).
 */
import { DomainError } from '../errors';
import type { ClaimRegion } from './region';
import { boundaryTest, hasSpread, seedSummary, type BoundaryTest, type SeedSummary } from './seed-interval';

export type ClaimDecision = 'reproduced' | 'not-reproduced' | 'cannot-tell';

export interface ClaimDecisionOptions {
  readonly confidence: number;
  /** Fewest seeds that decide without a stated reason (the gates' MIN_SEEDS, 3). */
  readonly minSeeds: number;
  /** Why fewer seeds suffice here, as the case states it; lets 2 (never 1) seeds decide. */
  readonly fewerSeedsBecause?: string;
}

/** The seeds gate: how many seeds, the minimum, and whether (and why) they may decide. */
export interface SeedsGate {
  readonly n: number;
  readonly minSeeds: number;
  readonly passed: boolean;
  /** The case's reason for fewer seeds, when it gave one and it was needed. */
  readonly fewerSeedsBecause: string | null;
}

/** The test a decision rests on: which, its p, dof and the level it is read at. */
export interface DecidingTest {
  /** The test as a guarantee names it: "one-sample t, TOST", "one-sample t, one-sided greater". */
  readonly name: string;
  readonly words: string;
  readonly p: number;
  readonly dof: number;
  readonly level: number;
}

export interface ClaimReport {
  readonly decision: ClaimDecision;
  /** Why, in one clause with its numbers. */
  readonly reason: string;
  readonly gate: SeedsGate;
  /** Null with fewer than 2 finite values of some spread. */
  readonly summary: SeedSummary | null;
  /** The one-sample t tests against each finite boundary of the region (low first). */
  readonly tests: readonly BoundaryTest[];
  /** p that the mean lies inside the region (TOST for equal), and that it lies outside; null without a summary. */
  readonly pInside: number | null;
  readonly pOutside: number | null;
  /** What the interval alone says (with a summary), whether or not the gate lets it decide. */
  readonly intervalSays: ClaimDecision | null;
  /** The test the decision rests on (for cannot-tell: the side the data lean to); null without a summary. */
  readonly deciding: DecidingTest | null;
}

const OP = 'decideClaim';
const g = (v: number) => String(Number(v.toPrecision(6)));

/** What the interval [low, high] says of the region, and why in words. */
function intervalVerdict(s: SeedSummary, r: ClaimRegion): { says: ClaimDecision; why: string } {
  const iv = `the ${g(100 * s.confidence)}% interval [${g(s.low)}, ${g(s.high)}] of the mean ${g(s.mean)}`;
  if (s.low >= r.low && s.high <= r.high) return { says: 'reproduced', why: `${iv} lies within the claim's region (${r.words})` };
  if (s.high < r.low) return { says: 'not-reproduced', why: `${iv} lies entirely below the claim's region (${r.words})` };
  if (s.low > r.high) return { says: 'not-reproduced', why: `${iv} lies entirely above the claim's region (${r.words})` };
  const crossed = [r.low, r.high].filter((b) => Number.isFinite(b) && s.low < b && s.high > b).map(g);
  return { says: 'cannot-tell', why: `${iv} straddles the claim's boundary ${crossed.join(' and ')} (${r.words})` };
}

/** p of "inside the region" and of "outside it" from the boundary tests, with the tests' names. */
function sidePs(
  r: ClaimRegion,
  lowTest: BoundaryTest | null,
  highTest: BoundaryTest | null,
): { inside: number; outside: number; insideName: string; outsideName: string } {
  const t = 'one-sample t, ';
  if (lowTest !== null && highTest !== null) {
    const below = lowTest.pLess <= highTest.pGreater;
    return {
      inside: Math.max(lowTest.pGreater, highTest.pLess),
      outside: below ? lowTest.pLess : highTest.pGreater,
      insideName: `${t}TOST`,
      outsideName: `${t}one-sided ${below ? 'less' : 'greater'}`,
    };
  }
  if (lowTest !== null)
    return { inside: lowTest.pGreater, outside: lowTest.pLess, insideName: `${t}one-sided greater`, outsideName: `${t}one-sided less` };
  if (highTest !== null)
    return { inside: highTest.pLess, outside: highTest.pGreater, insideName: `${t}one-sided less`, outsideName: `${t}one-sided greater` };
  throw new DomainError(OP, `the region (${r.words}) has no finite boundary`);
}

/** The decision (see the file comment). `values` are in the claim's unit, one per seed. */
export function decideClaim(values: readonly number[], region: ClaimRegion, o: ClaimDecisionOptions): ClaimReport {
  const n = values.length;
  if (n === 0) throw new DomainError(OP, 'no values: one value per seed is needed');
  if (!(Number.isInteger(o.minSeeds) && o.minSeeds >= 2)) throw new DomainError(OP, `minSeeds must be an integer >= 2, got ${o.minSeeds}`);
  const because = o.fewerSeedsBecause?.trim() ?? '';
  const gatePassed = n >= o.minSeeds || (n >= 2 && because !== '');
  const gate: SeedsGate = {
    n,
    minSeeds: o.minSeeds,
    passed: gatePassed,
    fewerSeedsBecause: n < o.minSeeds && because !== '' ? because : null,
  };
  const none = { gate, summary: null, tests: [], pInside: null, pOutside: null, intervalSays: null, deciding: null } as const;
  const bad = values.findIndex((v) => !Number.isFinite(v));
  if (bad >= 0) {
    const count = values.filter((v) => !Number.isFinite(v)).length;
    return {
      ...none,
      decision: 'cannot-tell',
      reason: `seed ${bad + 1} is ${String(values[bad])}${count > 1 ? ` (${count} of ${n} values are not finite)` : ''}: the mean of non-finite values says nothing`,
    };
  }
  if (n === 1) return { ...none, decision: 'cannot-tell', reason: 'one seed: no spread and no interval, and a single run never decides' };
  if (!hasSpread(values))
    return {
      ...none,
      decision: 'cannot-tell',
      reason: `all ${n} values are equal (zero spread): no t interval; seeds that give identical values may not vary the run`,
    };
  const summary = seedSummary(values, o.confidence);
  const lowTest = Number.isFinite(region.low) ? boundaryTest(summary, region.low) : null;
  const highTest = Number.isFinite(region.high) ? boundaryTest(summary, region.high) : null;
  const tests = [lowTest, highTest].filter((t): t is BoundaryTest => t !== null);
  const ps = sidePs(region, lowTest, highTest);
  const { says, why } = intervalVerdict(summary, region);
  const level = (1 - o.confidence) / 2;
  const insideWords =
    region.direction === 'equal'
      ? 'two one-sided t tests (TOST): the mean lies within the region'
      : `one-sided t test: the mean lies ${region.direction === 'at-least' ? 'at or above' : 'at or below'} the boundary`;
  const outsideWords = 'one-sided t test: the mean lies outside the region';
  const deciding: DecidingTest =
    says === 'reproduced' || (says === 'cannot-tell' && ps.inside <= ps.outside)
      ? { name: ps.insideName, words: insideWords, p: ps.inside, dof: summary.dof, level }
      : { name: ps.outsideName, words: outsideWords, p: ps.outside, dof: summary.dof, level };
  const base = { gate, summary, tests, pInside: ps.inside, pOutside: ps.outside, intervalSays: says, deciding };
  if (!gatePassed)
    return {
      ...base,
      decision: 'cannot-tell',
      reason: `${n} seeds, below the minimum of ${o.minSeeds}, and the case states no reason why fewer suffice (${why})`,
    };
  const fewer =
    gate.fewerSeedsBecause !== null
      ? `; only ${n} seeds, below the minimum of ${o.minSeeds}, because the case says: "${gate.fewerSeedsBecause}"`
      : '';
  return { ...base, decision: says, reason: `${why}${fewer}` };
}
