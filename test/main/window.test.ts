import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebContents } from 'electron';

const created: { options: Record<string, unknown>; loaded: string[] }[] = [];

vi.mock('electron', async () => {
  const events = await import('node:events');
  class BrowserWindow extends events.EventEmitter {
    loaded: string[] = [];
    constructor(readonly options: Record<string, unknown>) {
      super();
      created.push(this);
    }
    loadURL(url: string) {
      this.loaded.push(url);
      return Promise.resolve();
    }
    show() {}
  }
  return { BrowserWindow };
});

const { createMainWindow, hardenWebContents, isExternalLink, secureWebPreferences } = await import('../../main/window');

/** A web contents double: an EventEmitter that records the window-open handler. */
function fakeContents() {
  const emitter = new EventEmitter() as EventEmitter & { openHandler?: (d: { url: string }) => { action: string } };
  const contents = Object.assign(emitter, {
    setWindowOpenHandler: (h: (d: { url: string }) => { action: string }) => {
      emitter.openHandler = h;
    },
  });
  return contents;
}
function navigationEvent() {
  return { preventDefault: vi.fn() };
}

describe('createMainWindow', () => {
  beforeEach(() => {
    created.length = 0;
  });

  it('locks the renderer down and loads the app origin', () => {
    createMainWindow({ preload: '/x/out/preload/index.cjs', title: 'Recheck' });
    expect(created).toHaveLength(1);
    const prefs = created[0]!.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      preload: '/x/out/preload/index.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(created[0]!.loaded).toEqual(['app://recheck/index.html']);
  });

  it('keeps devtools only where asked (the packaged app passes devTools: false)', () => {
    createMainWindow({ preload: '/p.cjs', title: 'Recheck', devTools: false });
    createMainWindow({ preload: '/p.cjs', title: 'Recheck', devTools: true });
    expect((created[0]!.options.webPreferences as Record<string, unknown>).devTools).toBe(false);
    expect((created[1]!.options.webPreferences as Record<string, unknown>).devTools).toBe(true);
  });

  it('never sets a preference that weakens the sandbox', () => {
    const prefs = secureWebPreferences('/p.cjs') as Record<string, unknown>;
    for (const key of ['experimentalFeatures', 'enableBlinkFeatures', 'additionalArguments', 'partition']) {
      expect(prefs[key]).toBeUndefined();
    }
  });
});

describe('hardenWebContents', () => {
  it('prevents every navigation and hands https links to the system browser', () => {
    const contents = fakeContents();
    const opened: string[] = [];
    hardenWebContents(contents as unknown as WebContents, async (u) => void opened.push(u));
    for (const url of ['https://arxiv.org/abs/1234.5678', 'app://recheck/other.html', 'file:///etc/passwd', 'javascript:alert(1)']) {
      const e = navigationEvent();
      contents.emit('will-navigate', e, url);
      expect(e.preventDefault).toHaveBeenCalledTimes(1);
    }
    for (const name of ['will-frame-navigate', 'will-redirect', 'will-attach-webview']) {
      const e = navigationEvent();
      contents.emit(name, e);
      expect(e.preventDefault).toHaveBeenCalledTimes(1);
    }
    expect(opened).toEqual(['https://arxiv.org/abs/1234.5678']);
  });

  it('denies every new window', () => {
    const contents = fakeContents();
    const opened: string[] = [];
    hardenWebContents(contents as unknown as WebContents, async (u) => void opened.push(u));
    for (const url of ['https://example.org/', 'app://recheck/index.html', 'about:blank', 'http://example.org/']) {
      expect(contents.openHandler?.({ url })).toEqual({ action: 'deny' });
    }
    expect(opened).toEqual(['https://example.org/']);
  });

  it('treats only https as an external link', () => {
    expect(isExternalLink('https://x.org')).toBe(true);
    for (const url of ['http://x.org', 'file:///x', 'javascript:void 0', 'smb://host/share', 'app://recheck/', '']) {
      expect(isExternalLink(url)).toBe(false);
    }
  });
});
