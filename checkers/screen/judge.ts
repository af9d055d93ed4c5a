/**
 * The judge-reliability view: each verdict of the judge (a ledger row: paper, claim, logbook, verdict) set
 * against what the screen found in that logbook's own numbers, counted per verdict kind, and the claims whose
 * verdicts flip between logbooks lined up with the horizon each logbook reached.
 * - The verdict's finding is the logbook's finding on the same claim text (when the ledger is the logbooks' own
 *   findings), else its only finding, else its last finding that says the same as the verdict, else none.
 * - Its flags are the flags on that finding's evidence and the logbook-wide ones (missing artifact, metrics,
 *   unreadable logbook); with no finding, every flag of the logbook.
 * - `contradicted`: one of those flags says the logbook's own numbers disagree with a number the verdict rests on
 *   (printed-inconsistent: the printed fit does not follow from its table; units-mismatch: the compared numbers
 *   are counted per different things). It does not say the opposite verdict is right.
 * - `cannot-carry`: no such flag, but another flag (a growth table below the minimums or undecided, a failed or
 *   truncated run, a missing artifact, non-finite or unreadable metrics, an unreadable logbook), or no finding.
 * - `supported`: a finding and no flag. This is "nothing the screen checks is wrong", never proof.
 * - `no-decision` (toy, inconclusive verdicts: nothing to carry) and `unscreened` (no folder matches the logbook).
 * A horizon is the largest x of the finding's table: the table its printed fit was tied to, else its evidence
 * table with the most rows whose first numeric column is positive and increasing (one choice for every use:
 * checkers/screen/finding-table.ts). A flip's `order` compares the horizons of its verifying and falsifying logbooks.
 * Guarantee: exact (counting and comparing; the horizon is a printed number read back).
 */
import type { ClaimSummary } from '../ledger/summary';
import { VERDICTS, type Verdict } from '../ledger/verdicts';
import type { Mpfr } from '../precise/mpfr';
import { evidenceTexts, tablesOf } from './evidence-tables';
import { chooseFindingTable, horizonOf, type FindingTable, type Horizon } from './finding-table';
import { findingsOf, type FindingWithEvidence } from './findings';
import type { FlagKind, ScreenFinding, ScreenPage } from './model';
import { tiedFits } from './printed-fit';
import { matchLogbook } from './queue';

export type { FindingTable, Horizon } from './finding-table';

/** A screened logbook as the judge view reads it: findings with their horizons (same order) and flags with their finding. */
export interface JudgeLogbook {
  readonly logbook: string;
  readonly findings: readonly ScreenFinding[];
  readonly horizons: readonly (Horizon | null)[];
  readonly flags: readonly { readonly kind: FlagKind; readonly page: string; readonly cell: string; readonly finding?: string }[];
}

export const SUPPORTS = ['supported', 'contradicted', 'cannot-carry', 'no-decision', 'unscreened'] as const;
export type Support = (typeof SUPPORTS)[number];

/** Flags that say the logbook's own numbers disagree with a number the verdict rests on. */
export const CONTRADICTING: readonly FlagKind[] = ['printed-inconsistent', 'units-mismatch'];

export interface VerdictSupport {
  readonly paper: string;
  readonly claim: string;
  readonly logbook: string;
  readonly verdict: Verdict;
  readonly support: Support;
  readonly screened: string | null;
  readonly finding: { readonly page: string; readonly cell: string; readonly says: ScreenFinding['says'] } | null;
  readonly horizon: Horizon | null;
  /** The distinct kinds of the verdict's flags, in FLAG_KINDS order of first appearance. */
  readonly kinds: readonly FlagKind[];
}

/** How a flip's horizons line up: every verifying logbook stopped below every falsifying one, the reverse, neither, or no comparison. */
export type FlipOrder = 'verified-below-falsified' | 'falsified-below-verified' | 'overlapping' | 'incomparable';

export interface Flip {
  readonly paper: string;
  readonly claim: string;
  readonly order: FlipOrder;
  /** The claim's verdicts, by horizon (smallest first; without a horizon last), then logbook. */
  readonly logbooks: readonly VerdictSupport[];
}

export interface JudgeView {
  readonly counts: Readonly<Record<Verdict, Readonly<Record<Support, number>> & { readonly verdicts: number }>>;
  readonly flips: readonly Flip[];
  readonly verdicts: readonly VerdictSupport[];
}

/**
 * The horizon of each finding of a logbook, in the order of `findingsOf(pages)` (the screen's findings).
 * Example: a finding resting on a sweep printed for k = 2, 4, ..., 1024 has horizon { x: 'k', max: 1024, rows: 10 }.
 */
export function findingHorizons(mpfr: Mpfr, pages: readonly ScreenPage[]): (Horizon | null)[] {
  return findingsOf(pages).map((f) => {
    const chosen = findingTable(mpfr, f);
    return chosen === null ? null : horizonOf(chosen);
  });
}

/** The table a finding rests on (finding-table.ts says how it is chosen). */
export function findingTable(mpfr: Mpfr, f: FindingWithEvidence): FindingTable | null {
  const texts = evidenceTexts(f);
  return chooseFindingTable(tiedFits(mpfr, texts), tablesOf(texts));
}

/** The finding a verdict stands on (see the file comment), with its index. */
function findingOf(lb: JudgeLogbook, claim: string, verdict: Verdict): number {
  const last = (pred: (f: ScreenFinding) => boolean) => {
    for (let i = lb.findings.length - 1; i >= 0; i--) if (pred(lb.findings[i] as ScreenFinding)) return i;
    return -1;
  };
  const sameClaim = last((f) => f.claim === claim);
  if (sameClaim >= 0) return sameClaim;
  if (lb.findings.length === 1) return 0;
  return last((f) => f.says === verdict);
}

/**
 * One verdict against its logbook's screen. Example: a `verified` whose logbook's finding is flagged
 * premature-verification alone is `cannot-carry`; with printed-inconsistent too it is `contradicted`.
 */
export function verdictSupport(
  row: { paper: string; claim: string; logbook: string; verdict: Verdict },
  lb: JudgeLogbook | null,
): VerdictSupport {
  const base = { paper: row.paper, claim: row.claim, logbook: row.logbook, verdict: row.verdict };
  if (lb === null) return { ...base, support: 'unscreened', screened: null, finding: null, horizon: null, kinds: [] };
  const at = findingOf(lb, row.claim, row.verdict);
  const f = at >= 0 ? (lb.findings[at] as ScreenFinding) : null;
  const flags = f === null ? lb.flags : lb.flags.filter((g) => g.finding === undefined || g.finding === f.cell);
  const kinds = [...new Set(flags.map((g) => g.kind))];
  const decisive = row.verdict === 'verified' || row.verdict === 'falsified';
  const support: Support = !decisive
    ? 'no-decision'
    : kinds.some((k) => CONTRADICTING.includes(k))
      ? 'contradicted'
      : kinds.length > 0 || f === null
        ? 'cannot-carry'
        : 'supported';
  return {
    ...base,
    support,
    screened: lb.logbook,
    finding: f === null ? null : { page: f.page, cell: f.cell, says: f.says },
    horizon: at >= 0 ? (lb.horizons[at] ?? null) : null,
    kinds,
  };
}

function flipOrder(rows: readonly VerdictSupport[]): FlipOrder {
  const decisive = rows.filter((r) => r.verdict === 'verified' || r.verdict === 'falsified');
  const x = decisive[0]?.horizon?.x;
  if (x === undefined || decisive.some((r) => r.horizon === null || r.horizon.x !== x)) return 'incomparable';
  const maxOf = (v: Verdict) => Math.max(...decisive.filter((r) => r.verdict === v).map((r) => (r.horizon as Horizon).max));
  const minOf = (v: Verdict) => Math.min(...decisive.filter((r) => r.verdict === v).map((r) => (r.horizon as Horizon).max));
  if (maxOf('verified') < minOf('falsified')) return 'verified-below-falsified';
  if (maxOf('falsified') < minOf('verified')) return 'falsified-below-verified';
  return 'overlapping';
}

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The view over every claim's verdicts (claims and their logbooks in input order; flips by paper, then claim).
 * Example: a claim verified by a logbook whose sweep stops at k = 16 and falsified by one reaching k = 1024 is a
 * flip with order `verified-below-falsified`.
 */
export function judgeView(claims: readonly ClaimSummary[], screened: ReadonlyMap<string, JudgeLogbook>): JudgeView {
  const zero = () => ({ verdicts: 0, supported: 0, contradicted: 0, 'cannot-carry': 0, 'no-decision': 0, unscreened: 0 });
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, zero()])) as Record<Verdict, ReturnType<typeof zero>>;
  const verdicts: VerdictSupport[] = [];
  const flips: Flip[] = [];
  for (const c of claims) {
    const rows = c.logbookVerdicts.map((v) =>
      verdictSupport({ paper: c.paper, claim: c.claim, logbook: v.logbook, verdict: v.verdict }, matchJudge(v.logbook, screened)),
    );
    for (const r of rows) {
      counts[r.verdict].verdicts++;
      counts[r.verdict][r.support]++;
    }
    verdicts.push(...rows);
    if (!rows.some((r) => r.verdict === 'verified') || !rows.some((r) => r.verdict === 'falsified')) continue;
    const byHorizon = [...rows].sort(
      (a, b) =>
        (a.horizon === null ? 1 : 0) - (b.horizon === null ? 1 : 0) ||
        (a.horizon?.max ?? 0) - (b.horizon?.max ?? 0) ||
        text(a.logbook, b.logbook),
    );
    flips.push({ paper: c.paper, claim: c.claim, order: flipOrder(rows), logbooks: byHorizon });
  }
  flips.sort((a, b) => text(a.paper, b.paper) || text(a.claim, b.claim));
  return { counts, flips, verdicts };
}

function matchJudge(name: string, screened: ReadonlyMap<string, JudgeLogbook>): JudgeLogbook | null {
  // The same matching as the queue's; it returns the map's own value.
  return matchLogbook(name, screened) as JudgeLogbook | null;
}
