/**
 * The run protocol between a host and a sandboxed program, independent of the transport: the headless host
 * speaks it as JSON lines over a child process's stdin/stdout, a browser host can speak it over a Web
 * Worker's postMessage. Every message is plain JSON (no functions, no typed arrays), so either transport can
 * carry it unchanged.
 *
 * Host -> sandbox: one `RunRequest`, carrying a fresh random `nonce`. Sandbox -> host: any number of
 * `progress`, `log`, `point` and `attempt` messages, then exactly one `result` or `error`, each wrapped in an
 * envelope `{"recheck":"<nonce>","m":{...}}`. Only the trusted runner, which takes the request before the
 * untrusted module is evaluated, knows the nonce, so a program that writes protocol-looking text (to forge a
 * result, or a "denied" reason) is shown as program output, never obeyed. The host treats every message as
 * untrusted input all the same (`parseSandboxMessage`: size, depth and shape checked).
 *
 * `attempt` messages are sent by the guards the moment a program tries a denied resource, so the host knows
 * of every attempt however the run ends (caught by the program, followed by a result, a loop or an exit): any
 * attempt makes the run end `denied` (`withAttempts`).
 */
import { JsonLimitError, parseJsonBounded, type JsonLimits } from '../json/bounded';

/** What the host asks the sandboxed program to do. */
export interface RunRequest {
  readonly type: 'run';
  /** Input handed to the program's entry function (JSON). */
  readonly input: unknown;
  /** Seed of the run (unsigned 32-bit integer); the program derives all its randomness from it. */
  readonly seed: number;
  /** Fresh random hex string per run; every message the runner sends carries it (see the file's doc). */
  readonly nonce: string;
}

/** Progress of a run. `rate` is items per second, `etaSeconds` the estimate left (absent when unknown). */
export interface ProgressMessage {
  readonly type: 'progress';
  readonly done: number;
  readonly total?: number;
  readonly rate?: number;
  readonly etaSeconds?: number;
  readonly message?: string;
}

/** A log line from the program (`console.*` inside the sandbox lands here too). */
export interface LogMessage {
  readonly type: 'log';
  readonly level: 'info' | 'warn' | 'error';
  readonly text: string;
}

/** One point of a named series (for live plots). */
export interface PointMessage {
  readonly type: 'point';
  readonly series: string;
  readonly x: number;
  readonly y: number;
}

/** The program tried a denied resource (sent by the guards at once, also when the program catches the denial). */
export interface AttemptMessage {
  readonly type: 'attempt';
  readonly resource: DeniedResource;
  readonly what: string;
}

/** The program's result (JSON). Ends the run. */
export interface ResultMessage {
  readonly type: 'result';
  readonly value: unknown;
}

/**
 * Why a run ended without a result.
 * - `timeout`: wall-clock limit or CPU-time limit reached;
 * - `out-of-memory`: heap limit or address-space limit reached;
 * - `threw`: the program threw (or rejected) an error;
 * - `exited`: the program called `process.exit` (or otherwise ended without a result);
 * - `killed`: ended by a signal, or cancelled by the host;
 * - `denied`: the program tried something the sandbox forbids (file, network, child process, signal, ...);
 * - `invalid-output`: the program sent a message the host refuses (larger or deeper than the limits).
 */
/** Every way a run can end other than with a result (one list: sweeps' checkpoints read exactly these back). */
export const END_REASONS = ['timeout', 'out-of-memory', 'threw', 'exited', 'killed', 'denied', 'invalid-output'] as const;
export type EndReason = (typeof END_REASONS)[number];

/** What a denied attempt tried to reach. */
export type DeniedResource = 'file' | 'network' | 'child-process' | 'signal' | 'worker' | 'native-code' | 'code-generation' | 'environment';

/** A failure the sandbox itself reports (thrown error, denied attempt, process.exit). Ends the run. */
export interface ErrorMessage {
  readonly type: 'error';
  readonly reason: EndReason;
  /** One line: what happened. */
  readonly message: string;
  /** For `denied`: the kind of resource and what exactly (`node:fs.readFileSync /etc/passwd`). */
  readonly denied?: { readonly resource: DeniedResource; readonly what: string };
  /** For `exited`: the exit code the program asked for. */
  readonly exitCode?: number;
}

export type SandboxMessage = ProgressMessage | LogMessage | PointMessage | AttemptMessage | ResultMessage | ErrorMessage;

const REASONS: readonly EndReason[] = ['timeout', 'out-of-memory', 'threw', 'exited', 'killed', 'denied', 'invalid-output'];
const RESOURCES: readonly DeniedResource[] = [
  'file',
  'network',
  'child-process',
  'signal',
  'worker',
  'native-code',
  'code-generation',
  'environment',
];
const MAX_TEXT = 4000;

/**
 * Limits of one message from a program: 16 MiB of text, 256 levels of nesting, a million values. A result
 * within them can be recorded, stringified and shown without overflowing the host's stack.
 */
export const MESSAGE_LIMITS: JsonLimits = { maxChars: 16 * 1024 * 1024, maxDepth: 256, maxNodes: 1_000_000 };

/** The key of the envelope around each message: `{"recheck": nonce, "m": message}`. */
const ENVELOPE = 'recheck';

/**
 * One envelope line around a message already serialised as JSON, by string concatenation only (the runner
 * calls it next to untrusted code, so it touches no patchable method). The nonce is hex, so it needs no escaping.
 * Example: `envelopeText('ab12', '{"type":"log","level":"info","text":"x"}')`.
 */
export function envelopeText(nonce: string, messageJson: string): string {
  return envelopePrefix(nonce) + messageJson + '}';
}

function envelopePrefix(nonce: string): string {
  return '{"' + ENVELOPE + '":"' + nonce + '","m":';
}

/**
 * Parses one envelope from the sandbox. Returns null when the text is not an envelope with this run's nonce
 * (the host then shows it as program output), the message when it is a well-formed protocol message, and an
 * `invalid-output` error message when an authentic envelope is over MESSAGE_LIMITS or malformed, so that the
 * run ends with that reason. Strings are cut to 4000 characters. Example:
 * `parseSandboxMessage('{"recheck":"ab12","m":{"type":"point","series":"loss","x":1,"y":0.5}}', 'ab12')` returns that point.
 */
export function parseSandboxMessage(text: string, nonce: string): SandboxMessage | null {
  // Cheap prefix test first: program output that is not an envelope of this run is never parsed as JSON.
  if (nonce === '' || !text.startsWith(envelopePrefix(nonce))) return null;
  let v: unknown;
  try {
    v = parseJsonBounded(text, MESSAGE_LIMITS);
  } catch (err) {
    const why = err instanceof JsonLimitError ? err.message : 'not valid JSON';
    return { type: 'error', reason: 'invalid-output', message: `the program sent a message the host refuses: ${why}` };
  }
  const m = (v as Record<string, unknown>).m;
  const parsed = typeof m === 'object' && m !== null && !Array.isArray(m) ? parseMessage(m as Record<string, unknown>) : null;
  return parsed ?? { type: 'error', reason: 'invalid-output', message: 'the program sent a malformed protocol message' };
}

function parseMessage(m: Record<string, unknown>): SandboxMessage | null {
  switch (m.type) {
    case 'progress': {
      if (!isFiniteNumber(m.done)) return null;
      return {
        type: 'progress',
        done: m.done,
        ...(isFiniteNumber(m.total) ? { total: m.total } : {}),
        ...(isFiniteNumber(m.rate) ? { rate: m.rate } : {}),
        ...(isFiniteNumber(m.etaSeconds) ? { etaSeconds: m.etaSeconds } : {}),
        ...(typeof m.message === 'string' ? { message: cut(m.message) } : {}),
      };
    }
    case 'log': {
      if (typeof m.text !== 'string') return null;
      const level = m.level === 'warn' || m.level === 'error' ? m.level : 'info';
      return { type: 'log', level, text: cut(m.text) };
    }
    case 'point':
      if (typeof m.series !== 'string' || !isFiniteNumber(m.x) || typeof m.y !== 'number') return null;
      return { type: 'point', series: cut(m.series), x: m.x, y: m.y };
    case 'attempt':
      if (!RESOURCES.includes(m.resource as DeniedResource) || typeof m.what !== 'string') return null;
      return { type: 'attempt', resource: m.resource as DeniedResource, what: cut(m.what) };
    case 'result':
      return Object.hasOwn(m, 'value') ? { type: 'result', value: m.value } : null;
    case 'error': {
      if (!REASONS.includes(m.reason as EndReason) || typeof m.message !== 'string') return null;
      const d = m.denied as Record<string, unknown> | undefined;
      const denied =
        typeof d === 'object' && d !== null && RESOURCES.includes(d.resource as DeniedResource) && typeof d.what === 'string'
          ? { resource: d.resource as DeniedResource, what: cut(d.what) }
          : undefined;
      return {
        type: 'error',
        reason: m.reason as EndReason,
        message: cut(m.message),
        ...(denied ? { denied } : {}),
        ...(isFiniteNumber(m.exitCode) ? { exitCode: m.exitCode } : {}),
      };
    }
    default:
      return null;
  }
}

function isFiniteNumber(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

function cut(s: string): string {
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}...` : s;
}

/**
 * The one-line messages of the two limits, the same whichever host enforced them (Node child, iframe page,
 * hidden window). Example: `wallClockLimitMessage(2000)` is "wall-clock limit of 2 s reached".
 */
export function wallClockLimitMessage(timeoutMs: number): string {
  const s = timeoutMs / 1000;
  return `wall-clock limit of ${Number.isInteger(s) ? s : s.toFixed(1)} s reached`;
}

/** Example: `cpuLimitMessage(61)` is "CPU-time limit of 61 s reached". */
export function cpuLimitMessage(cpuSeconds: number): string {
  return `CPU-time limit of ${cpuSeconds} s reached`;
}

/** A denied attempt as the host recorded it. */
export interface RecordedAttempt {
  readonly resource: DeniedResource;
  readonly what: string;
}

/**
 * The rule "any attempt is a verdict", shared by every host: a run during which the program tried a denied
 * resource ends `denied`, naming the first attempt, whatever it did next (caught the error and returned a
 * result, looped until the wall clock, exited), unless the user cancelled it. An `error` message claiming
 * `denied` without any attempt the host saw is not believed (it ends `threw`).
 * Example: `withAttempts({ outcome: 'ok', value: 1 }, [{ resource: 'file', what: 'node:fs.readFileSync /etc/passwd' }])`
 * is `{ outcome: 'denied', message: 'tried file access: node:fs.readFileSync /etc/passwd', denied: {...} }`.
 */
export function withAttempts<E extends { readonly outcome: string; readonly message?: string }>(
  end: E,
  attempts: readonly RecordedAttempt[],
  cancelled = false,
): E | { outcome: 'denied'; message: string; denied: RecordedAttempt } | { outcome: 'threw'; message: string } {
  const first = attempts[0];
  if (first !== undefined && !cancelled) {
    const more = attempts.length > 1 ? ` (and ${attempts.length - 1} more attempt${attempts.length > 2 ? 's' : ''})` : '';
    return {
      outcome: 'denied',
      message: `tried ${first.resource} access: ${first.what}${more}`,
      denied: { resource: first.resource, what: first.what },
    };
  }
  if (end.outcome === 'denied')
    return { outcome: 'threw', message: `the program reported a denial the host did not see (${end.message ?? ''})` };
  return end;
}
