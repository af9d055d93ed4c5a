/**
 * Reading a replayed process's end: why its output cannot be compared at all (it did not end by itself, it
 * was cut, it tried something hostile, the interpreter lacks a module the logbook's environment had), the
 * run as evidence keeps it, and the reviewer's ignore patterns compiled once.
 * Example: `cannotRunWhy({ ended: 'exited', exitCode: 1, stderr: "ModuleNotFoundError: No module named 'skimage'", ... })`
 * is "the interpreter has no module skimage, which the logbook's environment had: ...".
 */
import { BadInputError } from '../errors';
import { shown } from '../text/display';
import type { ProgramResult } from '../sandbox/process/run-program';
import type { ReplayRun } from './outcome';

/** Longest ignore pattern accepted. */
const MAX_PATTERN = 500;

/** The ignore patterns as regular expressions; bad input naming the pattern otherwise. */
export function ignorePatterns(where: string, patterns: readonly string[]): RegExp[] {
  return patterns.map((p) => {
    if (p.length > MAX_PATTERN) throw new BadInputError(where, `an ignore pattern is longer than ${MAX_PATTERN} characters`);
    try {
      return new RegExp(p, 'u');
    } catch (e) {
      throw new BadInputError(where, `ignore pattern "${shown(p, 80)}" is not a regular expression (${(e as Error).message})`);
    }
  });
}

/** Why the run's output cannot be compared, or null when it can. */
export function cannotRunWhy(ran: ProgramResult, python: string | undefined): string | null {
  if (ran.hostile.length > 0) return `the sandbox stopped hostile behaviour: ${ran.hostile.join('; ')}`;
  switch (ran.ended) {
    case 'exited':
      break;
    case 'timeout':
      return `the replay did not finish within its time limit (${Math.round(ran.durationMs / 100) / 10} s; raise it with --timeout)`;
    case 'cpu-limit':
      return 'the replay used up its CPU time limit';
    case 'memory-limit':
      return 'the replay ran out of its memory limit';
    case 'output-limit':
      return 'the replay printed more than its output limit';
    case 'aborted':
      return 'the replay was cancelled';
  }
  if (ran.stdoutTruncated) return 'the replay printed more than its output limit';
  // The sandbox itself failed to start (bubblewrap's own error, before the program ran): nothing of the program's.
  const setup = /^bwrap: (.{1,300})$/m.exec(ran.stderr);
  if (setup !== null && ran.exitCode !== 0 && ran.stdout === '') return `the sandbox could not start the program (bwrap: ${setup[1]})`;
  const missing = /ModuleNotFoundError: No module named '([^']{1,200})'/.exec(ran.stderr);
  if (missing !== null && ran.exitCode !== 0)
    return `the interpreter (${python ?? ran.interpreter}) has no module ${missing[1]}, which the logbook's environment had: choose a Python that has it (workspace setting replay.python, or --python)`;
  return null;
}

/** The run as evidence keeps it. */
export function describeRun(ran: ProgramResult, stdoutSha256: string): ReplayRun {
  const tail = ran.stderr.length > 2000 ? ran.stderr.slice(ran.stderr.length - 2000) : ran.stderr;
  return {
    exitCode: ran.exitCode,
    signal: ran.signal,
    ended: ran.ended,
    confined: ran.confined,
    durationMs: ran.durationMs,
    interpreter: ran.interpreter,
    stdoutSha256,
    stdoutBytes: Buffer.byteLength(ran.stdout, 'utf8'),
    stdoutTruncated: ran.stdoutTruncated,
    stderrTail: tail,
    hostile: ran.hostile,
  };
}

/** stdout, then stderr (how a terminal that merged them would show a program that flushed stdout first). */
export function stdoutPlusStderr(ran: Pick<ProgramResult, 'stdout' | 'stderr'>): string {
  return ran.stdout.endsWith('\n') || ran.stdout === '' ? `${ran.stdout}${ran.stderr}` : `${ran.stdout}\n${ran.stderr}`;
}
