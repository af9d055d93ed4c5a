/**
 * The real SandboxWindow (window-runner.ts) on Electron: a hidden BrowserWindow in the sandbox session
 * (sandbox-session.ts) with the app's hardened webPreferences, its own preload (main/preload/sandbox.ts, a
 * message bridge and nothing else), no background throttling (the page's heartbeat must keep time while
 * hidden), and IPC scoped to that one web contents (webContents.ipc), so no other page can speak for it.
 */
import { BrowserWindow, type Session } from 'electron';
import type { HostToPage } from '../common/sandbox/page-messages';
import { SANDBOX_BRIDGE_CHANNEL } from './preload/sandbox-channel';
import { SANDBOX_PAGE_URL } from './sandbox-session';
import type { SandboxSessionPool } from './sandbox-session-pool';
import type { GoneReason, SandboxWindow } from './window-runner';
import { secureWebPreferences } from './window';

export interface SandboxWindowOptions {
  /** The configured sandbox session (configureSandboxSession). */
  session: Session;
  /** Built sandbox preload (out/preload/sandbox.cjs). */
  preload: string;
}

/** Opens a hidden sandbox window on the sandbox page. Example: `openSandboxWindow({ session, preload })`. */
export function openSandboxWindow(o: SandboxWindowOptions): SandboxWindow {
  const win = new BrowserWindow({
    show: false,
    width: 320,
    height: 240,
    skipTaskbar: true,
    focusable: false,
    paintWhenInitiallyHidden: false,
    webPreferences: { ...secureWebPreferences(o.preload), session: o.session, backgroundThrottling: false, devTools: false },
  });
  const contents = win.webContents;
  const listeners: ((m: unknown) => void)[] = [];
  contents.ipc.on(SANDBOX_BRIDGE_CHANNEL, (event, message: unknown) => {
    // Only the window's own top frame: a frame the page might create (its CSP forbids them) is ignored.
    if (event.senderFrame !== contents.mainFrame) return;
    for (const l of listeners) l(message);
  });
  void win.loadURL(SANDBOX_PAGE_URL).catch(() => undefined); // a failed load shows as a missing `ready`
  return {
    send: (message: HostToPage) => {
      if (!contents.isDestroyed()) contents.send(SANDBOX_BRIDGE_CHANNEL, message);
    },
    onMessage: (listener) => void listeners.push(listener),
    onGone: (listener) =>
      void contents.on('render-process-gone', (_event, details) => listener(details.reason as GoneReason, details.exitCode)),
    processId: () => {
      if (contents.isDestroyed()) return null;
      const pid = contents.getOSProcessId();
      return pid > 0 ? pid : null;
    },
    crash: () => {
      if (!contents.isDestroyed()) contents.forcefullyCrashRenderer();
    },
    destroy: () => {
      if (!win.isDestroyed()) win.destroy();
    },
  };
}

/**
 * The runner's `openWindow` on a session pool (sandbox-session-pool.ts): each window in a partition no other live
 * window uses; destroying the window hands its partition back to be cleared and reused.
 * Example: `createWindowSandboxRunner({ openWindow: pooledSandboxWindows(pool, preload), ... })`.
 */
export function pooledSandboxWindows(pool: SandboxSessionPool<Session>, preload: string): () => SandboxWindow {
  return () => {
    const session = pool.acquire();
    const win = openSandboxWindow({ session, preload });
    let released = false;
    return {
      ...win,
      destroy: () => {
        win.destroy();
        if (released) return;
        released = true;
        void pool.release(session);
      },
    };
  };
}
