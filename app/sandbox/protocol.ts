/**
 * The run protocol between a host and a sandboxed program, independent of the transport: the headless host
 * speaks it as JSON lines over a child process's stdin/stdout, a browser host can speak it over a Web
 * Worker's postMessage. Every message is plain JSON (no functions, no typed arrays), so either transport can
 * carry it unchanged.
 *
 * Host -> sandbox: one `RunRequest`. Sandbox -> host: any number of `progress`, `log`, `point` messages, then
 * exactly one `result` or `error`. The host treats every message as untrusted input (`parseSandboxMessage`).
 */

/** What the host asks the sandboxed program to do. */
export interface RunRequest {
  readonly type: 'run';
  /** Input handed to the program's entry function (JSON). */
  readonly input: unknown;
  /** Seed of the run (unsigned 32-bit integer); the program derives all its randomness from it. */
  readonly seed: number;
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
 * - `denied`: the program tried something the sandbox forbids (file, network, child process, signal, ...).
 */
export type EndReason = 'timeout' | 'out-of-memory' | 'threw' | 'exited' | 'killed' | 'denied';

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

export type SandboxMessage = ProgressMessage | LogMessage | PointMessage | ResultMessage | ErrorMessage;

const REASONS: readonly EndReason[] = ['timeout', 'out-of-memory', 'threw', 'exited', 'killed', 'denied'];
const RESOURCES: readonly DeniedResource[] = ['file', 'network', 'child-process', 'signal', 'worker', 'native-code', 'code-generation', 'environment'];
const MAX_TEXT = 4000;

/**
 * Parses one message from the sandbox, or returns null when it is not a well-formed protocol message (the
 * host then treats the text as program output). Strings are cut to 4000 characters. Example:
 * `parseSandboxMessage('{"type":"point","series":"loss","x":1,"y":0.5}')` returns that point.
 */
export function parseSandboxMessage(text: string): SandboxMessage | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const m = v as Record<string, unknown>;
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
    case 'result':
      return 'value' in m ? { type: 'result', value: m.value } : null;
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
