// The main process as the packaged app starts it (app.isPackaged), Electron and the core mocked: the core is told
// to refuse Slurm (a compute node cannot run the package's Electron binary; app/settings/sweep-backend.ts), and the
// print window gets its own closed session at the first printing.
import { describe, expect, it, vi } from 'vitest';

const h = vi.hoisted(() => ({ on: new Map<string, ((...a: unknown[]) => void)[]>(), partitions: [] as string[] }));

vi.mock('electron', () => {
  const app = {
    isPackaged: true,
    on: (event: string, l: (...a: unknown[]) => void) => {
      h.on.set(event, [...(h.on.get(event) ?? []), l]);
      return app;
    },
    setName: vi.fn(),
    commandLine: { hasSwitch: vi.fn(() => false) },
    requestSingleInstanceLock: vi.fn(() => true),
    whenReady: () => Promise.resolve(),
    getAppPath: () => '/opt/Recheck/resources/app.asar',
    getPath: (name: string) => `/home/u/${name}`,
    setPath: vi.fn(),
    enableSandbox: vi.fn(),
    getVersion: () => '0.1.0',
    quit: vi.fn(),
    exit: vi.fn(),
  };
  class BrowserWindow {
    webContents = { id: 1 };
    constructor(readonly options: Record<string, unknown>) {}
    static getAllWindows = () => [];
    once() {}
    on() {}
    loadURL = () => Promise.resolve();
  }
  const permissionSession = () => ({
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
    setSpellCheckerEnabled: vi.fn(),
    on: vi.fn(),
    protocol: { handle: vi.fn() },
    webRequest: { onBeforeRequest: vi.fn() },
  });
  return {
    app,
    BrowserWindow,
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    ipcMain: { handle: vi.fn(), removeHandler: vi.fn() },
    session: {
      defaultSession: permissionSession(),
      fromPartition: vi.fn((name: string) => {
        h.partitions.push(name);
        return permissionSession();
      }),
    },
    Menu: { buildFromTemplate: vi.fn((t: unknown) => t), setApplicationMenu: vi.fn() },
    shell: { openExternal: vi.fn(), openPath: vi.fn() },
    dialog: { showMessageBox: vi.fn(), showErrorBox: vi.fn() },
  };
});

const core = vi.hoisted(() => ({
  service: { onRunEvent: vi.fn(() => () => undefined), dispose: vi.fn() },
  createRecheckService: vi.fn(async () => core.service),
}));
vi.mock('../../app/cases/workspace', () => ({ ensureWorkspace: vi.fn(async () => []), defaultWorkspaceDir: () => '/home/u/workspace' }));
vi.mock('../../app/api/service', () => ({ createRecheckService: core.createRecheckService }));
vi.mock('../../app/sandbox/bundle', () => ({ configureSandboxSources: vi.fn() }));
vi.mock('../../main/resource-check', () => ({ readResourceManifest: vi.fn(() => ({})), resourceProblems: vi.fn(() => []) }));

Object.defineProperty(process, 'resourcesPath', { value: '/opt/Recheck/resources', configurable: true });
const electron = await import('electron');
await import('../../main/index');
await new Promise((r) => setTimeout(r, 0));

describe('the packaged main process', () => {
  it('started without an error box', () => {
    expect(electron.dialog.showErrorBox).not.toHaveBeenCalled();
    expect(core.createRecheckService).toHaveBeenCalledTimes(1);
  });

  it('tells the core to refuse Slurm sweeps', () => {
    expect(core.createRecheckService).toHaveBeenCalledWith(expect.objectContaining({ slurm: 'refuse-desktop' }));
  });

  it('prints letters in a closed in-memory partition of their own, made at the first printing', async () => {
    expect(h.partitions).not.toContain('recheck-print');
    const { printPdf } = (core.createRecheckService.mock.calls[0] as unknown as [{ printPdf: (html: string) => Promise<Uint8Array> }])[0];
    // The mocked window cannot load a file: the printing fails, after the session was made and closed.
    await expect(printPdf('<p>x</p>')).rejects.toThrow();
    expect(h.partitions).toEqual(['recheck-print']);
    const made = vi.mocked(electron.session.fromPartition).mock.results[0]!.value as {
      webRequest: { onBeforeRequest: ReturnType<typeof vi.fn> };
    };
    expect(made.webRequest.onBeforeRequest).toHaveBeenCalledTimes(1);
  });
});
