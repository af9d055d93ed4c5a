/**
 * The verdict ledger: claim statuses over logbooks, paper categories over claims, and the claims worth
 * re-checking. Definitions (those of `recheck ledger`):
 * - claim status over its logbooks: contested (some verified and some falsified), else verified (some
 *   verified), else falsified, else toy, else inconclusive;
 * - paper categories over its claims (a paper may fall in several): fullyReproduced (all verified),
 *   partiallyReproduced (some verified, none falsified or contested, not all verified), atLeastOneVerified
 *   (some verified or contested), falsifiedOrContested, allFalsified, contested, toyOnly (no verified,
 *   falsified or contested claim, some toy), inconclusive (all inconclusive);
 * - re-check priority: contested before falsified, then more falsifying logbooks first, then fewer
 *   verifying ones, then paper and claim id.
 * Guarantee: exact (counting).
 */
import { LedgerInputError } from './verdicts';
import type { Verdict, VerdictRow } from './verdicts';

export type ClaimStatus = 'contested' | 'verified' | 'falsified' | 'toy' | 'inconclusive';
export const CLAIM_STATUSES: readonly ClaimStatus[] = ['contested', 'verified', 'falsified', 'toy', 'inconclusive'];
export const PAPER_CATEGORIES = [
  'fullyReproduced',
  'partiallyReproduced',
  'atLeastOneVerified',
  'falsifiedOrContested',
  'allFalsified',
  'contested',
  'toyOnly',
  'inconclusive',
] as const;
export type PaperCategory = (typeof PAPER_CATEGORIES)[number];

export interface ClaimSummary {
  paper: string;
  claim: string;
  status: ClaimStatus;
  /** Verdict counts over the claim's logbooks. */
  verdicts: Record<Verdict, number>;
  logbooks: string[];
  /** Each logbook's verdict on the claim, in input order (who said what, for contested claims). */
  logbookVerdicts: { logbook: string; verdict: Verdict }[];
}

export interface Ledger {
  papers: number;
  claims: number;
  /** Distinct (paper, logbook) pairs. */
  logbooks: number;
  claimStatus: Record<ClaimStatus, number>;
  paperCategories: Record<PaperCategory, number>;
  /** Falsified or contested claims, highest priority first. */
  recheck: ClaimSummary[];
  claimSummaries: ClaimSummary[];
}

/**
 * Status of one claim from its verdict counts. Example: {verified: 1, falsified: 2} is contested;
 * {toy: 1, inconclusive: 3} is toy.
 */
export function claimStatus(v: Record<Verdict, number>): ClaimStatus {
  if (v.verified > 0 && v.falsified > 0) return 'contested';
  if (v.verified > 0) return 'verified';
  if (v.falsified > 0) return 'falsified';
  if (v.toy > 0) return 'toy';
  return 'inconclusive';
}

/**
 * The categories a paper with these claim statuses falls in. Example: [verified, toy] gives
 * partiallyReproduced and atLeastOneVerified.
 */
export function paperCategories(statuses: readonly ClaimStatus[]): PaperCategory[] {
  const has = (s: ClaimStatus) => statuses.includes(s);
  const every = (s: ClaimStatus) => statuses.length > 0 && statuses.every((x) => x === s);
  const out: PaperCategory[] = [];
  if (every('verified')) out.push('fullyReproduced');
  if (has('verified') && !has('falsified') && !has('contested') && !every('verified')) out.push('partiallyReproduced');
  if (has('verified') || has('contested')) out.push('atLeastOneVerified');
  if (has('falsified') || has('contested')) out.push('falsifiedOrContested');
  if (every('falsified')) out.push('allFalsified');
  if (has('contested')) out.push('contested');
  if (!has('verified') && !has('falsified') && !has('contested') && has('toy')) out.push('toyOnly');
  if (every('inconclusive')) out.push('inconclusive');
  return out;
}

/**
 * Builds the ledger. A (paper, claim, logbook) given twice with different verdicts is an input error
 * naming both places; the same verdict twice counts once.
 */
export function buildLedger(rows: readonly VerdictRow[]): Ledger {
  const seen = new Map<string, VerdictRow>();
  const claims = new Map<string, ClaimSummary>();
  const logbooks = new Set<string>();
  for (const r of rows) {
    const key = JSON.stringify([r.paper, r.claim, r.logbook]);
    const prev = seen.get(key);
    if (prev !== undefined) {
      if (prev.verdict !== r.verdict)
        throw new LedgerInputError(
          r.source,
          `verdict ${r.verdict} contradicts ${prev.verdict} at ${prev.source} for paper ${JSON.stringify(r.paper)}, claim ${JSON.stringify(r.claim)}, logbook ${JSON.stringify(r.logbook)}`,
        );
      continue;
    }
    seen.set(key, r);
    logbooks.add(JSON.stringify([r.paper, r.logbook]));
    const ckey = JSON.stringify([r.paper, r.claim]);
    let c = claims.get(ckey);
    if (c === undefined) {
      c = {
        paper: r.paper,
        claim: r.claim,
        status: 'inconclusive',
        verdicts: { verified: 0, falsified: 0, toy: 0, inconclusive: 0 },
        logbooks: [],
        logbookVerdicts: [],
      };
      claims.set(ckey, c);
    }
    c.verdicts[r.verdict] += 1;
    c.logbooks.push(r.logbook);
    c.logbookVerdicts.push({ logbook: r.logbook, verdict: r.verdict });
  }
  const claimSummaries = [...claims.values()].map((c) => ({ ...c, status: claimStatus(c.verdicts) }));

  const claimStatusCounts = Object.fromEntries(CLAIM_STATUSES.map((s) => [s, 0])) as Record<ClaimStatus, number>;
  const byPaper = new Map<string, ClaimStatus[]>();
  for (const c of claimSummaries) {
    claimStatusCounts[c.status] += 1;
    const list = byPaper.get(c.paper) ?? [];
    list.push(c.status);
    byPaper.set(c.paper, list);
  }
  const categoryCounts = Object.fromEntries(PAPER_CATEGORIES.map((s) => [s, 0])) as Record<PaperCategory, number>;
  for (const statuses of byPaper.values()) for (const cat of paperCategories(statuses)) categoryCounts[cat] += 1;

  const recheck = claimSummaries.filter((c) => c.status === 'contested' || c.status === 'falsified').sort(byPriority);
  return {
    papers: byPaper.size,
    claims: claimSummaries.length,
    logbooks: logbooks.size,
    claimStatus: claimStatusCounts,
    paperCategories: categoryCounts,
    recheck,
    claimSummaries,
  };
}

function byPriority(a: ClaimSummary, b: ClaimSummary): number {
  const rank = (c: ClaimSummary) => (c.status === 'contested' ? 0 : 1);
  return (
    rank(a) - rank(b) ||
    b.verdicts.falsified - a.verdicts.falsified ||
    a.verdicts.verified - b.verdicts.verified ||
    compareText(a.paper, b.paper) ||
    compareText(a.claim, b.claim)
  );
}

/** Code-unit order: the same on every machine (unlike localeCompare). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
