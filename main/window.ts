/**
 * The main window and the hardening applied to every web contents: sandboxed, context-isolated renderer
 * without Node; no navigation, no new windows, no <webview>. Links to https pages open in the system browser.
 */
import { BrowserWindow, type WebContents, type WebPreferences } from 'electron';
import { APP_INDEX_URL } from './protocol';

/** The renderer's privileges: none beyond a web page's, plus the preload's one namespaced object. */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    safeDialogs: true,
  };
}

/** Opens a URL outside the app (shell.openExternal); injected so tests can observe it. */
export type OpenExternal = (url: string) => Promise<void>;

/** True for URLs we hand to the system browser: https only (never file:, javascript:, custom schemes). */
export function isExternalLink(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Blocks every navigation and window the page could start. Call it for each web contents ever created
 * (app 'web-contents-created'). An https link the user follows opens in the system browser instead.
 */
export function hardenWebContents(contents: WebContents, openExternal: OpenExternal): void {
  const handOff = (url: string): void => {
    if (isExternalLink(url)) void openExternal(url).catch(() => undefined);
  };
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    handOff(url);
  });
  contents.on('will-frame-navigate', (event) => {
    event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    handOff(url);
    return { action: 'deny' };
  });
}

export interface MainWindowOptions {
  preload: string;
  title: string;
}

/** Creates the main window on app://recheck/index.html; it shows once the first paint is ready. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    title: options.title,
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences(options.preload),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_INDEX_URL);
  return window;
}
