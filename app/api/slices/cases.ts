/**
 * The cases slice of the service: the workspace's cases, one case in full, its files, and the check kinds.
 * Example: `casesSlice(ctx).listCases()` lists every case folder of the workspace, a broken one with its problem.
 */
import { basename, join } from 'node:path';
import type { CaseDetail, CaseSummary, CheckKindView } from '../../../common/api/contract';
import { repairAudit, readAuditLog } from '../../cases/audit';
import { confineCaseFailure } from '../../cases/case-failure';
import { checklistView } from '../../cases/checklist';
import { createCase, markdownTitle } from '../../cases/create';
import { loadCase } from '../../cases/load';
import { isActive } from '../../cases/model';
import { readCaseFile } from '../../cases/read-file';
import { listCaseDirs } from '../../cases/workspace';
import { latestCaseReports } from '../../checks/latest';
import { listInside, readInside } from '../../fs/confine';
import { sha256 } from '../../fs/hash';
import { letterSummaries, listLetters } from '../../letters/store';
import { readLogbook } from '../../logbook/read';
import { shown } from '../../text/display';
import type { ApiSlice, ServiceContext } from '../context';
import { sandboxFiles } from '../sandbox-files';

/** Largest paper.md read into the UI. */
const MAX_TEXT_BYTES = 4 * 1024 * 1024;

export function casesSlice(ctx: ServiceContext): ApiSlice<'cases'> {
  const { registry, workspaceDir } = ctx;
  return {
    async listCases(): Promise<CaseSummary[]> {
      const out: CaseSummary[] = [];
      for (const dir of await listCaseDirs(workspaceDir)) {
        // One broken case folder must not hide the others: all its work (case.json, audit log, runs, letters)
        // is confined to its row, which is listed with its one-line problem (app/cases/case-failure.ts).
        const row = await confineCaseFailure(workspaceDir, dir, async (): Promise<CaseSummary> => {
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
        out.push(
          'value' in row
            ? row.value
            : { id: basename(dir), title: basename(dir), paperTitle: '', venueId: '', falsificationCount: 0, error: row.problem },
        );
      }
      return out;
    },

    async openCase(caseId): Promise<CaseDetail> {
      const { dir, loaded } = await ctx.caseOf(caseId);
      const { file } = loaded;
      const { reports: latest, newestRun } = await latestCaseReports(dir, file);
      // Opening a case repairs its log's tail (a crash fragment is moved to audit.jsonl.torn), then reads it.
      // A read-only case folder cannot be repaired: its torn line is then skipped and counted instead.
      await repairAudit(dir).catch(() => null);
      const auditLog = await readAuditLog(dir);
      const paper = await readInside(dir, 'paper.md', { maxBytes: MAX_TEXT_BYTES });
      return {
        id: caseId,
        title: file.title,
        paper: {
          title: file.paper.title,
          venueId: file.paper.venueId,
          authors: file.paper.authors ?? [],
          claims: file.paper.claims.map((c) => ({
            id: c.id,
            text: c.text,
            ...(c.withdrawn !== undefined ? { withdrawn: c.withdrawn } : {}),
          })),
        },
        falsifications: file.falsifications.map((f) => ({
          id: f.id,
          claim: f.claim,
          logbook: f.logbook,
          assertion: f.assertion,
          ...(f.source !== undefined ? { source: f.source } : {}),
          ...(f.says !== undefined ? { says: f.says } : {}),
          checks: f.checks.map((c) => ({
            id: c.id,
            kind: c.kind,
            title: c.title,
            params: c.params,
            ...(c.withdrawn !== undefined ? { withdrawn: c.withdrawn } : {}),
          })),
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

    async listKinds(): Promise<CheckKindView[]> {
      return registry
        .kinds()
        .map((k) => ({ kind: k.kind, title: k.title, paramsSchema: k.paramsSchema as Record<string, unknown>, example: k.example }));
    },

    async createCase(input): Promise<CaseSummary> {
      const dir = join(workspaceDir, input.caseId);
      const file = await createCase(dir, {
        paperTitle: input.paperTitle ?? markdownTitle(input.paperMarkdown) ?? input.caseId,
        ...(input.venueId !== undefined ? { venueId: input.venueId } : {}),
        paperMarkdown: input.paperMarkdown,
        who: ctx.reviewerOf(input),
      });
      return { id: file.id, title: file.title, paperTitle: file.paper.title, venueId: file.paper.venueId, falsificationCount: 0 };
    },

    async listCaseFiles(caseId) {
      const dir = await ctx.caseDir(caseId);
      const { files } = await listInside(dir, '.');
      // The case's own records are not inputs a check should name.
      return files.filter((f) => !/^(runs\/|audit\.jsonl)/.test(f.path)).map((f) => ({ path: f.path, size: f.size }));
    },

    async readCaseFile(caseId, path) {
      return readCaseFile(await ctx.caseDir(caseId), path, { shownAs: shown(`${caseId}/${path}`) });
    },
  };
}

/** The case's letters for the case list (none: nothing). */
async function letterSummariesOf(dir: string): Promise<{ letters?: CaseSummary['letters'] }> {
  const letters = letterSummaries(await listLetters(dir));
  return letters.length > 0 ? { letters } : {};
}
