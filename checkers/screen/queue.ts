/**
 * The organizer's queue from a screen: the judge's verdicts per (paper, claim) (checkers/ledger/summary.ts)
 * joined with the flags of each verdict's logbook. A claim enters the queue for one or more reasons:
 * - `premature-verification`: a logbook judged `verified` whose evidence the screen flagged
 *   premature-verification or printed-inconsistent (its own numbers cannot carry the verification);
 * - `flagged-falsification`: the claim is falsified by exactly one logbook, and that logbook is flagged
 *   (the falsification rests on one flagged computation);
 * - `contested`: logbooks judged the claim both verified and falsified;
 * - `flagged-evidence`: some logbook of the claim is flagged (any kind).
 * Order (docs/screen.md): rank 0 (premature-verification, flagged-falsification: a recorded decision its own
 * numbers do not carry), then rank 1 (contested), then rank 2 (flagged-evidence); within a rank, first the claim
 * with the most distinct flag kinds on one logbook (independent problems with one recorded verdict), then the
 * most distinct kinds over its logbooks, then more flags, then more falsifying logbooks, then paper and claim
 * (code-unit order).
 * A ledger logbook matches a screened folder by its name, by its name with `/` written `--` or `__`, or by its
 * last `/` segment. Guarantee: exact (ordering of counted flags and verdicts).
 */
import type { ClaimSummary } from '../ledger/summary';
import type { Verdict } from '../ledger/verdicts';
import type { FlagKind } from './model';

/** The flags of one screened logbook, as the queue needs them (no messages: those stay in the logbook's list). */
export interface LogbookFlags {
  readonly logbook: string;
  readonly flags: readonly { readonly kind: FlagKind; readonly page: string; readonly cell: string }[];
}

export type QueueReason = 'premature-verification' | 'flagged-falsification' | 'contested' | 'flagged-evidence';
export const QUEUE_RANK: Readonly<Record<QueueReason, number>> = {
  'premature-verification': 0,
  'flagged-falsification': 0,
  contested: 1,
  'flagged-evidence': 2,
};

export interface QueueRow {
  readonly rank: number;
  readonly reasons: readonly QueueReason[];
  readonly paper: string;
  readonly claim: string;
  readonly status: ClaimSummary['status'];
  readonly logbooks: readonly {
    readonly logbook: string;
    readonly verdict: Verdict;
    readonly screened: string | null;
    readonly flags: LogbookFlags['flags'];
  }[];
}

/** The screened folder a ledger's logbook name stands for, or null. Example: `matchLogbook('alice/repro', names)` finds `alice--repro`. */
export function matchLogbook(name: string, screened: ReadonlyMap<string, LogbookFlags>): LogbookFlags | null {
  for (const candidate of [name, name.replace(/\//g, '--'), name.replace(/\//g, '__'), name.slice(name.lastIndexOf('/') + 1)]) {
    const hit = screened.get(candidate);
    if (hit !== undefined) return hit;
  }
  return null;
}

const PREMATURE: readonly FlagKind[] = ['premature-verification', 'printed-inconsistent'];

/**
 * The queue. Example: a claim verified by one logbook flagged premature-verification and printed-inconsistent
 * comes first, with reasons [premature-verification, flagged-evidence].
 */
export function screenQueue(claims: readonly ClaimSummary[], screened: ReadonlyMap<string, LogbookFlags>): QueueRow[] {
  const rows: QueueRow[] = [];
  for (const c of claims) {
    const logbooks = c.logbookVerdicts.map((v) => {
      const hit = matchLogbook(v.logbook, screened);
      return { logbook: v.logbook, verdict: v.verdict, screened: hit?.logbook ?? null, flags: hit?.flags ?? [] };
    });
    const reasons: QueueReason[] = [];
    if (logbooks.some((l) => l.verdict === 'verified' && l.flags.some((f) => PREMATURE.includes(f.kind))))
      reasons.push('premature-verification');
    const falsifiers = logbooks.filter((l) => l.verdict === 'falsified');
    if (falsifiers.length === 1 && (falsifiers[0]?.flags.length ?? 0) > 0) reasons.push('flagged-falsification');
    if (c.status === 'contested') reasons.push('contested');
    if (logbooks.some((l) => l.flags.length > 0)) reasons.push('flagged-evidence');
    if (reasons.length === 0) continue;
    rows.push({
      rank: Math.min(...reasons.map((r) => QUEUE_RANK[r])),
      reasons,
      paper: c.paper,
      claim: c.claim,
      status: c.status,
      logbooks,
    });
  }
  const worst = (r: QueueRow) => Math.max(0, ...r.logbooks.map((l) => new Set(l.flags.map((f) => f.kind)).size));
  const kinds = (r: QueueRow) => new Set(r.logbooks.flatMap((l) => l.flags.map((f) => f.kind))).size;
  const count = (r: QueueRow) => r.logbooks.reduce((n, l) => n + l.flags.length, 0);
  const falsified = (r: QueueRow) => r.logbooks.filter((l) => l.verdict === 'falsified').length;
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows.sort(
    (a, b) =>
      a.rank - b.rank ||
      worst(b) - worst(a) ||
      kinds(b) - kinds(a) ||
      count(b) - count(a) ||
      falsified(b) - falsified(a) ||
      text(a.paper, b.paper) ||
      text(a.claim, b.claim),
  );
}
