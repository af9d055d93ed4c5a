/**
 * The desktop app's SandboxRunner: each run gets a fresh hidden, sandboxed window showing the sandbox page
 * (renderer/sandbox/page.ts) in its own in-memory session (sandbox-session.ts); the page starts the program
 * in a dedicated Web Worker and relays its messages over one IPC channel scoped to that window. The window is
 * a renderer process of its own, so an out-of-memory or a crash there ends that run only.
 *
 * Main enforces every limit, whatever the page does:
 * - wall clock: at the limit the page is asked to terminate its worker; if it has not confirmed within
 *   CANCEL_GRACE_MS the renderer is crashed and the window destroyed (the same path as a cancel);
 * - memory: the window's process working set is polled; above the cap (twice the run's memoryMb, the heap
 *   and as much again for ArrayBuffers as in the headless sandbox, plus the page's own RENDERER_BASE_MB) the
 *   window is destroyed and the run ends `out-of-memory`; Chromium's own OOM ends it the same way;
 * - CPU time: the process's cumulative CPU seconds, when Electron reports them, against cpuSeconds;
 * - liveness: a page that stops its heartbeat for MISSED_BEATS_MS is destroyed (`killed`).
 * Everything the page sends is untrusted and read by readPageMessage (common/sandbox/page-reader.ts), as the
 * browser-mode host reads it. Electron itself is reached only through SandboxWindowFactory, so this
 * file is tested with fakes (test/main/window-runner.test.ts); main/sandbox-window.ts is the real factory.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { RunEnd } from '../app/sandbox/classify';
import { readPageMessage } from '../common/sandbox/page-reader';
import { cpuLimitMessage, wallClockLimitMessage, withAttempts, type RecordedAttempt } from '../common/sandbox/protocol';
import {
  bundleForWorker,
  effectiveLimits,
  ForeignProgramError,
  queued,
  type PreparedProgram,
  type RunReport,
  type SandboxRunner,
} from '../app/sandbox/runner';
import { sharedSandboxQueue, type SandboxQueue } from '../app/sandbox/queue';
import type { HostToPage } from '../common/sandbox/page-messages';
import { BadInputError } from '../app/errors';
import { weakenedMessage } from './sandbox-switches';
import { MessageBudget, type MessageLimits } from '../app/sandbox/message-budget';
import type { SandboxMessage } from '../common/sandbox/protocol';

/** The page has this long to load and say `ready`. */
export const LOAD_LIMIT_MS = 15_000;
/** A cancelled page has this long to confirm before its renderer is crashed. */
export const CANCEL_GRACE_MS = 1000;
/** Silence after which a page counts as hung (its heartbeat is every 250 ms). */
export const MISSED_BEATS_MS = 3000;
/** How often process metrics are read. */
export const POLL_MS = 250;
/** Progress messages reach the UI at most this often (the latest one wins). */
export const PROGRESS_MS = 100;
/** Working set of the sandbox page and an idle worker, allowed on top of the program's memory budget. */
export const RENDERER_BASE_MB = 256;

/** Why the window's renderer process went away (Electron's RenderProcessGoneDetails.reason). */
export type GoneReason =
  'clean-exit' | 'abnormal-exit' | 'killed' | 'crashed' | 'oom' | 'launch-failed' | 'integrity-failure' | 'memory-eviction';

/** One hidden sandbox window, as the runner sees it. */
export interface SandboxWindow {
  /** Posts a message to the page (webContents.send on the sandbox channel). */
  send(message: HostToPage): void;
  /** The page's messages (untrusted). */
  onMessage(listener: (message: unknown) => void): void;
  /** The renderer process ended. */
  onGone(listener: (reason: GoneReason, exitCode: number) => void): void;
  /** OS process id of the page's renderer, or null while it has none. */
  processId(): number | null;
  /** Ends the renderer at once (webContents.forcefullyCrashRenderer). */
  crash(): void;
  /** Closes the window without asking the page (BrowserWindow.destroy). Idempotent. */
  destroy(): void;
}

/** What the runner needs from the process: memory (KiB) and CPU seconds of a renderer, by pid. */
export interface ProcessSample {
  readonly pid: number;
  readonly workingSetKiB: number;
  readonly cpuSeconds?: number;
}

export interface WindowRunnerDeps {
  /** Opens a fresh hidden sandbox window on the sandbox page. */
  openWindow(): SandboxWindow;
  /** Current metrics of the app's processes (app.getAppMetrics()). */
  sampleProcesses(): readonly ProcessSample[];
  /** Bundles a module as a worker script (default: bundleForWorker). Injectable for tests. */
  bundle?: typeof bundleForWorker;
  /** Timers (injectable for tests). */
  now?: () => number;
  /** Admission of runs (default: the process's shared queue: one window per core, within the memory budget). */
  queue?: SandboxQueue;
  /** Switches the app was started with that weaken the sandbox (sandbox-switches.ts); runs are then unconfined. */
  weakened?: readonly string[];
  /** The reviewer's opt-in at launch (--allow-unconfined) to run untrusted code despite `weakened`. */
  allowUnconfined?: boolean;
  /** What one run may send (default MESSAGE_BUDGET); tests lower it. */
  messageLimits?: MessageLimits;
}

interface Own {
  readonly code: string;
}

/** Creates the hidden-window runner. Example: `createWindowSandboxRunner({ openWindow, sampleProcesses })`. */
export function createWindowSandboxRunner(deps: WindowRunnerDeps): SandboxRunner {
  const bundle = deps.bundle ?? bundleForWorker;
  const queue = deps.queue ?? sharedSandboxQueue();
  const programs = new WeakMap<PreparedProgram, Own>();
  const weakened = deps.weakened ?? [];
  const confined = weakened.length === 0;
  const description =
    'Web Worker in a hidden sandboxed window (own renderer process, in-memory session denying every request and permission)';
  return {
    description: confined ? description : `${description}; UNCONFINED: the app was started with ${weakened.join(', ')}`,
    confined,
    async prepare(p) {
      const { code, codeHash, moduleHash } = await bundle(p);
      const prepared: PreparedProgram = { label: p.label ?? p.modulePath, codeHash, moduleHash, dispose: () => Promise.resolve() };
      programs.set(prepared, { code });
      return prepared;
    },
    run(program, o) {
      const own = programs.get(program);
      if (own === undefined) return Promise.reject(new ForeignProgramError(program.label));
      if (!confined && deps.allowUnconfined !== true) return Promise.reject(new BadInputError(program.label, weakenedMessage(weakened)));
      return queued(queue, confined, o, () => runInWindow(deps, own.code, o, confined));
    },
    checkCapacity(limits) {
      queue.check(effectiveLimits(limits).memoryMb);
    },
  };
}

type RunOptions = Parameters<SandboxRunner['run']>[1];

function runInWindow(deps: WindowRunnerDeps, code: string, o: RunOptions, confined: boolean): Promise<RunReport> {
  const now = deps.now ?? (() => performance.now());
  const limits = effectiveLimits(o.limits);
  const memoryCapKiB = (2 * limits.memoryMb + RENDERER_BASE_MB) * 1024;
  const started = now();
  return new Promise<RunReport>((resolve) => {
    let finished = false;
    let ready = false;
    let lastHeard = started;
    let stopping: Exclude<RunEnd, { outcome: 'ok' }> | null = null;
    const timers: ReturnType<typeof setTimeout>[] = [];
    let win: SandboxWindow | null = null;
    // The run's nonce: only the runner inside the worker learns it (from the request), so only its envelopes count.
    const nonce = randomBytes(16).toString('hex');
    const attempts: RecordedAttempt[] = [];
    // What the page relays is bounded (count, bytes, rate), and progress reaches the UI at most every PROGRESS_MS.
    const budget = new MessageBudget(deps.messageLimits);
    let lastProgress = -Infinity;
    let pendingProgress: SandboxMessage | null = null;
    let progressTimer: ReturnType<typeof setTimeout> | null = null;
    const relay = (msg: SandboxMessage): void => {
      if (msg.type !== 'progress') return o.onMessage?.(msg);
      const wait = lastProgress + PROGRESS_MS - now();
      if (wait <= 0) {
        lastProgress = now();
        return o.onMessage?.(msg);
      }
      pendingProgress = msg;
      progressTimer ??= setTimeout(() => {
        progressTimer = null;
        if (finished || pendingProgress === null) return;
        lastProgress = now();
        const latest = pendingProgress;
        pendingProgress = null;
        o.onMessage?.(latest);
      }, wait);
    };

    const finish = (observed: RunEnd): void => {
      if (finished) return;
      finished = true;
      const end = withAttempts(observed, attempts, o.signal?.aborted === true);
      for (const t of timers) clearTimeout(t);
      if (progressTimer !== null) clearTimeout(progressTimer);
      clearInterval(poll);
      o.signal?.removeEventListener('abort', onAbort);
      win?.destroy();
      resolve({ ...end, wallMs: now() - started, confined, stderrTail: '' });
    };
    /** Asks the page to stop the worker; crashes the renderer if it does not confirm in time. */
    const stop = (end: Exclude<RunEnd, { outcome: 'ok' }>): void => {
      if (finished || stopping !== null) return;
      stopping = end;
      if (!ready) return finish(end);
      win?.send({ kind: 'cancel' });
      timers.push(
        setTimeout(() => {
          win?.crash();
          finish({
            ...end,
            message: `${end.message}; the sandbox page did not confirm within ${CANCEL_GRACE_MS} ms and its process was ended`,
          });
        }, CANCEL_GRACE_MS),
      );
    };
    const onAbort = (): void => stop({ outcome: 'killed', message: 'cancelled' });

    const onPage = (raw: unknown): void => {
      if (finished) return;
      // The program's own messages count against the budget; the page's control messages (ready, heartbeat, cancelled) do not.
      const fromProgram = typeof raw === 'object' && raw !== null && (raw as { kind?: unknown }).kind === 'message';
      if (fromProgram) {
        if (stopping !== null) return;
        const text = (raw as { text?: unknown }).text;
        const over = budget.take(typeof text === 'string' ? text.length : 0, now());
        if (over !== null) return stop({ outcome: 'invalid-output', message: over });
      }
      const e = readPageMessage(raw, nonce);
      if (e === null) return;
      lastHeard = now();
      if (e.kind === 'ready') {
        if (ready || stopping !== null) return;
        ready = true;
        win?.send({ kind: 'start', code, request: { type: 'run', input: o.input, seed: o.seed >>> 0, nonce } });
      } else if (e.kind === 'cancelled') {
        if (stopping !== null) finish(stopping);
      } else if (e.kind === 'worker-error') {
        if (stopping === null) finish({ outcome: 'threw', message: e.message });
      } else if (e.kind === 'program' && stopping === null) {
        const msg = e.message;
        if (msg.type === 'attempt') {
          if (attempts.length < 50) attempts.push({ resource: msg.resource, what: msg.what });
          o.onMessage?.(msg);
        } else if (msg.type === 'result') finish({ outcome: 'ok', value: msg.value });
        else if (msg.type === 'error')
          finish({
            outcome: msg.reason,
            message: msg.message,
            ...(msg.denied ? { denied: msg.denied } : {}),
            ...(msg.exitCode !== undefined ? { exitCode: msg.exitCode } : {}),
          });
        else relay(msg);
      }
    };

    const onGone = (reason: GoneReason, exitCode: number): void => {
      if (finished) return;
      if (stopping !== null) return finish(stopping);
      if (reason === 'oom')
        return finish({ outcome: 'out-of-memory', message: 'out of memory: the sandbox page ran out of memory and its process ended' });
      finish({ outcome: 'killed', message: `the sandbox page's process ended (${reason}, exit code ${exitCode})` });
    };

    const sample = (): void => {
      if (finished || win === null) return;
      const elapsed = now() - started;
      if (elapsed >= limits.timeoutMs) return stop({ outcome: 'timeout', message: wallClockLimitMessage(limits.timeoutMs) });
      const silent = now() - lastHeard;
      if (!ready && silent >= LOAD_LIMIT_MS)
        return finish({ outcome: 'killed', message: `the sandbox page did not load within ${LOAD_LIMIT_MS / 1000} s` });
      if (ready && stopping === null && silent >= MISSED_BEATS_MS) {
        win.crash();
        return finish({ outcome: 'killed', message: `the sandbox page stopped answering for ${MISSED_BEATS_MS / 1000} s and was ended` });
      }
      const pid = win.processId();
      const p = pid === null ? undefined : deps.sampleProcesses().find((s) => s.pid === pid);
      if (p === undefined || stopping !== null) return;
      if (p.workingSetKiB > memoryCapKiB) {
        win.crash();
        return finish({
          outcome: 'out-of-memory',
          message: `out of memory: the sandbox page used ${Math.round(p.workingSetKiB / 1024)} MiB, above its cap of ${memoryCapKiB / 1024} MiB`,
        });
      }
      if (p.cpuSeconds !== undefined && p.cpuSeconds > limits.cpuSeconds) {
        win.crash();
        return finish({ outcome: 'timeout', message: cpuLimitMessage(limits.cpuSeconds) });
      }
    };
    const poll = setInterval(sample, POLL_MS);

    if (o.signal?.aborted) {
      clearInterval(poll);
      finished = true;
      resolve({ outcome: 'killed', message: 'cancelled', wallMs: 0, confined, stderrTail: '' });
      return;
    }
    o.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      win = deps.openWindow();
    } catch (err) {
      return finish({
        outcome: 'killed',
        message: `the sandbox window could not be opened: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
    win.onMessage(onPage);
    win.onGone(onGone);
  });
}
