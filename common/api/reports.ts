/**
 * The reports capability: an auditable static report of a case and the method that builds it.
 * Each method is declared once here (common/api/method.ts); app/api/slices/reports.ts implements them.
 */
import { method, returns } from './method';
import { arity, id } from './validate';

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
  /** Builds an auditable static report of the case under its runs/ folder (app/reports/), logged with its hash chain's root. */
  buildReport: method({
    validate: (a, m): [caseId: string] => (arity(m, a, 1), [id(m, 'caseId', a[0])]),
    result: returns<ReportBuildView>(),
  }),
};
