/**
 * The session of the hidden sandbox windows: in memory (a partition name without `persist:`, so nothing it
 * stores reaches the disk), separate from the app's session (so its renderers are never shared with the
 * app's window), and closed to everything but the sandbox page itself:
 * - every permission request and check is refused, and so is device access;
 * - every request is cancelled except the sandbox page and its own scripts on app://recheck/ (served by a
 *   handler on this session that serves nothing else) and the page's blob: worker;
 * - downloads are cancelled; spellchecking (which would fetch dictionaries) is off.
 * The three rules are those of every closed session (closed-session.ts), shared with the print window's.
 * The page's own CSP (connect-src 'none') is a second, independent wall.
 */
import type { Session } from 'electron';
import { closeSession, type ClosableSession } from './closed-session';
import { APP_SCHEME, appRelativePath, createAppProtocolHandler, type FileReader } from './protocol';

/** Partition of the sandbox windows; in memory because it has no `persist:` prefix. */
export const SANDBOX_PARTITION = 'recheck-sandbox';

/** The page a sandbox window loads. */
export const SANDBOX_PAGE_URL = `${APP_SCHEME}://recheck/sandbox/index.html`;

/**
 * True for the only URLs a sandbox window may load: the sandbox page and `assets/sandbox/<name>.js`, however
 * the URL is spelled (decoded and normalised as the protocol handler does), and blob: URLs (the worker).
 * Example: isSandboxResource('app://recheck/assets/index-Ab.js') === false.
 */
export function isSandboxResource(url: string): boolean {
  if (url.startsWith('blob:')) return true;
  const rel = appRelativePath(url);
  if (rel === null) return false;
  return rel === 'sandbox/index.html' || /^assets\/sandbox\/[A-Za-z0-9_.-]+\.js$/.test(rel);
}

/** The app:// handler of the sandbox session: the app's handler, restricted to the sandbox page's files. */
export function createSandboxProtocolHandler(rendererDir: string, read?: FileReader): (request: Request) => Promise<Response> {
  const serve = createAppProtocolHandler(rendererDir, read);
  return (request) => (isSandboxResource(request.url) ? serve(request) : Promise.resolve(new Response('not found', { status: 404 })));
}

type SandboxSessionApi = ClosableSession & { protocol: Pick<Session['protocol'], 'handle'> };

/** Applies the policy above to `session` (call once, before the first sandbox window). Returns the session. */
export function configureSandboxSession<S extends SandboxSessionApi>(session: S, rendererDir: string): S {
  closeSession(session, isSandboxResource);
  session.protocol.handle(APP_SCHEME, createSandboxProtocolHandler(rendererDir));
  return session;
}
