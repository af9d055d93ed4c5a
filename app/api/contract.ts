/**
 * The one API between the Recheck UI and its core. The Electron main process implements it over IPC, the
 * browser-mode server over HTTP + WebSocket; the renderer only ever sees this interface. Pure types: this file
 * imports nothing from Node, Electron or the DOM, so both TypeScript projects can see it.
 */

import type { EndReason, LogMessage, PointMessage, ProgressMessage } from '../sandbox/protocol';
import type { TriageRow } from '../../checkers/ledger/triage';
import type { SettingValue } from '../../checkers/logbook/settings';

export type FalsificationDecision = 'confirmed' | 'refuted' | 'contested' | 'inconclusive';
export type CheckOutcome = 'supports' | 'refutes' | 'neutral';
/** What a reviewer records for a claimed falsification after reading the evidence. */
export type ReviewerVerdict = 'confirmed' | 'refuted' | 'needs-more-work';

export interface ClaimView {
  id: string;
  text: string;
}

export interface CheckDeclView {
  id: string;
  kind: string;
  title: string;
  /** The check's params as declared in case.json. */
  params: Record<string, unknown>;
}

export interface FalsificationView {
  id: string;
  claim: string;
  logbook: string;
  assertion: string;
  /** Where the assertion is quoted from (a logbook's page and cell), when recorded. */
  source?: { logbook: string; page?: string; cell?: string };
  checks: CheckDeclView[];
}

export interface CaseSummary {
  id: string;
  title: string;
  paperTitle: string;
  venueId: string;
  falsificationCount: number;
  /** Latest computed decisions, by falsification id, from the last recorded run (absent when never run). */
  lastDecisions?: Record<string, FalsificationDecision>;
  /** Set when the case folder does not load (one line: file, pointer, problem); the other fields are then empty. */
  error?: string;
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
}

export interface FalsificationReport {
  falsificationId: string;
  claim: string;
  assertion: string;
  decision: FalsificationDecision;
  /** Why: which checks supported or refuted the falsification. */
  reason: string;
  checks: CheckResultView[];
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
  action: 'run' | 'decision' | 'edit' | 'import';
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
  logbooks: LogbookView[];
  sandboxFiles: SandboxFile[];
  audit: AuditEntry[];
  /** One line when the audit log had torn or unreadable lines (set aside in audit.jsonl.torn, never dropped). */
  auditNotice?: string;
  lastRun?: CaseRunReport;
}

export type RunEvent =
  | { runId: string; type: 'started'; caseId: string; checks: number }
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

export interface RecordDecisionInput {
  caseId: string;
  falsificationId: string;
  verdict: ReviewerVerdict;
  rationale: string;
  reviewer: string;
}

export interface SaveSandboxFileInput {
  caseId: string;
  /** Path relative to the case folder; must stay under `sandbox/`. */
  path: string;
  text: string;
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
   * A starting input: the params (without `module`) of the first declared check that runs this module, when
   * one does; absent otherwise.
   */
  suggestedInput?: unknown;
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
}

export interface AddCheckInput extends ByReviewer {
  caseId: string;
  falsification: string;
  kind: string;
  title?: string;
  params: Record<string, unknown>;
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

export interface RecheckApi {
  /** Cases in the workspace. */
  listCases(): Promise<CaseSummary[]>;
  /** One case with its paper summary, logbooks, sandbox files, audit log and last run. */
  openCase(caseId: string): Promise<CaseDetail>;
  /** Starts running the declared checks (of one falsification, or all); progress arrives as RunEvents. */
  runChecks(caseId: string, falsificationId: string | null): Promise<{ runId: string }>;
  /** Cancels a run; a no-op for a finished one. */
  cancelRun(runId: string): Promise<void>;
  /** Appends a reviewer's decision to the case's audit log. */
  recordDecision(input: RecordDecisionInput): Promise<AuditEntry>;
  /** Saves an edited sandbox file atomically and logs the edit. */
  saveSandboxFile(input: SaveSandboxFileInput): Promise<AuditEntry>;
  /** Bundles a sandbox module of the case for the browser sandbox (a Web Worker inside a sandboxed page). */
  prepareSandboxProgram(caseId: string, path: string): Promise<SandboxProgram>;
  /**
   * Runs a sandbox module of the case in the core's own sandbox (the desktop app's hidden sandboxed window;
   * the Node child sandbox elsewhere). Messages and the end arrive as RunEvents; cancelRun(runId) stops it.
   */
  runSandboxProgram(input: SandboxRunInput): Promise<{ runId: string }>;
  /** Drafts the letter to the authors from the case's decisions and evidence (Markdown). */
  draftLetter(caseId: string): Promise<string>;
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
  /** Copies a reviewer's file into the case (a quantities file, a table, a re-implementation), logged. */
  addCaseFile(input: AddCaseFileInput): Promise<AuditEntry>;
  /** The regular files of a case (case.json, paper.md, logbooks, sandbox, tables), for file pickers. */
  listCaseFiles(caseId: string): Promise<CaseFileView[]>;
  /** Reads a verdict ledger (CSV, JSON or JSON Lines, by its name) and gives the re-check queue. */
  triageLedger(input: { name: string; base64: string }): Promise<TriageView>;
  /** Writes a table a logbook cell printed as CSV in the case, with its provenance (exact strings as printed). */
  extractTable(input: ExtractTableInput): Promise<ExtractTableView>;
  /** Lines up the settings two logbooks of a case report, marking the differences. */
  compareLogbooks(caseId: string, logbookA: string, logbookB: string): Promise<SettingsComparisonView>;
  /** Subscribes to run events of every run. */
  onRunEvent(listener: (event: RunEvent) => void): Unsubscribe;
}
