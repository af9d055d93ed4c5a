/**
 * The organizer's re-check queue from a verdict ledger, in the order the work should be done:
 * 1. claimed falsifications (a claim some logbook falsified and none verified): each must be re-checked
 *    before anyone writes to the authors;
 * 2. beside each other, in one rank: contested claims (independent logbooks with opposite verdicts on the
 *    same claim: most wrong verdicts hide here, in a difference of horizon, precision, units, loss or padding)
 *    and premature verifications (claims verified only by logbooks whose printed evidence a check has shown
 *    misses the minimums: too few points, too short a range; the trap the challenge reported most);
 * 3. claims whose only support came at toy scale (or a short horizon): the failure pattern that hides until
 *    the sweep reaches scale.
 * Within a rank: more falsifying logbooks first, then fewer verifying ones, then paper and claim (so within
 * rank 2 a contested claim, which has a falsifying logbook, comes before a premature verification).
 * The same order in `recheck ledger` and the app's triage view (both call this function).
 * Guarantee: exact (ordering of counted verdicts).
 */
import type { ClaimSummary, Ledger } from './summary';

export type TriageTier = 'falsified' | 'contested' | 'premature' | 'toy';
export const TRIAGE_TIERS: readonly TriageTier[] = ['falsified', 'contested', 'premature', 'toy'];

/** The rank of a tier: contested and premature share one. */
export const TRIAGE_RANK: Readonly<Record<TriageTier, number>> = { falsified: 0, contested: 1, premature: 1, toy: 2 };

/**
 * A check's finding that one logbook's verification of a claim is premature: the paper and claim as the ledger
 * names them (a claim by id, text or `#n` position, a logbook by id, folder or title: any name matches), and why.
 */
export interface PrematureVerification {
  readonly paper: string;
  readonly claims: readonly string[];
  readonly logbooks: readonly string[];
  readonly reason: string;
}

/** One claim to re-check, with its tier and each logbook's verdict (and, when premature, what showed it). */
export interface TriageRow extends ClaimSummary {
  readonly tier: TriageTier;
  readonly premature?: readonly { logbook: string; reason: string }[];
}

/** The verifying logbooks of a claim, each with the premature verification shown for it (or undefined). */
function verifiers(
  c: ClaimSummary,
  premature: readonly PrematureVerification[],
): { logbook: string; shown: PrematureVerification | undefined }[] {
  return c.logbookVerdicts
    .filter((v) => v.verdict === 'verified')
    .map((v) => ({ logbook: v.logbook, shown: premature.find((p) => p.logbooks.includes(v.logbook)) }));
}

function tierOf(c: ClaimSummary, premature: readonly PrematureVerification[]): TriageTier | null {
  if (c.status === 'falsified') return 'falsified';
  if (c.status === 'contested') return 'contested';
  // Verified only by logbooks whose evidence a check has shown premature: every verifying logbook is.
  if (c.status === 'verified' && verifiers(c, premature).every((v) => v.shown !== undefined)) return 'premature';
  if (c.status === 'toy') return 'toy';
  return null;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The queue. Example: claims with statuses [verified, toy, contested, falsified] give the falsified one,
 * then the contested one, then the toy one (the verified claim needs no re-check, unless a premature
 * verification of it is given: then it ranks beside the contested one, after it).
 */
export function triageQueue(ledger: Pick<Ledger, 'claimSummaries'>, premature: readonly PrematureVerification[] = []): TriageRow[] {
  const rows: TriageRow[] = [];
  for (const c of ledger.claimSummaries) {
    const mine = premature.filter((p) => p.paper === c.paper && p.claims.includes(c.claim));
    const tier = tierOf(c, mine);
    if (tier === null) continue;
    rows.push(
      tier === 'premature'
        ? { ...c, tier, premature: verifiers(c, mine).map((v) => ({ logbook: v.logbook, reason: v.shown?.reason ?? '' })) }
        : { ...c, tier },
    );
  }
  return rows.sort(
    (a, b) =>
      TRIAGE_RANK[a.tier] - TRIAGE_RANK[b.tier] ||
      b.verdicts.falsified - a.verdicts.falsified ||
      a.verdicts.verified - b.verdicts.verified ||
      compareText(a.paper, b.paper) ||
      compareText(a.claim, b.claim),
  );
}
