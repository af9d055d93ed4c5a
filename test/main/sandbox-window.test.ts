// The real SandboxWindow on a mocked Electron: a hidden window in the sandbox session with the hardened
// preferences and the sandbox preload, IPC taken only from that window's own top frame, and crash/destroy
// mapped to forcefullyCrashRenderer/destroy.
import { describe, expect, it, vi } from 'vitest';

const h = vi.hoisted(() => ({ windows: [] as FakeBrowserWindow[] }));
type Listener = (...a: unknown[]) => void;
interface FakeBrowserWindow {
  options: Record<string, unknown>;
  url?: string;
  destroyedCount: number;
  webContents: {
    mainFrame: object;
    ipcListeners: Map<string, Listener>;
    events: Map<string, Listener>;
    sent: unknown[][];
    crashed: number;
    dead: boolean;
  };
}

vi.mock('electron', () => {
  class BrowserWindow {
    destroyedCount = 0;
    url?: string;
    webContents;
    constructor(readonly options: Record<string, unknown>) {
      const wc = {
        mainFrame: { id: 'top' },
        ipcListeners: new Map<string, Listener>(),
        events: new Map<string, Listener>(),
        sent: [] as unknown[][],
        crashed: 0,
        dead: false,
        ipc: { on: (channel: string, l: Listener) => wc.ipcListeners.set(channel, l) },
        on: (event: string, l: Listener) => wc.events.set(event, l),
        send: (...a: unknown[]) => wc.sent.push(a),
        isDestroyed: () => wc.dead,
        getOSProcessId: () => 777,
        forcefullyCrashRenderer: () => void wc.crashed++,
      };
      this.webContents = wc;
      h.windows.push(this as unknown as FakeBrowserWindow);
    }
    loadURL(url: string) {
      this.url = url;
      return Promise.resolve();
    }
    isDestroyed() {
      return this.destroyedCount > 0;
    }
    destroy() {
      this.destroyedCount++;
      this.webContents.dead = true;
    }
  }
  return { BrowserWindow };
});

const { openSandboxWindow } = await import('../../main/sandbox-window');

describe('openSandboxWindow', () => {
  it('opens a hidden, hardened window in the sandbox session on the sandbox page', () => {
    const session = { name: 'sandbox-session' };
    openSandboxWindow({ session: session as never, preload: '/app/out/preload/sandbox.cjs' });
    const w = h.windows.at(-1)!;
    expect(w.url).toBe('app://recheck/sandbox/index.html');
    expect(w.options).toMatchObject({ show: false, skipTaskbar: true, focusable: false });
    expect(w.options.webPreferences).toMatchObject({
      session,
      preload: '/app/out/preload/sandbox.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      backgroundThrottling: false,
      devTools: false,
    });
  });

  it("relays only its own top frame's messages, and sends on the sandbox channel", () => {
    const win = openSandboxWindow({ session: {} as never, preload: '/p.cjs' });
    const w = h.windows.at(-1)!;
    const got: unknown[] = [];
    win.onMessage((m) => got.push(m));
    const listener = w.webContents.ipcListeners.get('recheck-sandbox/1')!;
    listener({ senderFrame: w.webContents.mainFrame }, { kind: 'ready' });
    listener({ senderFrame: { id: 'child' } }, { kind: 'message', text: 'forged' });
    expect(got).toEqual([{ kind: 'ready' }]);
    win.send({ kind: 'cancel' });
    expect(w.webContents.sent).toEqual([['recheck-sandbox/1', { kind: 'cancel' }]]);
  });

  it('maps process-gone, pid, crash and destroy; nothing is sent to a destroyed window', () => {
    const win = openSandboxWindow({ session: {} as never, preload: '/p.cjs' });
    const w = h.windows.at(-1)!;
    const gone: [string, number][] = [];
    win.onGone((reason, code) => gone.push([reason, code]));
    w.webContents.events.get('render-process-gone')!({}, { reason: 'oom', exitCode: 133 });
    expect(gone).toEqual([['oom', 133]]);
    expect(win.processId()).toBe(777);
    win.crash();
    expect(w.webContents.crashed).toBe(1);
    win.destroy();
    win.destroy();
    expect(w.destroyedCount).toBe(1);
    expect(win.processId()).toBeNull();
    win.send({ kind: 'cancel' });
    win.crash();
    expect(w.webContents.sent).toEqual([]);
    expect(w.webContents.crashed).toBe(1);
  });
});

describe('pooledSandboxWindows', () => {
  it('opens each live window in its own partition and hands the partition back, once, when the window is destroyed', async () => {
    const { pooledSandboxWindows } = await import('../../main/sandbox-window');
    const sessions = [{ id: 1 }, { id: 2 }];
    const acquired: unknown[] = [];
    const released: unknown[] = [];
    const pool = {
      acquire: () => {
        const s = sessions.shift()!;
        acquired.push(s);
        return s as never;
      },
      release: async (s: unknown) => void released.push(s),
    };
    const open = pooledSandboxWindows(pool, '/p/sandbox.cjs');
    const before = h.windows.length;
    const a = open();
    const b = open();
    const [wa, wb] = h.windows.slice(before);
    expect((wa!.options.webPreferences as { session: unknown }).session).toBe(acquired[0]);
    expect((wb!.options.webPreferences as { session: unknown }).session).toBe(acquired[1]);
    expect(acquired[0]).not.toBe(acquired[1]);
    a.destroy();
    a.destroy();
    expect(wa!.destroyedCount).toBeGreaterThan(0);
    expect(released).toEqual([acquired[0]]);
    b.destroy();
    expect(released).toEqual([acquired[0], acquired[1]]);
  });
});
