// The desktop app built and packed as a release is (issue 26): `electron-vite build` into out/, then
// `electron-builder --dir` against a stand-in Electron distribution (the real one cannot be downloaded here). The
// stand-in binary carries Electron's fuse sentinel and Electron 45's default fuse wire, so the packed binary's wire
// can be read back. Checked: the fuses, the files in app.asar (no source maps, no tests), every runtime import of
// the packaged main process present in the package, and the sandbox sources beside it.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readResourceManifest, resourceProblems } from '../../main/resource-check';

const repo = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as {
  listPackage(archive: string, o?: unknown): string[];
  extractFile(archive: string, file: string): Buffer;
};
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Fuse order of wire version 1 (@electron/fuses FuseV1Options) and Electron 45's defaults. */
const FUSES = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
];
const DEFAULTS = '10110001';

const work = mkdtempSync(path.join(tmpdir(), 'recheck-pack-'));
const dist = path.join(work, 'electron-dist');
const out = path.join(work, 'packed');
let unpacked = '';
let archive = '';
let files: string[] = [];
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(args: string[]): void {
  const r = spawnSync(process.execPath, args, { cwd: repo, encoding: 'utf8', env: { ...process.env, ELECTRON_BUILDER_OFFLINE: 'true' } });
  if (r.status !== 0) throw new Error(`${args.slice(0, 2).join(' ')} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
}

beforeAll(() => {
  mkdirSync(path.join(dist, 'resources'), { recursive: true });
  writeFileSync(
    path.join(dist, 'electron'),
    Buffer.concat([
      Buffer.from('\x7fELF stand-in for the Electron binary\n'),
      Buffer.from(SENTINEL),
      Buffer.from([1, FUSES.length]),
      Buffer.from(DEFAULTS),
      Buffer.from('\n'),
    ]),
  );
  chmodSync(path.join(dist, 'electron'), 0o755);
  writeFileSync(path.join(dist, 'version'), '45.5.0');
  writeFileSync(path.join(dist, 'LICENSE'), 'MIT');
  run([path.join(repo, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '--logLevel', 'error']);
  run([path.join(repo, 'scripts', 'resource-manifest.mjs')]); // `npm run build` writes it after electron-vite
  run([
    path.join(repo, 'node_modules', 'electron-builder', 'cli.js'),
    '--dir',
    '--linux',
    `-c.electronDist=${dist}`,
    `-c.directories.output=${out}`,
  ]);
  unpacked = path.join(out, 'linux-unpacked');
  archive = path.join(unpacked, 'resources', 'app.asar');
  files = asar.listPackage(archive).map((f) => f.replace(/\\/g, '/'));
}, 600_000);

describe('the packed desktop app (electron-builder --dir, stand-in Electron)', () => {
  it('flips the fuses electron-builder.yml asks for in the packed binary', () => {
    const bin = readFileSync(path.join(unpacked, 'recheck'));
    const at = bin.indexOf(SENTINEL) + SENTINEL.length;
    expect(bin[at]).toBe(1);
    const wire = Object.fromEntries(FUSES.map((name, i) => [name, String.fromCharCode(bin[at + 2 + i] as number)]));
    expect(wire).toEqual({
      runAsNode: '0',
      enableCookieEncryption: '1',
      enableNodeOptionsEnvironmentVariable: '0',
      enableNodeCliInspectArguments: '0',
      enableEmbeddedAsarIntegrityValidation: '1',
      onlyLoadAppFromAsar: '1',
      loadBrowserProcessSpecificV8Snapshot: '0',
      grantFileProtocolExtraPrivileges: '0',
    });
  });

  it('holds the built app in app.asar, with no source map, test, or repository test file', () => {
    for (const f of [
      '/out/main/index.js',
      '/out/preload/index.cjs',
      '/out/preload/sandbox.cjs',
      '/out/renderer/index.html',
      '/out/renderer/sandbox/index.html',
      '/package.json',
    ])
      expect(files, f).toContain(f);
    const bad = files.filter(
      (f) =>
        /\.map$/.test(f) ||
        /\/(test|tests|__tests__|spec)(\/|$)/.test(f) ||
        /\.(test|spec|test-d)\.[cm]?[jt]s$/.test(f) ||
        /-(spec|tests)\.(js|ts|html)$/.test(f) ||
        f.startsWith('/test/') ||
        f.startsWith('/out/cli/'),
    );
    expect(bad).toEqual([]);
  });

  it('every runtime import of the packaged main process resolves inside the package', () => {
    const main = asar.extractFile(archive, 'out/main/index.js').toString('utf8');
    const specs = new Set<string>();
    for (const m of main.matchAll(/^\s*import\s+(?:[^'"]*?\s+from\s+)?["']([^"']+)["']/gm)) specs.add(m[1] as string);
    for (const m of main.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)) specs.add(m[1] as string);
    for (const m of main.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specs.add(m[1] as string);
    const builtins = new Set(builtinModules.flatMap((b) => [b, `node:${b}`]));
    const missing: string[] = [];
    for (const spec of specs) {
      if (spec === 'electron' || builtins.has(spec) || spec.startsWith('.')) continue;
      const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string);
      const inAsar = files.includes(`/node_modules/${pkg}/package.json`);
      const unpackedToo = existsSync(path.join(unpacked, 'resources', 'app.asar.unpacked', 'node_modules', pkg, 'package.json'));
      if (!inAsar && !unpackedToo) missing.push(spec);
    }
    expect(specs.size).toBeGreaterThan(3);
    expect(missing).toEqual([]);
  });

  it('ships the sandbox sources and the bundled cases beside app.asar, and esbuild unpacked', () => {
    const res = path.join(unpacked, 'resources');
    expect(existsSync(path.join(res, 'sandbox-sources', 'common', 'sandbox', 'protocol.ts'))).toBe(true);
    expect(existsSync(path.join(res, 'sandbox-sources', 'common', 'json', 'bounded.ts'))).toBe(true);
    expect(existsSync(path.join(res, 'sandbox-sources', 'app', 'sandbox', 'inside', 'node', 'runner.ts'))).toBe(true);
    expect(existsSync(path.join(res, 'sandbox-sources', 'checkers', 'exact', 'rational.ts'))).toBe(true);
    expect(existsSync(path.join(res, 'cases', 'paging-robustness', 'case.json'))).toBe(true);
    expect(existsSync(path.join(res, 'cases', 'paging-robustness', 'audit.jsonl'))).toBe(false);
    expect(existsSync(path.join(res, 'app.asar.unpacked', 'node_modules', 'esbuild', 'package.json'))).toBe(true);
  });

  it('carries the manifest of its trusted files outside app.asar inside app.asar, and the packed files pass the start-up check', () => {
    expect(files).toContain('/out/main/resource-manifest.json');
    const dir = mkdtempSync(path.join(work, 'manifest-'));
    const file = path.join(dir, 'resource-manifest.json');
    writeFileSync(file, asar.extractFile(archive, 'out/main/resource-manifest.json'));
    const manifest = readResourceManifest(file);
    const res = path.join(unpacked, 'resources');
    expect(Object.keys(manifest.files).length).toBeGreaterThan(50);
    expect(resourceProblems(res, manifest)).toEqual([]);
    // A file planted among the trusted sources is found, as a changed one is.
    const planted = path.join(res, 'sandbox-sources', 'checkers', 'planted.ts');
    writeFileSync(planted, 'export {};\n');
    try {
      expect(resourceProblems(res, manifest)).toEqual(['sandbox-sources/checkers/planted.ts: not part of the installation']);
    } finally {
      rmSync(planted);
    }
  });
});
