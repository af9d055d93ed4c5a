/**
 * One source for the run bar's fill and its numbers, so that they cannot disagree: the fill is the run's
 * overall fraction, (checks finished + the current check's fraction) / checks, and the text names the same
 * counts. Before a run's first event, or when it never said how many checks it runs, the fill is unknown.
 */
import type { RunState } from './run-state';

export interface RunProgress {
  /** Checks finished. */
  readonly finished: number;
  /** Checks the run executes, when known. */
  readonly total?: number;
  /** The overall fraction in [0, 1], or null when unknown (an indeterminate bar). */
  readonly fraction: number | null;
  /** The current check's own fraction in [0, 1], or null when its total is unknown or no check reports. */
  readonly checkFraction: number | null;
}

/** Example: 1 of 2 checks finished and the second half way -> fraction 0.75. */
export function runProgress(run: RunState): RunProgress {
  const finished = run.results.length;
  const total = run.checks !== undefined && run.checks > 0 ? run.checks : undefined;
  const p = run.progress;
  // A progress event of a check that has already finished is stale (events of one check arrive before its result).
  const current =
    p !== undefined &&
    !run.results.some((r) => r.checkId === p.checkId && (run.falsificationId == null || r.falsificationId === run.falsificationId))
      ? p
      : undefined;
  const checkFraction =
    current !== undefined && current.total !== undefined && current.total > 0 ? clamp(current.done / current.total) : null;
  if (total === undefined) return { finished, fraction: null, checkFraction };
  if (run.status !== 'running') return { finished, total, fraction: clamp(finished / total), checkFraction: null };
  return { finished, total, fraction: clamp((Math.min(finished, total) + (checkFraction ?? 0)) / total), checkFraction };
}

function clamp(x: number): number {
  return Math.min(1, Math.max(0, x));
}
