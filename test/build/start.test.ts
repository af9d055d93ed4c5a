// `npm start` decisions (scripts/start.mjs planStart) on fixture folders: Electron where its binary is
// installed, browser mode otherwise, and a build only when outputs are missing or older than sources.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript module without type declarations
import { fetchThenPlan, findElectronBinary, needsBuild, planStart } from '../../scripts/start.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function write(file: string, text = '', mtimeS?: number): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (mtimeS !== undefined) utimesSync(file, mtimeS, mtimeS);
}

/** A repository-like folder; the electron package's index.js leaves a marker if anything runs it. */
function fixture(o: { pathTxt?: boolean; binary?: boolean; built?: boolean } = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), 'recheck-start-'));
  roots.push(root);
  write(path.join(root, 'package.json'), '{"name":"fx","type":"module"}');
  const el = path.join(root, 'node_modules', 'electron');
  write(path.join(el, 'package.json'), '{"name":"electron","main":"index.js"}');
  write(path.join(el, 'index.js'), `require('fs').writeFileSync(${JSON.stringify(path.join(root, 'ran-electron'))}, 'x')`);
  if (o.pathTxt) write(path.join(el, 'path.txt'), 'electron');
  if (o.binary) write(path.join(el, 'dist', 'electron'), '#!/bin/sh');
  for (const src of ['renderer/main.tsx', 'main/index.ts', 'common/api/contract.ts', 'common/api/methods.ts', 'checkers/x.ts']) {
    write(path.join(root, src), '', 1_000);
  }
  if (o.built) {
    for (const out of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']) write(path.join(root, out), '', 2_000);
  }
  return root;
}

const display = { DISPLAY: ':0' };

describe('findElectronBinary', () => {
  it('reports the missing piece and never runs the electron package', () => {
    const none = fixture();
    expect(findElectronBinary(none, {})).toEqual({ missing: path.join('node_modules', 'electron', 'path.txt') + ' is absent' });
    const noDist = fixture({ pathTxt: true });
    expect(findElectronBinary(noDist, {})).toEqual({ missing: path.join('node_modules', 'electron', 'dist', 'electron') + ' is absent' });
    const ok = fixture({ pathTxt: true, binary: true });
    expect(findElectronBinary(ok, {})).toEqual({ path: path.join(ok, 'node_modules', 'electron', 'dist', 'electron') });
    for (const r of [none, noDist, ok]) expect(existsSync(path.join(r, 'ran-electron'))).toBe(false);
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH like the electron package does', () => {
    const root = fixture();
    const dist = path.join(root, 'custom-dist');
    write(path.join(dist, 'electron'));
    expect(findElectronBinary(root, { ELECTRON_OVERRIDE_DIST_PATH: dist })).toEqual({ path: path.join(dist, 'electron') });
  });
});

describe('planStart', () => {
  it('launches Electron on the repository when the binary exists and out/ is current', () => {
    const root = fixture({ pathTxt: true, binary: true, built: true });
    const plan = planStart({ root, env: display, platform: 'linux', node: 'node' });
    expect(plan.mode).toBe('electron');
    expect(plan.notice).toBeUndefined();
    expect(plan.build).toBeNull();
    expect(plan.launch).toEqual({ command: path.join(root, 'node_modules', 'electron', 'dist', 'electron'), args: [root] });
  });

  it('builds with electron-vite first when an output is missing or stale', () => {
    const root = fixture({ pathTxt: true, binary: true, built: true });
    write(path.join(root, 'main', 'index.ts'), '', 3_000);
    const plan = planStart({ root, env: display, platform: 'linux', node: 'node' });
    expect(plan.build?.args.slice(0, 2)).toEqual([path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build']);
  });

  it('counts common/ as a source: the API contract and the sandbox protocol are bundled into main, preloads and renderer', () => {
    const root = fixture({ pathTxt: true, binary: true, built: true });
    write(path.join(root, 'common', 'api', 'methods.ts'), '', 3_000);
    expect(planStart({ root, env: display, platform: 'linux', node: 'node' }).build).not.toBeNull();
  });

  it('without the binary: one notice line, then recheck serve (which builds the UI itself) with the extra arguments', () => {
    const root = fixture();
    const plan = planStart({ root, env: display, platform: 'linux', argv: ['--port', '0'], node: 'node' });
    expect(plan.mode).toBe('browser');
    expect(plan.notice).toMatch(
      /^recheck: the Electron binary is not installed \(.*path\.txt is absent\); starting browser mode instead\.$/,
    );
    expect(plan.notice).not.toContain('\n');
    expect(plan.build).toBeNull(); // app/server/renderer-build.ts, run by serve (test/app/cli/serve.test.ts)
    expect(plan.launch).toEqual({ command: 'node', args: [path.join(root, 'bin', 'recheck.mjs'), 'serve', '--port', '0'] });
  });

  it('falls back to browser mode on Linux without a display, or when asked to', () => {
    const root = fixture({ pathTxt: true, binary: true, built: true });
    expect(planStart({ root, env: {}, platform: 'linux' }).notice).toContain('no display');
    expect(planStart({ root, env: { WAYLAND_DISPLAY: 'wayland-0' }, platform: 'linux' }).mode).toBe('electron');
    expect(planStart({ root, env: {}, platform: 'darwin' }).mode).toBe('electron');
    expect(planStart({ root, env: { ...display, RECHECK_MODE: 'browser' }, platform: 'linux' }).mode).toBe('browser');
  });
});

describe('needsBuild', () => {
  it('compares the oldest output with the newest source', () => {
    const root = fixture({ built: true });
    const outs = [path.join(root, 'out', 'main', 'index.js')];
    expect(needsBuild(outs, [path.join(root, 'main')])).toBe(false);
    write(path.join(root, 'main', 'new.ts'), '', 2_500);
    expect(needsBuild(outs, [path.join(root, 'main')])).toBe(true);
    expect(needsBuild([path.join(root, 'out', 'nope.js')], [])).toBe(true);
  });
});

describe('fetching Electron with its own installer (a stand-in installer here: the real one cannot download on these machines)', () => {
  /** A fixture whose electron package has an install.js: `ok` writes path.txt and dist/electron, else it fails as offline. */
  function withInstaller(ok: boolean): string {
    const root = fixture({ built: true });
    const el = path.join(root, 'node_modules', 'electron');
    const script = ok
      ? `const fs = require('fs'), p = require('path'); fs.mkdirSync(p.join(__dirname, 'dist'), { recursive: true }); fs.writeFileSync(p.join(__dirname, 'dist', 'electron'), '#!/bin/sh'); fs.writeFileSync(p.join(__dirname, 'path.txt'), 'electron'); console.log('Downloading electron-v45.5.0-linux-x64.zip: 100%');`
      : `console.error('HTTPError: Response code 404'); console.error('RequestError: getaddrinfo EAI_AGAIN github.com'); console.error('    at ClientRequest.<anonymous>'); process.exit(1);`;
    write(path.join(el, 'install.js'), script);
    return root;
  }

  it('plans a fetch (one line saying so) only with a display, an installer, and no opt-out', () => {
    const root = withInstaller(true);
    const plan = planStart({ root, env: display, platform: 'linux', node: 'node' });
    expect(plan.mode).toBe('fetch');
    expect(plan.notice).toMatch(/^recheck: the Electron binary is not installed \(.*\); fetching it with Electron's own installer/);
    expect(plan.fetch).toEqual({ command: 'node', args: [path.join(root, 'node_modules', 'electron', 'install.js')] });
    expect(planStart({ root, env: {}, platform: 'linux' }).mode).toBe('browser'); // no display: nothing to open
    expect(planStart({ root, env: { ...display, RECHECK_NO_ELECTRON_DOWNLOAD: '1' }, platform: 'linux' }).mode).toBe('browser');
    expect(planStart({ root, env: { ...display, RECHECK_MODE: 'browser' }, platform: 'linux' }).mode).toBe('browser');
  });

  it('a successful fetch opens the desktop app', () => {
    const root = withInstaller(true);
    let said = '';
    const plan = fetchThenPlan(
      { root, env: display, platform: 'linux', node: process.execPath },
      spawnSync,
      (t: string) => void (said += t),
    );
    expect(plan.mode).toBe('electron');
    expect(plan.launch.command).toBe(path.join(root, 'node_modules', 'electron', 'dist', 'electron'));
    expect(said).toMatch(/fetching it with Electron's own installer/);
  });

  it("offline: one line naming the installer's error, then browser mode", () => {
    const root = withInstaller(false);
    let said = '';
    const plan = fetchThenPlan(
      { root, env: display, platform: 'linux', node: process.execPath },
      spawnSync,
      (t: string) => void (said += t),
    );
    expect(plan.mode).toBe('browser');
    expect(plan.notice).toBeUndefined();
    const lines = said.trim().split('\n');
    expect(lines).toHaveLength(2); // "fetching ..." and the one line of the failure
    expect(lines[1]).toBe("recheck: could not fetch Electron's binary (HTTPError: Response code 404); starting browser mode instead.");
  });
});
