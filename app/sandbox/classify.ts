/**
 * Why a sandboxed run ended, from what the host observed: the final protocol message (if any), the exit code
 * or signal, whether the host itself killed it, and the tail of stderr. Pure; one place for the rules.
 */
import {
  cpuLimitMessage,
  wallClockLimitMessage,
  withAttempts,
  type EndReason,
  type ErrorMessage,
  type RecordedAttempt,
  type ResultMessage,
} from '../../common/sandbox/protocol';

/** How a run ended. `ok` carries the result; every other outcome one line saying why. */
export type RunEnd =
  | { readonly outcome: 'ok'; readonly value: unknown }
  | {
      readonly outcome: EndReason;
      readonly message: string;
      readonly denied?: ErrorMessage['denied'];
      readonly exitCode?: number;
    };

export interface Observed {
  readonly final: ResultMessage | ErrorMessage | null;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Set when the host killed the run. */
  readonly hostKill: 'timeout' | 'cancel' | 'output' | null;
  readonly stderrTail: string;
  readonly timeoutMs: number;
  readonly cpuSeconds: number;
  /** True when the exit code came through bubblewrap (a signal death shows as 128 + n). */
  readonly viaBwrap: boolean;
  /** Denied attempts the guards reported during the run (any one makes the run end `denied`). */
  readonly attempts?: readonly RecordedAttempt[];
}

const SIGNALS: Record<number, NodeJS.Signals> = {
  1: 'SIGHUP',
  2: 'SIGINT',
  4: 'SIGILL',
  5: 'SIGTRAP',
  6: 'SIGABRT',
  7: 'SIGBUS',
  8: 'SIGFPE',
  9: 'SIGKILL',
  11: 'SIGSEGV',
  15: 'SIGTERM',
  24: 'SIGXCPU',
  25: 'SIGXFSZ',
};
const OOM_TEXT = /heap out of memory|Fatal process out of memory|std::bad_alloc|Allocation failed|Cannot allocate memory|Out of memory/i;

/**
 * Classifies the end of a run. A denied attempt decides it (unless the user cancelled: `withAttempts`);
 * otherwise, in order: host kill (timeout / cancel / output flood), a result, an error message from inside,
 * out-of-memory text on stderr, CPU-limit signals, other signals, plain exit.
 * Example: `{final: null, signal: 'SIGXCPU', ...}` gives `{outcome: 'timeout', message: 'CPU-time limit of 61 s reached'}`.
 */
export function classifyEnd(o: Observed): RunEnd {
  return withAttempts(observedEnd(o), o.attempts ?? [], o.hostKill === 'cancel');
}

function observedEnd(o: Observed): RunEnd {
  if (o.hostKill === 'timeout') return { outcome: 'timeout', message: wallClockLimitMessage(o.timeoutMs) };
  if (o.hostKill === 'cancel') return { outcome: 'killed', message: 'cancelled' };
  if (o.final?.type === 'error' && o.final.reason === 'invalid-output') return { outcome: 'invalid-output', message: o.final.message };
  if (o.hostKill === 'output') return { outcome: 'killed', message: 'killed: the program flooded its output channel' };
  if (o.final?.type === 'result') return { outcome: 'ok', value: o.final.value };
  if (o.final?.type === 'error') {
    const f = o.final;
    return {
      outcome: f.reason,
      message: f.message,
      ...(f.denied ? { denied: f.denied } : {}),
      ...(f.exitCode !== undefined ? { exitCode: f.exitCode } : {}),
    };
  }
  if (OOM_TEXT.test(o.stderrTail)) return { outcome: 'out-of-memory', message: `out of memory: ${lastMeaningfulLine(o.stderrTail)}` };
  const signal = o.signal ?? (o.viaBwrap && o.exitCode !== null && o.exitCode > 128 ? (SIGNALS[o.exitCode - 128] ?? null) : null);
  if (signal === 'SIGXCPU') {
    return { outcome: 'timeout', message: cpuLimitMessage(o.cpuSeconds) };
  }
  if (signal === 'SIGXFSZ')
    return { outcome: 'denied', message: 'tried file access: wrote to a file', denied: { resource: 'file', what: 'file write' } };
  if (signal !== null) return { outcome: 'killed', message: `killed by ${signal}` };
  const code = o.exitCode ?? 0;
  if (code === 13)
    return { outcome: 'exited', message: 'the program never settled: a promise stayed pending with nothing left to run', exitCode: code };
  const tail = lastMeaningfulLine(o.stderrTail);
  return { outcome: 'exited', message: `exited with code ${code} without a result${tail ? `: ${tail}` : ''}`, exitCode: code };
}

function lastMeaningfulLine(text: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('at ') && !/^[-<]+/.test(l) && !/^Node\.js v/.test(l));
  const fatal = lines.find((l) => OOM_TEXT.test(l));
  return (fatal ?? lines[lines.length - 1] ?? '').slice(0, 300);
}
