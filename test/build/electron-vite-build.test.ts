// Builds the main process and the preload with electron.vite.config.ts into a temporary folder (the renderer
// is built by its own tests) and checks what Electron will load: an ESM main bundle whose run-time imports the
// package will hold, and a self-contained CommonJS preload that works under the sandbox's restricted require.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { resolveConfig } from 'electron-vite';
import { load } from 'js-yaml';
import { build, type InlineConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_METHODS, API_METHOD_NAMES, RUN_EVENT_CHANNEL } from '../../common/api/methods';

const repo = path.resolve(import.meta.dirname, '../..');
const outDir = mkdtempSync(path.join(tmpdir(), 'recheck-evb-'));
let mainJs = '';
let preloadCjs = '';

beforeAll(async () => {
  const resolved = await resolveConfig(
    { configFile: path.join(repo, 'electron.vite.config.ts'), root: repo, build: { outDir }, logLevel: 'silent' },
    'build',
    'production',
  );
  for (const target of ['main', 'preload'] as const) {
    const config = resolved.config?.[target];
    if (!config) throw new Error(`electron.vite.config.ts has no ${target} config`);
    await build(config as InlineConfig);
  }
  mainJs = readFileSync(path.join(outDir, 'main', 'index.js'), 'utf8');
  preloadCjs = readFileSync(path.join(outDir, 'preload', 'index.cjs'), 'utf8');
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Bare module specifiers a bundle loads at run time (static imports and require calls). */
function runtimeImports(code: string): string[] {
  const specs = new Set<string>();
  for (const m of code.matchAll(/^\s*import\s+(?:[^'"]*?\s+from\s+)?["']([^"']+)["']/gm)) specs.add(m[1]!);
  for (const m of code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)) specs.add(m[1]!);
  for (const m of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specs.add(m[1]!);
  return [...specs].sort();
}
const packageName = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);

describe('electron-vite build of main and preload', () => {
  it('main bundle is ESM and imports only Electron, Node built-ins and packaged production dependencies', () => {
    expect(mainJs).toMatch(/^import .* from "electron";$/m);
    const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const builder = load(readFileSync(path.join(repo, 'electron-builder.yml'), 'utf8')) as { files: string[] };
    const excluded = builder.files.filter((f) => f.startsWith('!node_modules/')).map((f) => f.slice('!node_modules/'.length).split('{')[0]);
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    for (const spec of runtimeImports(mainJs)) {
      if (spec === 'electron' || builtins.has(spec)) continue;
      expect(spec.startsWith('.'), `${spec}: the main bundle must be one file`).toBe(false);
      expect(pkg.dependencies[packageName(spec)], `${spec} must be a production dependency`).toBeDefined();
      // esbuild, for one, is excluded as CLI-only; if the app needs it, drop the exclusion in electron-builder.yml
      // and add asarUnpack for its native binary (node_modules/esbuild, node_modules/@esbuild).
      expect(excluded, `${spec} is excluded from the package by electron-builder.yml`).not.toContain(packageName(spec));
    }
  });

  it('preload is a single CommonJS file that requires nothing but electron', () => {
    expect(preloadCjs).not.toMatch(/^\s*(import|export)\s/m);
    expect(runtimeImports(preloadCjs)).toEqual(['electron']);
    // Channels are derived (`recheck:<name>`) from the declarations bundled in: every method's declaration is there;
    // the next test runs the preload and sees each method invoke its channel.
    for (const m of API_METHOD_NAMES) expect(preloadCjs, m).toMatch(new RegExp(`\\b${m}\\b`));
    expect(API_METHODS.listCases.channel).toBe('recheck:listCases');
    expect(preloadCjs).toContain(JSON.stringify(RUN_EVENT_CHANNEL));
  });

  it('preload runs under a sandbox-like require and exposes exactly window.recheck', async () => {
    const exposed: [string, Record<string, unknown>][] = [];
    const invoked: unknown[][] = [];
    const electron = {
      contextBridge: { exposeInMainWorld: (k: string, v: Record<string, unknown>) => void exposed.push([k, v]) },
      ipcRenderer: {
        invoke: async (...a: unknown[]) => {
          invoked.push(a);
          return { ok: true, result: 'opened' };
        },
        on: () => undefined,
        removeListener: () => undefined,
      },
    };
    const sandboxRequire = (id: string) => {
      if (id === 'electron') return electron;
      throw new Error(`module not found in the sandbox: ${id}`);
    };
    const module = { exports: {} };
    vm.runInNewContext(`(function (require, module, exports) {${preloadCjs}\n})`, {})(sandboxRequire, module, module.exports);
    expect(exposed.map(([k]) => k)).toEqual(['recheck']);
    const api = exposed[0]![1];
    expect(Object.keys(api).sort()).toEqual([...API_METHOD_NAMES, 'onRunEvent'].sort());
    await expect((api.openCase as (id: string) => Promise<unknown>)('c1')).resolves.toBe('opened');
    expect(invoked).toEqual([[API_METHODS.openCase.channel, 'c1']]);
    // Every method invokes its own channel, `recheck:<name>`.
    for (const m of API_METHOD_NAMES) {
      invoked.length = 0;
      await (api[m] as (x: string) => Promise<unknown>)('x');
      expect(invoked, m).toEqual([[`recheck:${m}`, 'x']]);
    }
  });
});
