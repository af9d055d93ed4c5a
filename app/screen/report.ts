/**
 * What `recheck screen` prints: the JSON document `{"logbooks": [{"logbook", "flags": [{"kind", "page",
 * "cell", "message"}]}], "queue": [...], "judge": {...}}` written piece by piece (one logbook at a time, from the spool), the
 * same as text, and the queue as CSV. Keys are written in a fixed order, so the same screen gives the same bytes.
 */
import { SUPPORTS, type Horizon, type JudgeView, type VerdictSupport } from '../../checkers/screen/judge';
import type { QueueRow } from '../../checkers/screen/queue';
import type { ScreenResult } from './one';

/** One logbook's entry of the JSON document. */
export function logbookJson(r: ScreenResult): string {
  return JSON.stringify({
    logbook: r.logbook,
    flags: r.flags.map((f) => ({ kind: f.kind, page: f.page, cell: f.cell, message: f.message })),
  });
}

/** One queue row of the JSON document (position from 1). */
export function queueJson(row: QueueRow, position: number): string {
  return JSON.stringify({
    position,
    rank: row.rank,
    reasons: row.reasons,
    paper: row.paper,
    claim: row.claim,
    status: row.status,
    logbooks: row.logbooks.map((l) => ({
      logbook: l.logbook,
      verdict: l.verdict,
      screened: l.screened,
      flags: l.flags.map((f) => ({ kind: f.kind, page: f.page, cell: f.cell })),
    })),
  });
}

/** A logbook's flags as text lines (none when it has no flag). */
export function logbookLines(r: ScreenResult): string[] {
  return r.flags.map((f) => `  ${r.logbook} [${f.kind}] ${f.page === '' ? '(logbook)' : `${f.page}/${f.cell}`}: ${f.message}`);
}

/** A queue row as one text line. */
export function queueLine(row: QueueRow, position: number): string {
  const who = row.logbooks
    .map((l) => `${l.logbook} ${l.verdict}${l.flags.length > 0 ? ` (${[...new Set(l.flags.map((f) => f.kind))].join(', ')})` : ''}`)
    .join('; ');
  return `  ${position}. [${row.reasons.join(', ')}] ${row.paper} ${row.claim} (${row.status}): ${who}`;
}

const CSV_HEADER = 'position,rank,reasons,paper,claim,status,logbooks,flags';

function csvField(s: string): string {
  return /[",\n\r]/.test(s) || /^[=+\-@\t]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The queue as CSV: one line per claim; logbooks as `name:verdict`, flags as `logbook/page/cell:kind`, `;`-separated. */
export function queueCsv(rows: readonly QueueRow[]): string {
  const lines = [CSV_HEADER];
  rows.forEach((r, i) => {
    const logbooks = r.logbooks.map((l) => `${l.logbook}:${l.verdict}`).join(';');
    const flags = r.logbooks.flatMap((l) => l.flags.map((f) => `${l.logbook}/${f.page}/${f.cell}:${f.kind}`)).join(';');
    lines.push([String(i + 1), String(r.rank), r.reasons.join(';'), r.paper, r.claim, r.status, logbooks, flags].map(csvField).join(','));
  });
  return `${lines.join('\n')}\n`;
}

/** One verdict of the judge view as JSON (keys in a fixed order). */
function verdictSupportJson(v: VerdictSupport): string {
  return JSON.stringify({
    paper: v.paper,
    claim: v.claim,
    logbook: v.logbook,
    verdict: v.verdict,
    support: v.support,
    screened: v.screened,
    finding: v.finding,
    horizon: v.horizon,
    kinds: v.kinds,
  });
}

/** The `judge` value of the JSON document: counts per verdict kind, the flips, then every verdict, one per line. */
export function judgeJson(view: JudgeView): string {
  const counts = JSON.stringify(view.counts);
  const flips = view.flips.map(
    (f) =>
      `\n${JSON.stringify({ paper: f.paper, claim: f.claim, order: f.order }).slice(0, -1)}, "logbooks": [${f.logbooks.map(verdictSupportJson).join(', ')}]}`,
  );
  return `{"counts": ${counts}, "flips": [${flips.join(',')}\n], "verdicts": [${view.verdicts.map((v) => `\n${verdictSupportJson(v)}`).join(',')}\n]}`;
}

const horizonText = (h: Horizon | null) => (h === null ? 'no table' : `${h.x} up to ${h.max} (${h.rows} rows)`);

/** The judge view as text lines: counts per verdict kind, then each flip with its logbooks by horizon. */
export function judgeLines(view: JudgeView): string[] {
  const lines = [`judge (${view.verdicts.length} verdicts; supported = no flag on its evidence, not proof):`];
  for (const [verdict, c] of Object.entries(view.counts)) {
    if (c.verdicts === 0) continue;
    const parts = SUPPORTS.filter((s) => c[s] > 0).map((s) => `${c[s]} ${s}`);
    lines.push(`  ${verdict} ${c.verdicts}: ${parts.join(', ')}`);
  }
  lines.push(`flips (${view.flips.length} claims judged both verified and falsified; horizon = largest x of the finding's table):`);
  for (const f of view.flips)
    lines.push(
      `  ${f.paper} ${f.claim} [${f.order}]: ${f.logbooks.map((l) => `${l.logbook} ${l.verdict} ${horizonText(l.horizon)} (${l.support})`).join('; ')}`,
    );
  return lines;
}
