/**
 * The core's implementation of the RecheckApi over a workspace folder. Both transports (Electron IPC and the
 * browser-mode server) forward to one instance of this; neither adds behaviour of its own.
 */
import { existsSync, lstatSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, basename, dirname, posix } from 'node:path';
import { createCase, markdownTitle } from '../cases/create';
import { addCheck, addClaim, addFalsification, answerChecklist } from '../cases/edit';
import { addFinding } from '../cases/add-finding';
import { withdraw, type WithdrawTarget } from '../cases/withdraw';
import { editPaper } from '../cases/paper';
import { isActive } from '../cases/model';
import { prematureVerifications } from '../verdicts/premature';
import { checklistView } from '../cases/checklist';
import type { ChecklistAnswer } from '../cases/model';
import { recordVerdict } from '../verdicts/record';
import { verdictQueue } from '../queue/queue';
import { addCaseFile } from '../cases/files';
import { readCaseFile } from '../cases/read-file';
import { importTrackioLogbook } from '../logbook/import';
import { extractTable } from '../logbook/extract-run';
import type { AuditEntry, CaseDetail, CaseFileView, CaseSummary, CheckKindView, EditView, ExtractTableView, ImportSummaryView, RecheckApi, VerdictQueueView, RunEvent, SandboxFile, SandboxProgram, SettingsComparisonView, TriageView, ReportBuildView } from '../../common/api/contract';
import { triageQueue } from '../../checkers/ledger/triage';
import { compareSettings, reportedSettings } from '../../checkers/logbook/settings';
import { logbookTexts } from '../logbook/texts';
import { ledgerOfText } from '../tables/ledger-file';
import { decodeUtf8 } from '../tables/text-file';
import type { CheckRegistry } from '../checks/registry';
import { createCheckRegistry } from '../checks/registry';
import { builtinCheckKinds } from '../checks/kinds/index';
import { listCaseDirs } from '../cases/workspace';
import { loadCase } from '../cases/load';
import { readAuditLog, repairAudit, appendAudit } from '../cases/audit';
import { confineCaseFailure } from '../cases/case-failure';
import { readLogbook } from '../logbook/read';
import { runCase, newRunId } from '../checks/run-case';
import { latestCaseReports } from '../checks/latest';
import { LiveRuns } from '../runs/live';
import { draftCaseLetter, letterPdf, letterReadiness } from '../letters/case-letter';
import { chromiumPrinter, type PdfPrinter } from '../letters/pdf';
import { changeLetterStatus, letterSummaries, listLetters, readLetterVersion, saveLetterVersion } from '../letters/store';
import { writeFileAtomic } from '../fs/atomic';
import { withCaseWriter } from '../fs/case-queue';
import { joinInside, listInside, mkdirInside, readInside, readRegularFile } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { shown } from '../text/display';

/** Largest paper.md or sandbox source read into the UI. */
const MAX_TEXT_BYTES = 4 * 1024 * 1024;
import { resolveInCase } from '../cases/resolve';
import { suggestedInput } from '../checks/suggested-input';
import { BadInputError, BusyError, CancelledError } from '../errors';
import { bundleSource, runProblem } from '../sandbox/bundle';
import { defaultSandboxRunner, type SandboxRunner } from '../sandbox/runner';
import { startSandboxRun } from './sandbox-run';
import * as perceptual from '../perceptual/review-api';
import { readWorkspaceSettings, saveWorkspaceSettings } from '../settings/store';
import { sweepBackendOf } from '../settings/sweep-backend';

export interface RecheckService extends RecheckApi {
  /** Cancels running checks and drops listeners. */
  dispose(): void;
}

export interface ServiceOptions {
  workspaceDir: string;
  registry?: CheckRegistry;
  /** Name recorded in the audit log for runs started from the UI. */
  who?: string;
  /**
   * Where check kinds run untrusted code. Default: the headless Node child sandbox (bubblewrap), refusing
   * unconfined runs. The desktop app injects its hidden-window runner (main/sandbox-window.ts).
   */
  sandbox?: () => Promise<SandboxRunner>;
  /** Prints a letter's HTML to PDF. Default: the system's Chromium headless (app/letters/pdf.ts). */
  printPdf?: PdfPrinter;
}

export async function createRecheckService(o: ServiceOptions): Promise<RecheckService> {
  const registry = o.registry ?? createCheckRegistry(builtinCheckKinds);
  const listeners = new Set<(e: RunEvent) => void>();
  const running = new Map<string, AbortController>();
  const live = new LiveRuns();
  const emit = (e: RunEvent) => {
    live.observe(e);
    const shown = e.type === 'failed' ? { ...e, error: workspaceRelative(e.error, o.workspaceDir) } : e;
    for (const l of listeners) l(shown);
  };

  const reviewerOf = (input: { reviewer?: string }): string => input.reviewer ?? o.who ?? 'reviewer (UI)';

  async function caseDir(caseId: string): Promise<string> {
    const dirs = await listCaseDirs(o.workspaceDir);
    const dir = dirs.find((d) => basename(d) === caseId);
    if (!dir) throw new BadInputError(o.workspaceDir, `no case "${caseId}" in the workspace`);
    return dir;
  }

  return withWorkspaceRelativeErrors(o.workspaceDir, {
    async listCases(): Promise<CaseSummary[]> {
      const out: CaseSummary[] = [];
      for (const dir of await listCaseDirs(o.workspaceDir)) {
        // One broken case folder must not hide the others: all its work (case.json, audit log, runs, letters)
        // is confined to its row, which is listed with its one-line problem (app/cases/case-failure.ts).
        const row = await confineCaseFailure(o.workspaceDir, dir, async (): Promise<CaseSummary> => {
          const { file } = await loadCase(dir, registry);
          // Findings in force only, and only current decisions (a stale one waits for a new run).
          const reports = (await latestCaseReports(dir, file)).reports.filter((r) => r.stale === undefined);
          return {
            id: basename(dir),
            title: file.title,
            paperTitle: file.paper.title,
            venueId: file.paper.venueId,
            falsificationCount: file.falsifications.filter(isActive).length,
            ...(reports.length > 0 ? { lastDecisions: Object.fromEntries(reports.map((f) => [f.falsificationId, f.decision])) } : {}),
            ...(await letterSummariesOf(dir)),
          };
        });
        out.push('value' in row ? row.value : { id: basename(dir), title: basename(dir), paperTitle: '', venueId: '', falsificationCount: 0, error: row.problem });
      }
      return out;
    },

    async openCase(caseId): Promise<CaseDetail> {
      const dir = await caseDir(caseId);
      const { file } = await loadCase(dir, registry);
      const { reports: latest, newestRun } = await latestCaseReports(dir, file);
      // Opening a case repairs its log's tail (a crash fragment is moved to audit.jsonl.torn), then reads it.
      // A read-only case folder cannot be repaired: its torn line is then skipped and counted instead.
      await repairAudit(dir).catch(() => null);
      const auditLog = await readAuditLog(dir);
      const paper = await readInside(dir, 'paper.md', { maxBytes: MAX_TEXT_BYTES });
      return {
        id: caseId,
        title: file.title,
        paper: { title: file.paper.title, venueId: file.paper.venueId, authors: file.paper.authors ?? [], claims: file.paper.claims.map((c) => ({ id: c.id, text: c.text, ...(c.withdrawn !== undefined ? { withdrawn: c.withdrawn } : {}) })) },
        falsifications: file.falsifications.map((f) => ({
          id: f.id,
          claim: f.claim,
          logbook: f.logbook,
          assertion: f.assertion,
          ...(f.source !== undefined ? { source: f.source } : {}),
          ...(f.says !== undefined ? { says: f.says } : {}),
          checks: f.checks.map((c) => ({ id: c.id, kind: c.kind, title: c.title, params: c.params, ...(c.withdrawn !== undefined ? { withdrawn: c.withdrawn } : {}) })),
          checklist: checklistView(f),
          ...(f.withdrawn !== undefined ? { withdrawn: f.withdrawn } : {}),
        })),
        paperMarkdown: paper.toString('utf8'),
        paperSha256: sha256(paper),
        logbooks: await Promise.all(file.logbooks.map((l) => readLogbook(dir, l))),
        sandboxFiles: await sandboxFiles(dir),
        audit: auditLog.entries,
        ...(auditLog.notice !== null ? { auditNotice: auditLog.notice } : {}),
        latest,
        ...(newestRun ? { lastRun: newestRun } : {}),
      };
    },

    async runChecks(caseId, falsificationId, options) {
      const dir = await caseDir(caseId);
      const loaded = await loadCase(dir, registry);
      if (falsificationId !== null && !loaded.file.falsifications.some((f) => f.id === falsificationId)) {
        throw new BadInputError(join(dir, 'case.json'), `no falsification "${falsificationId}"`);
      }
      // Sweeps run where the workspace's settings say (a settings.json that does not read is a one-line refusal here).
      const sweepBackend = sweepBackendOf((await readWorkspaceSettings(o.workspaceDir)).sweeps);
      // One check run per case at a time: a second (a reloaded page, another window) would race the first's report.
      const going = live.ofCase(caseId);
      if (going !== undefined) throw new BusyError(`case "${caseId}" is already running (run ${going.runId}, started by ${going.who}): wait for it or cancel it`, 5);
      const runId = newRunId();
      const controller = new AbortController();
      running.set(runId, controller);
      const who = reviewerOf(options ?? {});
      live.reserve(runId, caseId, falsificationId, who);
      void runCase(loaded, registry, { runId, caseId, falsificationId, signal: controller.signal, onEvent: emit, who, ...(o.sandbox ? { sandbox: o.sandbox } : {}), ...(sweepBackend ? { sweepBackend } : {}) })
        .catch((err: unknown) => {
          if (err instanceof CancelledError) emit({ runId, type: 'cancelled' });
          else emit({ runId, type: 'failed', error: err instanceof Error ? err.message : String(err) });
        })
        .finally(() => running.delete(runId));
      return { runId };
    },

    async listRuns() {
      return live.list();
    },

    async cancelRun(runId) {
      running.get(runId)?.abort();
    },

    async recordVerdict(input): Promise<AuditEntry> {
      // A verdict that disagrees with the computed decision must acknowledge it and say why (app/verdicts/record.ts).
      const { caseId, ...verdict } = input;
      return recordVerdict(await loadCase(await caseDir(caseId), registry), caseId, verdict);
    },

    async saveSandboxFile(input): Promise<AuditEntry> {
      const dir = await caseDir(input.caseId);
      // As the case's only writer (app/fs/case-queue.ts), so that each save's @before is the save before it.
      return withCaseWriter(dir, async () => {
        // Confined: the folders are made one by one inside the case (a symlinked folder out of it is refused),
        // and the file is never written through or replaced when it is a symlink (writeFileAtomic).
        const parent = await mkdirInside(dir, posix.dirname(input.path), join(dir, input.path));
        const path = join(parent, posix.basename(input.path));
        let before = 'absent';
        if (existsSync(path) || isSymlink(path)) before = sha256(await readRegularFile(path, { maxBytes: MAX_TEXT_BYTES, shownAs: shown(input.path) }));
        await writeFileAtomic(path, input.text);
        const entry: AuditEntry = {
          at: new Date().toISOString(),
          who: reviewerOf(input),
          action: 'edit',
          caseId: input.caseId,
          hashes: { [`${input.path}@before`]: before, [input.path]: sha256(input.text) },
        };
        await appendAudit(dir, entry);
        return entry;
      });
    },

    async prepareSandboxProgram(caseId, path): Promise<SandboxProgram> {
      const dir = await caseDir(caseId);
      const { file } = await loadCase(dir, registry);
      const modulePath = resolveInCase(dir, path);
      // The module may import files anywhere under the case's sandbox/ folder (and the checkers library).
      const { code, codeHash } = await bundleSource({ modulePath, root: join(dir, 'sandbox'), target: 'worker' });
      const suggested = suggestedInput(file, path);
      return {
        path,
        code,
        sha256: codeHash,
        ...(suggested !== undefined ? { suggestedInput: suggested.input, suggestedFrom: suggested.from } : {}),
        ...(suggested?.seed !== undefined ? { suggestedSeed: suggested.seed } : {}),
      };
    },

    async runSandboxProgram(r) {
      const dir = await caseDir(r.caseId);
      await loadCase(dir, registry);
      return startSandboxRun({ caseDir: dir, runner: await (o.sandbox ?? (() => defaultSandboxRunner()))(), emit, running }, r);
    },

    async draftLetter(caseId, options) {
      const dir = await caseDir(caseId);
      return draftCaseLetter(dir, (await loadCase(dir, registry)).file, options ?? {});
    },

    async listLetters(caseId) {
      return listLetters(await caseDir(caseId));
    },

    async readLetter(caseId, letterId, version) {
      return readLetterVersion(await caseDir(caseId), letterId, version);
    },

    async saveLetter(input) {
      const dir = await caseDir(input.caseId);
      const { file } = await loadCase(dir, registry);
      const unknown = input.falsificationIds.find((id) => !file.falsifications.some((f) => f.id === id));
      if (unknown !== undefined) throw new BadInputError(join(dir, 'case.json'), `no falsification "${unknown}"`);
      const logbook = input.kind === 'logbook' ? file.falsifications.find((f) => f.id === input.falsificationIds[0])?.logbook : undefined;
      const readiness = await letterReadiness(dir, file, input.kind, input.falsificationIds);
      return saveLetterVersion(
        dir,
        { kind: input.kind, falsificationIds: input.falsificationIds, markdown: input.markdown, ...(input.letterId !== undefined ? { letterId: input.letterId } : {}), ...(logbook !== undefined ? { logbook } : {}) },
        { caseId: input.caseId, who: reviewerOf(input), ...readiness },
      );
    },

    async setLetterStatus(input) {
      const dir = await caseDir(input.caseId);
      const { file } = await loadCase(dir, registry);
      const { caseId, letterId, reviewer: _who, ...change } = input;
      const letter = (await listLetters(dir)).find((l) => l.id === letterId);
      const readiness = letter !== undefined ? await letterReadiness(dir, file, letter.kind, letter.falsificationIds) : { ready: false, missing: [] };
      return changeLetterStatus(dir, letterId, change, { caseId, who: reviewerOf(input), ...readiness });
    },

    async exportLetterPdf(input) {
      const dir = await caseDir(input.caseId);
      const { file } = await loadCase(dir, registry);
      const pdf = await letterPdf(dir, file, input.markdown, input.falsificationIds, o.printPdf ?? chromiumPrinter());
      return { base64: Buffer.from(pdf).toString('base64') };
    },

    async listKinds(): Promise<CheckKindView[]> {
      return registry.kinds().map((k) => ({ kind: k.kind, title: k.title, paramsSchema: k.paramsSchema as Record<string, unknown>, example: k.example }));
    },

    async createCase(input): Promise<CaseSummary> {
      const dir = join(o.workspaceDir, input.caseId);
      const file = await createCase(dir, {
        paperTitle: input.paperTitle ?? markdownTitle(input.paperMarkdown) ?? input.caseId,
        ...(input.venueId !== undefined ? { venueId: input.venueId } : {}),
        paperMarkdown: input.paperMarkdown,
        who: reviewerOf(input),
      });
      return { id: file.id, title: file.title, paperTitle: file.paper.title, venueId: file.paper.venueId, falsificationCount: 0 };
    },

    async importLogbook(input): Promise<ImportSummaryView> {
      // The uploaded folder is rebuilt in a fresh temporary folder (paths checked lexically: it holds no
      // symlinks), imported like a folder on disk, then removed.
      const tmp = await mkdtemp(join(tmpdir(), 'recheck-upload-'));
      try {
        for (const f of input.files) {
          const target = joinInside(tmp, f.path, `uploaded file ${f.path}`);
          await mkdir(dirname(target), { recursive: true });
          await writeFile(target, Buffer.from(f.base64, 'base64'), { flag: 'wx' });
        }
        const caseDir = join(o.workspaceDir, input.caseId);
        // As the case's only writer: imports started at once pick distinct logbook ids (addLogbook re-enters).
        const summary = await withCaseWriter(caseDir, () => importTrackioLogbook({
          source: tmp,
          caseDir,
          ...(input.newCase?.paperMarkdown !== undefined ? { paperMarkdown: input.newCase.paperMarkdown } : {}),
          ...(input.newCase?.paperTitle !== undefined ? { title: input.newCase.paperTitle } : {}),
          ...(input.newCase?.venueId !== undefined ? { venueId: input.newCase.venueId } : {}),
          ...(input.logbookId !== undefined ? { logbookId: input.logbookId } : {}),
          who: reviewerOf(input),
          registry,
        }));
        const { caseDir: _dir, ...rest } = summary;
        return { ...rest, caseId: input.caseId, skipped: [...summary.skipped], problems: [...summary.problems], notices: [...summary.notices] };
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    },

    async addClaim(input): Promise<EditView> {
      const r = await addClaim(await caseDir(input.caseId), registry, { who: reviewerOf(input) }, { text: input.text, ...(input.section !== undefined ? { section: input.section } : {}) });
      return { id: r.id, entry: r.entry };
    },

    async addFalsification(input): Promise<EditView> {
      const dir = await caseDir(input.caseId);
      const source = input.source !== undefined ? { source: input.source } : {};
      // A finding that says something other than falsified carries its polarity; the old call stays byte for byte.
      const r =
        input.says !== undefined && input.says !== 'falsified'
          ? await addFinding(dir, registry, { who: reviewerOf(input) }, { claim: input.claim, logbook: input.logbook, says: input.says, assertion: input.assertion, ...source })
          : await addFalsification(dir, registry, { who: reviewerOf(input) }, { claim: input.claim, logbook: input.logbook, assertion: input.assertion, ...source });
      return { id: r.id, entry: r.entry };
    },

    async addCheck(input): Promise<EditView> {
      const r = await addCheck(await caseDir(input.caseId), registry, { who: reviewerOf(input) }, { falsification: input.falsification, kind: input.kind, params: input.params, ...(input.title !== undefined ? { title: input.title } : {}) });
      return { id: r.id, entry: r.entry };
    },

    async withdraw(input): Promise<AuditEntry> {
      const target: WithdrawTarget = input.item === 'check' ? { item: 'check', finding: input.finding ?? '', id: input.id } : { item: input.item, id: input.id };
      return (await withdraw(await caseDir(input.caseId), registry, { who: reviewerOf(input) }, { ...target, reason: input.reason })).entry;
    },

    async editPaper(input): Promise<AuditEntry> {
      return editPaper(await caseDir(input.caseId), registry, { who: reviewerOf(input) }, { markdown: input.markdown, ...(input.baseSha256 !== undefined ? { baseSha256: input.baseSha256 } : {}) });
    },

    async addCaseFile(input): Promise<AuditEntry> {
      const dir = await caseDir(input.caseId);
      // As the case's only writer: of two files added at one path, one is written and the other refused.
      return withCaseWriter(dir, () => addCaseFile(dir, registry, { who: reviewerOf(input) }, input.path, Buffer.from(input.base64, 'base64')));
    },

    async listCaseFiles(caseId): Promise<CaseFileView[]> {
      const dir = await caseDir(caseId);
      const { files } = await listInside(dir, '.');
      // The case's own records are not inputs a check should name.
      return files.filter((f) => !/^(runs\/|audit\.jsonl)/.test(f.path)).map((f) => ({ path: f.path, size: f.size }));
    },

    async readCaseFile(caseId, path) {
      return readCaseFile(await caseDir(caseId), path, { shownAs: shown(`${caseId}/${path}`) });
    },

    async triageLedger(input): Promise<TriageView> {
      const text = decodeUtf8(Buffer.from(input.base64, 'base64'), input.name);
      const ledger = await ledgerOfText(text, input.name);
      // Cases of the workspace by paper id, so that a row opens its case when there is one.
      const byPaper = new Map<string, string[]>();
      for (const dir of await listCaseDirs(o.workspaceDir)) {
        try {
          const { file } = await loadCase(dir, registry);
          byPaper.set(file.paper.venueId, [...(byPaper.get(file.paper.venueId) ?? []), file.id]);
        } catch {
          /* a broken case is listed with its problem elsewhere */
        }
      }
      const { claimSummaries: _all, recheck: _old, ...counts } = ledger;
      // Claims verified only by logbooks that a case here decided premature rank beside contested ones.
      const premature = await prematureVerifications(o.workspaceDir, registry);
      return { ...counts, queue: triageQueue(ledger, premature).map((r) => ({ ...r, caseIds: byPaper.get(r.paper) ?? [] })) };
    },

    async extractTable(input): Promise<ExtractTableView> {
      const dir = await caseDir(input.caseId);
      const r = await extractTable({
        dir,
        where: input.caseId,
        cell: input.cell,
        ...(input.logbook !== undefined ? { logbook: input.logbook } : {}),
        ...(input.block !== undefined ? { block: input.block } : {}),
        ...(input.table !== undefined ? { table: input.table } : {}),
        registry,
        out: joinInside(dir, input.out, input.out),
        allowElided: input.allowElided === true,
        who: reviewerOf(input),
      });
      return { path: input.out, provenancePath: `${input.out}.provenance.json`, columns: [...r.picked.table.columns], rows: r.picked.table.rows.length, notes: [...r.notes] };
    },

    async compareLogbooks(caseId, logbookA, logbookB): Promise<SettingsComparisonView> {
      const dir = await caseDir(caseId);
      const { file } = await loadCase(dir, registry);
      const read = async (id: string) => {
        const ref = file.logbooks.find((l) => l.id === id);
        if (ref === undefined) throw new BadInputError(join(dir, 'case.json'), `no logbook "${id}" (logbooks: ${file.logbooks.map((l) => l.id).join(', ') || 'none'})`);
        return reportedSettings(logbookTexts(await readLogbook(dir, ref)));
      };
      return { a: logbookA, b: logbookB, rows: compareSettings(await read(logbookA), await read(logbookB)).map((r) => ({ ...r, a: [...r.a], b: [...r.b] })) };
    },

    async answerChecklist(input): Promise<AuditEntry> {
      const answer: ChecklistAnswer =
        input.status === 'answered'
          ? { status: 'answered', checks: input.checks ?? [], ...(input.note !== undefined ? { note: input.note } : {}) }
          : input.status === 'not-applicable'
            ? { status: 'not-applicable', reason: input.reason ?? '' }
            : { status: 'open', ...(input.note !== undefined ? { note: input.note } : {}) };
      const r = await answerChecklist(await caseDir(input.caseId), registry, { who: reviewerOf(input) }, { falsification: input.falsificationId, question: input.question, answer });
      return r.entry;
    },

    async verdictQueue(): Promise<VerdictQueueView> {
      return verdictQueue(o.workspaceDir, registry, live.list());
    },

    async buildReport(caseId): Promise<ReportBuildView> {
      const dir = await caseDir(caseId);
      const loaded = await loadCase(dir, registry);
      const { buildReport } = await import('../reports/build');
      const reportsDir = await mkdirInside(dir, 'runs');
      const reportId = `report-${newRunId()}`;
      const built = await buildReport(loaded, registry, join(reportsDir, reportId), { who: o.who ?? 'reviewer (UI)', reportId });
      return { caseId, reportId: built.reportId, path: `runs/${basename(built.dir)}`, root: built.root, files: built.files, html: built.html };
    },

    async imagePairSet(caseId) {
      const dir = await caseDir(caseId);
      return perceptual.imagePairSetOf(dir, (await loadCase(dir, registry)).file);
    },

    async listReviews(caseId) {
      return perceptual.listReviews(await caseDir(caseId), 'when-complete');
    },

    async startReview(input) {
      const dir = await caseDir(input.caseId);
      return perceptual.startReview(dir, (await loadCase(dir, registry)).file, input, input.reviewer);
    },

    async openReview(caseId, reviewId) {
      return perceptual.openReview(await caseDir(caseId), caseId, reviewId);
    },

    async answerReview(input) {
      return perceptual.answerReview(await caseDir(input.caseId), input);
    },

    async undoReviewAnswer(caseId, reviewId) {
      return perceptual.undoReviewAnswer(await caseDir(caseId), caseId, reviewId);
    },

    async reviewImage(caseId, reviewId, index, side) {
      return perceptual.reviewImage(await caseDir(caseId), reviewId, index, side);
    },

    async exportReview(caseId, reviewId) {
      return perceptual.exportReview(await caseDir(caseId), caseId, reviewId, reviewerOf({}));
    },

    async workspaceSettings() {
      return readWorkspaceSettings(o.workspaceDir);
    },

    async saveWorkspaceSettings(input) {
      return saveWorkspaceSettings(o.workspaceDir, input.sweeps, { who: reviewerOf(input) });
    },

    onRunEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    dispose() {
      for (const c of running.values()) c.abort();
      listeners.clear();
    },
  });
}

/** The case's letters for the case list (none: nothing). */
async function letterSummariesOf(dir: string): Promise<{ letters?: CaseSummary['letters'] }> {
  const letters = letterSummaries(await listLetters(dir));
  return letters.length > 0 ? { letters } : {};
}

/** A message with the workspace folder's own path taken out: the UI names a case by its id, not by where it lives. */
function workspaceRelative(text: string, workspaceDir: string): string {
  const prefix = `${workspaceDir.replace(/\/+$/, '')}/`;
  return text.split(prefix).join('');
}

/**
 * The service with every method's bad-input error re-worded without the workspace's absolute path (errors go
 * to the UI, and on to screenshots and letters: `timing/case.json: ...`, not `/home/ada/.local/...`).
 */
function withWorkspaceRelativeErrors<T extends object>(workspaceDir: string, api: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(api)) {
    if (typeof value !== 'function' || name === 'onRunEvent' || name === 'dispose') {
      wrapped[name] = value;
      continue;
    }
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await (value as (...a: unknown[]) => Promise<unknown>).apply(api, args);
      } catch (err) {
        if (err instanceof BadInputError) throw new BadInputError(workspaceRelative(err.file, workspaceDir), workspaceRelative(err.problem, workspaceDir), err.pointer);
        throw err;
      }
    };
  }
  return wrapped as T;
}

/** Sandbox source files shown in the editor: regular text files inside the case, at most 512 KiB each. */
async function sandboxFiles(dir: string): Promise<SandboxFile[]> {
  const { files } = await listInside(dir, 'sandbox');
  const out: SandboxFile[] = [];
  for (const f of files) {
    if (f.size > 512 * 1024) continue;
    let buf: Buffer;
    try {
      buf = await readRegularFile(f.abs, { maxBytes: 512 * 1024, shownAs: shown(f.path) });
    } catch {
      continue; // changed since it was listed: left out rather than failing the whole case
    }
    if (buf.includes(0)) continue;
    const path = `sandbox/${f.path}`;
    const text = buf.toString('utf8');
    out.push({ path, text, ...(isRunnableModule(path) ? { runProblem: await runProblem(path, text) } : {}) });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** Files "Run in sandbox" may bundle: ES modules in TypeScript or JavaScript. */
function isRunnableModule(path: string): boolean {
  return /\.(ts|mts|js|mjs)$/.test(path);
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
