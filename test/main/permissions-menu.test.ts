import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions, Session } from 'electron';
import { denyAllPermissions } from '../../main/permissions';
import { buildMenuTemplate } from '../../main/menu';

vi.mock('electron', () => ({}));

describe('denyAllPermissions', () => {
  it('refuses every request, check and device', () => {
    const s = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setDevicePermissionHandler: vi.fn(),
    };
    denyAllPermissions(s as unknown as Session);
    const request = s.setPermissionRequestHandler.mock.calls[0]![0] as (c: unknown, p: string, cb: (ok: boolean) => void) => void;
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
      const cb = vi.fn();
      request({}, permission, cb);
      expect(cb).toHaveBeenCalledWith(false);
    }
    const check = s.setPermissionCheckHandler.mock.calls[0]![0] as (...a: unknown[]) => boolean;
    expect(check({}, 'media', 'app://recheck', {})).toBe(false);
    const device = s.setDevicePermissionHandler.mock.calls[0]![0] as (...a: unknown[]) => boolean;
    expect(device({ deviceType: 'usb' })).toBe(false);
  });
});

function labels(t: MenuItemConstructorOptions[]): string[] {
  return t.map((i) => i.label ?? String(i.role));
}
function item(t: MenuItemConstructorOptions[], top: string, label: string): MenuItemConstructorOptions {
  const menu = t.find((i) => (i.label ?? i.role) === top)?.submenu as MenuItemConstructorOptions[];
  const found = menu.find((i) => i.label === label);
  if (!found) throw new Error(`no ${top} > ${label}`);
  return found;
}

describe('buildMenuTemplate', () => {
  const actions = () => ({ openWorkspaceFolder: vi.fn(), showAbout: vi.fn() });

  it('has File, Edit and Help; View only in development', () => {
    expect(labels(buildMenuTemplate({ ...actions(), isDev: false, isMac: false }))).toEqual(['File', 'editMenu', 'help']);
    const dev = buildMenuTemplate({ ...actions(), isDev: true, isMac: false });
    expect(labels(dev)).toEqual(['File', 'editMenu', 'View', 'help']);
    const view = dev.find((i) => i.label === 'View')?.submenu as MenuItemConstructorOptions[];
    expect(view.map((i) => i.role)).toEqual(['reload', 'forceReload', 'toggleDevTools']);
    expect(labels(buildMenuTemplate({ ...actions(), isDev: false, isMac: true }))[0]).toBe('appMenu');
  });

  it('wires Open Workspace Folder, Quit and About', () => {
    const a = actions();
    const t = buildMenuTemplate({ ...a, isDev: false, isMac: false });
    (item(t, 'File', 'Open Workspace Folder…').click as () => void)();
    expect(a.openWorkspaceFolder).toHaveBeenCalledTimes(1);
    const file = t.find((i) => i.label === 'File')?.submenu as MenuItemConstructorOptions[];
    expect(file.at(-1)?.role).toBe('quit');
    (item(t, 'help', 'About Recheck').click as () => void)();
    expect(a.showAbout).toHaveBeenCalledTimes(1);
  });
});
