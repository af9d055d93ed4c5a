/**
 * A row of the screen's queue made a case in one action, through the case-building services the CLI uses
 * (`recheck import trackio`, `case add-claim`, `case add-finding`, `extract`, `case add-check`, `case checklist`):
 * - a new case named from the paper id, its paper.md a stub quoting the claim and listing every flag's message;
 * - the screened logbook imported (copied) as L1; the claim added (the ledger's words when it gives three words or
 *   more, else the finding page's "Claim under test"); the finding added with what it says, quoted from its cell;
 * - per flag on the finding's evidence, the check that re-runs it where a kind exists: `printed-consistency` on each
 *   printed fit the screen found inconsistent (its cell, field, table and law as the screen tied them);
 *   `growth-fit` on the finding's table extracted to `tables/screen-<cell>.csv` for premature-verification or
 *   -falsification (with the checklist's horizon question answered by it). A units-mismatch has no check here: the
 *   `units-audit` kind needs the quantities transcribed into a recheck.units/1 file, so the checklist's units
 *   question is left open with the screen's numbers. Flags without a check kind (failed or truncated runs, missing
 *   artifacts, non-finite metrics) are listed in the notes and the stub.
 * Example: `await caseFromScreenRow({ workspace, folder: 'challenge', paper: 'openreview:Pag1ng', claim: 'C1', logbook: 'hidden-paging', who: 'Ada', registry, mpfr })`.
 */
import { join } from 'node:path';
import type { Mpfr } from '../../checkers/precise/mpfr';
import { evidenceTexts, type CellText } from '../../checkers/screen/evidence-tables';
import { findingsOf, type FindingWithEvidence } from '../../checkers/screen/findings';
import { findingTable } from '../../checkers/screen/judge';
import type { ScreenFlag, ScreenPage } from '../../checkers/screen/model';
import { tiedFits } from '../../checkers/screen/printed-fit';
import { screenLogbook } from '../../checkers/screen/rules';
import { findPrintedTables } from '../../checkers/tables/printed';
import type { PrintedTable } from '../../checkers/tables/printed-table';
import { findField } from '../../checkers/tables/printed-uncertainty';
import type { ScreenCaseView } from '../../common/api/screen';
import { addFinding } from '../cases/add-finding';
import type { CheckRegistry } from '../cases/check-registry';
import { addCheck, addClaim, answerChecklist } from '../cases/edit';
import { listCaseDirs } from '../cases/workspace';
import { BadInputError } from '../errors';
import { resolveInside } from '../fs/confine';
import { extractTable } from '../logbook/extract-run';
import { importTrackioLogbook } from '../logbook/import';
import { screenInputs } from './folder-view';
import { readScreenInput } from './read';

export interface ScreenRowCase {
  readonly workspace: string;
  readonly folder: string;
  readonly paper: string;
  readonly claim: string;
  readonly logbook: string;
  readonly who: string;
  readonly registry: CheckRegistry;
  readonly mpfr: Mpfr;
}

/** A free case id from the paper id (characters outside the id pattern become `-`; `-2`, `-3`, ... when taken). */
export function caseIdFor(paper: string, taken: ReadonlySet<string>): string {
  const base =
    paper
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[^A-Za-z0-9]+/, '')
      .slice(0, 100)
      .replace(/[-.]+$/, '') || 'paper';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const claimIsText = (claim: string) => claim.trim().split(/\s+/).length >= 3;
const quote = (s: string) =>
  s
    .trim()
    .split(/\r\n|\r|\n/)
    .map((l) => (l.trim() === '' ? '>' : `> ${l}`))
    .join('\n');

/** The 1-based block of a run cell holding `text` (undefined for a Markdown cell). */
function blockOf(pages: readonly ScreenPage[], t: CellText): number | undefined {
  const cell = pages.find((p) => p.slug === t.page)?.cells.find((c) => c.id === t.cell);
  if (cell?.type !== 'code') return undefined;
  const i = cell.blocks.findIndex((b) => b.text === t.text);
  return i < 0 ? undefined : i + 1;
}

/** The 1-based number of `table` among the tables printed in `text`. */
function tableNumber(text: string, table: PrintedTable): number {
  const same = (a: PrintedTable) =>
    a.columns.join('\u0000') === table.columns.join('\u0000') &&
    a.rows.map((r) => r.cells.join('\u0000')).join('\n') === table.rows.map((r) => r.cells.join('\u0000')).join('\n');
  return findPrintedTables(text).tables.findIndex(same) + 1;
}

function cellRef(pages: readonly ScreenPage[], t: CellText): { page: string; cell: string; block?: number } {
  const block = blockOf(pages, t);
  return { page: t.page, cell: t.cell, ...(block !== undefined ? { block } : {}) };
}

/** What the finding's words say of growth: `growth`, `noGrowth`, or nothing to assert. */
function assertsOf(text: string): 'growth' | 'noGrowth' | undefined {
  if (/(?<!not\s)\b(grows|growing|unbounded|diverg\w*)\b/i.test(text)) return 'growth';
  if (/\b(bounded|O\(1\)|levels? off|plateaus?|saturat\w*|stays (flat|constant|below)|constant in|independent of)/i.test(text))
    return 'noGrowth';
  return undefined;
}

function paperStub(o: ScreenRowCase, claimText: string, flags: readonly ScreenFlag[]): string {
  return [
    `# Paper ${o.paper}`,
    '',
    `Stub written from the challenge screen of ${o.folder} (logbook ${o.logbook}): replace it with our summary of the paper's claims, in our own words.`,
    '',
    '## The claim to re-check',
    '',
    quote(claimText),
    '',
    '## What the screen flagged',
    '',
    ...(flags.length === 0
      ? ['Nothing.']
      : flags.map((f) => `- \`${f.kind}\` at ${f.page === '' ? 'the logbook' : `${f.page}/${f.cell}`}: ${f.message}`)),
    '',
  ].join('\n');
}

/** Makes the case (see the file comment). */
export async function caseFromScreenRow(o: ScreenRowCase): Promise<ScreenCaseView> {
  const dir = o.folder === '.' ? o.workspace : resolveInside(o.workspace, o.folder);
  const { root } = await screenInputs(dir);
  const source = resolveInside(root, o.logbook, o.logbook);
  const input = await readScreenInput(source);
  const screen = screenLogbook(o.mpfr, input);
  const findings = findingsOf(input.pages);
  const flagged = screen.flags.find((f) => f.finding !== undefined)?.finding;
  const finding: FindingWithEvidence | undefined =
    [...findings].reverse().find((f) => f.claim === o.claim) ?? findings.find((f) => f.cell === flagged) ?? findings[findings.length - 1];
  const claimText = claimIsText(o.claim) ? o.claim : (finding?.claim ?? o.claim);
  const taken = new Set((await listCaseDirs(o.workspace)).map((d) => d.slice(d.lastIndexOf('/') + 1)));
  const caseId = caseIdFor(o.paper, taken);
  const caseDir = join(o.workspace, caseId);
  const reviewer = { who: o.who };
  const imported = await importTrackioLogbook({
    source,
    caseDir,
    paperMarkdown: paperStub(o, claimText, screen.flags),
    venueId: o.paper,
    who: o.who,
    registry: o.registry,
  });
  const logbookId = imported.logbookId;
  const claimId = (await addClaim(caseDir, o.registry, reviewer, { text: claimText })).id;
  const notes: string[] = [];
  const checks: { id: string; kind: string }[] = [];
  if (finding === undefined) {
    notes.push('the logbook states no finding (no cell says verified, confirmed, reproduced, falsified or refuted): add it by hand');
    return { caseId, logbookId, claimId, findingId: null, checks, notes };
  }
  const findingId = (
    await addFinding(caseDir, o.registry, reviewer, {
      claim: claimId,
      logbook: logbookId,
      says: finding.says,
      assertion: finding.text.trim(),
      source: { page: finding.page, cell: finding.cell },
    })
  ).id;
  const mine = screen.flags.filter((f) => f.finding === finding.cell || f.finding === undefined);
  const kinds = new Set(mine.map((f) => f.kind));
  const add = async (kind: string, title: string, params: Record<string, unknown>) => {
    try {
      const id = (await addCheck(caseDir, o.registry, reviewer, { falsification: findingId, kind, title, params })).id;
      checks.push({ id, kind });
      return id;
    } catch (err) {
      if (!(err instanceof BadInputError)) throw err;
      notes.push(`${kind} could not be added: ${err.problem}`);
      return null;
    }
  };
  if (kinds.has('printed-inconsistent')) {
    const texts = evidenceTexts(finding);
    for (const fit of tiedFits(o.mpfr, texts).filter((x) => x.report.verdict === 'inconsistent')) {
      const field = findField(fit.at.text, 'b').some((m) => m.printed === fit.printed) ? 'b' : 'slope';
      const found = findField(fit.at.text, field);
      const occurrence = found.findIndex((m) => m.printed === fit.printed) + 1;
      await add('printed-consistency', `the printed ${fit.printed} against its table (screen: printed-inconsistent)`, {
        statistic: { ...cellRef(input.pages, fit.at), field, ...(found.length > 1 ? { occurrence } : {}) },
        printedTable: { ...cellRef(input.pages, fit.table), table: tableNumber(fit.table.text, fit.table.table) },
        method: { method: 'fit-slope', law: fit.law, x: fit.x, y: fit.y },
      });
    }
  }
  if (kinds.has('premature-verification') || kinds.has('premature-falsification')) {
    const ft = findingTable(o.mpfr, finding);
    if (ft === null) notes.push('growth-fit: the screen found no table for the finding to extract');
    else {
      const out = `tables/screen-${ft.t.cell.replace(/[^A-Za-z0-9._-]+/g, '-')}.csv`;
      const block = blockOf(input.pages, ft.t);
      try {
        await extractTable({
          dir: caseDir,
          where: caseId,
          cell: ft.t.cell,
          logbook: logbookId,
          ...(block !== undefined ? { block } : {}),
          table: tableNumber(ft.t.text, ft.t.table),
          registry: o.registry,
          out: join(caseDir, out),
          allowElided: false,
          who: o.who,
        });
        const asserts = assertsOf(finding.text);
        const id = await add('growth-fit', `growth of ${ft.y} in ${ft.x} on the finding's table (screen: premature)`, {
          table: out,
          x: ft.x,
          y: ft.y,
          ...(asserts !== undefined ? { asserts } : {}),
        });
        if (id !== null)
          await answerChecklist(caseDir, o.registry, reviewer, {
            falsification: findingId,
            question: 'horizon',
            answer: { status: 'answered', checks: [id] },
          });
      } catch (err) {
        if (!(err instanceof BadInputError)) throw err;
        notes.push(`growth-fit: the table could not be extracted: ${err.problem}`);
      }
    }
  }
  const units = mine.find((f) => f.kind === 'units-mismatch');
  if (units !== undefined) {
    const note = `the screen flagged a units mismatch: ${units.message}. A units-audit check needs both quantities transcribed with their units into a recheck.units/1 file (not done automatically)`;
    notes.push(note);
    await answerChecklist(caseDir, o.registry, reviewer, { falsification: findingId, question: 'units', answer: { status: 'open', note } });
  }
  for (const f of mine)
    if (!['printed-inconsistent', 'premature-verification', 'premature-falsification', 'units-mismatch'].includes(f.kind))
      notes.push(`${f.kind} at ${f.page === '' ? 'the logbook' : `${f.page}/${f.cell}`} (no check kind re-runs it): ${f.message}`);
  return { caseId, logbookId, claimId, findingId, checks, notes };
}
