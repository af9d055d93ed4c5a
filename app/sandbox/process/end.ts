/**
 * How a replayed program ended, from what the host saw: whether the host ended it (wall clock, cancel, output
 * or scratch flood, the memory of all its processes together), the exit code (bubblewrap reports a signal death as 128 + n), and the tail of stderr.
 * Pure; one place for the rules.
 *
 * Example: `programEnd({ hostKill: null, exitCode: 152, signal: null, stderr: '', viaBwrap: true })` is
 * `{ ended: 'cpu-limit', exitCode: null, signal: 'SIGXCPU' }`.
 */
export type Ended = 'exited' | 'timeout' | 'cpu-limit' | 'memory-limit' | 'output-limit' | 'aborted';

export interface ObservedEnd {
  readonly hostKill: 'timeout' | 'abort' | 'output' | 'disk' | 'memory' | null;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
  /** The exit code came through bubblewrap (a death by signal n shows as 128 + n). */
  readonly viaBwrap: boolean;
}

const SIGNALS: Record<number, NodeJS.Signals> = {
  1: 'SIGHUP',
  2: 'SIGINT',
  3: 'SIGQUIT',
  4: 'SIGILL',
  5: 'SIGTRAP',
  6: 'SIGABRT',
  7: 'SIGBUS',
  8: 'SIGFPE',
  9: 'SIGKILL',
  11: 'SIGSEGV',
  13: 'SIGPIPE',
  14: 'SIGALRM',
  15: 'SIGTERM',
  24: 'SIGXCPU',
  25: 'SIGXFSZ',
};

/** What a kill by the host means: the scratch folder's flood counts as output. */
const HOST_KILLS: Record<NonNullable<ObservedEnd['hostKill']>, Ended> = {
  timeout: 'timeout',
  abort: 'aborted',
  output: 'output-limit',
  disk: 'output-limit',
  memory: 'memory-limit',
};

/** Out-of-memory words of Python, Node, glibc, bash and OpenBLAS. */
const OOM =
  /(?:^|\n)\s*MemoryError\b|Cannot allocate memory|ENOMEM|std::bad_alloc|heap out of memory|Fatal process out of memory|Allocation failed|xmalloc: cannot allocate|Memory allocation (?:still )?failed|Unable to allocate/;

/**
 * The end of a run. `cpu-limit` is SIGXCPU (the soft CPU limit), or SIGKILL the host did not send (the hard
 * limit one second later kills a program that ignores SIGXCPU). `memory-limit` is a failed run whose stderr says
 * an allocation failed (the address-space limit makes allocations fail rather than the machine swap).
 */
export function programEnd(o: ObservedEnd): { ended: Ended; exitCode: number | null; signal: string | null } {
  let signal: NodeJS.Signals | null = o.signal;
  let exitCode = o.exitCode;
  if (signal === null && o.viaBwrap && exitCode !== null && exitCode > 128 && SIGNALS[exitCode - 128] !== undefined) {
    signal = SIGNALS[exitCode - 128] ?? null;
    exitCode = null;
  }
  if (o.hostKill !== null) return { ended: HOST_KILLS[o.hostKill], exitCode: null, signal: signal ?? 'SIGKILL' };
  if (signal === 'SIGXCPU' || signal === 'SIGKILL') return { ended: 'cpu-limit', exitCode, signal };
  if ((exitCode !== 0 || signal !== null) && OOM.test(o.stderr.slice(-16384))) return { ended: 'memory-limit', exitCode, signal };
  return { ended: 'exited', exitCode, signal };
}
