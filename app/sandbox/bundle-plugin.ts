/**
 * The esbuild plugin that makes bundling part of the sandbox. esbuild never opens a file on its own here: every
 * file of the bundle is resolved by the rules below and read by `readRegularFile` (regular files only, after
 * realpath, under a per-file and a total size cap), so untrusted code cannot make the host read a secret,
 * hang on a fifo or fill memory from a device before any sandbox starts.
 *
 * What an untrusted module (the "user" side) may import:
 * - files inside its root folder (relative or absolute specifiers, resolved by our own resolver: the exact
 *   file, then the extensions .ts .mts .js .mjs .json, then index files; no package.json lookups);
 * - the checkers library (`@recheck/checkers/x`, or `../../checkers/x` from a case's sandbox/ folder);
 * - the pure packages (PURE_PACKAGES) and sub-paths of them, resolved from the trusted node_modules and kept
 *   inside that package's own installed folder after realpath (`decimal.js/../../x` is refused);
 * - harmless Node modules (SAFE_BUILTINS); any other `node:*` import becomes a stub that records the attempt.
 * Refused outright: URL specifiers (`data:`, `blob:`, `http:`, `file:`), import attributes (`with { type:
 * 'text' }` and friends; `type: 'json'` on a .json file is allowed), NUL bytes and backslashes.
 * Trusted files (the runner in inside/, the checkers, the packages' own files) resolve normally among
 * themselves, but are still read by the same capped reader.
 */
import type { Loader, OnResolveArgs, OnResolveResult, Plugin, PluginBuild } from 'esbuild';
import { lstat, realpath } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, extname, isAbsolute, join, resolve } from 'node:path';
import { isInside, readRegularFile } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { shown } from '../text/display';
import { resourceOfBuiltin } from './inside/denial';

/** npm packages an untrusted module may import (pure computation; their dependencies ship with them). */
export const PURE_PACKAGES: ReadonlySet<string> = new Set(['decimal.js', 'mathjs', 'gmp-wasm', 'fraction.js']);

/** Node modules an untrusted module may import as they are (no file, network, process or code access). */
const SAFE_BUILTINS = new Set([
  'assert',
  'assert/strict',
  'buffer',
  'events',
  'path',
  'path/posix',
  'string_decoder',
  'url',
  'util',
  'util/types',
  'crypto',
  'timers',
  'timers/promises',
  'perf_hooks',
]);

/** Largest single source file read into a bundle, and the most read in all. */
export const MAX_SOURCE_BYTES = 16 * 1024 * 1024;
export const MAX_TOTAL_SOURCE_BYTES = 96 * 1024 * 1024;

const EXTENSIONS = ['.ts', '.mts', '.js', '.mjs', '.json'];
const LOADERS: Record<string, Loader> = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.json': 'json',
};
const NODE_BUILTINS = new Set(builtinModules);
const URL_SPECIFIER = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The folders one bundle may read, with symlinks resolved. */
export interface ConfineDirs {
  /** The runner (app/sandbox/inside) and the checkers library: trusted sources. */
  readonly inside: string;
  readonly checkers: string;
  /** Trusted node_modules folders, in resolution order. */
  readonly nodeModules: readonly string[];
  /** Folder holding trusted drivers outside inside/ (app/sandbox/audit). */
  readonly drivers: string;
  /** Single trusted files the runner imports from outside inside/ (the protocol, the bounded JSON reader). */
  readonly trustedFiles: readonly string[];
  /** The generated entry's (virtual) path. */
  readonly entryFile: string;
  /** The untrusted module (real path) and the folder it may import from (real path). */
  readonly modulePath: string;
  readonly userRoot: string;
}

/** Where the bundle runs: the headless Node child or a browser Web Worker. */
export type BundleTarget = 'node' | 'worker';

/** What the plugin saw: the untrusted module's own source text (for its hash). */
export interface ConfineRecord {
  moduleSource: Buffer | null;
  totalBytes: number;
}

function builtinName(spec: string): string | null {
  const name = spec.startsWith('node:') ? spec.slice(5) : spec;
  return NODE_BUILTINS.has(name) ? name : null;
}

/** Source of the stub that replaces a denied Node module: every export records the attempt and throws. */
async function deniedModuleSource(builtin: string): Promise<string> {
  const resource = resourceOfBuiltin(builtin);
  const real = (await import(/* @vite-ignore */ `node:${builtin}`)) as Record<string, unknown>;
  const names = Object.keys(real).filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
  const lines = [
    `const deny = globalThis[Symbol.for('recheck.sandbox.deniedExport')];`,
    ...names.map(
      (n) => `export const ${n} = deny(${JSON.stringify(resource)}, ${JSON.stringify(`node:${builtin}`)}, ${JSON.stringify(n)});`,
    ),
    `export default new Proxy({}, { get: (_t, k) => typeof k === 'string' ? deny(${JSON.stringify(resource)}, ${JSON.stringify(`node:${builtin}`)}, k) : undefined });`,
  ];
  return lines.join('\n');
}

function packageName(spec: string): string {
  return spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? spec);
}

function refuse(text: string): OnResolveResult {
  return { errors: [{ text }] };
}

/** The real path of a regular file, or null when `path` is missing or not a regular file. */
async function regularFile(path: string): Promise<string | null> {
  try {
    const real = await realpath(path);
    return (await lstat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

/** Our own resolver for the user side: exact, then with extensions, then index files. No package.json. */
async function resolveUserFile(base: string): Promise<{ found: string; asked: string } | null> {
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, `index${e}`))];
  for (const c of candidates) {
    const real = await regularFile(c);
    if (real !== null) return { found: real, asked: c };
  }
  return null;
}

/**
 * The confinement plugin for one bundle. `record` receives the untrusted module's source as read.
 * Example: `plugins: [confinePlugin(dirs, 'node', record)]`.
 */
export function confinePlugin(dirs: ConfineDirs, target: BundleTarget, record: ConfineRecord): Plugin {
  const trustedDirs = [dirs.inside, dirs.checkers, dirs.drivers, ...dirs.nodeModules];
  const isTrusted = (file: string): boolean => trustedDirs.some((d) => isInside(file, d)) || dirs.trustedFiles.includes(file);
  // Packages resolve from the configured node_modules (first folder, then the others through nodePaths),
  // never from a node_modules that happens to lie above the sources root.
  const packageResolveDir = dirs.nodeModules[0] !== undefined ? dirname(dirs.nodeModules[0]) : dirs.inside;

  const resolvePackage = async (b: PluginBuild, args: OnResolveArgs, spec: string): Promise<OnResolveResult> => {
    const pkg = packageName(spec);
    if (!PURE_PACKAGES.has(pkg))
      return refuse(`import "${shown(args.path)}" is not available in the sandbox (allowed packages: ${[...PURE_PACKAGES].join(', ')})`);
    if (spec.split('/').some((s) => s === '.' || s === '..' || s === ''))
      return refuse(`import "${shown(args.path)}" is not allowed: a package sub-path may not contain "." or ".." segments`);
    const r = await b.resolve(spec, { resolveDir: packageResolveDir, kind: args.kind, pluginData: 'resolved' });
    if (r.errors.length > 0) return { errors: r.errors };
    const real = await regularFile(r.path);
    const homes = await Promise.all(dirs.nodeModules.map((d) => realpath(join(d, pkg)).catch(() => null)));
    if (real === null || !homes.some((h) => h !== null && isInside(real, h))) {
      return refuse(`import "${shown(args.path)}" leaves the package "${pkg}" (only its own installed files are readable)`);
    }
    return { path: real, sideEffects: r.sideEffects };
  };

  const resolveUser = async (args: OnResolveArgs, spec: string): Promise<OnResolveResult> => {
    const base = isAbsolute(spec) ? spec : resolve(args.resolveDir, spec);
    const hit = await resolveUserFile(base);
    if (hit === null) {
      const st = await lstat(base).catch(() => null);
      if (st !== null && !st.isDirectory())
        return refuse(
          `import "${shown(args.path)}" is ${st.isFIFO() ? 'a fifo' : st.isSymbolicLink() ? 'a dangling symlink' : 'a device or socket'}, not a regular file`,
        );
      return refuse(`could not resolve import "${shown(args.path)}"`);
    }
    if (!isInside(hit.found, dirs.userRoot) && !isInside(hit.found, dirs.checkers)) {
      const viaLink = hit.found !== resolve(hit.asked);
      return refuse(
        `import "${shown(args.path)}" ${viaLink ? 'is a symlink that leaves' : 'leaves'} the module's folder (only its own folder and checkers/ are readable)`,
      );
    }
    return { path: hit.found };
  };

  return {
    name: 'recheck-sandbox-confine',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args): Promise<OnResolveResult | undefined> => {
        if (args.namespace === 'denied-builtin' || args.pluginData === 'resolved') return undefined;
        const spec = args.path;
        const importerIsEntry = args.importer === dirs.entryFile || args.importer === '<stdin>' || args.importer === '';
        const fromUser = args.namespace === 'file' && !importerIsEntry && !isTrusted(args.importer);
        const attributes = Object.entries(args.with ?? {});
        if (fromUser || (importerIsEntry && spec === dirs.modulePath)) {
          if (spec.includes('\0') || spec.includes('\\')) return refuse(`import "${shown(spec)}" is not allowed (NUL byte or backslash)`);
          if (attributes.length > 0 && !(attributes.length === 1 && args.with.type === 'json' && extname(spec) === '.json')) {
            return refuse(
              `import "${shown(spec)}": import attributes (${attributes.map(([k, v]) => `${k}: ${v}`).join(', ')}) are not allowed in the sandbox`,
            );
          }
          if (URL_SPECIFIER.test(spec) && !spec.startsWith('node:'))
            return refuse(`import "${shown(spec, 80)}": URL imports (data:, blob:, http:, file:) are not allowed in the sandbox`);
        }
        if (importerIsEntry && spec === dirs.modulePath) {
          // The untrusted module itself: a regular file inside its folder, not a symlink out of it.
          const real = await regularFile(spec);
          if (real === null) return refuse(`the module ${shown(spec)} is not a regular file`);
          if (real !== spec) return refuse(`the module ${shown(spec)} is a symlink (refused: open the file it points to instead)`);
          return { path: real };
        }
        const builtin = builtinName(spec);
        if (builtin !== null) {
          // A Web Worker has no Node modules at all: every builtin becomes a stub that names the attempt.
          if (target === 'worker') return { path: builtin, namespace: 'denied-builtin' };
          if (!fromUser || SAFE_BUILTINS.has(builtin)) return { path: `node:${builtin}`, external: true };
          return { path: builtin, namespace: 'denied-builtin' };
        }
        const isBare = !spec.startsWith('.') && !isAbsolute(spec);
        if (!fromUser) {
          // Trusted importers: bare specifiers from the runner or checkers resolve in the trusted node_modules.
          if (
            isBare &&
            args.namespace === 'file' &&
            !importerIsEntry &&
            (isInside(args.importer, dirs.inside) || isInside(args.importer, dirs.checkers) || isInside(args.importer, dirs.drivers))
          ) {
            return await b.resolve(spec, { resolveDir: packageResolveDir, kind: args.kind, pluginData: 'resolved' });
          }
          return undefined;
        }
        let local = spec;
        if (local.startsWith('@recheck/checkers/')) local = join(dirs.checkers, local.slice('@recheck/checkers/'.length));
        // `../../../checkers/x` from a case's sandbox/ means the checkers library, wherever the case was copied.
        const toCheckers = /^(?:\.\.\/)+checkers\/(.+)$/.exec(local);
        if (toCheckers?.[1] !== undefined) {
          if (toCheckers[1].split('/').some((s) => s === '..')) return refuse(`import "${shown(spec)}" leaves the checkers library`);
          local = join(dirs.checkers, toCheckers[1]);
        }
        if (!local.startsWith('.') && !isAbsolute(local)) return await resolvePackage(b, args, local);
        return await resolveUser(args, local);
      });

      b.onLoad({ filter: /.*/, namespace: 'denied-builtin' }, async (args) => ({
        contents: await deniedModuleSource(args.path),
        loader: 'js',
      }));

      // Every real file of the bundle, trusted or not, is read here: regular files only, under the caps.
      b.onLoad({ filter: /.*/, namespace: 'file' }, async (args) => {
        const loader = LOADERS[extname(args.path)];
        if (loader === undefined)
          return { errors: [{ text: `cannot import ${shown(args.path)}: only .ts, .mts, .js, .mjs and .json files can be bundled` }] };
        let bytes: Buffer;
        try {
          bytes = await readRegularFile(args.path, { maxBytes: MAX_SOURCE_BYTES, shownAs: shown(args.path) });
        } catch (err) {
          return { errors: [{ text: (err as Error).message }] };
        }
        record.totalBytes += bytes.length;
        if (record.totalBytes > MAX_TOTAL_SOURCE_BYTES)
          return { errors: [{ text: `the bundle's sources are over the limit of ${MAX_TOTAL_SOURCE_BYTES} bytes in all` }] };
        if (args.path === dirs.modulePath) record.moduleSource = bytes;
        return { contents: bytes, loader, resolveDir: dirname(args.path) };
      });
    },
  };
}

/** sha256 of the untrusted module's source as the plugin read it. */
export function moduleSourceHash(record: ConfineRecord): string {
  return sha256(record.moduleSource ?? Buffer.alloc(0));
}
