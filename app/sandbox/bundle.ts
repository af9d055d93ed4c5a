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
 *
 * The trusted sources (the runner in app/sandbox/inside/, the checkers library, the pure packages) are read
 * from the folders in `sandboxSources()`: the checkout by default, the packaged app's resources once the
 * Electron main process has called `configureSandboxSources` (see main/paths.ts and electron-builder.yml).
 */
import type * as EsbuildApi from 'esbuild';
import type { Plugin } from 'esbuild';
import { existsSync, realpathSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BadInputError } from '../errors';
import { sha256 } from '../fs/hash';
import type { DeniedResource } from './protocol';

const HERE = dirname(fileURLToPath(import.meta.url));
/**
 * Repository root as seen from this file: app/sandbox/ -> ../.. from a checkout run through tsx, and also
 * out/main/ -> ../.. when this file is bundled into the electron-vite output (out/main/index.js) of a checkout.
 */
export const REPO_ROOT = resolve(HERE, '..', '..');

/**
 * Where the sandbox's trusted sources live. esbuild reads them as real files at bundle time, so in the
 * packaged app they cannot be inside app.asar: electron-builder.yml ships them as extraResources
 * (resources/sandbox-sources) and unpacks the pure packages (resources/app.asar.unpacked/node_modules).
 */
export interface SandboxSources {
  /** Folder holding `checkers/` and `app/sandbox/inside/` (the repository root in a checkout). */
  readonly root: string;
  /** node_modules folders the pure packages (PURE_PACKAGES) and their dependencies resolve from, in order. */
  readonly nodeModules: readonly string[];
  /**
   * esbuild's native binary as a real file (packaged app: under app.asar.unpacked). Electron cannot spawn a
   * path inside app.asar, so this becomes ESBUILD_BINARY_PATH before esbuild is first loaded. Absent: esbuild
   * finds its own binary (checkout).
   */
  readonly esbuildBinary?: string;
}

/** Today's checkout layout: sources and node_modules under the repository root. */
export const CHECKOUT_SANDBOX_SOURCES: SandboxSources = { root: REPO_ROOT, nodeModules: [join(REPO_ROOT, 'node_modules')] };

let sources: SandboxSources = CHECKOUT_SANDBOX_SOURCES;
let esbuildLoaded: Promise<typeof EsbuildApi> | null = null;

/**
 * Points the bundler at the sandbox sources. The Electron main process calls it once at start-up with the
 * packaged location (main/paths.ts); without a call, or with `undefined`, the checkout layout applies.
 * Guarantee: later bundles read trusted sources only under `root` and packages only from `nodeModules`.
 * Example: `configureSandboxSources({ root: '/opt/Recheck/resources/sandbox-sources', nodeModules: ['/opt/Recheck/resources/app.asar.unpacked/node_modules'] })`.
 */
export function configureSandboxSources(s: SandboxSources | undefined): void {
  const next = s ?? CHECKOUT_SANDBOX_SOURCES;
  if (next.esbuildBinary !== undefined) {
    if (esbuildLoaded !== null && process.env.ESBUILD_BINARY_PATH !== next.esbuildBinary) {
      throw new Error('configureSandboxSources: esbuildBinary must be set before the first bundle (esbuild reads it once, when it loads)');
    }
    process.env.ESBUILD_BINARY_PATH = next.esbuildBinary;
  }
  sources = { root: resolve(next.root), nodeModules: next.nodeModules.map((d) => resolve(d)), ...(next.esbuildBinary !== undefined ? { esbuildBinary: next.esbuildBinary } : {}) };
}

/** The sandbox sources in effect. Example: `sandboxSources().root` is the repository root in a checkout. */
export function sandboxSources(): SandboxSources {
  return sources;
}

/**
 * Absolute path of a trusted sandbox source file, given relative to the sources root, for drivers outside
 * inside/ (electron-builder.yml ships app/sandbox/audit/*-driver.ts too).
 * Example: `sandboxSourceFile('app/sandbox/audit/divergence-driver.ts')`.
 */
export function sandboxSourceFile(relativePath: string): string {
  return join(sources.root, relativePath);
}


// Name of the generated entry (esbuild reports it as importer resolveDir + name); not a real file.
const ENTRY_NAME = '<recheck-sandbox-entry>.ts';

/** Source folders of one bundle, checked to exist and with symlinks resolved (esbuild reports real paths). */
interface SourceDirs {
  readonly root: string;
  readonly inside: string;
  readonly checkers: string;
  readonly nodeModules: readonly string[];
  readonly entryFile: string;
}

function existingDir(dir: string, what: string): string {
  if (!existsSync(dir)) {
    throw new BadInputError(dir, `${what} not found: the sandbox sources are incomplete (configured root ${sources.root}); reinstall, or fix configureSandboxSources`);
  }
  return realpathSync(dir);
}

function sourceDirs(): SourceDirs {
  const root = existingDir(sources.root, 'sandbox sources folder');
  const checkers = existingDir(join(sources.root, 'checkers'), 'checkers library folder');
  const inside = existingDir(join(sources.root, 'app', 'sandbox', 'inside'), 'sandbox runner folder');
  const nodeModules = sources.nodeModules.map((d) => existingDir(d, 'node_modules folder of the sandbox packages'));
  return { root, inside, checkers, nodeModules, entryFile: join(root, ENTRY_NAME) };
}

/** esbuild, loaded on first use so that a configured ESBUILD_BINARY_PATH is in place when it reads it. */
function loadEsbuild(): Promise<typeof EsbuildApi> {
  esbuildLoaded ??= import('esbuild');
  return esbuildLoaded;
}
const SAFE_BUILTINS = new Set(['assert', 'assert/strict', 'buffer', 'events', 'path', 'path/posix', 'string_decoder', 'url', 'util', 'util/types', 'crypto', 'timers', 'timers/promises', 'perf_hooks']);
/** npm packages an untrusted module may import (pure computation; their dependencies ship with them). */
export const PURE_PACKAGES: ReadonlySet<string> = new Set(['decimal.js', 'mathjs', 'gmp-wasm', 'fraction.js']);

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

function packageName(spec: string): string {
  return spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? spec);
}

function confinePlugin(dirs: SourceDirs, userRoot: string, target: BundleTarget): Plugin {
  const trustedDirs = [dirs.inside, dirs.checkers, ...dirs.nodeModules];
  const isTrusted = (file: string): boolean => trustedDirs.some((d) => isInside(file, d));
  // Packages resolve from the configured node_modules (first folder, then the others through nodePaths),
  // never from a node_modules that happens to lie above the sources root.
  const packageResolveDir = dirs.nodeModules[0] !== undefined ? dirname(dirs.nodeModules[0]) : dirs.root;
  return {
    name: 'recheck-sandbox-confine',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point' || args.namespace === 'denied-builtin' || args.pluginData === 'resolved') return undefined;
        const builtin = builtinName(args.path);
        // The generated entry (stdin) and trusted files resolve normally; the untrusted module's imports are confined.
        const fromUser = args.namespace === 'file' && args.importer !== dirs.entryFile && !isTrusted(args.importer);
        const fromSources = args.namespace === 'file' && (isInside(args.importer, dirs.inside) || isInside(args.importer, dirs.checkers));
        if (builtin !== null) {
          // A Web Worker has no Node modules at all: every builtin becomes a stub that names the attempt.
          if (target === 'worker') return { path: builtin, namespace: 'denied-builtin' };
          if (!fromUser || SAFE_BUILTINS.has(builtin)) return { path: `node:${builtin}`, external: true };
          return { path: builtin, namespace: 'denied-builtin' };
        }
        const isBare = (spec: string): boolean => !spec.startsWith('.') && !isAbsolute(spec);
        if (fromSources && isBare(args.path)) {
          return await b.resolve(args.path, { resolveDir: packageResolveDir, kind: args.kind, pluginData: 'resolved' });
        }
        if (!fromUser) return undefined;
        let spec = args.path;
        if (spec.startsWith('@recheck/checkers/')) spec = join(dirs.checkers, spec.slice('@recheck/checkers/'.length));
        // `../../../checkers/x` from a case's sandbox/ means the checkers library, wherever the case was copied.
        const toCheckers = /^(?:\.\.\/)+checkers\/(.+)$/.exec(spec);
        if (toCheckers?.[1] !== undefined) spec = join(dirs.checkers, toCheckers[1]);
        if (isBare(spec)) {
          const pkg = packageName(spec);
          if (!PURE_PACKAGES.has(pkg)) return { errors: [{ text: `import "${args.path}" is not available in the sandbox (allowed packages: ${[...PURE_PACKAGES].join(', ')})` }] };
          return await b.resolve(spec, { resolveDir: packageResolveDir, kind: args.kind, pluginData: 'resolved' });
        }
        const r = await b.resolve(spec, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: 'resolved' });
        if (r.errors.length > 0) return { errors: r.errors };
        if (!isInside(r.path, userRoot) && !isInside(r.path, dirs.checkers)) {
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

function entrySource(inside: string, modulePath: string, driverPath: string, target: BundleTarget): string {
  if (target === 'worker') {
    return [
      `import ${JSON.stringify(join(inside, 'worker-guards.ts'))};`,
      `import * as user from ${JSON.stringify(modulePath)};`,
      `import { drive } from ${JSON.stringify(driverPath)};`,
      `import { runInWorker } from ${JSON.stringify(join(inside, 'worker-runner.ts'))};`,
      `runInWorker(user, drive);`,
    ].join('\n');
  }
  return [
    `import ${JSON.stringify(join(inside, 'guards.ts'))};`,
    `import * as user from ${JSON.stringify(modulePath)};`,
    `import { drive } from ${JSON.stringify(driverPath)};`,
    `import { runProgram } from ${JSON.stringify(join(inside, 'runner.ts'))};`,
    `await runProgram(user, drive);`,
  ].join('\n');
}

/**
 * Bundles the module with the runner for `options.target` into one file, in memory: an ES module for
 * 'node', a classic script for 'worker' (for `new Worker(blobUrl)`; it waits for one RunRequest posted as a
 * JSON string). Throws BadInputError naming the module for syntax errors and forbidden imports, and naming
 * the folder when a configured sandbox source folder is missing.
 * Example: `const { code } = await bundleSource({ modulePath, target: 'worker' })`.
 */
export async function bundleSource(options: BundleOptions): Promise<BundledSource> {
  const modulePath = resolve(options.modulePath);
  const dirs = sourceDirs();
  const driverPath = options.driverPath ?? join(dirs.inside, 'call-default.ts');
  const userRoot = options.root ?? dirname(modulePath);
  const target = options.target ?? 'node';
  const { build } = await loadEsbuild();
  let text: string;
  try {
    const out = await build({
      stdin: { contents: entrySource(dirs.inside, modulePath, driverPath, target), resolveDir: dirs.root, loader: 'ts', sourcefile: ENTRY_NAME },
      bundle: true,
      write: false,
      // A worker bundle is a classic script: a module worker from a blob: URL failed to load in the sandbox
      // page's opaque origin (Chromium), classic ones do. The module then cannot use top-level await.
      ...(target === 'worker' ? { platform: 'browser', target: 'es2022', format: 'iife' } : { platform: 'node', target: 'node20', format: 'esm' }),
      logLevel: 'silent',
      absWorkingDir: dirs.root,
      nodePaths: [...dirs.nodeModules],
      loader: { '.ts': 'ts', '.mts': 'ts', '.js': 'js', '.mjs': 'js', '.json': 'json' },
      plugins: [confinePlugin(dirs, userRoot, target)],
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
