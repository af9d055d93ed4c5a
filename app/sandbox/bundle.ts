/**
 * Bundles an untrusted module (TypeScript or JavaScript) with the sandbox runner, a driver and the checkers
 * library into ONE ES module file in a fresh temporary folder, so the sandboxed Node process needs read
 * access to exactly that file and nothing else.
 *
 * What the untrusted module may import: files inside its own folder, the checkers library (`@recheck/checkers/...`,
 * or a relative `../checkers/...` path, which always means this installation's library), the pure libraries in PURE_PACKAGES, and harmless Node modules (SAFE_BUILTINS).
 * Other `node:*` imports are replaced by stub modules whose every export records a denied attempt naming
 * the module and function and throws. Anything else (a path outside the folder, another package) fails the
 * bundle: the host never reads files the module names outside its folder.
 */
import { build, type Plugin } from 'esbuild';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BadInputError } from '../errors';
import { sha256 } from '../fs/hash';
import type { DeniedResource } from './protocol';

const HERE = dirname(fileURLToPath(import.meta.url));
/** Repository root (app/sandbox/ -> ../..). */
export const REPO_ROOT = resolve(HERE, '..', '..');
const CHECKERS_DIR = join(REPO_ROOT, 'checkers');
const INSIDE_DIR = join(HERE, 'inside');
/** The default driver: calls the module's default export with (input, api). */
export const DEFAULT_DRIVER = join(INSIDE_DIR, 'call-default.ts');

// Name of the generated entry (esbuild reports it as importer resolveDir + name); not a real file.
const ENTRY_NAME = '<recheck-sandbox-entry>.ts';
const ENTRY_FILE = join(REPO_ROOT, ENTRY_NAME);

const SAFE_BUILTINS = new Set(['assert', 'assert/strict', 'buffer', 'events', 'path', 'path/posix', 'string_decoder', 'url', 'util', 'util/types', 'crypto', 'timers', 'timers/promises', 'perf_hooks']);
const PURE_PACKAGES = new Set(['decimal.js', 'mathjs', 'gmp-wasm', 'fraction.js']);

function resourceOf(builtin: string): DeniedResource {
  if (/^(fs|fs\/promises)$/.test(builtin)) return 'file';
  if (/^(net|http|https|http2|dgram|dns|dns\/promises|tls|_http_|_tls_)/.test(builtin)) return 'network';
  if (/^(child_process|cluster)$/.test(builtin)) return 'child-process';
  if (builtin === 'worker_threads') return 'worker';
  if (builtin === 'vm') return 'code-generation';
  if (/^(process|os|tty|readline|repl|sys)/.test(builtin)) return 'environment';
  return 'native-code';
}

const NODE_BUILTINS = new Set(builtinModules);

function builtinName(spec: string): string | null {
  const name = spec.startsWith('node:') ? spec.slice(5) : spec;
  return NODE_BUILTINS.has(name) ? name : null;
}

function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Source of the stub that replaces a denied Node module: every export records the attempt and throws. */
async function deniedModuleSource(builtin: string): Promise<string> {
  const resource = resourceOf(builtin);
  const real = (await import(/* @vite-ignore */ `node:${builtin}`)) as Record<string, unknown>;
  const names = Object.keys(real).filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
  const lines = [
    `const deny = globalThis[Symbol.for('recheck.sandbox.deniedExport')];`,
    ...names.map((n) => `export const ${n} = deny(${JSON.stringify(resource)}, ${JSON.stringify(`node:${builtin}`)}, ${JSON.stringify(n)});`),
    `export default new Proxy({}, { get: (_t, k) => typeof k === 'string' ? deny(${JSON.stringify(resource)}, ${JSON.stringify(`node:${builtin}`)}, k) : undefined });`,
  ];
  return lines.join('\n');
}

function confinePlugin(userRoot: string, target: BundleTarget): Plugin {
  const trustedDirs = [INSIDE_DIR, CHECKERS_DIR, join(REPO_ROOT, 'node_modules')];
  const isTrusted = (file: string): boolean => trustedDirs.some((d) => isInside(file, d));
  return {
    name: 'recheck-sandbox-confine',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point' || args.namespace === 'denied-builtin' || args.pluginData === 'resolved') return undefined;
        const builtin = builtinName(args.path);
        // The generated entry (stdin) and trusted files resolve normally; the untrusted module's imports are confined.
        const fromUser = args.namespace === 'file' && args.importer !== ENTRY_FILE && !isTrusted(args.importer);
        if (builtin !== null) {
          // A Web Worker has no Node modules at all: every builtin becomes a stub that names the attempt.
          if (target === 'worker') return { path: builtin, namespace: 'denied-builtin' };
          if (!fromUser || SAFE_BUILTINS.has(builtin)) return { path: `node:${builtin}`, external: true };
          return { path: builtin, namespace: 'denied-builtin' };
        }
        if (!fromUser) return undefined;
        let spec = args.path;
        if (spec.startsWith('@recheck/checkers/')) spec = join(CHECKERS_DIR, spec.slice('@recheck/checkers/'.length));
        // `../../../checkers/x` from a case's sandbox/ means the checkers library, wherever the case was copied.
        const toCheckers = /^(?:\.\.\/)+checkers\/(.+)$/.exec(spec);
        if (toCheckers?.[1] !== undefined) spec = join(CHECKERS_DIR, toCheckers[1]);
        const bare = !spec.startsWith('.') && !isAbsolute(spec);
        if (bare) {
          const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? spec);
          if (!PURE_PACKAGES.has(pkg)) return { errors: [{ text: `import "${args.path}" is not available in the sandbox (allowed packages: ${[...PURE_PACKAGES].join(', ')})` }] };
          return await b.resolve(spec, { resolveDir: REPO_ROOT, kind: args.kind, pluginData: 'resolved' });
        }
        const r = await b.resolve(spec, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: 'resolved' });
        if (r.errors.length > 0) return { errors: r.errors };
        if (!isInside(r.path, userRoot) && !isInside(r.path, CHECKERS_DIR)) {
          return { errors: [{ text: `import "${args.path}" leaves the module's folder (only its own folder and checkers/ are readable)` }] };
        }
        return r;
      });
      b.onLoad({ filter: /.*/, namespace: 'denied-builtin' }, async (args) => ({ contents: await deniedModuleSource(args.path), loader: 'js' }));
    },
  };
}

/** A bundled sandbox program on disk. `cleanup()` removes its temporary folder. */
export interface BundledProgram {
  readonly file: string;
  readonly dir: string;
  /** sha256 of the bundled code (untrusted module + runner + driver + libraries). */
  readonly codeHash: string;
  /** sha256 of the untrusted module's own source text. */
  readonly moduleHash: string;
  cleanup(): Promise<void>;
}

/** Where the bundle runs: the headless Node child (stdio protocol) or a browser Web Worker (postMessage). */
export type BundleTarget = 'node' | 'worker';

export interface BundleOptions {
  /** Absolute path of the untrusted module (.ts, .mts, .js, .mjs). */
  modulePath: string;
  /** Trusted driver module exporting `drive` (default: call the default export). */
  driverPath?: string;
  /** Folder the module may import from (default: the module's own folder). */
  root?: string;
  /** Runtime of the bundle (default 'node'). */
  target?: BundleTarget;
}

/** A bundled sandbox program as text. */
export interface BundledSource {
  /** One ES module: guards + untrusted module + driver + runner + libraries. */
  readonly code: string;
  /** sha256 of `code`. */
  readonly codeHash: string;
  /** sha256 of the untrusted module's own source text. */
  readonly moduleHash: string;
}

function entrySource(modulePath: string, driverPath: string, target: BundleTarget): string {
  if (target === 'worker') {
    return [
      `import ${JSON.stringify(join(INSIDE_DIR, 'worker-guards.ts'))};`,
      `import * as user from ${JSON.stringify(modulePath)};`,
      `import { drive } from ${JSON.stringify(driverPath)};`,
      `import { runInWorker } from ${JSON.stringify(join(INSIDE_DIR, 'worker-runner.ts'))};`,
      `runInWorker(user, drive);`,
    ].join('\n');
  }
  return [
    `import ${JSON.stringify(join(INSIDE_DIR, 'guards.ts'))};`,
    `import * as user from ${JSON.stringify(modulePath)};`,
    `import { drive } from ${JSON.stringify(driverPath)};`,
    `import { runProgram } from ${JSON.stringify(join(INSIDE_DIR, 'runner.ts'))};`,
    `await runProgram(user, drive);`,
  ].join('\n');
}

/**
 * Bundles the module with the runner for `options.target` into one file, in memory: an ES module for
 * 'node', a classic script for 'worker' (for `new Worker(blobUrl)`; it waits for one RunRequest posted as a
 * JSON string). Throws BadInputError naming the module for syntax errors and forbidden imports.
 * Example: `const { code } = await bundleSource({ modulePath, target: 'worker' })`.
 */
export async function bundleSource(options: BundleOptions): Promise<BundledSource> {
  const modulePath = resolve(options.modulePath);
  const driverPath = options.driverPath ?? DEFAULT_DRIVER;
  const userRoot = options.root ?? dirname(modulePath);
  const target = options.target ?? 'node';
  let text: string;
  try {
    const out = await build({
      stdin: { contents: entrySource(modulePath, driverPath, target), resolveDir: REPO_ROOT, loader: 'ts', sourcefile: ENTRY_NAME },
      bundle: true,
      write: false,
      // A worker bundle is a classic script: a module worker from a blob: URL failed to load in the sandbox
      // page's opaque origin (Chromium), classic ones do. The module then cannot use top-level await.
      ...(target === 'worker' ? { platform: 'browser', target: 'es2022', format: 'iife' } : { platform: 'node', target: 'node20', format: 'esm' }),
      logLevel: 'silent',
      absWorkingDir: REPO_ROOT,
      loader: { '.ts': 'ts', '.mts': 'ts', '.js': 'js', '.mjs': 'js', '.json': 'json' },
      plugins: [confinePlugin(userRoot, target)],
    });
    text = out.outputFiles[0]?.text ?? '';
  } catch (err) {
    const errors = (err as { errors?: { text: string; location?: { file: string; line: number } | null }[] }).errors ?? [];
    const first = errors[0];
    const where = first?.location ? `${first.location.file.split(sep).pop()}:${first.location.line}: ` : '';
    throw new BadInputError(modulePath, `cannot be bundled for the sandbox: ${where}${first?.text ?? String(err)}`);
  }
  return { code: text, codeHash: sha256(text), moduleHash: sha256(await readFile(modulePath)) };
}

/**
 * Bundles the module into `<tmp>/recheck-sandbox-XXXX/program.mjs`. Throws BadInputError naming the module
 * for syntax errors and forbidden imports. Example: `const p = await bundleProgram({ modulePath }); ...; await p.cleanup();`
 */
export async function bundleProgram(options: BundleOptions): Promise<BundledProgram> {
  const { code: text, codeHash, moduleHash } = await bundleSource(options);
  const dir = await mkdtemp(join(tmpdir(), 'recheck-sandbox-'));
  const file = join(dir, 'program.mjs');
  await writeFile(file, text, { mode: 0o444 });
  return { file, dir, codeHash, moduleHash, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
