/**
 * The triage view's pure pieces: the re-check queue (triageLedger's TriageView) grouped by tier under
 * plain-language headings, and what "Create case" pre-fills for a row of a paper the workspace has no case
 * about: a case id made from the paper id, the paper id as venue id, a stub paper summary quoting the claim and
 * listing the logbooks to import, and whether the ledger gave the claim as text (then it is added as a claim).
 *
 * Example: `caseIdForPaper('openreview:Pag1ng', [])` is `openreview-Pag1ng`.
 */
import type { TriageRowView } from '../../common/api/contract';
import { CASE_ID, suggestCaseId } from '../intake/case-id';

export type TriageTier = TriageRowView['tier'];

/**
 * The tiers in the order they are worked through (the order triageLedger sorts its queue in: contested and
 * premature share a rank, and a contested claim, having a falsifying logbook, always comes first in it).
 */
export const TIER_ORDER: readonly TriageTier[] = ['falsified', 'contested', 'premature', 'toy'];

/** What each tier asks of the reviewer, in words. */
export const TIER_HEADINGS: Record<TriageTier, string> = {
  falsified: 'Claimed falsifications: re-check before anyone writes to the authors',
  contested: 'Contested: logbooks disagree',
  premature: 'Premature verifications: verified on evidence a check shows cannot carry it',
  toy: 'Supported only at toy scale',
};

export interface TriageGroup {
  tier: TriageTier;
  heading: string;
  rows: TriageRowView[];
}

/** The queue's rows by tier, in tier order, each group keeping the queue's order; empty tiers left out. */
export function groupQueue(queue: readonly TriageRowView[]): TriageGroup[] {
  return TIER_ORDER.map((tier) => ({ tier, heading: TIER_HEADINGS[tier], rows: queue.filter((r) => r.tier === tier) })).filter(
    (g) => g.rows.length > 0,
  );
}

const MAX_ID = 128;

/**
 * A new case's id for a paper id: its characters outside the id pattern become "-" (suggestCaseId), `paper`
 * when nothing is left, and `-2`, `-3`, ... appended when the workspace already has that id.
 */
export function caseIdForPaper(paper: string, existing: readonly string[]): string {
  const base = suggestCaseId(paper) || 'paper';
  if (!existing.includes(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const id = `${base.slice(0, MAX_ID - suffix.length).replace(/[-.]+$/, '')}${suffix}`;
    if (!existing.includes(id) && CASE_ID.test(id)) return id;
  }
}

/**
 * Whether the ledger's claim is the claim's text (three words or more) rather than an id (`C1`, `3.2`, or the
 * `#1` the ledger reader names claims without an id by). Only a text is added to a new case as its claim.
 */
export function claimIsText(claim: string): boolean {
  return (
    claim
      .trim()
      .split(/\s+/)
      .filter((w) => w !== '').length >= 3
  );
}

/** The Markdown of a block quote of `text` (every line quoted, blank lines kept inside the quote). */
function quoted(text: string): string {
  return text
    .trim()
    .split(/\r\n|\r|\n/)
    .map((l) => (l.trim() === '' ? '>' : `> ${l}`))
    .join('\n');
}

/** "alice/repro: falsified" lines, one per logbook. */
function logbookLines(row: TriageRowView): string[] {
  return row.logbookVerdicts.map((v) => `- \`${v.logbook.replace(/\s+/g, ' ').replace(/`/g, "'")}\`: ${v.verdict}`);
}

/**
 * A stub of our summary of the paper for a case made from a ledger row: a title naming the paper id, the claim
 * quoted (as the ledger gives it), why it is in the queue, and the logbooks to import with their verdicts.
 */
export function paperStub(row: TriageRowView, ledgerName: string): string {
  const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
  const claimLine = claimIsText(row.claim)
    ? quoted(row.claim)
    : `> Claim \`${oneLine(row.claim).replace(/`/g, "'")}\` (the ledger names it by id: write the claim’s words here)`;
  return [
    `# Paper ${oneLine(row.paper)}`,
    '',
    `Stub written from the verdict ledger ${ledgerName}: replace it with our summary of the paper’s claims, in our own words.`,
    '',
    '## The claim to re-check',
    '',
    claimLine,
    '',
    `Ledger status: **${row.status}** (${TIER_HEADINGS[row.tier].toLowerCase()}).`,
    '',
    '## Logbooks to import',
    '',
    ...logbookLines(row),
    '',
  ].join('\n');
}

/** A verdict tally in words, most frequent first: `2 falsified, 1 verified`. Zero counts are left out. */
export function verdictTally(verdicts: Record<string, number>): string {
  return Object.entries(verdicts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([v, n]) => `${n} ${v}`)
    .join(', ');
}

/** Counts by name, largest first, for the summary (`{ contested: 1, verified: 3 }` -> verified 3, contested 1). */
export function countsLargestFirst(counts: Record<string, number>): [string, number][] {
  return Object.entries(counts).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}
