/**
 * Reads one message from the sandbox page (renderer/sandbox/page.ts), for both of its hosts: the app page in
 * browser mode (renderer/sandbox-client/run-in-page.ts) and the main process in the desktop app
 * (main/window-runner.ts). Everything the page sends is untrusted: anything but the page-message shapes is
 * null, and the program's own messages go through parseSandboxMessage (text that is not protocol becomes a
 * log line, as the Node child host treats stray output).
 */
import type { PageToHost } from './page-messages';
import { parseSandboxMessage, type SandboxMessage } from './protocol';

/** What a page message means to its host. */
export type PageEvent =
  | { readonly kind: Extract<PageToHost['kind'], 'ready' | 'alive' | 'cancelled'> }
  /** The worker failed (did not load, or an error escaped the runner): one line for the run's end. */
  | { readonly kind: 'worker-error'; readonly message: string }
  /** A message of the program: progress, log, point, or its result or error (which end the run). */
  | { readonly kind: 'program'; readonly message: SandboxMessage };

/**
 * Reads one page message; `nonce` is the run request's (only envelopes carrying it are program messages).
 * Example: `readPageMessage({ kind: 'message', text: '{"recheck":"ab12","m":{"type":"result","value":1}}' }, 'ab12')` is a program result.
 */
export function readPageMessage(raw: unknown, nonce: string): PageEvent | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const m = raw as { kind?: unknown; text?: unknown };
  switch (m.kind) {
    case 'ready':
    case 'alive':
    case 'cancelled':
      return { kind: m.kind };
    case 'worker-error':
      return { kind: 'worker-error', message: `sandbox worker: ${String(m.text).slice(0, 400)}` };
    case 'message':
      if (typeof m.text !== 'string') return null;
      return {
        kind: 'program',
        message: parseSandboxMessage(m.text, nonce) ?? { type: 'log', level: 'info', text: m.text.slice(0, 4000) },
      };
    default:
      return null;
  }
}
