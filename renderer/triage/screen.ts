/**
 * The screen queue's pure pieces (renderer/triage/ScreenQueue.tsx): the queue's reasons and the judge's support
 * words in plain language, where a row opens its logbook (the first flagged cell of its first flagged logbook, the
 * queue's own order), the judge's counts as table rows, a flip's horizons in words, and the progress line.
 * Example: `openTarget(row)` is `{ logbook: 'hidden-paging', page: 'main-result', cell: 'cell_…' }` for the paging row.
 */
import type { ScreenFlagView, ScreenQueueRowView, ScreenResultView } from '../../common/api/screen';

/** What each reason of the queue means (docs/screen.md). */
export const REASON_WORDS: Record<string, string> = {
  'premature-verification': 'verified on evidence its own numbers cannot carry',
  'flagged-falsification': 'falsified by one logbook, and that one is flagged',
  contested: 'logbooks disagree',
  'flagged-evidence': 'evidence flagged',
};

/** The judge view's support words, in the order shown, with what each one means. */
export const SUPPORT_WORDS: readonly { key: string; label: string; means: string }[] = [
  { key: 'supported', label: 'supported', means: 'a finding, and no flag on its evidence (not proof)' },
  { key: 'contradicted', label: 'contradicted', means: 'its own table contradicts a printed fit, or the units differ' },
  { key: 'cannot-carry', label: 'cannot carry', means: 'below the minimums, a failed or cut run, a missing file, or no finding' },
  { key: 'no-decision', label: 'no decision', means: 'toy or inconclusive: nothing to carry' },
  { key: 'unscreened', label: 'unscreened', means: 'no logbook folder matches' },
];

/** Where a row opens: its first screened logbook with a flag on a cell, and that flag's place. */
export function openTarget(row: ScreenQueueRowView): { logbook: string; page: string; cell: string; flag: ScreenFlagView } | null {
  for (const l of row.logbooks) {
    if (l.screened === null) continue;
    const flag = l.flags.find((f) => f.page !== '' && f.cell !== '');
    if (flag !== undefined) return { logbook: l.screened, page: flag.page, cell: flag.cell, flag };
  }
  return null;
}

/** The screened logbook a row becomes a case from: the target's, else the first screened one. */
export function caseLogbook(row: ScreenQueueRowView): string | null {
  return openTarget(row)?.logbook ?? row.logbooks.find((l) => l.screened !== null)?.screened ?? null;
}

/** The judge's counts per verdict kind as rows (kinds with no verdict left out), columns in SUPPORT_WORDS order. */
export function judgeRows(counts: ScreenResultView['judge']['counts']): { verdict: string; total: number; cells: number[] }[] {
  return Object.entries(counts)
    .filter(([, c]) => c.verdicts > 0)
    .map(([verdict, c]) => ({
      verdict,
      total: c.verdicts,
      cells: SUPPORT_WORDS.map((s) => (c as unknown as Record<string, number>)[s.key] ?? 0),
    }));
}

/** A horizon in words: `k up to 1024 (10 rows)`, or `no table`. */
export function horizonWords(h: { x: string; max: number; rows: number } | null): string {
  return h === null ? 'no table' : `${h.x} up to ${h.max} (${h.rows} rows)`;
}

/** What a flip's order says, in words. */
export const ORDER_WORDS: Record<string, string> = {
  'verified-below-falsified': 'every verifying logbook stopped below every falsifying one',
  'falsified-below-verified': 'every falsifying logbook stopped below every verifying one',
  overlapping: 'the horizons overlap',
  incomparable: 'a logbook has no table, or the tables differ in x',
};

/** The progress line: `Screened 40 of 120 logbooks`, or the listing step before the count is known. */
export function progressWords(done: number, total: number): string {
  return total === 0 ? 'Listing the logbooks…' : `Screened ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} logbooks`;
}

/** Flags per kind, most first: `printed-inconsistent 3, failed-run 2`. */
export function flagCountWords(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
}
