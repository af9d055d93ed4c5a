// Wiring of the main process with Electron and the core mocked: what happens on launch, in order.
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { API_METHODS, API_METHOD_NAMES } from '../../common/api/methods';

const h = vi.hoisted(() => {
  const on = new Map<string, ((...a: unknown[]) => void)[]>();
  const calls: string[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push(name);
      return args;
    };
  const paths = new Map<string, string>();
  const sandboxSession = {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
    setSpellCheckerEnabled: vi.fn(),
    on: vi.fn(),
    protocol: { handle: vi.fn() },
    webRequest: { onBeforeRequest: vi.fn() },
  };
  return { on, calls, record, paths, sandboxSession, windows: [] as { options: Record<string, unknown>; url?: string }[], lock: true };
});

vi.mock('electron', () => {
  const app = {
    isPackaged: false,
    on: (event: string, l: (...a: unknown[]) => void) => {
      h.on.set(event, [...(h.on.get(event) ?? []), l]);
      return app;
    },
    setName: vi.fn(),
    commandLine: { hasSwitch: vi.fn(() => false) },
    requestSingleInstanceLock: vi.fn(() => h.lock),
    whenReady: () => Promise.resolve(),
    getAppPath: () => '/repo',
    getPath: (name: string) => h.paths.get(name) ?? `/home/u/${name}`,
    setPath: (name: string, value: string) => void h.paths.set(name, value),
    enableSandbox: vi.fn(),
    getVersion: () => '0.1.0',
    quit: vi.fn(),
    exit: vi.fn(),
  };
  class BrowserWindow {
    webContents = { id: 1 };
    constructor(readonly options: Record<string, unknown>) {
      h.windows.push(this);
      h.calls.push('window');
    }
    static getAllWindows = () => h.windows;
    handlers = new Map<string, () => void>();
    once() {}
    on(event: string, l: () => void) {
      this.handlers.set(event, l);
    }
    loadURL(url: string) {
      (this as { url?: string }).url = url;
      return Promise.resolve();
    }
    isDestroyed = () => false;
    isMinimized = () => true;
    restore = () => void h.calls.push('restore');
    focus = () => void h.calls.push('focus');
  }
  return {
    app,
    BrowserWindow,
    protocol: { registerSchemesAsPrivileged: vi.fn(h.record('registerSchemes')), handle: vi.fn(h.record('protocol.handle')) },
    ipcMain: { handle: vi.fn(h.record('ipcMain.handle')), removeHandler: vi.fn() },
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn(h.record('permissions')),
        setPermissionCheckHandler: vi.fn(),
        setDevicePermissionHandler: vi.fn(),
      },
      fromPartition: vi.fn((partition: string) => {
        h.calls.push(`fromPartition ${partition}`);
        return h.sandboxSession;
      }),
    },
    Menu: { buildFromTemplate: vi.fn((t: unknown) => t), setApplicationMenu: vi.fn(h.record('menu')) },
    shell: { openExternal: vi.fn(), openPath: vi.fn() },
    dialog: { showMessageBox: vi.fn(), showErrorBox: vi.fn() },
  };
});

const core = vi.hoisted(() => ({
  ensureWorkspace: vi.fn(async () => {
    h.calls.push('ensureWorkspace');
    return [];
  }),
  service: { onRunEvent: vi.fn(() => () => undefined), dispose: vi.fn() },
  createRecheckService: vi.fn(async () => {
    h.calls.push('createRecheckService');
    return core.service;
  }),
}));
vi.mock('../../app/cases/workspace', () => ({
  ensureWorkspace: core.ensureWorkspace,
  defaultWorkspaceDir: () => '/home/u/.local/share/recheck/workspace',
}));
vi.mock('../../app/api/service', () => ({ createRecheckService: core.createRecheckService }));

const electron = await import('electron');
delete process.env.RECHECK_WORKSPACE;
await import('../../main/index');
await new Promise((r) => setTimeout(r, 0));

describe('main process start-up', () => {
  it('registers app:// as a privileged, secure standard scheme before ready', () => {
    expect(h.calls[0]).toBe('registerSchemes');
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, corsEnabled: true }) }),
    ]);
    expect(electron.app.requestSingleInstanceLock).toHaveBeenCalled();
    expect(electron.app.enableSandbox).toHaveBeenCalled();
  });

  it('copies bundled cases into the shared per-user workspace (the one the CLI uses), then starts the core there', () => {
    expect(h.paths.get('userData')).toBe(path.join('/home/u/appData', 'Recheck'));
    const workspaceDir = '/home/u/.local/share/recheck/workspace';
    expect(core.ensureWorkspace).toHaveBeenCalledWith({ bundledCasesDir: path.join('/repo', 'cases'), workspaceDir });
    expect(core.createRecheckService).toHaveBeenCalledWith({
      workspaceDir,
      sandbox: expect.any(Function),
      printPdf: expect.any(Function),
      // From a checkout too, this process is Electron: Slurm is refused here (main/index.ts).
      slurm: 'refuse-desktop',
    });
    expect(h.calls.indexOf('ensureWorkspace')).toBeLessThan(h.calls.indexOf('createRecheckService'));
  });

  it('denies permissions, serves app://, registers IPC and the menu before opening one window', () => {
    expect(electron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    const channels = vi.mocked(electron.ipcMain.handle).mock.calls.map((c) => c[0]);
    expect(channels.sort()).toEqual(API_METHOD_NAMES.map((m) => API_METHODS[m].channel).sort());
    expect(core.service.onRunEvent).toHaveBeenCalledTimes(1);
    const order = ['permissions', 'protocol.handle', 'ipcMain.handle', 'menu', 'window'].map((c) => h.calls.indexOf(c));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(h.windows).toHaveLength(1);
    const win = h.windows[0]!;
    expect(win.url).toBe('app://recheck/index.html');
    const prefs = win.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true });
    expect(String(prefs.preload).endsWith(path.join('preload', 'index.cjs'))).toBe(true);
  });

  it("grants the app's session only Monaco's clipboard-read, from the app's top frame", () => {
    const request = vi.mocked(electron.session.defaultSession.setPermissionRequestHandler).mock.calls[0]![0] as unknown as (
      c: unknown,
      p: string,
      cb: (ok: boolean) => void,
      d: unknown,
    ) => void;
    const answers: boolean[] = [];
    request({}, 'clipboard-read', (ok) => answers.push(ok), { requestingUrl: 'app://recheck/index.html', isMainFrame: true });
    request({}, 'clipboard-read', (ok) => answers.push(ok), { requestingUrl: 'app://recheck/index.html', isMainFrame: false });
    request({}, 'media', (ok) => answers.push(ok), { requestingUrl: 'app://recheck/index.html', isMainFrame: true });
    expect(answers).toEqual([true, false, false]);
  });

  it('hardens every web contents ever created and disposes the core on quit', () => {
    const created = h.on.get('web-contents-created') ?? [];
    expect(created).toHaveLength(1);
    const contents = { on: vi.fn(), setWindowOpenHandler: vi.fn() };
    created[0]!({}, contents);
    expect(contents.on.mock.calls.map((c) => c[0])).toContain('will-navigate');
    expect(contents.setWindowOpenHandler).toHaveBeenCalledTimes(1);
    for (const l of h.on.get('will-quit') ?? []) l();
    expect(core.service.dispose).toHaveBeenCalledTimes(1);
  });

  it('focuses the existing window when a second instance starts', () => {
    for (const l of h.on.get('second-instance') ?? []) l();
    expect(h.windows).toHaveLength(1);
    expect(h.calls.slice(-2)).toEqual(['restore', 'focus']);
  });

  it('gives the core the hidden-window sandbox; its sessions are made per window, not at start', async () => {
    // A partition per live sandbox window (main/sandbox-session-pool.ts, main/sandbox-window.ts pooledSandboxWindows):
    // none exists before something runs.
    expect(electron.session.fromPartition).not.toHaveBeenCalled();
    const { configureSandboxSession } = await import('../../main/sandbox-session');
    const ses = configureSandboxSession(h.sandboxSession, '/renderer');
    const denied = vi.fn();
    ses.setPermissionRequestHandler.mock.calls[0]![0]({}, 'media', denied);
    expect(denied).toHaveBeenCalledWith(false);
    expect(ses.setPermissionCheckHandler.mock.calls[0]![0]()).toBe(false);
    expect(ses.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    const filter = ses.webRequest.onBeforeRequest.mock.calls[0]![0] as (d: { url: string }, cb: (r: { cancel: boolean }) => void) => void;
    const cancelled = (url: string) => {
      let answer: boolean | undefined;
      filter({ url }, (r) => (answer = r.cancel));
      return answer;
    };
    expect(cancelled('app://recheck/sandbox/index.html')).toBe(false);
    expect(cancelled('app://recheck/index.html')).toBe(true);
    expect(cancelled('http://127.0.0.1:4780/api/call/listCases')).toBe(true);
    const options = core.createRecheckService.mock.calls[0] as unknown as [
      { sandbox: () => Promise<{ description: string; confined: boolean }> },
    ];
    const runner = await options[0].sandbox();
    expect(runner.description).toMatch(/hidden sandboxed window/);
    expect(runner.confined).toBe(true);
    expect(h.windows).toHaveLength(1); // no sandbox window until something runs
  });

  // Last: it closes the window the tests above rely on.
  it('quits when the main window closes, even while hidden sandbox windows remain (not on macOS)', () => {
    const win = h.windows[0] as unknown as { handlers: Map<string, () => void> };
    expect(electron.app.quit).not.toHaveBeenCalled();
    win.handlers.get('closed')!();
    expect(electron.app.quit).toHaveBeenCalledTimes(process.platform === 'darwin' ? 0 : 1);
  });
});
