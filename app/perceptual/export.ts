/**
 * A review's answers exported as a CSV in the case, `reviews/<reviewId>/answers.csv` (RFC 4180, the one CSV
 * writer of app/logbook/extract-table.ts), one row per answer in force, in the order given:
 *
 *   reviewer,pair,shown_left,shown_right,answer,time_ms,note,item,repeat_of
 *   Ada,p017,fp32,q2-dither,usable,1840,,1,
 *
 * (`item` is the 1-based position in the review, `repeat_of` the position of the pair's first showing for a
 * repeat.) Text cells (reviewer, pair, conditions, answer, note) come from the case and the reviewer, so a cell that
 * a spreadsheet would run as a formula (one starting with `= + - @`, a tab or a carriage return) is written with a
 * leading `'` (`spreadsheetSafe`): `=HYPERLINK(...)` as a condition name arrives as the text `'=HYPERLINK(...)`.
 * The review's seed and settings go beside it in `answers.meta.json` (format recheck.review-export/1),
 * with the CSV's sha256. Both are written atomically; the export is logged in the case's audit.jsonl.
 */
import { join } from 'node:path';
import type { ReviewExportView } from '../../common/api/contract-perceptual';
import { appendAudit } from '../cases/audit';
import { writeFileAtomic, writeJsonAtomic } from '../fs/atomic';
import { mkdirInside } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { tableCsv } from '../logbook/extract-table';
import type { ReviewState } from './review-state';
import { reviewPath } from './store';

export const EXPORT_FILE = 'answers.csv';
export const EXPORT_META_FILE = 'answers.meta.json';

export const EXPORT_COLUMNS = ['reviewer', 'pair', 'shown_left', 'shown_right', 'answer', 'time_ms', 'note', 'item', 'repeat_of'] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * `cell` as a spreadsheet shows it as text: a leading `'` when it starts with `= + - @`, a tab or a carriage
 * return (OWASP's CSV-injection rule), else unchanged. Example: `spreadsheetSafe('=1+2')` is `'=1+2`.
 */
export function spreadsheetSafe(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The CSV text of a review's answers in force. */
export function reviewCsv(state: ReviewState): string {
  const reviewer = state.manifest.reviewer;
  const rows = state.replay.answers.map((a, i) => {
    const repeatOf = state.items[a.index]?.item.repeatOf;
    return {
      line: i + 2,
      cells: [
        ...[reviewer, a.pair, a.shownLeft, a.shownRight, a.answer].map(spreadsheetSafe),
        String(Math.round(a.elapsedMs)),
        spreadsheetSafe(a.note ?? ''),
        String(a.index + 1),
        repeatOf === undefined ? '' : String(repeatOf + 1),
      ],
    };
  });
  return tableCsv({ columns: EXPORT_COLUMNS, rows });
}

/** Writes the CSV and its sidecar, logs the export (action edit, details.edit export-review) and says what was written. */
export async function exportReviewCsv(caseDir: string, caseId: string, state: ReviewState, who: string): Promise<ReviewExportView> {
  const m = state.manifest;
  const folder = reviewPath(m.reviewId);
  const dir = await mkdirInside(caseDir, folder);
  const csv = reviewCsv(state);
  const csvSha = sha256(csv);
  const path = `${folder}/${EXPORT_FILE}`;
  const at = new Date().toISOString();
  await writeFileAtomic(join(dir, EXPORT_FILE), csv);
  const meta = {
    format: 'recheck.review-export/1',
    reviewId: m.reviewId,
    reviewer: m.reviewer,
    seed: m.seed,
    createdAt: m.createdAt,
    exportedAt: at,
    settings: m.settings,
    pairsSha256: m.pairsSha256,
    total: m.total,
    answered: state.replay.answers.length,
    complete: state.replay.answers.length === m.total,
    csv: EXPORT_FILE,
    csvSha256: csvSha,
  };
  await writeJsonAtomic(join(dir, EXPORT_META_FILE), meta);
  await appendAudit(caseDir, {
    at,
    who,
    action: 'edit',
    caseId,
    hashes: { [path]: csvSha },
    details: {
      edit: 'export-review',
      reviewId: m.reviewId,
      reviewer: m.reviewer,
      rows: state.replay.answers.length,
      complete: meta.complete,
    },
  });
  return { path, rows: state.replay.answers.length, sha256: csvSha };
}
