/**
 * Permission policy of the app's session: the workbench needs no camera, microphone, geolocation,
 * notifications, USB, serial, HID or display capture, so every request and every check is refused.
 */
import type { Session } from 'electron';

/** Installs handlers on `session` that deny every permission request, check and device access. */
export function denyAllPermissions(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'>,
): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
