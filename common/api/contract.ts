/**
 * The one API between the Recheck UI and its core. The Electron main process implements it over IPC, the
 * browser-mode server over HTTP + WebSocket; the renderer only ever sees this interface. Pure types: this file
 * imports nothing from Node, Electron or the DOM, so both TypeScript projects can see it.
 */

import type { EndReason, LogMessage, PointMessage, ProgressMessage } from '../sandbox/protocol';
import type { TriageRow } from '../../checkers/ledger/triage';
import type { SettingValue } from '../../checkers/logbook/settings';
import type { SaveWorkspaceSettingsInput, SaveWorkspaceSettingsResult, WorkspaceSettingsView } from './contract-settings';
import type { AnswerReviewInput, ImagePairSetView, ReviewExportView, ReviewImageView, ReviewSessionView, ReviewSummaryView, StartReviewInput } from './contract-perceptual';

export type * from './contract-perceptual';
export type * from './contract-settings';

/**
 * What a logbook's finding on a claim says, quoted from its cell: the challenge's four verdicts. A finding
 * without the field (every case.json written before findings had a polarity) says `falsified`.
 */
export type FindingSays = 'verified' | 'falsified' | 'toy' | 'inconclusive';

/**
 * A computed decision about a finding (docs/case-format.md, "Decisions"). The JSON values keep their meaning
 * about the claim: `confirmed` / `overturned` = the claim fails, `refuted` / `upheld` = the claim stands.
 * - a `falsified` finding: confirmed (the falsification holds) / refuted (it does not) / contested / inconclusive;
 * - a `verified` finding: upheld / overturned / premature (the evidence cannot carry a verification) / contested
 *   / inconclusive;
 * - a `toy` or `inconclusive` finding states no side: its checks are read as a falsification's (supports =
 *   evidence that the claim fails), and it is decided confirmed (the claim fails) / refuted (the claim stands)
 *   / contested / inconclusive, worded by its polarity (common/words/outcomes.ts `decisionWords`).
 */
export type FalsificationDecision = 'confirmed' | 'refuted' | 'contested' | 'inconclusive' | 'upheld' | 'overturned' | 'premature';
export type CheckOutcome = 'supports' | 'refutes' | 'neutral';

/** What a check's result is worth (app/checks/kind.ts Guarantee): exact, enclosure, statistical (p, dof), approximate. */
export type GuaranteeView =
  | { kind: 'exact' }
  | { kind: 'enclosure' }
  | { kind: 'statistical'; test: string; p: number; dof?: number; level?: number }
  | { kind: 'approximate'; bound?: string };
/** Where a check's evidence comes from: the logbook's own printed numbers, or a computation Recheck made. */
export type EvidenceBasisView = 'logbook' | 'recomputed';

/**
 * The gate a decision passed or missed (/work/notes/decisions-gates.md, "Gates"): the rule, and what is
 * missing when it was not passed. Example: `{ passed: false, rule: 'the claim fails: an exact or rigorous
 * certificate, or two independent agreeing checks', missing: 'only logbook-only support (logbook-fit)' }`.
 */
export interface DecisionGate {
  passed: boolean;
  rule: string;
  missing?: string;
}
/** What a reviewer records for a claimed falsification after reading the evidence. */
export type ReviewerVerdict = 'confirmed' | 'refuted' | 'needs-more-work';

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

export interface LogbookBlock {
  /** Fence language (`python`, `bash`, `output`, ...). */
  lang: string;
  title?: string;
  text: string;
  /**
   * Characters the logbook writer elided from this output block (Trackio keeps the first 2,000 and the last
   * 18,000 of an output longer than 20,000 and writes `... [N chars elided] ...` between them).
   */
  elidedChars?: number;
}

/** Fields every cell has. `problem` says what the reader could not read in it (it shows what it could). */
interface CellBase {
  id: string;
  title: string;
  createdAt?: string;
  pinned?: boolean;
  problem?: string;
}

export type LogbookCell =
  | (CellBase & { type: 'markdown'; markdown: string })
  | (CellBase & {
      type: 'code';
      /** The command that ran (`logbook run`), or [] for a code cell without one. */
      command: string[];
      exitCode: number | null;
      durationS: number | null;
      /** Language of a code cell written with `cell code`. */
      language?: string;
      /** The run was interrupted (Trackio writes `[interrupted]` at the end of its output). */
      interrupted?: boolean;
      blocks: LogbookBlock[];
    })
  | (CellBase & {
      type: 'figure';
      /**
       * The figure's images, as `data:image/...` URIs taken from its HTML (the HTML itself, which may hold
       * scripts, is never rendered); `omitted` counts what was left out (scripts, external sources).
       */
      images: string[];
      omitted: number;
    })
  | (CellBase & {
      type: 'artifact';
      /** `project/name:version` of a Trackio artifact, or the workspace path of an auto-captured file. */
      ref: string;
      artifactType?: string;
      size?: number;
      /** Where the logbook says it is (`trackio-artifact://...`, `trackio-local-path://...`, a Hub URL). */
      uri?: string;
    })
  | (CellBase & { type: 'dashboard'; project: string; url?: string });

export interface LogbookPage {
  slug: string;
  title: string;
  depth: number;
  cells: LogbookCell[];
}

export interface LogbookFile {
  /** Path relative to the logbook folder. */
  path: string;
  size: number;
  /** Text content for small text files; absent for binaries and large files. */
  text?: string;
}

/** Something the reader could not read, and where: the logbook, a page, or one cell of a page. */
export interface LogbookProblem {
  page?: string;
  cell?: string;
  problem: string;
}

/** An agent-trace session the logbook lists (its events stay in the logbook's files). */
export interface TraceSessionView {
  id: string;
  title: string;
  provider?: string;
  model?: string;
  startedAt?: string;
  endedAt?: string;
  events?: number;
  turns?: number;
}

export interface LogbookView {
  id: string;
  title: string;
  format: 'trackio' | 'plain';
  /** The paper the logbook is about, as `openreview:ID`, `arxiv:ID` or the string the logbook wrote. */
  paper?: string;
  tags: string[];
  pages: LogbookPage[];
  files: LogbookFile[];
  /** Number of agent-trace sessions the logbook carries. */
  traceCount: number;
  traces?: TraceSessionView[];
  /** Trackio's logbook schema version (1 or 2), when known. */
  schemaVersion?: number;
  /** What could not be read, per page and cell (empty when everything was). */
  problems: LogbookProblem[];
}

export interface SandboxFile {
  /** Path relative to the case folder, e.g. `sandbox/dynamic.ts`. */
  path: string;
  text: string;
  /**
   * Modules (.ts/.mts/.js/.mjs) only: null when the sandbox can run `text`, else why not, one line (no default
   * export, a syntax error). Absent for other files.
   */
  runProblem?: string | null;
}

export interface CheckResultView {
  falsificationId: string;
  checkId: string;
  kind: string;
  title: string;
  outcome: CheckOutcome | 'error';
  summary: string;
  evidence: Record<string, unknown>;
  artifacts: string[];
  durationMs: number;
  /** What the check waits for before it can decide (e.g. "a complete blind review of the image pairs"); absent when it ran to a result. */
  waitingFor?: string;
  /** What the result is worth (the result's own, else its kind's default; absent in reports written before guarantees: approximate). */
  guarantee?: GuaranteeView;
  /** Where its evidence comes from (the result's own, else its kind's default; absent in old reports: logbook). */
  basis?: EvidenceBasisView;
  /** Independent seeds behind the result, when seeds matter (a gate needs at least 3). */
  seeds?: number;
  /** Independent sources inside the result that each reach its side alone (distinct blind reviewers). */
  sources?: number;
  /** sha256 of the data the check examined (a table), when it says: two checks on the same data are not independent. */
  dataSha256?: string;
  /** Why the finding's evidence cannot carry a verdict (too few points, too short a range), when the check shows it. */
  insufficient?: string;
}

export interface FalsificationReport {
  falsificationId: string;
  claim: string;
  assertion: string;
  /** What the finding says (absent in reports written before findings had a polarity: falsified). */
  says?: FindingSays;
  decision: FalsificationDecision;
  /** Why: which checks supported or refuted the finding. */
  reason: string;
  /** The gate the decision passed or the one it misses (absent in reports written before gates). */
  gate?: DecisionGate;
  checks: CheckResultView[];
}

/**
 * A check run the core is executing now (listRuns): enough to re-attach a page reloaded during the run — what
 * it runs, who started it, the latest progress, the checks finished so far and the last log lines.
 */
export interface LiveRunView {
  runId: string;
  caseId: string;
  /** The falsification it runs, or null for all of the case's. */
  falsificationId: string | null;
  startedAt: string;
  who: string;
  /** Number of checks it will execute. */
  checks: number;
  progress?: { checkId: string; done: number; total?: number; message?: string; rate?: number; etaS?: number };
  results: CheckResultView[];
  /** The last log lines, `[checkId] line` (at most 200). */
  logs: string[];
  /** The sweep points sent so far (series-point events), in order, so a reloaded page redraws its live plots. */
  points: LiveSeriesPoint[];
  /** Points not kept beyond the core's limit per run (app/runs/live.ts LIVE_POINTS), when any. */
  pointsDropped?: number;
}

/** One point of a live series, as a `series-point` event carries it. */
export interface LiveSeriesPoint {
  falsificationId: string;
  checkId: string;
  series: string;
  xLabel: string;
  x: number;
  y: number;
}

/** A falsification's report from its own latest run, whichever run that was (app/checks/latest.ts). */
export interface LatestFalsificationReport extends FalsificationReport {
  runId: string;
  finishedAt: string;
  /**
   * Set when the finding's checks changed since this run (a check withdrawn, added or removed): the decision
   * is then not current and nothing may use it as if it were (badges show it as stale, the review queue lists
   * the finding as not run, a verdict and a letter wait for a new run). Example: `the checks changed since
   * this run (check growth-fit-1 withdrawn): run again`.
   */
  stale?: string;
}

export interface CaseRunReport {
  runId: string;
  caseId: string;
  startedAt: string;
  finishedAt: string;
  falsifications: FalsificationReport[];
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

export type RunEvent =
  /** A check run began: of one falsification, or (null) of every falsification of the case. */
  | { runId: string; type: 'started'; caseId: string; checks: number; falsificationId?: string | null; startedAt?: string; who?: string }
  | {
      runId: string;
      type: 'progress';
      checkId: string;
      done: number;
      total?: number;
      message?: string;
      /** Units of `done` per second, and seconds left at that rate (when total is known). */
      rate?: number;
      etaS?: number;
    }
  | { runId: string; type: 'log'; checkId: string; line: string }
  /** A point of a series a running check computes (a sweep's point): x and y with the axes' names. */
  | { runId: string; type: 'series-point'; falsificationId: string; checkId: string; series: string; xLabel: string; x: number; y: number }
  | { runId: string; type: 'check'; result: CheckResultView }
  | { runId: string; type: 'finished'; report: CaseRunReport }
  | { runId: string; type: 'failed'; error: string }
  | { runId: string; type: 'cancelled' }
  /** A sandbox run's (runSandboxProgram) progress, log or point message, as the program sent it. */
  | { runId: string; type: 'sandbox-message'; message: ProgressMessage | LogMessage | PointMessage }
  /** A sandbox run ended: its result, or why there is none; always the last event of that run. */
  | { runId: string; type: 'sandbox-ended'; end: SandboxRunEndView };

/** How a sandbox run ended, with what the core measured. */
export type SandboxRunEndView = ({ outcome: 'result'; value: unknown } | { outcome: 'error'; reason: EndReason; message: string }) & {
  wallMs: number;
  /** How the run was isolated (the core's SandboxRunner description). */
  isolation: string;
  /** sha256 of the bundled program that ran. */
  codeSha256: string;
  /** The run's record (code, input and version hashes, seed, limits, outcome), relative to the case folder. */
  record?: string;
};

/** A case's sandbox module to run in the core's sandbox (the hidden sandboxed window in the desktop app). */
export interface SandboxRunInput {
  caseId: string;
  /** Path relative to the case folder, under `sandbox/`, of a .ts/.mts/.js/.mjs module. */
  path: string;
  /** JSON handed to the program. */
  input: unknown;
  /** Unsigned 32-bit seed (the program's `api.seed`). */
  seed: number;
  /** Wall-clock limit in seconds (1..3600); the CPU-time limit is twice that plus one. */
  timeoutSeconds: number;
}

export interface RecordVerdictInput {
  caseId: string;
  falsificationId: string;
  verdict: ReviewerVerdict;
  rationale: string;
  reviewer: string;
  /**
   * Required when the verdict disagrees with the computed decision (verdictDisagrees in common/api/methods.ts):
   * the computed decision being overridden, as the reviewer saw it. The rationale must then say why, in at
   * least MIN_OVERRIDE_RATIONALE characters. Refused when it is not the falsification's current computed decision.
   */
  overridesComputed?: FalsificationDecision;
}

/** An answer to a checklist question of one falsification (an atomic, validated, logged edit of case.json). */
export interface AnswerChecklistInput extends ByReviewer {
  caseId: string;
  falsificationId: string;
  /** A question id of the checklist. */
  question: string;
  status: ChecklistItemStatus;
  /** Checks of the falsification that answer it (status answered: at least one). */
  checks?: string[];
  /** Why it does not apply (status not-applicable: required). */
  reason?: string;
  /** How the checks answer it, or what is missing (answered or open). */
  note?: string;
}

/**
 * Where a claimed falsification stands in review: `running` (a live run includes it), `not-run` (no computed
 * decision), `awaiting-verdict` (computed, no verdict since), `agreed` / `disagreed` (the latest verdict against
 * the computed decision), `needs-more-work` (the latest verdict says so).
 */
export type VerdictState = 'running' | 'not-run' | 'awaiting-verdict' | 'agreed' | 'disagreed' | 'needs-more-work';

/** One claimed falsification in the review queue. */
export interface VerdictQueueRow {
  caseId: string;
  caseTitle: string;
  falsificationId: string;
  /** What the finding says (absent: falsified). */
  says?: FindingSays;
  assertion: string;
  state: VerdictState;
  /** The computed decision from the falsification's own latest run, and that run. */
  computed?: { decision: FalsificationDecision; runId: string; finishedAt: string };
  /** The latest verdict recorded for it. */
  verdict?: { verdict: ReviewerVerdict; who: string; at: string; runId?: string; computedDecision?: FalsificationDecision };
  /** The latest verdict was recorded before the run that computed the current decision. */
  verdictPredatesRun: boolean;
  /** Ids of the open checklist questions, and the number of questions. */
  openQuestions: string[];
  questionCount: number;
  /** The newest letter that includes this falsification, and where its response stands. */
  letter?: LetterSummaryView;
}

/** Every claimed falsification of every case, most urgent first, with counts by state. */
export interface VerdictQueueView {
  rows: VerdictQueueRow[];
  counts: Record<VerdictState, number>;
  /** Cases that do not load (one line each); their falsifications are not in the queue. */
  problems: { caseId: string; error: string }[];
}

export interface SaveSandboxFileInput {
  caseId: string;
  /** Path relative to the case folder; must stay under `sandbox/`. */
  path: string;
  text: string;
  /** Who saves it, as the audit log names them (the reviewer's name in the UI). */
  reviewer?: string;
}

export interface RunChecksOptions {
  /** Who starts the run, as the audit log names them (the reviewer's name in the UI). */
  reviewer?: string;
}

/** A case's sandbox module bundled for the browser sandbox (one classic script for a dedicated Web Worker). */
export interface SandboxProgram {
  /** Path relative to the case folder, under `sandbox/`. */
  path: string;
  /** The bundle: guards + the module + runner + checkers; speaks the sandbox run protocol over postMessage. */
  code: string;
  /** sha256 of `code` (hex). */
  sha256: string;
  /**
   * A starting input, in the shape the module receives when a declared check runs it (the first such check):
   * the check's params without `module`, or the first grid point of a sweep that runs it. Absent otherwise.
   */
  suggestedInput?: unknown;
  /** The seed that goes with suggestedInput when the check fixes one (a sweep's point 0: splitSeed(seed, 0)). */
  suggestedSeed?: number;
  /** Where suggestedInput came from, one line (e.g. "point 1 of 10 of the sweep of check F1/full-sweep"). */
  suggestedFrom?: string;
}

export type Unsubscribe = () => void;

/** Everything the UI can ask of the core. */
/** A check kind as the "Add check" form needs it: its params' JSON Schema and an example. */
export interface CheckKindView {
  kind: string;
  title: string;
  /** JSON Schema of the params; a string param marked `casePath: true` names a file of the case. */
  paramsSchema: Record<string, unknown>;
  example: unknown;
}

/** A file sent from the UI (a logbook folder picked in a dialog): its path inside the folder and its bytes. */
export interface UploadedFile {
  /** Relative path with `/` separators, e.g. `.trackio/logbook/pages/index.md`. */
  path: string;
  /** The bytes, base64-encoded. */
  base64: string;
}

/** Who makes an edit from the UI (recorded in the audit log); absent: the core's default name. */
interface ByReviewer {
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

export interface ImportLogbookInput extends ByReviewer {
  /** The case to import into; created (with `newCase`) when it does not exist. */
  caseId: string;
  /** The files of a Trackio logbook folder (workspace or downloaded Space). */
  files: UploadedFile[];
  newCase?: { paperMarkdown?: string; paperTitle?: string; venueId?: string };
  logbookId?: string;
}

/** What an import did (counts, what could not be read, what was left out, remarks). */
export interface ImportSummaryView {
  caseId: string;
  created: boolean;
  logbookId: string;
  path: string;
  paper: string | null;
  pages: number;
  cells: number;
  runCells: number;
  failedRuns: number;
  truncatedOutputs: number;
  elidedChars: number;
  files: number;
  bytes: number;
  skipped: { path: string; why: string }[];
  problems: LogbookProblem[];
  notices: string[];
}

export interface AddClaimInput extends ByReviewer {
  caseId: string;
  /** The claim as the paper states it (e.g. text selected in the paper pane). */
  text: string;
  section?: string;
}

export interface AddFalsificationInput extends ByReviewer {
  caseId: string;
  claim: string;
  logbook: string;
  /** The words the logbook asserts, quoted. */
  assertion: string;
  /** The page and cell of the logbook the quote comes from. */
  source?: { page?: string; cell?: string };
  /** What the logbook's finding says (default falsified). */
  says?: FindingSays;
}

export interface AddCheckInput extends ByReviewer {
  caseId: string;
  falsification: string;
  kind: string;
  title?: string;
  params: Record<string, unknown>;
}

/**
 * Withdraws a claim, a finding or a check of a finding (app/cases/withdraw.ts): kept in case.json and the audit
 * log with the reason, out of runs, decisions, the review queue and letters. `finding` names the finding of a check.
 */
export interface WithdrawInput extends ByReviewer {
  caseId: string;
  item: 'claim' | 'finding' | 'check';
  id: string;
  /** The finding a withdrawn check belongs to (only with item "check"). */
  finding?: string;
  reason: string;
}

/** A new text of the case's paper.md; `baseSha256` (CaseDetail.paperSha256 when it was opened) refuses a lost update. */
export interface EditPaperInput extends ByReviewer {
  caseId: string;
  markdown: string;
  baseSha256?: string;
}

/** The result of an edit: the new item's id and its audit entry. */
export interface EditView {
  id: string;
  entry: AuditEntry;
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

/** A verdict ledger (judge verdicts per paper, claim and logbook), summarised and turned into a queue. */
export interface TriageView {
  papers: number;
  claims: number;
  logbooks: number;
  claimStatus: Record<string, number>;
  paperCategories: Record<string, number>;
  /** What to re-check first: claimed falsifications, then contested claims, then toy-only support. */
  queue: TriageRowView[];
}

/** One row of the work queue (checkers/ledger/triage.ts), with the workspace cases about its paper. */
export type TriageRowView = TriageRow & {
  /** Cases of the workspace about this paper (their venue id is the ledger's paper id). */
  caseIds: string[];
};

/** One value of a setting as a logbook printed it, with where (checkers/logbook/settings.ts). */
export type SettingValueView = SettingValue;

/** The settings two logbooks of a case report, lined up: horizon, scale, precision, seed, units, loss, padding, code version. */
export interface SettingsComparisonView {
  a: string;
  b: string;
  rows: { name: string; comparison: 'same' | 'differs' | 'only-a' | 'only-b' | 'neither'; a: SettingValueView[]; b: SettingValueView[] }[];
}

export interface ExtractTableInput extends ByReviewer {
  caseId: string;
  /** The cell (id) whose printed output holds the table, and optionally its logbook. */
  cell: string;
  logbook?: string;
  /** Block of the cell, counted from 1 (default: the run's output); table number when several. */
  block?: number;
  table?: number;
  /** Where to write the CSV, relative to the case folder (e.g. `tables/sweep.csv`; never in a logbook). */
  out: string;
  /** Extract a table the logbook writer's elision may have cut (recorded). */
  allowElided?: boolean;
}

export interface ExtractTableView {
  /** The CSV and its provenance sidecar, relative to the case folder. */
  path: string;
  provenancePath: string;
  columns: string[];
  rows: number;
  /** Notes and warnings (a table chosen among several, an elision). */
  notes: string[];
}

export interface AddCaseFileInput extends ByReviewer {
  caseId: string;
  /** Where in the case, e.g. `sandbox/quantities.json` or `tables/sweep.csv` (never in a logbook, never over a file). */
  path: string;
  base64: string;
}

/** Whom a letter is to: the paper's authors (falsifications that stand) or a logbook's author (one that is wrong). */
export type LetterKind = 'authors' | 'logbook';

/** Where a letter's response stands (app/letters/status.ts gives the allowed transitions). */
export type LetterState = 'drafted' | 'sent' | 'acknowledged' | 'agreed' | 'disputed' | 'fixed' | 'independent-convergence';

/** A letter drafted from the case's decisions (draftLetter): not saved until saveLetter. */
export interface LetterDraft {
  kind: LetterKind;
  /** The falsifications it is about, in the case's order. */
  falsificationIds: string[];
  /** The logbook whose author a `logbook` letter is to. */
  logbook?: string;
  markdown: string;
  /** Sendable: every falsification has a verdict agreeing with its checks and no open checklist question. */
  ready: boolean;
  /** What is missing before it can be sent, one line each (empty when ready). */
  missing: string[];
  /** Who signs it: the reviewers whose verdicts it reports. */
  signedBy: string[];
}

export interface DraftLetterOptions {
  kind?: LetterKind;
  falsificationId?: string;
}

/** A change of a letter's response status (the first is `drafted`, made by its first save). */
export interface LetterStatusView {
  state: LetterState;
  /** When it was recorded, and by whom. */
  at: string;
  who: string;
  /** The day it happened (sent, answered), YYYY-MM-DD. */
  date?: string;
  /** To whom it was sent. */
  to?: string;
  /** Their argument (disputed). */
  argument?: string;
  /** The paper version that fixes it (fixed, independent-convergence). */
  paperVersion?: string;
  note?: string;
}

export interface LetterVersionView {
  version: number;
  at: string;
  who: string;
  /** sha256 of the version's Markdown (letters/<id>/v<N>.md). */
  sha256: string;
  ready: boolean;
  missing: string[];
}

/** A saved letter: its versions and its response tracking. */
export interface LetterView {
  id: string;
  kind: LetterKind;
  falsificationIds: string[];
  logbook?: string;
  versions: LetterVersionView[];
  /** The current status, and every change (oldest first). */
  status: LetterStatusView;
  history: LetterStatusView[];
}

/** A letter as the case list and review queue show it. */
export interface LetterSummaryView {
  id: string;
  kind: LetterKind;
  falsificationIds: string[];
  state: LetterState;
  versions: number;
}

export interface SaveLetterInput extends ByReviewer {
  caseId: string;
  /** The letter to add a version to; absent: a new letter. */
  letterId?: string;
  kind: LetterKind;
  falsificationIds: string[];
  markdown: string;
}

export interface SetLetterStatusInput extends ByReviewer {
  caseId: string;
  letterId: string;
  state: LetterState;
  date?: string;
  to?: string;
  argument?: string;
  paperVersion?: string;
  note?: string;
}

export interface ExportLetterPdfInput {
  caseId: string;
  markdown: string;
  /** The falsifications whose checks' figures are appended. */
  falsificationIds: string[];
}

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

export interface RecheckApi {
  /** Cases in the workspace. */
  listCases(): Promise<CaseSummary[]>;
  /** One case with its paper summary, logbooks, sandbox files, audit log and last run. */
  openCase(caseId: string): Promise<CaseDetail>;
  /** Starts running the declared checks (of one falsification, or all); progress arrives as RunEvents. */
  runChecks(caseId: string, falsificationId: string | null, options?: RunChecksOptions): Promise<{ runId: string }>;
  /** The check runs going on now, oldest first (a page reloaded during a run re-attaches to them). */
  listRuns(): Promise<LiveRunView[]>;
  /** Cancels a run; a no-op for a finished one. */
  cancelRun(runId: string): Promise<void>;
  /** Appends a reviewer's decision to the case's audit log. */
  recordVerdict(input: RecordVerdictInput): Promise<AuditEntry>;
  /** Saves an edited sandbox file atomically and logs the edit. */
  saveSandboxFile(input: SaveSandboxFileInput): Promise<AuditEntry>;
  /** Bundles a sandbox module of the case for the browser sandbox (a Web Worker inside a sandboxed page). */
  prepareSandboxProgram(caseId: string, path: string): Promise<SandboxProgram>;
  /**
   * Runs a sandbox module of the case in the core's own sandbox (the desktop app's hidden sandboxed window;
   * the Node child sandbox elsewhere). Messages and the end arrive as RunEvents; cancelRun(runId) stops it.
   */
  runSandboxProgram(input: SandboxRunInput): Promise<{ runId: string }>;
  /**
   * Drafts a letter from the case's decisions and evidence (Markdown): to the authors (falsifications that stand)
   * or to a logbook's author (one that is wrong), with what is missing before it can be sent.
   */
  draftLetter(caseId: string, options?: DraftLetterOptions): Promise<LetterDraft>;
  /** The case's saved letters with their versions and response status. */
  listLetters(caseId: string): Promise<LetterView[]>;
  /** The Markdown of one saved version of a letter. */
  readLetter(caseId: string, letterId: string, version: number): Promise<string>;
  /** Saves a letter as a new version under the case's letters/ folder (a new letter without letterId); logged. */
  saveLetter(input: SaveLetterInput): Promise<LetterView>;
  /** Records a change of a letter's response status (sent, acknowledged, agreed, disputed, fixed, ...); logged. */
  setLetterStatus(input: SetLetterStatusInput): Promise<LetterView>;
  /** Prints a letter to PDF (self-contained HTML with math and the checks' figures, through Chromium); base64. */
  exportLetterPdf(input: ExportLetterPdfInput): Promise<{ base64: string }>;
  /** The check kinds a case may declare, with their params' schemas and an example each. */
  listKinds(): Promise<CheckKindView[]>;
  /** Creates a new, empty case in the workspace. */
  createCase(input: NewCaseInput): Promise<CaseSummary>;
  /** Imports a Trackio logbook (its files) into a case, creating the case when needed. */
  importLogbook(input: ImportLogbookInput): Promise<ImportSummaryView>;
  /** Adds a claim of the paper to a case (an atomic, validated, logged edit). */
  addClaim(input: AddClaimInput): Promise<EditView>;
  /** Adds a claimed falsification, its assertion quoted from a logbook cell. */
  addFalsification(input: AddFalsificationInput): Promise<EditView>;
  /** Adds a check to a claimed falsification; its params are validated against the kind's schema. */
  addCheck(input: AddCheckInput): Promise<EditView>;
  /** Withdraws a claim, a finding or a check (kept in the history with its reason; out of runs, decisions and letters); logged. */
  withdraw(input: WithdrawInput): Promise<AuditEntry>;
  /** Saves a new paper.md atomically, logged with its hashes before and after. */
  editPaper(input: EditPaperInput): Promise<AuditEntry>;
  /** Copies a reviewer's file into the case (a quantities file, a table, a re-implementation), logged. */
  addCaseFile(input: AddCaseFileInput): Promise<AuditEntry>;
  /** The regular files of a case (case.json, paper.md, logbooks, sandbox, tables), for file pickers. */
  listCaseFiles(caseId: string): Promise<CaseFileView[]>;
  /** Reads a file of the case (runs' artifacts included) to show it in place; `path` is relative to the case folder. */
  readCaseFile(caseId: string, path: string): Promise<CaseFileContent>;
  /** Reads a verdict ledger (CSV, JSON or JSON Lines, by its name) and gives the re-check queue. */
  triageLedger(input: { name: string; base64: string }): Promise<TriageView>;
  /** Writes a table a logbook cell printed as CSV in the case, with its provenance (exact strings as printed). */
  extractTable(input: ExtractTableInput): Promise<ExtractTableView>;
  /** Lines up the settings two logbooks of a case report, marking the differences. */
  compareLogbooks(caseId: string, logbookA: string, logbookB: string): Promise<SettingsComparisonView>;
  /** Answers a checklist question of a claimed falsification (or reopens it); logged. */
  answerChecklist(input: AnswerChecklistInput): Promise<AuditEntry>;
  /** Every claimed falsification of every case with its review state and open checklist questions. */
  verdictQueue(): Promise<VerdictQueueView>;
  /** Builds an auditable static report of the case under its runs/ folder (app/reports/), logged with its hash chain's root. */
  buildReport(caseId: string): Promise<ReportBuildView>;
  /** The case's image-pair set for perceptual review, or null when the case has none. */
  imagePairSet(caseId: string): Promise<ImagePairSetView | null>;
  /** The perceptual reviews of a case (one per reviewer and seed), newest first. */
  listReviews(caseId: string): Promise<ReviewSummaryView[]>;
  /** Starts a blind review of the case's image pairs (order, sides and repeats fixed by its seed); logged. */
  startReview(input: StartReviewInput): Promise<ReviewSessionView>;
  /** Reopens a review where it stopped (resume after closing). */
  openReview(caseId: string, reviewId: string): Promise<ReviewSessionView>;
  /** Records the answer to the review's next item (appended at once, torn-tail safe). */
  answerReview(input: AnswerReviewInput): Promise<ReviewSessionView>;
  /** Takes back the review's last answer (an undo record is appended; nothing is rewritten). */
  undoReviewAnswer(caseId: string, reviewId: string): Promise<ReviewSessionView>;
  /** One image of a review item, by the side it is shown on; never by its file name. */
  reviewImage(caseId: string, reviewId: string, index: number, side: 'left' | 'right'): Promise<ReviewImageView>;
  /** Writes the review's answers as a CSV in the case (with its seed and settings); logged. */
  exportReview(caseId: string, reviewId: string): Promise<ReviewExportView>;
  /** The workspace's settings (where sweep checks compute their points); the defaults when none were saved. */
  workspaceSettings(): Promise<WorkspaceSettingsView>;
  /** Saves the workspace's settings after Slurm accepts them (sbatch --test-only); a refusal is one line, nothing saved; logged. */
  saveWorkspaceSettings(input: SaveWorkspaceSettingsInput): Promise<SaveWorkspaceSettingsResult>;
  /** Subscribes to run events of every run. */
  onRunEvent(listener: (event: RunEvent) => void): Unsubscribe;
}
