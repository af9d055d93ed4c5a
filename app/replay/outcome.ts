/**
 * What a replay of a logbook's run cell found (app/replay/replay.ts), as the CLI prints it and the `replay`
 * check kind keeps it as evidence: `reproduces` (the replayed stdout prints what the logbook printed, within
 * the tolerance), `differs` (the first differing line, both lines and values, the bound used), `cannot-run`
 * (why: no interpreter, a missing source, a missing module, a run that did not end by itself), or `ran`
 * (an overridden replay, which is never compared: its output and its printed tables are the result).
 */
import type { OutputComparison } from '../../checkers/replay/compare-output';
import type { Applied } from '../../checkers/replay/override';
import type { Literal } from '../../checkers/replay/literals';
import type { ProgramFile } from './program';

export type ReplayResult = 'reproduces' | 'differs' | 'cannot-run' | 'ran';

/** How the replayed process ended (from the sandbox runner). */
export interface ReplayRun {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly ended: string;
  readonly confined: boolean;
  readonly durationMs: number;
  /** The interpreter actually run (a path). */
  readonly interpreter: string;
  readonly stdoutSha256: string;
  readonly stdoutBytes: number;
  readonly stdoutTruncated: boolean;
  /** The last lines of stderr (at most 2,000 characters). */
  readonly stderrTail: string;
  readonly hostile: readonly string[];
}

/** A table the overridden replay printed, written as CSV. */
export interface ReplayTable {
  readonly number: number;
  /** Relative to the artifact folder. */
  readonly file: string | null;
  readonly columns: readonly string[];
  readonly rows: number;
  readonly csv: string;
}

export interface ReplayOutcome {
  readonly result: ReplayResult;
  /** One line: why it cannot run, what differs, or what reproduced. */
  readonly summary: string;
  readonly why?: string;
  readonly cell: string;
  readonly logbook: string;
  readonly page: string;
  readonly command: readonly string[];
  readonly interpreter: string | null;
  readonly files: readonly ProgramFile[];
  /** Overridable literals of the script (python), for the reviewer to choose from. */
  readonly literals: readonly Literal[];
  readonly overrides: { readonly set: readonly Applied[]; readonly args: readonly string[]; readonly env: readonly string[] };
  readonly run?: ReplayRun;
  readonly exit?: { readonly recorded: number | null; readonly replayed: number | null; readonly agree: boolean };
  readonly comparison?: OutputComparison;
  readonly ignore: readonly string[];
  readonly tables: readonly ReplayTable[];
  /** An overridden run's output, its first 4,000 characters (the whole of it is in the artifacts). */
  readonly output?: string;
  /** Files written (absolute), e.g. the overridden run's stdout and tables. */
  readonly artifacts: readonly string[];
  readonly notes: readonly string[];
}
