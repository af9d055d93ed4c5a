/**
 * A check kind: one way of gathering evidence about a claimed falsification (verify a certificate, fit a
 * growth law, audit units, classify a loss, ...). Cases declare checks by kind in `case.json`; the registry
 * validates their params against `paramsSchema` on load and runs them through `run`.
 */
import { join } from 'node:path';
import type { JsonSchema } from '../json/json-schema';
import type { SandboxRunner } from '../sandbox/runner';
import type { SweepBackend } from '../runs/backends/backend';
import { resolveInside } from '../fs/confine';
import type { EvidenceBasisView, GuaranteeView } from '../../common/api/contract';
import type { KindLetterWords } from './kind-words';

/** How a check's evidence bears on the claimed falsification. */
export type CheckOutcome =
  | 'supports' // the evidence agrees with the falsification (the claim really fails)
  | 'refutes' // the evidence shows the falsification is itself wrong (the claim holds, or the slip is elsewhere)
  | 'neutral'; // informative, but neither way (e.g. float64 vs exact comparison, a trap shown with numbers)

/**
 * What a check's result is worth, stated by the check (docs/decisions.md): an exact computation, a rigorous
 * enclosure (the exact value lies inside), a statistical test (its p-value and degrees of freedom, and the test
 * named), or an approximation (floating point without a proven bound). Approximate results never decide.
 * One type with the contract's view of it (common/api/contract.ts GuaranteeView), which the UI reads.
 */
export type Guarantee = GuaranteeView;

/**
 * Where a check's evidence comes from: only numbers the logbook itself printed or attached (`logbook`), or a
 * computation Recheck made independently of the logbook's numbers (`recomputed`: a sandboxed re-implementation,
 * a replay, a certificate verified, a sweep computed now). A check on the logbook's own numbers alone can at
 * most support a finding; it cannot decide one (docs/decisions.md).
 */
export type EvidenceBasis = EvidenceBasisView;

/** A check's result. Everything in it is computed by the check; `evidence` must be JSON-serialisable. */
export interface CheckResult {
  outcome: CheckOutcome;
  /** What the result is worth (absent in results of kinds written before guarantees: treated as approximate). */
  guarantee?: Guarantee;
  /** Where the evidence comes from (absent: the kind's default, see CheckKind.basis). */
  basis?: EvidenceBasis;
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
  /** Independent seeds behind the result, when seeds matter: a deciding gate needs at least 3 (MIN_SEEDS). */
  seeds?: number;
  /**
   * Independent sources inside the result that each reach its side alone (distinct blind reviewers): with 2 or
   * more, the result counts as two independent agreeing checks (app/checks/gates.ts).
   */
  sources?: number;
  /**
   * sha256 of the data the check examined (a table), when it has one; absent: `evidence.tableSha256` when that
   * is a string. Two checks on the same data are not independent (app/checks/gates.ts).
   */
  dataSha256?: string;
  /**
   * Why the finding's own evidence cannot carry a verdict (too few points, too short a range, a toy scale),
   * when the check shows it; absent: the reasons of `evidence.conclusion` when its value is `cannot-tell`.
   * A verified finding with such a check is `premature` unless a gated check decides it.
   */
  insufficient?: string;
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
   * What letters and reports may say of its results (`<kind>.words.ts` beside the module: sentences from the
   * evidence, the diagnosis, the rerun command); absent, a result is cited by its own summary.
   */
  words?: KindLetterWords;
  /**
   * JSON Schema (draft 2020-12 subset understood by ajv) for `params`. A string param that names a file or
   * folder of the case carries `casePath: true`: the case loader then confines it to the case folder
   * (resolveInside: relative, no `..` out, no symlink out), so `recheck validate` and `recheck run` both
   * refuse a path that leaves the case, and the kind reads it through `resolveCasePath`.
   */
  paramsSchema: JsonSchema;
  /** One example of params, valid against the schema (shown by `recheck kinds` and the UI's form). */
  example: P;
  /**
   * What this kind's results are worth when a result states no guarantee of its own (absent: approximate).
   * Consumers ask `guaranteeOf` / `basisOf` below, never the kind's name.
   */
  guarantee?: Guarantee;
  /**
   * Where this kind's evidence comes from when a result does not say (or `basisFor`, read from the params).
   * Absent both: `logbook` when every case path the check reads lies in a logbook folder of the case, else
   * `recomputed` (app/checks/run-case.ts `pathBasis`).
   */
  basis?: EvidenceBasis;
  basisFor?(params: P): EvidenceBasis;
  run(params: P, ctx: CheckContext): Promise<CheckResult>;
}

/** The guarantee of a result: its own, else its kind's default, else approximate. Example: `guaranteeOf(fwCertificateKind, r)` is `{ kind: 'exact' }`. */
export function guaranteeOf(kind: Pick<CheckKind, 'guarantee'> | undefined, result: Pick<CheckResult, 'guarantee'>): Guarantee {
  return result.guarantee ?? kind?.guarantee ?? { kind: 'approximate' };
}

/** The basis of a result: its own, else its kind's (fixed or from the params), else `fallback`. */
export function basisOf<P>(
  kind: Pick<CheckKind<P>, 'basis' | 'basisFor'> | undefined,
  params: P,
  result: Pick<CheckResult, 'basis'>,
  fallback: EvidenceBasis,
): EvidenceBasis {
  if (result.basis !== undefined) return result.basis;
  if (kind?.basisFor !== undefined) return kind.basisFor(params);
  return kind?.basis ?? fallback;
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
