/**
 * The reports capability: an auditable static report of a case and the method that builds it.
 * Each method is declared once here (common/api/method.ts); app/api/slices/reports.ts implements them.
 */
import type { ByReviewer } from './cases';
import { method, returns } from './method';
import { ApiArgumentError, id, record, reviewer } from './validate';

/** A report built by buildReport: where it is in the case, its hash chain's root, and its page to show. */
export interface ReportBuildView {
  caseId: string;
  reportId: string;
  /** The report folder, relative to the case folder (`runs/report-<id>`). */
  path: string;
  /** The hash chain's root (manifest.json), also recorded in the case's audit.jsonl. */
  root: string;
  files: number;
  /** index.html: a static page without script, shown in a sandboxed frame. */
  html: string;
}

/** Auditable static reports of a case. */
export const REPORTS = {
  /**
   * Builds an auditable static report of the case under its runs/ folder (app/reports/), logged with its hash chain's
   * root and signed by the reviewer the call names (else the service's). Example: `buildReport('timing', { reviewer: 'Ada' })`.
   */
  buildReport: method({
    validate: (a, m): [caseId: string, options?: ByReviewer] => {
      if (!Array.isArray(a) || a.length < 1 || a.length > 2)
        throw new ApiArgumentError(m, `expected 1 or 2 argument(s), got ${Array.isArray(a) ? a.length : typeof a}`);
      if (a[1] === undefined) return [id(m, 'caseId', a[0])];
      return [id(m, 'caseId', a[0]), reviewer(m, record(m, a[1], ['reviewer']).reviewer)];
    },
    result: returns<ReportBuildView>(),
  }),
};
