/**
 * The main window and the hardening applied to every web contents: sandboxed, context-isolated renderer
 * without Node; no navigation, no new windows, no <webview>. Links to https pages open in the system browser.
 */
import { BrowserWindow, type WebContents, type WebPreferences } from 'electron';
import { isExternalLink } from './external-links';
import { APP_INDEX_URL } from './protocol';

export { isExternalLink };

/**
 * The renderer's privileges: none beyond a web page's, plus the preload's one namespaced object. `devTools` is
 * false in the packaged app (main/index.ts passes `!app.isPackaged`) and for sandbox windows.
 */
export function secureWebPreferences(preload: string, o: { devTools?: boolean } = {}): WebPreferences {
  return {
    preload,
    ...(o.devTools !== undefined ? { devTools: o.devTools } : {}),
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

/** Opens a URL outside the app: in the app, after the reviewer confirms it (main/external-links.ts); injected so tests can observe it. */
export type OpenExternal = (url: string) => Promise<unknown>;

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
  /** Developer tools (off in the packaged app). */
  devTools?: boolean;
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
    webPreferences: secureWebPreferences(options.preload, options.devTools !== undefined ? { devTools: options.devTools } : {}),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_INDEX_URL);
  return window;
}
