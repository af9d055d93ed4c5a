/**
 * Runs a bundled sandbox program (from prepareSandboxProgram) in the browser sandbox: a hidden
 * `<iframe sandbox="allow-scripts">` showing the sandbox page (renderer/sandbox/page.ts), which starts the
 * program in a Web Worker under a CSP that denies every network request. Streams the program's progress,
 * log and point messages, enforces a wall-clock limit, and cancels: first by asking the page to terminate the
 * worker, then, when the page does not answer within `cancelGraceMs`, by removing the iframe (which ends the
 * page and its worker). A page that stops its heartbeat (its process crashed, e.g. out of memory) ends the
 * run too. Every message from the page is untrusted and read by readPageMessage (common/sandbox/page-reader.ts),
 * as the desktop host (main/window-runner.ts) reads it.
 */
import { readPageMessage } from '../../common/sandbox/page-reader';
import { wallClockLimitMessage, withAttempts, type EndReason, type RecordedAttempt, type RunRequest } from '../../common/sandbox/protocol';
import type { HeartbeatMs, HostToPage, PageChannel } from '../../common/sandbox/page-messages';

const PAGE_CHANNEL: PageChannel = 'recheck-sandbox/1';
const HEARTBEAT_MS: HeartbeatMs = 250;

/** How long the sandbox page may take to load and say it is ready. */
const LOAD_LIMIT_MS = 15_000;

import type { SandboxRun, SandboxRunEnd, SandboxStreamMessage } from './run-types';

export type { SandboxRun, SandboxRunEnd, SandboxStreamMessage };

export interface RunInPageOptions {
  /** The bundled program (SandboxProgram.code). */
  code: string;
  input: unknown;
  /** Unsigned 32-bit seed. */
  seed: number;
  /** Wall-clock limit of the run, from the start of the page (ms). */
  timeoutMs: number;
  onMessage?(message: SandboxStreamMessage): void;
  /** URL of the sandbox page (default: `sandbox/index.html` next to the app's page). */
  pageUrl?: string;
  /** Element the hidden iframe is added to (default: document.body). */
  container?: HTMLElement;
  /** How long a cancelled page may take to confirm before it is removed (default 1000 ms). */
  cancelGraceMs?: number;
  /** Missed heartbeats after which the page counts as crashed (default 12, i.e. 3 s). */
  missedBeats?: number;
}

/**
 * Starts the program in a fresh sandbox page. Example:
 * `const run = runInPage({ code, input: { n: 2 }, seed: 1, timeoutMs: 60_000 }); const end = await run.ended;`
 */
export function runInPage(o: RunInPageOptions): SandboxRun {
  const container = o.container ?? document.body;
  const grace = o.cancelGraceMs ?? 1000;
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.hidden = true;
  frame.dataset.testid = 'sandbox-frame';
  frame.src = o.pageUrl ?? new URL('sandbox/index.html', document.baseURI).href;

  let settle!: (end: SandboxRunEnd) => void;
  const ended = new Promise<SandboxRunEnd>((resolve) => (settle = resolve));
  let finished = false;
  let cancelling: { reason: EndReason; message: string } | null = null;
  let lastBeat = performance.now();
  let ready = false;
  const timers: number[] = [];
  // The run's nonce: only the runner inside the worker learns it (from the request), so only its envelopes count.
  const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  const attempts: RecordedAttempt[] = [];
  let userCancelled = false;

  const finish = (observed: SandboxRunEnd) => {
    if (finished) return;
    finished = true;
    // Any denied attempt decides the run, whatever the program did next (the rule every host applies).
    const judged = withAttempts(
      observed.outcome === 'result' ? { outcome: 'ok' } : { outcome: observed.reason, message: observed.message },
      attempts,
      userCancelled,
    );
    const end: SandboxRunEnd =
      judged.outcome === 'ok' ? observed : { outcome: 'error', reason: judged.outcome as EndReason, message: judged.message ?? '' };
    window.removeEventListener('message', onMessage);
    for (const t of timers) {
      window.clearTimeout(t);
      window.clearInterval(t);
    }
    frame.remove(); // ends the page and its worker, whatever state they are in
    settle(end);
  };
  const post = (m: HostToPage) => frame.contentWindow?.postMessage({ channel: PAGE_CHANNEL, ...m }, '*');

  const stop = (reason: EndReason, message: string) => {
    if (finished || cancelling !== null) return;
    cancelling = { reason, message };
    post({ kind: 'cancel' });
    timers.push(
      window.setTimeout(
        () =>
          finish({ outcome: 'error', reason, message: `${message}; the sandbox page did not confirm within ${grace} ms and was removed` }),
        grace,
      ),
    );
  };

  function onMessage(event: MessageEvent<unknown>): void {
    if (event.source !== frame.contentWindow || frame.contentWindow === null) return;
    const data = event.data as { channel?: unknown } | null;
    if (typeof data !== 'object' || data === null || data.channel !== PAGE_CHANNEL) return;
    const e = readPageMessage(data, nonce);
    if (e === null) return;
    lastBeat = performance.now();
    if (e.kind === 'ready') {
      if (ready) return;
      ready = true;
      const request: RunRequest = { type: 'run', input: o.input, seed: o.seed >>> 0, nonce };
      post({ kind: 'start', code: o.code, request });
    } else if (e.kind === 'cancelled') {
      if (cancelling !== null) finish({ outcome: 'error', ...cancelling });
    } else if (e.kind === 'worker-error') {
      if (cancelling === null) finish({ outcome: 'error', reason: 'threw', message: e.message });
    } else if (e.kind === 'program' && cancelling === null) {
      const m = e.message;
      if (m.type === 'attempt') {
        if (attempts.length < 50) attempts.push({ resource: m.resource, what: m.what });
      } else if (m.type === 'result') finish({ outcome: 'result', value: m.value });
      else if (m.type === 'error') finish({ outcome: 'error', reason: m.reason, message: m.message });
      else o.onMessage?.(m);
    }
  }

  window.addEventListener('message', onMessage);
  timers.push(window.setTimeout(() => stop('timeout', wallClockLimitMessage(o.timeoutMs)), o.timeoutMs));
  const beatLimit = (o.missedBeats ?? 12) * HEARTBEAT_MS;
  timers.push(
    window.setInterval(() => {
      const limit = ready ? beatLimit : LOAD_LIMIT_MS;
      if (finished || performance.now() - lastBeat < limit) return;
      finish({
        outcome: 'error',
        reason: 'killed',
        message: ready
          ? `the sandbox page stopped answering for ${limit / 1000} s (it crashed, e.g. out of memory) and was removed`
          : `the sandbox page did not load within ${limit / 1000} s`,
      });
    }, HEARTBEAT_MS),
  );
  container.appendChild(frame);
  return {
    ended,
    cancel: () => {
      userCancelled = true;
      stop('killed', 'cancelled');
    },
  };
}
