/**
 * The case capability: a case's views (summary, detail, claims, findings, checklist, audit log, files) and the
 * methods that list, open and create cases and read their files.
 * Each method is declared once here (common/api/method.ts); app/api/slices/cases.ts implements them.
 */
import type { LogbookView } from './intake';
import type { LetterSummaryView } from './letters';
import type { CaseRunReport, FalsificationDecision, LatestFalsificationReport } from './runs';
import type { SandboxFile } from './sandbox';
import type { ReviewerVerdict } from './verdicts';
import { method, returns } from './method';
import { ApiArgumentError, arity, id, name, optional, record, reviewer, text } from './validate';

/**
 * What a logbook's finding on a claim says, quoted from its cell: the challenge's four verdicts. A finding
 * without the field (every case.json written before findings had a polarity) says `falsified`.
 */
export type FindingSays = 'verified' | 'falsified' | 'toy' | 'inconclusive';

export interface ClaimView {
  id: string;
  text: string;
  /** Set when the claim was withdrawn. */
  withdrawn?: WithdrawalView;
}

/** Why an item (a claim, a finding, a check) was withdrawn: kept for the history, out of runs, decisions and letters. */
export interface WithdrawalView {
  at: string;
  who: string;
  reason: string;
}

export interface CheckDeclView {
  id: string;
  kind: string;
  title: string;
  /** The check's params as declared in case.json. */
  params: Record<string, unknown>;
  /** Set when the check was withdrawn (runs skip it). */
  withdrawn?: WithdrawalView;
}

export interface FalsificationView {
  id: string;
  claim: string;
  logbook: string;
  /** What the logbook's finding says (absent: falsified). */
  says?: FindingSays;
  assertion: string;
  /** Where the assertion is quoted from (a logbook's page and cell), when recorded. */
  source?: { logbook: string; page?: string; cell?: string };
  checks: CheckDeclView[];
  /** The adversarial checklist: every question in order with this falsification's answer (open when none). */
  checklist: ChecklistItemView[];
  /** Set when the finding was withdrawn (out of runs, decisions, the review queue and letters). */
  withdrawn?: WithdrawalView;
}

/** How a checklist question stands for one falsification. */
export type ChecklistItemStatus = 'answered' | 'not-applicable' | 'open';

/** A question of the adversarial checklist (app/cases/checklist.ts) and one falsification's answer. */
export interface ChecklistItemView {
  /** Stable id of the question (the key in case.json). */
  id: string;
  question: string;
  /** The wrong verdict this question caught. */
  why: string;
  status: ChecklistItemStatus;
  /** The falsification's checks that answer it (when answered). */
  checks: string[];
  /** Why it does not apply (when not applicable). */
  reason?: string;
  /** How the checks answer it, or what is still missing. */
  note?: string;
}

export interface CaseSummary {
  id: string;
  title: string;
  paperTitle: string;
  venueId: string;
  falsificationCount: number;
  /** Computed decisions, by falsification id, each from that falsification's own latest run (absent when none ran). */
  lastDecisions?: Record<string, FalsificationDecision>;
  /** Set when the case folder does not load (one line: file, pointer, problem); the other fields are then empty. */
  error?: string;
  /** The case's letters (letters/<id>/letter.json) with where each stands in its response tracking. */
  letters?: LetterSummaryView[];
}

export interface AuditEntry {
  /** ISO time of the entry. */
  at: string;
  who: string;
  /** `report`: a report was built (recheck report, buildReport), with its hash chain's root in `details.root`. */
  action: 'run' | 'decision' | 'edit' | 'import' | 'report';
  caseId: string;
  falsificationId?: string;
  verdict?: ReviewerVerdict;
  rationale?: string;
  runId?: string;
  /** sha256 of inputs and outputs, by path or name. */
  hashes: Record<string, string>;
  details?: Record<string, unknown>;
}

export interface CaseDetail {
  id: string;
  title: string;
  paper: { title: string; venueId: string; authors: string[]; claims: ClaimView[] };
  falsifications: FalsificationView[];
  /** Our own summary of the paper's claim (Markdown with $LaTeX$). */
  paperMarkdown: string;
  /** sha256 of paper.md as read (editPaper's baseSha256). */
  paperSha256?: string;
  logbooks: LogbookView[];
  sandboxFiles: SandboxFile[];
  audit: AuditEntry[];
  /** One line when the audit log had torn or unreadable lines (set aside in audit.jsonl.torn, never dropped). */
  auditNotice?: string;
  /** The newest run of the case (of any of its falsifications). */
  lastRun?: CaseRunReport;
  /**
   * Each falsification's report from its own latest run (in the case's order; a falsification never run has
   * none). Decisions, badges and letters read these, never `lastRun` alone: re-running one falsification must
   * not erase the others' decisions.
   */
  latest: LatestFalsificationReport[];
}

/** A check kind as the "Add check" form needs it: its params' JSON Schema and an example. */
export interface CheckKindView {
  kind: string;
  title: string;
  /** JSON Schema of the params; a string param marked `casePath: true` names a file of the case. */
  paramsSchema: Record<string, unknown>;
  example: unknown;
}

/** Who makes an edit from the UI (recorded in the audit log); absent: the core's default name. */
export interface ByReviewer {
  reviewer?: string;
}

export interface NewCaseInput extends ByReviewer {
  /** The case id, which names its folder in the workspace. */
  caseId: string;
  /** Our summary of the paper's claims (Markdown with $LaTeX$); its first `# ` line gives the title. */
  paperMarkdown: string;
  paperTitle?: string;
  venueId?: string;
}

/** A regular file of a case (for file pickers limited to the case's files and logbook artifacts). */
export interface CaseFileView {
  /** Path relative to the case folder. */
  path: string;
  size: number;
}

/**
 * A file of a case read for viewing (readCaseFile): its bytes' size and sha256, its media type (by its name,
 * checked against its bytes for images), and its content: strict UTF-8 text (no BOM) or, for an image
 * (PNG, SVG, JPEG, GIF, WebP), base64. A folder gives the regular files under it instead.
 */
export type CaseFileContent =
  | { kind: 'text'; path: string; size: number; sha256: string; mediaType: string; text: string }
  | { kind: 'image'; path: string; size: number; sha256: string; mediaType: string; base64: string }
  | { kind: 'folder'; path: string; entries: CaseFileView[] };

/** The case's methods: the workspace's cases, one case, its files, and the check kinds a case may declare. */
export const CASES = {
  /** Cases in the workspace. */
  listCases: method({ validate: (a, m): [] => (arity(m, a, 0), []), result: returns<CaseSummary[]>() }),
  /** One case with its paper summary, logbooks, sandbox files, audit log and last run. */
  openCase: method({ validate: (a, m): [caseId: string] => (arity(m, a, 1), [id(m, 'caseId', a[0])]), result: returns<CaseDetail>() }),
  /** The check kinds a case may declare, with their params' schemas and an example each. */
  listKinds: method({ validate: (a, m): [] => (arity(m, a, 0), []), result: returns<CheckKindView[]>() }),
  /** Creates a new, empty case in the workspace. */
  createCase: method({
    validate: (a, m): [input: NewCaseInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'paperMarkdown', 'paperTitle', 'venueId', 'reviewer']);
      const input: NewCaseInput = {
        caseId: id(m, 'caseId', r.caseId),
        paperMarkdown: text(m, 'paperMarkdown', r.paperMarkdown, 2_000_000),
        ...reviewer(m, r.reviewer),
      };
      const paperTitle = optional(r.paperTitle, (x) => name(m, 'paperTitle', x, 500));
      const venueId = optional(r.venueId, (x) => name(m, 'venueId', x, 300));
      return [{ ...input, ...(paperTitle !== undefined ? { paperTitle } : {}), ...(venueId !== undefined ? { venueId } : {}) }];
    },
    result: returns<CaseSummary>(),
  }),
  /** The regular files of a case (case.json, paper.md, logbooks, sandbox, tables), for file pickers. */
  listCaseFiles: method({
    validate: (a, m): [caseId: string] => (arity(m, a, 1), [id(m, 'caseId', a[0])]),
    result: returns<CaseFileView[]>(),
  }),
  /** Reads a file of the case (runs' artifacts included) to show it in place; `path` is relative to the case folder. */
  readCaseFile: method({
    validate: (a, m): [caseId: string, path: string] => {
      arity(m, a, 2);
      const p = name(m, 'path', a[1], 1024);
      const parts = p.split('/');
      if (p.startsWith('/') || p.includes('\\') || parts.some((x) => x === '' || x === '.' || x === '..'))
        throw new ApiArgumentError(m, 'path must be a relative path inside the case (no "..")');
      return [id(m, 'caseId', a[0]), p];
    },
    result: returns<CaseFileContent>(),
  }),
};
