/**
 * One interface for every place that runs untrusted code: a SandboxRunner prepares a module (bundles it for
 * its runtime) and runs the prepared program with an input, a seed and limits, streaming the program's
 * progress, log and point messages, and always ending with a RunReport (never rejecting for anything the
 * program does).
 *
 * Two implementations share it:
 * - the headless runner here (`nodeChildRunner`): a confined Node child per run (confinement.ts, host.ts),
 *   used by the CLI, browser mode and the tests;
 * - the desktop runner (main/sandbox-window.ts): a Web Worker in a hidden sandboxed window with its own
 *   in-memory session, injected by the Electron main process into the service.
 * Check kinds, sweeps and audits take a SandboxRunner and never know which one they got.
 */
import { bundleProgram, bundleSource, type BundleControl, type BundledProgram, type BundleOptions } from './bundle';
import type { RunEnd } from './classify';
import { BUNDLE_LIMITS, DEFAULT_LIMITS, UNCONFINED_NOTICE, defaultConfinement, type Confinement, type SandboxLimits } from './confinement';
import { SandboxUnavailableError, runSandboxed, type RunReport } from './host';
import type { SandboxMessage } from '../../common/sandbox/protocol';
import { sharedSandboxQueue, type SandboxQueue } from './queue';
import { sweepStaleSandboxDirs } from './temp-dirs';
import { CancelledError } from '../errors';

export type { RunReport };

/** What to prepare: the untrusted module and, optionally, a trusted driver and the folder it may import from. */
export interface PrepareOptions {
  /** Absolute path of the untrusted module. */
  readonly modulePath: string;
  /** Trusted driver exporting `drive` (default: call the module's default export with (input, api)). */
  readonly driverPath?: string;
  /** Folder the module may import from (default: its own folder). */
  readonly root?: string;
  /** Name shown in messages (default: the module path). */
  readonly label?: string;
  /** Limits of the runs to come (default: DEFAULT_LIMITS). Bundling is held to its own budget, not to these. */
  readonly limits?: Partial<SandboxLimits>;
  /** The bundling's budget (default: BUNDLE_LIMITS); tests lower it to see it end a bundling. */
  readonly bundleLimits?: Partial<SandboxLimits>;
  /** Cancels the preparation (bundling). */
  readonly signal?: AbortSignal;
}

/** A module prepared by one runner; only that runner can run it. `dispose()` releases its files. */
export interface PreparedProgram {
  readonly label: string;
  /** sha256 of the bundled code (module + runner + driver + libraries). */
  readonly codeHash: string;
  /** sha256 of the untrusted module's own source text. */
  readonly moduleHash: string;
  dispose(): Promise<void>;
}

/** One run of a prepared program. */
export interface ProgramRunOptions {
  readonly input: unknown;
  /** Unsigned 32-bit seed of the program's random generator. */
  readonly seed: number;
  readonly limits?: Partial<SandboxLimits>;
  readonly signal?: AbortSignal;
  /** Progress, log and point messages as they arrive. */
  readonly onMessage?: (m: SandboxMessage) => void;
}

export interface SandboxRunner {
  /** How runs are isolated, one line (shown in run records and the UI). */
  readonly description: string;
  /** False only for the opted-in unconfined Node child (network open, host signalable). */
  readonly confined: boolean;
  /**
   * Bundles the module for this runner. Rejects with BadInputError naming the module for syntax errors and
   * forbidden imports, and with SandboxUnavailableError when this runner refuses untrusted code.
   */
  prepare(o: PrepareOptions): Promise<PreparedProgram>;
  /**
   * Runs once, after waiting for a free sandbox (the queue: cores and memory). Resolves with how the run
   * ended (ok, timeout, out-of-memory, threw, exited, killed, denied, invalid-output); rejects only with
   * BusyError when the queue refuses the run.
   */
  run(program: PreparedProgram, o: ProgramRunOptions): Promise<RunReport>;
  /** Throws BusyError when a run with these limits would be refused now (lets a server answer 503 at once). */
  checkCapacity?(limits?: Partial<SandboxLimits>): void;
}

/** Thrown when a program is given to a runner that did not prepare it (a programming error). */
export class ForeignProgramError extends Error {
  constructor(label: string) {
    super(`${label}: this program was prepared by another sandbox runner`);
    this.name = 'ForeignProgramError';
  }
}

/** The limits a run gets: the defaults, overridden field by field. */
export function effectiveLimits(limits?: Partial<SandboxLimits>): SandboxLimits {
  return { ...DEFAULT_LIMITS, ...limits };
}

/** A run that ended without a result, as a RunReport (for runners that fail before the program starts). */
export function failedReport(end: Exclude<RunEnd, { outcome: 'ok' }>, confined: boolean, wallMs = 0): RunReport {
  return { ...end, wallMs, confined, stderrTail: '' };
}

/**
 * The headless runner: each run is a fresh Node child under bubblewrap, prlimit and the permission model.
 * Without bubblewrap, `prepare` refuses (SandboxUnavailableError carrying UNCONFINED_NOTICE) unless
 * `allowUnconfined` is set. Example: `const r = nodeChildRunner(await defaultConfinement());`
 */
export function nodeChildRunner(confinement: Confinement, o: { allowUnconfined?: boolean; queue?: SandboxQueue } = {}): SandboxRunner {
  sweepOnce();
  const confined = confinement.bwrap !== null;
  const queue = o.queue ?? sharedSandboxQueue();
  const programs = new WeakMap<PreparedProgram, { bundle: BundledProgram; label: string }>();
  return {
    description: confined
      ? 'Node child in bubblewrap (no network, own PID namespace), permission model, prlimit'
      : `Node child WITHOUT bubblewrap (opted in): ${UNCONFINED_NOTICE}`,
    confined,
    async prepare(p) {
      const label = p.label ?? p.modulePath;
      if (!confined && o.allowUnconfined !== true) throw new SandboxUnavailableError(label);
      const bundle = await bundleProgram(bundleOptions(p, 'node'), bundleControl(p));
      const prepared: PreparedProgram = {
        label,
        codeHash: bundle.codeHash,
        moduleHash: bundle.moduleHash,
        dispose: () => bundle.cleanup(),
      };
      programs.set(prepared, { bundle, label });
      return prepared;
    },
    run(program, r) {
      const own = programs.get(program);
      if (own === undefined) return Promise.reject(new ForeignProgramError(program.label));
      return queued(queue, confined, r, () =>
        runSandboxed({
          program: own.bundle,
          input: r.input,
          seed: r.seed,
          confinement,
          allowUnconfined: o.allowUnconfined ?? false,
          label: own.label,
          ...(r.limits ? { limits: r.limits } : {}),
          ...(r.signal ? { signal: r.signal } : {}),
          ...(r.onMessage ? { onMessage: r.onMessage } : {}),
        }),
      );
    },
    checkCapacity(limits) {
      queue.check(effectiveLimits(limits).memoryMb);
    },
  };
}

/**
 * Runs `start` once the queue admits a run with these options' limits, and releases the slot when it ends. A
 * run cancelled while waiting ends `killed` (cancelled) without starting; the waiting is told as a log line.
 * Example: `queued(queue, true, options, () => runSandboxed({...}))`.
 */
export async function queued(
  queue: SandboxQueue,
  confined: boolean,
  r: ProgramRunOptions,
  start: () => Promise<RunReport>,
): Promise<RunReport> {
  const memoryMb = effectiveLimits(r.limits).memoryMb;
  // A free slot starts the run at once (synchronously: callers see the sandbox begin before they await).
  let release = r.signal?.aborted ? null : queue.tryAdmit(memoryMb);
  if (release === null) {
    try {
      release = await queue.admit(memoryMb, {
        ...(r.signal ? { signal: r.signal } : {}),
        onWait: (ahead) =>
          r.onMessage?.({
            type: 'log',
            level: 'info',
            text: `waiting for a free sandbox (${ahead} run${ahead === 1 ? '' : 's'} ahead, ${queue.limits.slots} at once)`,
          }),
      });
    } catch (err) {
      if (err instanceof CancelledError) return failedReport({ outcome: 'killed', message: 'cancelled' }, confined);
      throw err;
    }
  }
  try {
    return await start();
  } finally {
    release();
  }
}

/** The runner used when none is injected: the headless one on this machine's confinement, refusing unconfined runs. */
export async function defaultSandboxRunner(o: { allowUnconfined?: boolean } = {}): Promise<SandboxRunner> {
  return nodeChildRunner(await defaultConfinement(), o);
}

/** bundle.ts options for a PrepareOptions and a target. */
export function bundleOptions(p: PrepareOptions, target: 'node' | 'worker'): BundleOptions {
  return { modulePath: p.modulePath, target, ...(p.driverPath ? { driverPath: p.driverPath } : {}), ...(p.root ? { root: p.root } : {}) };
}

let swept = false;

/** The first runner of a process removes the program folders that killed Recheck processes left behind. */
function sweepOnce(): void {
  if (swept) return;
  swept = true;
  sweepStaleSandboxDirs();
}

/** The budget and cancel of a preparation's bundling: BUNDLE_LIMITS (or `bundleLimits`), never the runs' limits. */
export function bundleControl(p: PrepareOptions): BundleControl {
  return { limits: { ...BUNDLE_LIMITS, ...p.bundleLimits }, ...(p.signal ? { signal: p.signal } : {}) };
}

/** Bundles a module as a classic worker script (for runners built on Web Workers). */
export async function bundleForWorker(p: PrepareOptions): Promise<{ code: string; codeHash: string; moduleHash: string }> {
  return bundleSource(bundleOptions(p, 'worker'), bundleControl(p));
}
