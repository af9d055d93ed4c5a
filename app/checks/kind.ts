/**
 * A check kind: one way of gathering evidence about a claimed falsification (verify a certificate, fit a
 * growth law, audit units, classify a loss, ...). Cases declare checks by kind in `case.json`; the registry
 * validates their params against `paramsSchema` on load and runs them through `run`.
 */
import { join } from 'node:path';
import type { JsonSchema } from '../cases/json-schema';
import type { SandboxRunner } from '../sandbox/runner';
import type { SweepBackend } from '../runs/backends/backend';
import { resolveInside } from '../fs/confine';

/** How a check's evidence bears on the claimed falsification. */
export type CheckOutcome =
  | 'supports' // the evidence agrees with the falsification (the claim really fails)
  | 'refutes' // the evidence shows the falsification is itself wrong (the claim holds, or the slip is elsewhere)
  | 'neutral'; // informative, but neither way (e.g. float64 vs exact comparison, a trap shown with numbers)

/** A check's result. Everything in it is computed by the check; `evidence` must be JSON-serialisable. */
export interface CheckResult {
  outcome: CheckOutcome;
  /** One or two sentences a reviewer reads first, with the decisive numbers in them. */
  summary: string;
  /** The numbers behind the summary (JSON). */
  evidence: Record<string, unknown>;
  /** Files this check wrote, relative to the case folder (plots, tables, certificates). */
  artifacts?: string[];
  /**
   * What the check waits for before it can decide, when it is people's work rather than computation (e.g. "a
   * complete blind review of the image pairs"); the outcome is then neutral and the decision says so.
   */
  waitingFor?: string;
}

export interface CheckProgress {
  done: number;
  total?: number;
  message?: string;
}

/** One point of a series a check computes while it runs (a sweep's point), plotted live by the UI. */
export interface SeriesPoint {
  /** Name of the series (the y column), with the names of both axes. */
  series: string;
  xLabel: string;
  x: number;
  y: number;
}

/** What a running check may touch. Paths in params are relative to the case folder; use `resolve`. */
export interface CheckContext {
  /** Absolute path of the case folder. */
  caseDir: string;
  caseId: string;
  falsificationId: string;
  checkId: string;
  /** Absolute path of a file inside the case folder; throws BadInputError for a path that leaves it. */
  resolve(relativePath: string): string;
  /** Absolute path of a folder under `runs/` reserved for this check's outputs (created on demand). */
  artifactDir(): Promise<string>;
  signal: AbortSignal;
  progress(p: CheckProgress): void;
  log(line: string): void;
  /** Reports a point of a series as soon as it is computed (optional: contexts built by hand may omit it). */
  point?(p: SeriesPoint): void;
  /**
   * Where untrusted code (a case's sandbox modules, losses copied from a release) runs: the headless Node
   * child sandbox, or the hidden sandboxed window in the desktop app. Rejects with SandboxUnavailableError
   * when untrusted code cannot be confined here and the user did not opt in.
   */
  sandbox(): Promise<SandboxRunner>;
  /**
   * Where sweeps compute their points, from the workspace's settings (a Slurm job array); absent: this
   * process's sandboxes (runSweep's local backend).
   */
  sweepBackend?: SweepBackend;
}

export interface CheckKind<P = unknown> {
  /** Stable identifier used in case.json, e.g. `units-audit`. */
  kind: string;
  /** What the check does, one line. */
  title: string;
  /**
   * JSON Schema (draft 2020-12 subset understood by ajv) for `params`. A string param that names a file or
   * folder of the case carries `casePath: true`: the case loader then confines it to the case folder
   * (resolveInside: relative, no `..` out, no symlink out), so `recheck validate` and `recheck run` both
   * refuse a path that leaves the case, and the kind reads it through `resolveCasePath`.
   */
  paramsSchema: JsonSchema;
  /** One example of params, valid against the schema (shown by `recheck kinds` and the UI's form). */
  example: P;
  run(params: P, ctx: CheckContext): Promise<CheckResult>;
}

/**
 * The real path of a case-relative path param, confined to the case folder after following symlinks
 * (ctx.resolve's check, then resolveInside); throws ConfinementError, a BadInputError naming case.json.
 * Example: `await readCsvFile(resolveCasePath(ctx, params.table), params.table)`.
 */
export function resolveCasePath(ctx: Pick<CheckContext, 'caseDir' | 'resolve'>, relativePath: string): string {
  ctx.resolve(relativePath);
  return resolveInside(ctx.caseDir, relativePath, join(ctx.caseDir, 'case.json'));
}
