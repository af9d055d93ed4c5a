/**
 * The screen of one logbook: its findings and every flag, each naming its page, its cell and the numbers
 * computed (docs/screen.md lists the kinds). Rules, per finding (checkers/screen/findings.ts) and its evidence:
 * - printed-inconsistent: a printed fit tied to a printed table does not follow from it (printed-fit.ts);
 * - premature-verification / premature-falsification: the finding's words speak of scale or growth
 *   (GROWTH_WORDS), and the growth/boundedness conclusion (checkers/stats/growth-fit.ts `fitLaws`) on the table
 *   it rests on is `cannot-tell` (below the minimums: 6 distinct x, xmax/xmin >= 10; or undecided). The table
 *   is the one its printed fit used, else the evidence table with the most rows whose first numeric column is
 *   positive and strictly increasing (y: the fit's, else the last other numeric column);
 * - failed-run: a run cell of its evidence exited non-zero; truncated-output: one whose output Trackio elided
 *   or that was interrupted;
 * - units-mismatch: the quantities it compares are of one unit counted per different things (units-words.ts).
 * And per logbook: missing-artifact (an artifact cell's local file is not in the folder), non-finite-metrics
 * and unreadable-metrics (a metrics database a dashboard cell references). A flag on a finding's evidence
 * carries the finding's cell in `finding`. Flags are sorted by page order, cell order, kind, message, and a
 * flag equal to one already listed is listed once.
 * Guarantee: each flag carries the guarantee of its check (enclosure for printed fits, statistical for growth,
 * exact for the rest); the screen is deterministic (same input, same flags, byte for byte).
 */
import type { Mpfr } from '../precise/mpfr';
import { fitLaws } from '../stats/growth-fit';
import { columnNumbers, evidenceTexts, tablesOf } from './evidence-tables';
import { chooseFindingTable, horizonOf, type FindingTable, type Horizon } from './finding-table';
import { findingsOf, type FindingWithEvidence } from './findings';
import { FLAG_KINDS, type LogbookScreen, type ScreenFlag, type ScreenInput } from './model';
import { tiedFits } from './printed-fit';
import { unitsMismatch } from './units-words';

/** Words that make a finding a statement about scale or growth. */
export const GROWTH_WORDS =
  /\b(at (this|that|every|any|each) scale|scales?|grows?|growing|growth|bounded|unbounded|O\(1\)|levels? off|plateaus?|saturat\w*|diverg\w*|stays (flat|constant|bounded|below|above)|constant in|independent of)(?!\w)/i;

/**
 * Screens one logbook. `mpfr` is the MPFR binding of the printed-consistency enclosures.
 * Example: the hidden-style paging logbook (4 rows, b printed 0.41 ± 0.07, "verified at this scale") gives a
 * printed-inconsistent flag and a premature-verification flag on its finding.
 */
export function screenLogbook(mpfr: Mpfr, input: ScreenInput): LogbookScreen {
  return screenLogbookWithHorizons(mpfr, input).screen;
}

/**
 * The screen of one logbook and the horizon of each of its findings (same order; checkers/screen/finding-table.ts),
 * from one pass over the findings' printed fits (the judge view needs both; each fit costs enclosures).
 */
export function screenLogbookWithHorizons(mpfr: Mpfr, input: ScreenInput): { screen: LogbookScreen; horizons: (Horizon | null)[] } {
  const flags: ScreenFlag[] = [];
  const horizons: (Horizon | null)[] = [];
  const findings = findingsOf(input.pages);
  for (const f of findings) {
    const one = findingFlags(mpfr, f);
    flags.push(...one.flags);
    horizons.push(one.table === null ? null : horizonOf(one.table));
  }
  for (const a of input.artifacts)
    if (!a.present)
      flags.push({ kind: 'missing-artifact', page: a.page, cell: a.cell, message: `the artifact ${a.path} is not in the logbook folder` });
  for (const m of input.metrics) {
    if (m.unreadable !== undefined) {
      flags.push({ kind: 'unreadable-metrics', page: m.page, cell: m.cell, message: `${m.file}: ${m.unreadable}` });
      continue;
    }
    if (m.nonFinite.length === 0) continue;
    const parts = m.nonFinite.map(
      (n) =>
        `${n.run}/${n.key}: ${[n.nan > 0 ? `${n.nan} NaN` : '', n.posInf > 0 ? `${n.posInf} +Inf` : '', n.negInf > 0 ? `${n.negInf} -Inf` : ''].filter((s) => s !== '').join(', ')}`,
    );
    flags.push({
      kind: 'non-finite-metrics',
      page: m.page,
      cell: m.cell,
      message: `${m.file} holds non-finite values: ${parts.slice(0, 5).join('; ')}${parts.length > 5 ? `; and ${parts.length - 5} more keys` : ''}`,
    });
  }
  return {
    screen: { findings: findings.map(({ page, cell, says, claim }) => ({ page, cell, says, claim })), flags: ordered(input, flags) },
    horizons,
  };
}

function findingFlags(mpfr: Mpfr, f: FindingWithEvidence): { flags: ScreenFlag[]; table: FindingTable | null } {
  const flags: ScreenFlag[] = [];
  const texts = evidenceTexts(f);
  const fits = tiedFits(mpfr, texts);
  const table = chooseFindingTable(fits, tablesOf(texts));
  const seen = new Set<string>();
  for (const fit of fits) {
    if (fit.report.verdict !== 'inconsistent') continue;
    const key = `${fit.at.cell}\u0000${fit.printed}`;
    if (seen.has(key)) continue;
    seen.add(key);
    flags.push({
      kind: 'printed-inconsistent',
      page: fit.at.page,
      cell: fit.at.cell,
      finding: f.cell,
      message: `${fit.y} against ${fit.law === 'linear' ? fit.x : `ln ${fit.x}`} (table of cell ${fit.table.cell}): ${fit.report.sentence}`,
    });
  }
  const growth = growthFlag(f, table);
  if (growth !== null) flags.push(growth);
  for (const e of f.evidence) {
    const c = e.cell;
    if (c.type !== 'code') continue;
    const command = c.command.length > 0 ? c.command.join(' ') : c.title;
    if (c.exitCode !== null && c.exitCode !== 0)
      flags.push({
        kind: 'failed-run',
        page: e.page,
        cell: c.id,
        finding: f.cell,
        message: `the run "${command}" exited ${c.exitCode}, and finding ${f.cell} (${f.says}) rests on it`,
      });
    const elided = c.blocks.reduce((n, b) => n + (b.elidedChars ?? 0), 0);
    if (elided > 0 || c.interrupted === true)
      flags.push({
        kind: 'truncated-output',
        page: e.page,
        cell: c.id,
        finding: f.cell,
        message: `the output of "${command}" ${elided > 0 ? `lost ${elided} characters to elision (Trackio kept the first 2,000 and last 18,000)` : ''}${elided > 0 && c.interrupted === true ? ' and ' : ''}${c.interrupted === true ? 'was interrupted' : ''}, and finding ${f.cell} (${f.says}) rests on it`,
      });
  }
  const units = unitsMismatch(f.text, f.cell, texts.slice(0, -1));
  if (units !== null) {
    const n = units.normalised;
    const tail =
      n === undefined
        ? 'no printed definition links the two'
        : `with the printed definition both are per ${n.per}: ${num(n.a)} against ${num(n.b)} ${units.a.unit} per ${n.per}, a ratio of ${num(n.ratio)}, not the ${num(n.naive)} the raw numbers give`;
    flags.push({
      kind: 'units-mismatch',
      page: f.page,
      cell: f.cell,
      finding: f.cell,
      message: `finding ${f.cell} compares ${units.a.text} (cell ${units.a.cell}) with ${units.b.text} (cell ${units.b.cell}): per ${units.a.per} against per ${units.b.per}; ${tail}`,
    });
  }
  return { flags, table };
}

/** The growth conclusion on the table the finding rests on, when its words speak of scale or growth. */
function growthFlag(f: FindingWithEvidence, chosen: FindingTable | null): ScreenFlag | null {
  if (!GROWTH_WORDS.test(f.text)) return null;
  if (chosen === null) return null;
  const xs = columnNumbers(chosen.t.table, chosen.x) as number[];
  const ys = columnNumbers(chosen.t.table, chosen.y) as number[];
  let conclusion;
  try {
    conclusion = fitLaws(xs.map((x, i) => ({ x, y: ys[i] as number }))).conclusion;
  } catch {
    return null; // not finite in float64: the printed-consistency rule speaks about such a table
  }
  if (conclusion.value !== 'cannot-tell') return null;
  const why = conclusion.minimums.met
    ? (conclusion.reasons[0] ?? 'cannot tell')
    : `below the minimums: ${conclusion.minimums.missing.join('; ')}`;
  return {
    kind: f.says === 'verified' ? 'premature-verification' : 'premature-falsification',
    page: f.page,
    cell: f.cell,
    finding: f.cell,
    message: `finding ${f.cell} says ${f.says}, but the growth conclusion on ${chosen.y} against ${chosen.x} (${xs.length} rows of the table of cell ${chosen.t.cell}, ${chosen.x} = ${Math.min(...xs)} to ${Math.max(...xs)}) is cannot-tell: ${why}`,
  };
}

function num(x: number): string {
  return String(Number(x.toPrecision(4)));
}

/** Page order, then cell order within the page, then kind, then message; duplicates dropped. */
function ordered(input: ScreenInput, flags: readonly ScreenFlag[]): ScreenFlag[] {
  const pageAt = new Map(input.pages.map((p, i) => [p.slug, i]));
  const cellAt = new Map<string, number>();
  for (const p of input.pages) p.cells.forEach((c, i) => cellAt.set(`${p.slug}\u0000${c.id}`, i));
  const rank = (f: ScreenFlag) =>
    [pageAt.get(f.page) ?? -1, cellAt.get(`${f.page}\u0000${f.cell}`) ?? -1, FLAG_KINDS.indexOf(f.kind)] as const;
  const sorted = [...flags].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return (
      ra[0] - rb[0] ||
      ra[1] - rb[1] ||
      ra[2] - rb[2] ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0) ||
      ((a.finding ?? '') < (b.finding ?? '') ? -1 : (a.finding ?? '') > (b.finding ?? '') ? 1 : 0)
    );
  });
  const out: ScreenFlag[] = [];
  for (const f of sorted) {
    const prev = out[out.length - 1];
    if (prev !== undefined && prev.kind === f.kind && prev.page === f.page && prev.cell === f.cell && prev.message === f.message) continue;
    out.push(f);
  }
  return out;
}
