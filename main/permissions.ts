/**
 * Permission policies. Every session refuses every request, check and device (denyAllPermissions): the workbench
 * needs no camera, microphone, geolocation, notifications, USB, serial, HID or display capture. The app's own
 * session (appSessionPermissions) makes one exception: Monaco's context-menu Paste reads the clipboard with
 * navigator.clipboard.readText(), which asks for 'clipboard-read', granted only to the app's page
 * (app://recheck/index.html) in its top frame. Copy and Cut use document.execCommand and need no permission.
 * Example: appPermissionAllowed('clipboard-read', { requestingUrl: 'app://recheck/index.html', isMainFrame: true }) === true.
 */
import type { Session } from 'electron';
import { APP_ORIGIN, isAppPageUrl } from './protocol';

type PermissionSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'>;

/** The permissions the app's page is granted (Monaco's Paste); nothing else, in no other session. */
export const APP_SESSION_PERMISSIONS: readonly string[] = ['clipboard-read'];

/** What Electron says of the frame that asks (request and check handlers' details). */
export interface PermissionAsker {
  readonly requestingUrl?: string;
  readonly isMainFrame?: boolean;
}

/** True only for a permission of APP_SESSION_PERMISSIONS asked by the app's page in its top frame. */
export function appPermissionAllowed(permission: string, asker: PermissionAsker | undefined): boolean {
  return (
    APP_SESSION_PERMISSIONS.includes(permission) &&
    asker?.isMainFrame === true &&
    typeof asker.requestingUrl === 'string' &&
    isAppPageUrl(asker.requestingUrl)
  );
}

/** Installs handlers on `session` that deny every permission request, check and device access. */
export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** The app session's handlers: deny-all, except appPermissionAllowed (a check also needs the app's origin, `app://recheck` with or without its `/`). */
export function appSessionPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(appPermissionAllowed(permission, details as PermissionAsker | undefined)),
  );
  session.setPermissionCheckHandler(
    (_contents, permission, origin, details) =>
      origin.replace(/\/$/, '') === APP_ORIGIN && appPermissionAllowed(permission, details as PermissionAsker | undefined),
  );
  session.setDevicePermissionHandler(() => false);
}
