/**
 * The organizer's re-check queue from a verdict ledger, in the order the work should be done:
 * 1. claimed falsifications (a claim some logbook falsified and none verified): each must be re-checked
 *    before anyone writes to the authors;
 * 2. contested claims (independent logbooks with opposite verdicts on the same claim): most wrong verdicts
 *    hide here, in a difference of horizon, precision, units, loss or padding between the two logbooks;
 * 3. claims whose only support came at toy scale (or a short horizon): the failure pattern that hides until
 *    the sweep reaches scale.
 * Within a tier: more falsifying logbooks first, then fewer verifying ones, then paper and claim.
 * Guarantee: exact (ordering of counted verdicts).
 */
import type { ClaimSummary, Ledger } from './summary';

export type TriageTier = 'falsified' | 'contested' | 'toy';
export const TRIAGE_TIERS: readonly TriageTier[] = ['falsified', 'contested', 'toy'];

/** One claim to re-check, with its tier and each logbook's verdict. */
export interface TriageRow extends ClaimSummary {
  readonly tier: TriageTier;
}

function tierOf(c: ClaimSummary): TriageTier | null {
  if (c.status === 'falsified') return 'falsified';
  if (c.status === 'contested') return 'contested';
  if (c.status === 'toy') return 'toy';
  return null;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The queue. Example: claims with statuses [verified, toy, contested, falsified] give the falsified one,
 * then the contested one, then the toy one (the verified claim needs no re-check).
 */
export function triageQueue(ledger: Pick<Ledger, 'claimSummaries'>): TriageRow[] {
  const rows: TriageRow[] = [];
  for (const c of ledger.claimSummaries) {
    const tier = tierOf(c);
    if (tier !== null) rows.push({ ...c, tier });
  }
  return rows.sort(
    (a, b) =>
      TRIAGE_TIERS.indexOf(a.tier) - TRIAGE_TIERS.indexOf(b.tier) ||
      b.verdicts.falsified - a.verdicts.falsified ||
      a.verdicts.verified - b.verdicts.verified ||
      compareText(a.paper, b.paper) ||
      compareText(a.claim, b.claim),
  );
}
