/**
 * The intake slice of the service: imports an uploaded Trackio logbook into a case, extracts a table a logbook
 * cell printed, and lines up the settings two logbooks of a case report.
 * Example: `intakeSlice(ctx).compareLogbooks('timing', 'L1', 'L2')` returns each setting with `same`, `differs`, ...
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { compareSettings, reportedSettings } from '../../../checkers/logbook/settings';
import type { ExtractTableView, ImportSummaryView, SettingsComparisonView } from '../../../common/api/contract';
import { BadInputError } from '../../errors';
import { withCaseWriter } from '../../fs/case-queue';
import { joinInside } from '../../fs/confine';
import { extractTable } from '../../logbook/extract-run';
import { importTrackioLogbook } from '../../logbook/import';
import { readLogbook } from '../../logbook/read';
import { logbookTexts } from '../../logbook/texts';
import type { ApiSlice, ServiceContext } from '../context';

export function intakeSlice(ctx: ServiceContext): ApiSlice<'intake'> {
  const { registry, workspaceDir } = ctx;
  return {
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
        const caseDir = join(workspaceDir, input.caseId);
        // As the case's only writer: imports started at once pick distinct logbook ids (addLogbook re-enters).
        const summary = await withCaseWriter(caseDir, () =>
          importTrackioLogbook({
            source: tmp,
            caseDir,
            ...(input.newCase?.paperMarkdown !== undefined ? { paperMarkdown: input.newCase.paperMarkdown } : {}),
            ...(input.newCase?.paperTitle !== undefined ? { title: input.newCase.paperTitle } : {}),
            ...(input.newCase?.venueId !== undefined ? { venueId: input.newCase.venueId } : {}),
            ...(input.logbookId !== undefined ? { logbookId: input.logbookId } : {}),
            who: ctx.reviewerOf(input),
            registry,
          }),
        );
        const { caseDir: _dir, ...rest } = summary;
        return {
          ...rest,
          caseId: input.caseId,
          skipped: [...summary.skipped],
          problems: [...summary.problems],
          notices: [...summary.notices],
        };
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    },

    async extractTable(input): Promise<ExtractTableView> {
      const dir = await ctx.caseDir(input.caseId);
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
        who: ctx.reviewerOf(input),
      });
      return {
        path: input.out,
        provenancePath: `${input.out}.provenance.json`,
        columns: [...r.picked.table.columns],
        rows: r.picked.table.rows.length,
        notes: [...r.notes],
      };
    },

    async compareLogbooks(caseId, logbookA, logbookB): Promise<SettingsComparisonView> {
      const { dir, loaded } = await ctx.caseOf(caseId);
      const { file } = loaded;
      const read = async (id: string) => {
        const ref = file.logbooks.find((l) => l.id === id);
        if (ref === undefined)
          throw new BadInputError(
            join(dir, 'case.json'),
            `no logbook "${id}" (logbooks: ${file.logbooks.map((l) => l.id).join(', ') || 'none'})`,
          );
        return reportedSettings(logbookTexts(await readLogbook(dir, ref)));
      };
      return {
        a: logbookA,
        b: logbookB,
        rows: compareSettings(await read(logbookA), await read(logbookB)).map((r) => ({ ...r, a: [...r.a], b: [...r.b] })),
      };
    },
  };
}
