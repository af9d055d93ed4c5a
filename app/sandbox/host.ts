/**
 * The headless sandbox host: runs one bundled program in a confined Node child (see confinement.ts), speaks
 * the run protocol over its stdin/stdout as JSON lines, enforces the wall-clock limit, and kills the whole
 * process group on timeout, cancel or output flood. Whatever the program does, the host gets a `RunEnd`.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { BadInputError } from '../errors';
import type { BundledProgram } from './bundle';
import { classifyEnd, type RunEnd } from './classify';
import { DEFAULT_LIMITS, UNCONFINED_NOTICE, sandboxCommand, type Confinement, type SandboxLimits } from './confinement';
import {
  parseSandboxMessage,
  type ErrorMessage,
  type RecordedAttempt,
  type ResultMessage,
  type SandboxMessage,
} from '../../common/sandbox/protocol';

export interface RunOptions {
  readonly program: BundledProgram;
  readonly input: unknown;
  readonly seed: number;
  readonly confinement: Confinement;
  readonly limits?: Partial<SandboxLimits>;
  /** Run even without bubblewrap (network stays open, host signalable). Default false: refuse. */
  readonly allowUnconfined?: boolean;
  readonly signal?: AbortSignal;
  /** Progress, log and point messages as they arrive (program output that is not protocol becomes a log). */
  readonly onMessage?: (m: SandboxMessage) => void;
  /** Path shown in errors (the untrusted module). */
  readonly label?: string;
}

/** The end of a run plus what the host measured. */
export type RunReport = RunEnd & { readonly wallMs: number; readonly confined: boolean; readonly stderrTail: string };

const MAX_LINE_BYTES = 16 * 1024 * 1024; // one protocol line (a result) may be this long
const STDERR_TAIL_BYTES = 8192;
/** Attempts kept per run (the first decides the verdict; the rest are counted). */
const MAX_ATTEMPTS = 50;

/** Thrown when bubblewrap is missing and the caller did not opt in to unconfined runs. */
export class SandboxUnavailableError extends BadInputError {
  constructor(label: string) {
    super(label, UNCONFINED_NOTICE);
    this.name = 'SandboxUnavailableError';
  }
}

/**
 * Runs the program once. Resolves (never rejects for anything the program does) with the outcome:
 * `ok` with the result value, or timeout / out-of-memory / threw / exited / killed / denied with one line.
 * Rejects with SandboxUnavailableError when bwrap is missing and `allowUnconfined` is not set.
 */
export async function runSandboxed(o: RunOptions): Promise<RunReport> {
  const limits: SandboxLimits = { ...DEFAULT_LIMITS, ...o.limits };
  const confined = o.confinement.bwrap !== null;
  if (!confined && o.allowUnconfined !== true) throw new SandboxUnavailableError(o.label ?? o.program.file);
  const { command, args } = sandboxCommand(o.confinement, o.program.file, limits);
  const started = performance.now();
  const child = spawn(command, args, { env: {}, stdio: ['pipe', 'pipe', 'pipe'], detached: true, cwd: '/' });

  let final: ResultMessage | ErrorMessage | null = null;
  let hostKill: 'timeout' | 'cancel' | 'output' | null = null;
  let stderrTail = '';
  const attempts: RecordedAttempt[] = [];
  const nonce = randomBytes(16).toString('hex');

  const killGroup = (why: 'timeout' | 'cancel' | 'output'): void => {
    hostKill ??= why;
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL'); // the whole group: prlimit/bwrap and everything under it
    } catch {
      child.kill('SIGKILL');
    }
  };
  const timer = setTimeout(() => killGroup('timeout'), limits.timeoutMs);
  const onAbort = (): void => killGroup('cancel');
  if (o.signal?.aborted) onAbort();
  o.signal?.addEventListener('abort', onAbort, { once: true });

  const handleLine = (line: string): void => {
    if (line === '' || final !== null) return;
    const m = parseSandboxMessage(line, nonce);
    if (m === null) {
      // Not an envelope of this run: the program's own output, shown as such, never obeyed.
      o.onMessage?.({ type: 'log', level: 'info', text: line.slice(0, 4000) });
      return;
    }
    if (m.type === 'attempt') {
      if (attempts.length < MAX_ATTEMPTS) attempts.push({ resource: m.resource, what: m.what });
      o.onMessage?.(m);
      return;
    }
    if (m.type === 'result' || m.type === 'error') {
      final = m;
      // A message the host refuses ends the run now: the program may keep writing, it is not listened to.
      if (m.type === 'error' && m.reason === 'invalid-output') killGroup('output');
    } else o.onMessage?.(m);
  };
  // A line longer than any protocol message may be is refused the same way however the pipe splits it (whole in
  // one chunk, or still unfinished past the bound): invalid-output, and the run ends now.
  const refuseLongLine = (): void => {
    final ??= {
      type: 'error',
      reason: 'invalid-output',
      message: `the program sent a message the host refuses: a line over ${MAX_LINE_BYTES >> 20} MiB`,
    };
    killGroup('output');
  };
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    if (hostKill === 'output') return; // refused: not listened to any more
    let start = 0;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, start)) {
      if (pendingBytes + (i - start) > MAX_LINE_BYTES) return refuseLongLine();
      pending.push(chunk.subarray(start, i));
      handleLine(Buffer.concat(pending).toString('utf8'));
      pending = [];
      pendingBytes = 0;
      start = i + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > MAX_LINE_BYTES) refuseLongLine();
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
  });
  child.stdin.on('error', () => undefined); // EPIPE when the program ends before reading its input
  child.stdin.end(JSON.stringify({ type: 'run', input: o.input, seed: o.seed, nonce }));

  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('error', (err) => {
      stderrTail += `\nspawn failed: ${err.message}`;
      resolve({ code: null, signal: null });
    });
    child.on('close', (c, s) => resolve({ code: c, signal: s }));
  });
  clearTimeout(timer);
  o.signal?.removeEventListener('abort', onAbort);
  if (pending.length > 0 && hostKill === null) handleLine(Buffer.concat(pending).toString('utf8'));
  const end = classifyEnd({
    final,
    exitCode: code,
    signal,
    hostKill,
    stderrTail,
    timeoutMs: limits.timeoutMs,
    cpuSeconds: limits.cpuSeconds,
    viaBwrap: confined,
    attempts,
  });
  return { ...end, wallMs: performance.now() - started, confined, stderrTail };
}
