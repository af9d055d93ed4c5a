/**
 * The reports slice of the service: builds an auditable static report of a case under its runs/ folder.
 * Example: `reportsSlice(ctx).buildReport('timing', { reviewer: 'Ada' })` (signed by Ada; without a name, by the service's
 * reviewer) returns `{ reportId: 'report-...', path: 'runs/report-...', root, files, html }`.
 */
import { basename, join } from 'node:path';
import type { ReportBuildView } from '../../../common/api/contract';
import { newRunId } from '../../checks/run-case';
import { mkdirInside } from '../../fs/confine';
import type { ApiSlice, ServiceContext } from '../context';

export function reportsSlice(ctx: ServiceContext): ApiSlice<'reports'> {
  return {
    async buildReport(caseId, options): Promise<ReportBuildView> {
      const { dir, loaded } = await ctx.caseOf(caseId);
      const { buildReport } = await import('../../reports/build');
      const reportsDir = await mkdirInside(dir, 'runs');
      const reportId = `report-${newRunId()}`;
      const built = await buildReport(loaded, ctx.registry, join(reportsDir, reportId), { who: ctx.reviewerOf(options ?? {}), reportId });
      return {
        caseId,
        reportId: built.reportId,
        path: `runs/${basename(built.dir)}`,
        root: built.root,
        files: built.files,
        html: built.html,
      };
    },
  };
}
