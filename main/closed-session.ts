/**
 * The policy shared by the sessions that show nothing but one kind of page (the sandbox windows' and the print
 * window's): every permission request and check is refused and so is device access (denyAllPermissions); every
 * request is cancelled unless `allowed(url)` says it is that page's own; downloads are cancelled; spellchecking
 * (which would fetch dictionaries) is off. The caller gives the session an in-memory partition of its own.
 * Example: `closeSession(session.fromPartition('recheck-print'), (url) => url.startsWith('data:'))`.
 */
import type { Session } from 'electron';
import { denyAllPermissions } from './permissions';

/** What is used of a Session (a fake in the tests). */
export type ClosableSession = Pick<
  Session,
  'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler' | 'setSpellCheckerEnabled' | 'on'
> & { webRequest: Pick<Session['webRequest'], 'onBeforeRequest'> };

/** Applies the policy above to `session` (once, before its first window). Returns the session. */
export function closeSession<S extends ClosableSession>(session: S, allowed: (url: string) => boolean): S {
  denyAllPermissions(session);
  session.setSpellCheckerEnabled(false);
  session.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !allowed(details.url) }));
  session.on('will-download', (event) => event.preventDefault());
  return session;
}
