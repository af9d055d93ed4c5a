// The launch smoke test's parts that run without Electron's binary (issue 26): its launch plan (the binary found
// as `npm start` finds it, xvfb-run without a display, a reasoned skip where it cannot run, and a command line
// free of every switch the app refuses as weakening its sandbox, checked against the app's own list), and its
// driver (test/desktop/smoke-driver.cjs) on a mocked Electron. The driver's page routine runs against the real
// core through the real IPC path minus Electron: the preload's API (main/preload/api.ts) over a fake ipcRenderer
// into main's handler (main/ipc.ts invokeApiMethod: sender check and argument validation) and main's run-event
// forwarding, with the headless sandbox and system Chromium standing in for the hidden windows and the PDF window.
// The launch itself is test/desktop/launch-smoke.test.ts.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { createRecheckService } from '../../app/api/service';
import type { RecheckApi, RunEvent } from '../../common/api/contract';
import { API_METHODS, API_METHOD_NAMES, RUN_EVENT_CHANNEL, type ApiMethod } from '../../common/api/methods';
import { forwardRunEvents, invokeApiMethod } from '../../main/ipc';
import { buildPreloadApi } from '../../main/preload/api';
import { sandboxWeakeners } from '../../main/sandbox-switches';
import { confinementOrSkip } from '../app/sandbox/harness';
import { executable } from '../helpers/required';
import { DRIVER, planSmokeLaunch } from './launch-plan';

const repo = path.resolve(import.meta.dirname, '../..');
const driver = createRequire(import.meta.url)(DRIVER) as {
  RESULT_PREFIX: string;
  CASE_ID: string;
  PROGRAMS: Record<string, { path: string }>;
  smokeInPage(config: unknown): Promise<unknown>;
  installDriver(
    electron: unknown,
    env: NodeJS.ProcessEnv,
    io: { write(t: string, written: () => void): void; writeFile(f: string, b: Buffer): void; limitMs?: number },
  ): void;
};

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});
function temp(prefix: string): string {
  const d = mkdtempSync(path.join(tmpdir(), prefix));
  temps.push(d);
  return d;
}
function write(file: string, text = ''): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text, { mode: 0o755 });
}

/** A repository-like folder with the electron package (optionally its path.txt and binary) and a built out/. */
function fixture(o: { pathTxt?: boolean; binary?: boolean }): string {
  const root = temp('recheck-smoke-plan-');
  write(path.join(root, 'package.json'), '{"name":"fx","type":"module"}');
  write(path.join(root, 'node_modules', 'electron', 'package.json'), '{"name":"electron","main":"index.js"}');
  if (o.pathTxt) write(path.join(root, 'node_modules', 'electron', 'path.txt'), 'electron');
  if (o.binary) write(path.join(root, 'node_modules', 'electron', 'dist', 'electron'), '#!/bin/sh\n');
  return root;
}

describe('the launch plan', () => {
  const env = { PATH: '/usr/bin:/bin', DISPLAY: ':0' };

  it('skips with one line naming the missing binary, as npm start finds it', () => {
    expect(planSmokeLaunch({ root: fixture({}), env, platform: 'linux', work: '/w' })).toEqual({
      skip:
        "Electron's binary is not installed: node_modules/electron/path.txt is absent (it cannot be downloaded here; " +
        'where it can, `node node_modules/electron/install.js` installs it)',
    });
    const noDist = planSmokeLaunch({ root: fixture({ pathTxt: true }), env, platform: 'linux', work: '/w' });
    expect('skip' in noDist && noDist.skip).toMatch(
      /^Electron's binary is not installed: node_modules\/electron\/dist\/electron is absent \(/,
    );
  });

  it('launches the binary with the driver and the repository, and no switch the app refuses', () => {
    const root = fixture({ pathTxt: true, binary: true });
    const hostile = { ...env, ELECTRON_RUN_AS_NODE: '1', ELECTRON_DISABLE_SANDBOX: '1', NODE_OPTIONS: '--inspect' };
    const plan = planSmokeLaunch({ root, env: hostile, platform: 'linux', work: '/w' });
    if ('skip' in plan) throw new Error(plan.skip);
    const binary = path.join(root, 'node_modules', 'electron', 'dist', 'electron');
    expect(plan.command).toBe(binary);
    expect(plan.args).toEqual(['-r', DRIVER, root]);
    expect(sandboxWeakeners([plan.command, ...plan.args], () => false, plan.env)).toEqual([]);
    expect(plan.env).toMatchObject({
      RECHECK_WORKSPACE: '/w/workspace',
      RECHECK_SMOKE_APP_DATA: '/w/app-data',
      RECHECK_SMOKE_PDF: '/w/letter.pdf',
    });
    for (const gone of ['ELECTRON_RUN_AS_NODE', 'ELECTRON_DISABLE_SANDBOX', 'NODE_OPTIONS']) expect(plan.env[gone]).toBeUndefined();
    expect(plan.build).toBe(true); // this fixture has no out/
    // The same check finds what Playwright's Electron launcher adds, so it is not vacuous.
    expect(sandboxWeakeners(['electron', '--inspect=0', '--remote-debugging-port=0', '--no-sandbox', ...plan.args], () => false)).toEqual([
      '--no-sandbox',
      '--remote-debugging-port',
      '--inspect',
    ]);
  });

  it('on Linux without a display, runs under xvfb-run when it is installed, and skips saying so when not', () => {
    const root = fixture({ pathTxt: true, binary: true });
    const bin = temp('recheck-smoke-bin-');
    write(path.join(bin, 'xvfb-run'), '#!/bin/sh\n');
    const plan = planSmokeLaunch({ root, env: { PATH: bin }, platform: 'linux', work: '/w' });
    if ('skip' in plan) throw new Error(plan.skip);
    const binary = path.join(root, 'node_modules', 'electron', 'dist', 'electron');
    expect([plan.command, ...plan.args]).toEqual([path.join(bin, 'xvfb-run'), '-a', binary, '-r', DRIVER, root]);
    expect(sandboxWeakeners([plan.command, ...plan.args], () => false, plan.env)).toEqual([]);
    expect(planSmokeLaunch({ root, env: { PATH: temp('recheck-smoke-empty-') }, platform: 'linux', work: '/w' })).toEqual({
      skip: 'there is no display ($DISPLAY and $WAYLAND_DISPLAY are unset) and xvfb-run is not installed (Debian package xvfb)',
    });
    const mac = planSmokeLaunch({ root, env: { PATH: '' }, platform: 'darwin', work: '/w' });
    expect('skip' in mac ? mac.skip : mac.command).toBe(binary);
  });

  it('on this checkout, either runs or names why not', () => {
    const plan = planSmokeLaunch({ root: repo, env: process.env, platform: process.platform, work: '/w' });
    if ('skip' in plan) expect(plan.skip).toMatch(/^(Electron's binary is not installed: \S+ is absent \(|there is no display)/);
    else expect(sandboxWeakeners([plan.command, ...plan.args], () => false, plan.env)).toEqual([]);
  });
});

/** A fake Electron: `app` records its calls; windows and web contents are driven by the test. */
function fakeElectron() {
  const calls: string[] = [];
  const listeners = new Map<string, ((...a: unknown[]) => void)[]>();
  const app = {
    setPath: (name: string, value: string) => void calls.push(`setPath ${name} ${value}`),
    on: (event: string, l: (...a: unknown[]) => void) => void listeners.set(event, [...(listeners.get(event) ?? []), l]),
    quit: () => void calls.push('quit'),
    exit: (code: number) => void calls.push(`exit ${code}`),
  };
  const emit = (event: string, ...a: unknown[]) => (listeners.get(event) ?? []).forEach((l) => l({}, ...a));
  return { calls, app, emit };
}

class FakeContents {
  private handlers = new Map<string, (() => void)[]>();
  constructor(
    public url: string,
    readonly executeJavaScript: (code: string) => Promise<unknown> = () => new Promise(() => undefined),
  ) {}
  on(event: string, l: () => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), l]);
  }
  once(event: string, l: () => void) {
    this.on(event, l);
  }
  getURL() {
    return this.url;
  }
  load() {
    for (const l of this.handlers.get('did-finish-load') ?? []) l();
  }
}

/** The driver installed on a fake Electron; resolves when it has printed its line. */
function installed(env: NodeJS.ProcessEnv = { RECHECK_SMOKE_APP_DATA: '/tmp/ad', RECHECK_SMOKE_PDF: '/tmp/l.pdf' }, limitMs?: number) {
  const e = fakeElectron();
  const printed: string[] = [];
  const files = new Map<string, Buffer>();
  let done: () => void = () => undefined;
  const line = new Promise<void>((resolve) => (done = resolve));
  driver.installDriver({ app: e.app }, env, {
    write: (t, written) => {
      printed.push(t);
      written();
      done();
    },
    writeFile: (f, b) => void files.set(f, b),
    ...(limitMs !== undefined ? { limitMs } : {}),
  });
  const result = async () => {
    await line;
    expect(printed).toHaveLength(1);
    expect(printed[0]?.startsWith(driver.RESULT_PREFIX) && printed[0].endsWith('\n')).toBe(true);
    return JSON.parse((printed[0] as string).slice(driver.RESULT_PREFIX.length)) as Record<string, unknown>;
  };
  return { ...e, files, result };
}

describe('the driver on a mocked Electron', () => {
  it('moves appData before the app derives userData from it, and refuses to start without its folders', () => {
    const d = installed();
    expect(d.calls).toEqual(['setPath appData /tmp/ad']);
    expect(() => driver.installDriver(fakeElectron(), {}, { write: () => undefined, writeFile: () => undefined })).toThrow(
      /RECHECK_SMOKE_APP_DATA and RECHECK_SMOKE_PDF must be set/,
    );
  });

  it('reports, and ends the app with exit code 1, when the first window is not the app page', async () => {
    const d = installed();
    const contents = new FakeContents('app://recheck/sandbox/index.html');
    d.emit('browser-window-created', { webContents: contents });
    contents.load();
    expect(await d.result()).toMatchObject({
      ok: false,
      error: "the first window shows app://recheck/sandbox/index.html, not the app's page",
    });
    expect(d.calls.at(-1)).toBe('exit 1');
  });

  it("reports the page's error in one line and exits 1", async () => {
    const d = installed();
    const contents = new FakeContents('app://recheck/index.html', () => Promise.reject(new Error('cancelRun: refused')));
    d.emit('browser-window-created', { webContents: contents });
    contents.load();
    expect(await d.result()).toMatchObject({ ok: false, error: 'cancelRun: refused' });
    expect(d.calls.at(-1)).toBe('exit 1');
  });

  it('reports an error the page routine met (an API call refused) in one line and exits 1', async () => {
    const d = installed();
    const refusing = new Proxy(
      {},
      { get: (_t, name) => (name === 'onRunEvent' ? () => () => undefined : () => Promise.reject(new Error(`${String(name)}: refused`))) },
    );
    const world = vm.createContext({ recheck: refusing });
    const contents = new FakeContents('app://recheck/index.html', (code) => vm.runInContext(code, world) as Promise<unknown>);
    d.emit('browser-window-created', { webContents: contents });
    contents.load();
    expect(await d.result()).toMatchObject({ ok: false, error: 'in the page: openCase: refused' });
    expect(d.calls.at(-1)).toBe('exit 1');
  });

  it('gives up after its time limit with exit code 1, never hanging the test', async () => {
    const d = installed(undefined, 50);
    const contents = new FakeContents('app://recheck/index.html'); // executeJavaScript never settles
    d.emit('browser-window-created', { webContents: contents });
    contents.load();
    expect(await d.result()).toMatchObject({ ok: false, error: 'the drive did not finish within 0.05 s' });
    expect(d.calls.at(-1)).toBe('exit 1');
  });
});

/** Stands in for Electron's main process around `-r` (the same preload mechanism as Node's): a fake `electron`. */
const ELECTRON_SHIM = String.raw`'use strict';
const Module = require('node:module');
Object.defineProperty(process.versions, 'electron', { value: '45.5.0', enumerable: true });
process.type = 'browser';
const listeners = {};
const app = {
  setPath: (name, value) => console.log('setPath ' + name + ' ' + value),
  on: (event, l) => void (listeners[event] = [...(listeners[event] || []), l]),
  quit: () => console.log('quit'),
  exit: (code) => console.log('exit ' + code),
};
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === 'electron' ? { app } : load.call(this, request, ...rest);
};
setImmediate(() => {
  const once = {};
  const webContents = {
    getURL: () => 'app://recheck/index.html',
    on: () => undefined,
    once: (event, l) => void (once[event] = l),
    executeJavaScript: async (code) => {
      if (!code.includes('api.runSandboxProgram')) throw new Error('not the page routine');
      return { sum: 'S', oom: 'O', cancel: 'C', pdfBase64: Buffer.from('%PDF-1.7 smoke').toString('base64') };
    },
  };
  for (const l of listeners['browser-window-created'] || []) l({}, { webContents });
  once['did-finish-load']();
});
`;

describe('the driver loaded with -r', () => {
  it('installs itself on require("electron") in a main process, prints its line, writes the PDF and quits', () => {
    const dir = temp('recheck-smoke-shim-');
    write(path.join(dir, 'electron-shim.cjs'), ELECTRON_SHIM);
    const r = spawnSync(process.execPath, ['-r', path.join(dir, 'electron-shim.cjs'), '-r', DRIVER, '-e', ''], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, RECHECK_SMOKE_APP_DATA: path.join(dir, 'ad'), RECHECK_SMOKE_PDF: path.join(dir, 'l.pdf') },
    });
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe(`setPath appData ${path.join(dir, 'ad')}`);
    expect(lines[1]?.startsWith(driver.RESULT_PREFIX)).toBe(true);
    expect(JSON.parse((lines[1] as string).slice(driver.RESULT_PREFIX.length))).toEqual({
      ok: true,
      page: 'app://recheck/index.html',
      sum: 'S',
      oom: 'O',
      cancel: 'C',
      pdf: { bytes: 14, magic: '%PDF-', path: path.join(dir, 'l.pdf') },
      sandboxPages: [],
    });
    expect(lines[2]).toBe('quit');
    expect(readFileSync(path.join(dir, 'l.pdf'), 'latin1')).toBe('%PDF-1.7 smoke');
    // Under plain Node (no Electron), loading it installs nothing.
    const plain = spawnSync(process.execPath, ['-r', DRIVER, '-e', 'console.log("plain")'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH },
    });
    expect([plain.status, plain.stdout]).toEqual([0, 'plain\n']);
  });
});

const confinement = await confinementOrSkip();
const noChromium = executable('/usr/bin/chromium', 'chromium');

/** The real core behind the preload's API, the way main wires it, with Electron's IPC replaced by direct calls. */
async function pageApiOverCore(workspaceDir: string): Promise<{ recheck: RecheckApi; dispose(): void }> {
  const service = await createRecheckService({ workspaceDir });
  const byChannel = new Map<string, ApiMethod>(API_METHOD_NAMES.map((m) => [API_METHODS[m].channel, m]));
  const appPage = { senderFrame: { parent: null, url: 'app://recheck/index.html' } };
  const pageListeners = new Set<(event: unknown, e: RunEvent) => void>();
  const ipcRenderer = {
    // Electron's IPC copies with the structured clone algorithm, both ways.
    invoke: async (channel: string, ...args: unknown[]) =>
      structuredClone(await invokeApiMethod(service, byChannel.get(channel) as ApiMethod, appPage as never, structuredClone(args))),
    on: (channel: string, l: (event: unknown, e: RunEvent) => void) => {
      expect(channel).toBe(RUN_EVENT_CHANNEL);
      pageListeners.add(l);
    },
    removeListener: (_channel: string, l: (event: unknown, e: RunEvent) => void) => void pageListeners.delete(l),
  };
  const page = {
    isDestroyed: () => false,
    getURL: () => 'app://recheck/index.html',
    send: (_channel: string, e: RunEvent) => pageListeners.forEach((l) => l({}, structuredClone(e))),
  };
  const stop = forwardRunEvents(service, () => [page as never]);
  return {
    recheck: buildPreloadApi(ipcRenderer as never),
    dispose: () => {
      stop();
      service.dispose();
    },
  };
}

describe.skipIf(confinement === null || noChromium !== '')("the driver's page routine against the real core", () => {
  it('saves the programs, gets a result, an out-of-memory and a cancel, and a PDF; the driver prints them and quits', async () => {
    const ws = temp('recheck-smoke-ws-');
    cpSync(path.join(repo, 'cases', driver.CASE_ID), path.join(ws, driver.CASE_ID), {
      recursive: true,
      filter: (src) => !src.includes(`${path.sep}runs${path.sep}`),
    });
    const core = await pageApiOverCore(ws);
    try {
      const d = installed({ RECHECK_SMOKE_APP_DATA: '/tmp/ad', RECHECK_SMOKE_PDF: path.join(ws, 'letter.pdf') });
      // The page's world: only `recheck` (the preload's one global) and the language itself.
      const pageWorld = vm.createContext({ recheck: core.recheck });
      const contents = new FakeContents('app://recheck/index.html', (code) => vm.runInContext(code, pageWorld) as Promise<unknown>);
      d.emit('browser-window-created', { webContents: contents });
      d.emit('web-contents-created', contents);
      const sandboxPage = new FakeContents('app://recheck/sandbox/index.html');
      d.emit('web-contents-created', sandboxPage);
      sandboxPage.load();
      contents.load();
      const r = await d.result();
      expect(r, JSON.stringify(r)).toMatchObject({
        ok: true,
        page: 'app://recheck/index.html',
        sum: { end: { outcome: 'result', value: { sum: (1000 * 1001) / 2, seed: 7 } }, messages: 1 },
        oom: { end: { outcome: 'error', reason: 'out-of-memory' } },
        cancel: { end: { outcome: 'error', reason: 'killed', message: expect.stringMatching(/^cancelled/) } },
        pdf: { magic: '%PDF-', path: path.join(ws, 'letter.pdf') },
        sandboxPages: ['app://recheck/sandbox/index.html'],
      });
      const pdf = d.files.get(path.join(ws, 'letter.pdf'));
      expect(pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((r.pdf as { bytes: number }).bytes).toBe(pdf?.length);
      expect(d.calls.at(-1)).toBe('quit');
    } finally {
      core.dispose();
    }
  }, 180_000);
});
