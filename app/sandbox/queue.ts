/**
 * Admission of sandbox runs: at most `slots` run at once (default: the number of cores) and their memory
 * reservations stay within a budget (default: three quarters of the machine's memory); the others wait in
 * order, and when more than `maxWaiting` wait, or one run asks for more than the whole budget, the request is
 * refused at once with BusyError (the browser-mode server answers 503). Without it, 50 parallel requests
 * started 44 sandboxes of 1 GiB each.
 *
 * A run reserves what its limits let it reach: the JS heap and as much again for ArrayBuffers (confinement.ts).
 */
import { availableParallelism, totalmem } from 'node:os';
import { BusyError, CancelledError } from '../errors';

/** Limits of one queue. */
export interface QueueLimits {
  /** Runs at once. */
  readonly slots: number;
  /** MiB that running sandboxes may reserve in all. */
  readonly memoryBudgetMb: number;
  /** Requests that may wait; one more is refused. */
  readonly maxWaiting: number;
}

/** The defaults: one run per core, 3/4 of the memory, 256 waiting. */
export function defaultQueueLimits(): QueueLimits {
  return {
    slots: Math.max(1, availableParallelism()),
    memoryBudgetMb: Math.max(1024, Math.floor((totalmem() / 1024 / 1024) * 0.75)),
    maxWaiting: 256,
  };
}

/** What a run reserves for memory limit `memoryMb`. */
export function reservationMb(memoryMb: number): number {
  return 2 * Math.max(16, memoryMb);
}

interface Waiter {
  readonly mb: number;
  readonly grant: () => void;
}

/** A queue of sandbox runs. Example: `const release = await queue.admit(512); try { ... } finally { release(); }`. */
export class SandboxQueue {
  private running = 0;
  private reservedMb = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly limits: QueueLimits = defaultQueueLimits()) {}

  /** Runs going and requests waiting now. */
  get stats(): { running: number; waiting: number; reservedMb: number } {
    return { running: this.running, waiting: this.waiting.length, reservedMb: this.reservedMb };
  }

  /**
   * Throws BusyError when a run with `memoryMb` would be refused now (too many waiting, or more than the whole
   * budget); lets a caller refuse a request before it answers it.
   */
  check(memoryMb: number): void {
    const mb = reservationMb(memoryMb);
    if (mb > this.limits.memoryBudgetMb) {
      throw new BusyError(
        `sandbox: a run limited to ${memoryMb} MiB reserves ${mb} MiB, more than the ${this.limits.memoryBudgetMb} MiB all sandboxes may use; lower its memory limit`,
        0,
      );
    }
    if (this.waiting.length >= this.limits.maxWaiting) {
      throw new BusyError(
        `sandbox: ${this.waiting.length} runs are already waiting for one of ${this.limits.slots} sandboxes; try again when some have finished`,
      );
    }
  }

  /**
   * Takes a slot at once when one is free and nobody waits; returns its release function, or null (then
   * `admit` queues). Throws BusyError like `check`.
   */
  tryAdmit(memoryMb: number): (() => void) | null {
    this.check(memoryMb);
    const mb = reservationMb(memoryMb);
    if (this.waiting.length > 0 || this.running >= this.limits.slots || this.reservedMb + mb > this.limits.memoryBudgetMb) return null;
    this.running++;
    this.reservedMb += mb;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.reservedMb -= mb;
      this.pump();
    };
  }

  /**
   * Waits for a slot and the memory of a run limited to `memoryMb`; resolves with the release function (call
   * it once, when the run has ended). `onWait` is told how many are ahead when the run has to wait. Rejects
   * with BusyError (see `check`), or CancelledError when `signal` aborts while waiting.
   */
  admit(memoryMb: number, o: { signal?: AbortSignal; onWait?: (ahead: number) => void } = {}): Promise<() => void> {
    try {
      this.check(memoryMb);
    } catch (err) {
      return Promise.reject(err as Error);
    }
    if (o.signal?.aborted) return Promise.reject(new CancelledError());
    const mb = reservationMb(memoryMb);
    return new Promise((resolve, reject) => {
      let released = false;
      const release = (): void => {
        if (released) return;
        released = true;
        this.running--;
        this.reservedMb -= mb;
        this.pump();
      };
      const waiter: Waiter = {
        mb,
        grant: () => {
          o.signal?.removeEventListener('abort', onAbort);
          this.running++;
          this.reservedMb += mb;
          resolve(release);
        },
      };
      const onAbort = (): void => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(new CancelledError());
      };
      o.signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
      const ahead = this.waiting.length - 1;
      this.pump();
      if (this.waiting.includes(waiter)) o.onWait?.(ahead);
    });
  }

  /** Starts waiting runs in order while a slot and their memory are free. */
  private pump(): void {
    while (this.waiting.length > 0) {
      const next = this.waiting[0] as Waiter;
      if (this.running >= this.limits.slots || this.reservedMb + next.mb > this.limits.memoryBudgetMb) return;
      this.waiting.shift();
      next.grant();
    }
  }
}

let processQueue: SandboxQueue | undefined;

/**
 * The queue every runner of this process shares unless given its own: sandboxes compete for the same cores
 * and memory whichever command, check or request started them.
 */
export function sharedSandboxQueue(): SandboxQueue {
  processQueue ??= new SandboxQueue();
  return processQueue;
}
