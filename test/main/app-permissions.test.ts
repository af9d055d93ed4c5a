// The app session's permission policy (issue 26): Monaco's context-menu Paste reads the clipboard through
// navigator.clipboard.readText(), which asks for 'clipboard-read'. That one permission is granted, and only to the
// app's own page (app://recheck/index.html) in its top frame; every other permission, page, origin and frame is
// refused, by the request handler and by the check handler alike. Sandbox and print sessions keep deny-all.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Session } from 'electron';
import { APP_SESSION_PERMISSIONS, appPermissionAllowed, appSessionPermissions } from '../../main/permissions';

vi.mock('electron', () => ({}));

const APP = 'app://recheck/index.html';
const others = [
  'clipboard-sanitized-write',
  'media',
  'geolocation',
  'notifications',
  'openExternal',
  'fullscreen',
  'pointerLock',
  'midi',
  'midiSysex',
  'display-capture',
  'window-management',
  'storage-access',
  'hid',
  'serial',
  'usb',
  'unknown',
];
/** [permission, requesting URL, top frame?, allowed?] */
const table: [string, string, boolean, boolean][] = [
  ['clipboard-read', APP, true, true],
  ['clipboard-read', 'app://recheck/', true, true],
  ['clipboard-read', 'app://recheck/index.html#/case/timing', true, true],
  ['clipboard-read', APP, false, false], // a subframe, even of the app's page
  ['clipboard-read', 'app://recheck/sandbox/index.html', true, false],
  ['clipboard-read', 'app://recheck/sandbox/', false, false],
  ['clipboard-read', 'app://recheck/assets/index-Ab12.js', true, false],
  ['clipboard-read', 'app://recheck.evil/index.html', true, false],
  ['clipboard-read', 'http://127.0.0.1:4780/index.html', true, false],
  ['clipboard-read', 'https://example.org/', true, false],
  ['clipboard-read', 'file:///tmp/recheck-print-1/letter.html', true, false],
  ['clipboard-read', 'data:text/html,<p>x</p>', true, false],
  ['clipboard-read', 'null', true, false],
  ['clipboard-read', '', true, false],
  ['Clipboard-Read', APP, true, false],
  ...others.map((p): [string, string, boolean, boolean] => [p, APP, true, false]),
];

function install() {
  const s = {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
  };
  appSessionPermissions(s as unknown as Session);
  type Request = (c: unknown, p: string, cb: (ok: boolean) => void, d: unknown) => void;
  type Check = (c: unknown, p: string, origin: string, d: unknown) => boolean;
  return {
    request: s.setPermissionRequestHandler.mock.calls[0]![0] as Request,
    check: s.setPermissionCheckHandler.mock.calls[0]![0] as Check,
    device: s.setDevicePermissionHandler.mock.calls[0]![0] as (d: unknown) => boolean,
  };
}
// The origin as Chromium gives it to a check handler (a registered standard scheme has a host; others are opaque).
const originOf = (url: string): string => {
  try {
    const u = new URL(url);
    return u.host !== '' ? `${u.protocol}//${u.host}` : 'null';
  } catch {
    return 'null';
  }
};

describe("the app session's permissions", () => {
  it("grants exactly Monaco's paste permission", () => {
    expect(APP_SESSION_PERMISSIONS).toEqual(['clipboard-read']);
  });

  it.each(table)('%s from %s (top frame %s): allowed %s', (permission, url, isMainFrame, allowed) => {
    expect(appPermissionAllowed(permission, { requestingUrl: url, isMainFrame })).toBe(allowed);
    const { request, check } = install();
    const answer = vi.fn();
    request({}, permission, answer, { requestingUrl: url, isMainFrame });
    expect(answer).toHaveBeenCalledExactlyOnceWith(allowed);
    // Chromium checks before it asks: the check handler gives the same answer, from the origin and the frame.
    expect(check({}, permission, originOf(url), { requestingUrl: url, isMainFrame })).toBe(allowed);
    expect(check({}, permission, `${originOf(url)}/`, { requestingUrl: url, isMainFrame })).toBe(allowed);
  });

  it('refuses when the frame or the URL is not said, and every device', () => {
    const { request, check, device } = install();
    const answer = vi.fn();
    request({}, 'clipboard-read', answer, {});
    expect(answer).toHaveBeenCalledWith(false);
    request({}, 'clipboard-read', answer, undefined);
    expect(answer).toHaveBeenLastCalledWith(false);
    expect(check({}, 'clipboard-read', 'app://recheck', {})).toBe(false);
    expect(check({}, 'clipboard-read', 'app://recheck', { isMainFrame: true })).toBe(false);
    // An origin that disagrees with the URL it comes with (an opaque-origin page on the app's URL) is refused.
    expect(check({}, 'clipboard-read', 'null', { requestingUrl: APP, isMainFrame: true })).toBe(false);
    for (const deviceType of ['usb', 'hid', 'serial']) expect(device({ deviceType, origin: 'app://recheck' })).toBe(false);
  });

  it('refuses every other permission from anywhere, clipboard-read only to an app:// top frame (fast-check)', () => {
    const url = fc.oneof(
      fc.webUrl(),
      fc.constantFrom(APP, 'app://recheck/', 'app://recheck/sandbox/index.html'),
      fc.string().map((p) => `app://recheck/${p}`),
    );
    fc.assert(
      fc.property(fc.string(), url, fc.boolean(), (permission, requestingUrl, isMainFrame) => {
        const allowed = appPermissionAllowed(permission, { requestingUrl, isMainFrame });
        // Allowed only for Monaco's permission, in a top frame, on the app's origin; never anything else.
        if (allowed) expect([permission, isMainFrame, requestingUrl.startsWith('app://recheck/')]).toEqual(['clipboard-read', true, true]);
        if (requestingUrl.startsWith('app://recheck/sandbox')) expect(allowed).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
