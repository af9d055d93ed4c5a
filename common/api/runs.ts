/**
 * The runs capability: computed decisions and check results, live runs and their events, and the methods that
 * start, list and cancel check runs (plus the onRunEvent subscription).
 * Each method is declared once here (common/api/method.ts); app/api/slices/runs.ts implements them.
 */
import type { LogMessage, PointMessage, ProgressMessage } from '../sandbox/protocol';
import type { FindingSays } from './cases';
import type { SandboxRunEndView } from './sandbox';
import { event, method, returns } from './method';

export type { Unsubscribe } from './method';
import { arity, id, record, reviewer } from './validate';

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
  /**
   * Why a check with outcome `error` failed (absent in reports written before causes): `bad-input` when what the
   * check reads is wrong (a column its table lacks, a cell that is not a number, a missing file; `recheck run`
   * then exits 2), `internal` otherwise. `message` is the one line (the summary says it too).
   */
  error?: { cause: 'bad-input' | 'internal'; message: string };
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

/**
 * One run in a falsification's history (listRunHistory): every check run of the case that ran it (a run of the
 * whole case or of this finding), newest first, read from the audit log and the run's report.json.
 */
export interface RunHistoryEntry {
  runId: string;
  /** When the run ended (its report's finishedAt; the audit entry's time for a cancelled run). */
  at: string;
  startedAt?: string;
  who: string;
  /** Whether the run was of the whole case or of this finding alone. */
  scope: 'case' | 'finding';
  /** This finding's decision in that run; absent when the run was cancelled or its report cannot be read. */
  decision?: FalsificationDecision;
  reason?: string;
  gate?: DecisionGate;
  /** How many of its checks supported, refuted, were neutral, or failed. */
  outcomes: { supports: number; refutes: number; neutral: number; error: number };
  cancelled?: boolean;
  /** Why the run's report cannot be trusted or read: missing, malformed, or not the file the audit log hashed. */
  problem?: string;
}

/** One finding's report from one run, with the run's times (readRunReport). */
export interface RunFalsificationReport extends FalsificationReport {
  runId: string;
  startedAt: string;
  finishedAt: string;
}

export interface RunChecksOptions {
  /** Who starts the run, as the audit log names them (the reviewer's name in the UI). */
  reviewer?: string;
}

/** Everything the UI can ask of the core. */

/** The event channel carrying RunEvents from the core to the UI. */
export const RUN_EVENT_CHANNEL = 'recheck:runEvent';

/** Check runs: start one, list and cancel those going on, and follow their events. */
export const RUNS = {
  /** Starts running the declared checks (of one falsification, or all); progress arrives as RunEvents. */
  runChecks: method({
    validate: (a, m): [caseId: string, falsificationId: string | null, options?: RunChecksOptions] => {
      if (!Array.isArray(a) || a.length < 2 || a.length > 3) arity(m, a, 2);
      const f = a[1] === null ? null : id(m, 'falsificationId', a[1]);
      if (a[2] === undefined) return [id(m, 'caseId', a[0]), f];
      const o = record(m, a[2], ['reviewer']);
      return [id(m, 'caseId', a[0]), f, reviewer(m, o.reviewer)];
    },
    result: returns<{ runId: string }>(),
  }),
  /** The check runs going on now, oldest first (a page reloaded during a run re-attaches to them). */
  listRuns: method({ validate: (a, m): [] => (arity(m, a, 0), []), result: returns<LiveRunView[]>() }),
  /** Cancels a run; a no-op for a finished one. */
  cancelRun: method({ validate: (a, m): [runId: string] => (arity(m, a, 1), [id(m, 'runId', a[0])]), result: returns<void>() }),
  /** Every run of a finding, newest first: its date, who ran it, its decision, and whether its report is intact. */
  listRunHistory: method({
    validate: (a, m): [caseId: string, falsificationId: string] => (
      arity(m, a, 2),
      [id(m, 'caseId', a[0]), id(m, 'falsificationId', a[1])]
    ),
    result: returns<RunHistoryEntry[]>(),
  }),
  /** A finding's report from one run (two of them are compared side by side); refused when the audit log's hash differs. */
  readRunReport: method({
    validate: (a, m): [caseId: string, runId: string, falsificationId: string] => (
      arity(m, a, 3),
      [id(m, 'caseId', a[0]), id(m, 'runId', a[1]), id(m, 'falsificationId', a[2])]
    ),
    result: returns<RunFalsificationReport>(),
  }),
  /** Subscribes to run events of every run (carried on RUN_EVENT_CHANNEL, not as a call). */
  onRunEvent: event<RunEvent>(),
};
