/**
 * The transport-independent half of the sandbox runner: hands the program an API for progress (with rate and
 * ETA), logs and series points, runs the driver, and turns the outcome into exactly one `result` or `error`
 * message. The Node child (`runner.ts`, JSON lines on stdio) and the Web Worker (`worker-runner.ts`,
 * postMessage) differ only in how they read the request, send messages and end. Pure: no Node or DOM API.
 */
import type { DeniedResource, ErrorMessage, RunRequest, SandboxMessage } from '../../../common/sandbox/protocol';
import { deniedAttempt, SandboxDeniedError } from './denial';
import { reseedRandom, seededRandom } from './seeded-random';

/** What a sandboxed program receives besides its input. */
export interface SandboxApi {
  readonly seed: number;
  /** A uniform double in [0, 1) from xoshiro128** seeded with `seed`; Math.random draws from the same stream. */
  random(): number;
  /** Reports progress; rate (items/s) and ETA are computed here. Sent at most every 100 ms, and at the end. */
  progress(done: number, total?: number, message?: string): void;
  log(text: string): void;
  point(series: string, x: number, y: number): void;
}

/** A driver calls the untrusted module (its namespace object) and returns the run's JSON result. */
export type Driver = (user: Record<string, unknown>, input: unknown, api: SandboxApi) => unknown;

/** How the runner talks to its host: sends one protocol message; `now()` is a monotonic clock in ms. */
export interface RunChannel {
  send(message: SandboxMessage): void;
  now(): number;
}

const PROGRESS_INTERVAL_MS = 100;

/**
 * Runs `driver` on `request` and sends the outcome: `result` (JSON-checked) or `error`. Never throws.
 * Example: `await executeRun(user, drive, { type: 'run', input: 2, seed: 1 }, channel)` sends `{type:'result',...}`.
 */
export async function executeRun(user: Record<string, unknown>, driver: Driver, request: RunRequest, channel: RunChannel): Promise<void> {
  reseedRandom(request.seed);
  const api = makeApi(request.seed, channel);
  try {
    const value = await driver(user, request.input, api);
    const denied = deniedAttempt();
    if (denied !== undefined) return channel.send(failureMessage(new SandboxDeniedError(denied)));
    // A value that does not serialise (BigInt, a cycle) is reported by the channel rather than lost.
    channel.send({ type: 'result', value: value === undefined ? null : value });
  } catch (err) {
    channel.send(failureMessage(err));
  }
}

/** The error message for a failed run: the first denied attempt when there was one, else what `err` says. */
export function failureMessage(err: unknown): ErrorMessage {
  const denied = deniedAttempt();
  return denied !== undefined ? deniedMessage(denied.resource, denied.what) : describeError(err);
}

function makeApi(seed: number, channel: RunChannel): SandboxApi {
  const start = channel.now();
  let lastSent = -Infinity;
  const send = (m: SandboxMessage) => channel.send(m);
  return {
    seed,
    random: seededRandom,
    progress(done, total, message) {
      const now = channel.now();
      const finished = total !== undefined && done >= total;
      if (!finished && now - lastSent < PROGRESS_INTERVAL_MS) return;
      lastSent = now;
      const seconds = (now - start) / 1000;
      const rate = seconds > 0 ? done / seconds : undefined;
      const etaSeconds = rate !== undefined && rate > 0 && total !== undefined ? Math.max(0, (total - done) / rate) : undefined;
      send({
        type: 'progress',
        done,
        ...(total !== undefined ? { total } : {}),
        ...(rate !== undefined ? { rate } : {}),
        ...(etaSeconds !== undefined ? { etaSeconds } : {}),
        ...(message !== undefined ? { message: String(message) } : {}),
      });
    },
    log(text) {
      send({ type: 'log', level: 'info', text: String(text) });
    },
    point(series, x, y) {
      send({ type: 'point', series: String(series), x: Number(x), y: Number(y) });
    },
  };
}

function deniedMessage(resource: DeniedResource, what: string): ErrorMessage {
  return { type: 'error', reason: 'denied', message: `tried ${resource} access: ${what}`, denied: { resource, what } };
}

/**
 * Turns a thrown value into the protocol's error message. Only the guards' own SandboxDeniedError is a
 * denial (and the host already has the attempt); a thrown object that merely looks like one (a forged
 * `code: 'ERR_ACCESS_DENIED'`, an EvalError text) is what it is: an error the program threw.
 */
function describeError(err: unknown): ErrorMessage {
  if (err instanceof SandboxDeniedError) return deniedMessage(err.attempt.resource, err.attempt.what);
  let text: string;
  try {
    text = err instanceof Error ? `${err.name}: ${err.message}` : `non-error thrown: ${String(err)}`;
  } catch {
    text = 'non-error thrown (unprintable)';
  }
  if (err instanceof RangeError && /allocation failed/i.test(text)) {
    return { type: 'error', reason: 'out-of-memory', message: text };
  }
  return { type: 'error', reason: 'threw', message: text };
}
