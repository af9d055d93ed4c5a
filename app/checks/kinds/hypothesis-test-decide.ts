/**
 * What a hypothesis test can decide about a claim (the `hypothesis-test` kind), pure:
 * - `mismatches`: how the finding's test differs from the claim's (paired against unpaired, one- against
 *   two-sided, opposite directions, another test), each a sentence: a mismatch is itself evidence.
 * - `designGaps`: why a p-value cannot decide at all: fewer observations than MIN_PAIRS pairs / MIN_PER_GROUP
 *   per group / MIN_TRIALS trials; a normal-approximation p (a rank test) with fewer than APPROX_MIN
 *   observations; a Monte Carlo p within 3 standard errors of the significance level; and a test whose
 *   smallest attainable p is not below the level (five pairs of an exact sign-flip or signed-rank test cannot
 *   go below 2/32 = 0.0625 two-sided: at 0.05 it never rejects, so its verdict is fixed before the data).
 * - `decide`: with no gap, p < decideAt means a difference; a claim of a difference then stands (`refutes` the
 *   falsification), a claim of no difference fails (`supports` it); p >= decideAt the other way round.
 * Example: `decide({ p: 5.7e-5, ... }, 0.05, 'difference', [])` is `{ outcome: 'refutes', difference: true }`.
 */
import type { Alternative, TestName, TestResult } from '../../../checkers/stats/tests/types';
import { isPaired } from './hypothesis-test-data';

/** Fewest pairs for a paired test to decide. */
export const MIN_PAIRS = 5;
/** Fewest observations in each group for an unpaired test to decide. */
export const MIN_PER_GROUP = 3;
/** Fewest trials for the binomial test to decide. */
export const MIN_TRIALS = 5;
/** Below this many pairs (or observations in the smaller group) a normal-approximation p never decides. */
export const APPROX_MIN = 10;

/** A test as a claim or a finding states it. */
export interface TestSpecOf {
  test: TestName;
  alternative: Alternative;
  /** Permutation tests: paired (sign flips) or not (pooled values). */
  paired?: boolean;
}

const TEST_WORDS: Record<TestName, string> = {
  'paired-t': 'paired t test',
  student: 'Student t test',
  welch: 'Welch t test',
  wilcoxon: 'Wilcoxon signed-rank test',
  'mann-whitney': 'Mann-Whitney U test',
  binomial: 'exact binomial test',
  permutation: 'permutation test',
};

/** "paired t test (two-sided)", "paired permutation test (one-sided, greater)". */
export function testWords(s: TestSpecOf): string {
  const name = s.test === 'permutation' ? `${s.paired ? 'paired' : 'unpaired'} permutation test` : TEST_WORDS[s.test];
  return `${name} (${s.alternative === 'two-sided' ? 'two-sided' : `one-sided, ${s.alternative}`})`;
}

/** How the finding's test differs from the claim's, in sentences (empty: the same test). */
export function mismatches(claim: TestSpecOf, finding: TestSpecOf): string[] {
  const out: string[] = [];
  const cp = isPaired(claim.test, claim.paired);
  const fp = isPaired(finding.test, finding.paired);
  if (cp !== fp)
    out.push(
      `the finding used an ${fp ? 'paired' : 'unpaired'} test (${testWords(finding)}) where the claim is about ${cp ? 'paired' : 'unpaired'} observations (${testWords(claim)})`.replace(
        'an paired',
        'a paired',
      ),
    );
  const cs = claim.alternative === 'two-sided';
  const fs = finding.alternative === 'two-sided';
  if (cs !== fs) out.push(`the finding's test is ${fs ? 'two-sided' : 'one-sided'} where the claim's is ${cs ? 'two-sided' : 'one-sided'}`);
  else if (!cs && claim.alternative !== finding.alternative)
    out.push(
      `the finding's test looks for a difference in the opposite direction (${finding.alternative}, the claim ${claim.alternative})`,
    );
  if (out.length === 0 && claim.test !== finding.test)
    out.push(`the finding used another test (${testWords(finding)}, the claim ${testWords(claim)})`);
  return out;
}

const choose = (n: number, k: number): number => {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
};

/**
 * A lower bound of the smallest p the test can give on samples of these sizes (0 for t tests, whose p is
 * continuous; null for a p that is not an exact count, such as a normal approximation or Monte Carlo).
 */
export function smallestP(r: TestResult, p0 = 0.5): number | null {
  if (r.test === 'paired-t' || r.test === 'student' || r.test === 'welch') return 0;
  if (r.guarantee.kind !== 'exact') return null;
  // Two-sided: the null law of a sign-flip, signed-rank or U statistic is symmetric (the extreme counts twice);
  // a permutation of unequal groups need not be, so it counts once there.
  const symmetric = r.test !== 'permutation' || r.n.b === undefined || r.n.a === r.n.b;
  const sides = r.alternative === 'two-sided' && symmetric ? 2 : 1;
  if (r.test === 'binomial') return Math.min(p0, 1 - p0) ** r.n.a;
  const arrangements = r.n.b === undefined ? 2 ** r.n.a : choose(r.n.a + r.n.b, r.n.a);
  return Math.min(1, sides / arrangements);
}

/** The minimum the design needs, and what it has. */
export function minimumOf(r: TestResult, paired: boolean): { need: number; have: number; of: string } {
  if (r.test === 'binomial') return { need: MIN_TRIALS, have: r.n.a, of: 'trials' };
  if (paired) return { need: MIN_PAIRS, have: r.n.a, of: 'pairs' };
  return { need: MIN_PER_GROUP, have: Math.min(r.n.a, r.n.b ?? 0), of: 'observations in the smaller group' };
}

/** Why this result cannot decide at `decideAt` (empty: it can). */
export function designGaps(r: TestResult, paired: boolean, decideAt: number, p0?: number): string[] {
  const gaps: string[] = [];
  const min = minimumOf(r, paired);
  if (min.have < min.need) gaps.push(`${min.have} ${min.of}, below the minimum of ${min.need} for a test to decide`);
  if (r.guarantee.kind === 'approximate' && min.have < APPROX_MIN)
    gaps.push(`its p is a normal approximation on ${min.have} ${min.of} (below ${APPROX_MIN}): use method exact`);
  if (r.guarantee.kind === 'statistical' && r.guarantee.resamples !== undefined) {
    const se = Math.sqrt((r.p * (1 - r.p)) / r.guarantee.resamples);
    if (Math.abs(r.p - decideAt) < 3 * se)
      gaps.push(`its Monte Carlo p (${r.guarantee.resamples} resamples) lies within 3 standard errors of the level ${decideAt}`);
  }
  const floor = smallestP(r, p0);
  if (floor !== null && floor >= decideAt)
    gaps.push(
      `no ${r.test} test of ${min.have} ${min.of} can give p below ${Number(floor.toPrecision(4))}: at the level ${decideAt} it can never find a difference`,
    );
  return gaps;
}

/** The outcome for the falsification: a claim of a difference stands when p < decideAt. */
export function decide(
  r: Pick<TestResult, 'p'>,
  decideAt: number,
  expect: 'difference' | 'no-difference',
  gaps: readonly string[],
): { outcome: 'supports' | 'refutes' | 'neutral'; difference: boolean } {
  const difference = r.p < decideAt;
  if (gaps.length > 0) return { outcome: 'neutral', difference };
  const claimHolds = difference === (expect === 'difference');
  return { outcome: claimHolds ? 'refutes' : 'supports', difference };
}
