/**
 * Bundles an untrusted module (TypeScript or JavaScript) with the sandbox runner, a driver and the checkers
 * library into ONE ES module file in a fresh temporary folder, so the sandboxed Node process needs read
 * access to exactly that file and nothing else.
 *
 * What the untrusted module may import, and how every file is read, is the confinement plugin's business
 * (bundle-plugin.ts): its own folder, the checkers library, the pure packages' own files, harmless Node modules;
 * regular files only, under size caps; no URL imports, no import attributes.
 *
 * The trusted sources (the runner in app/sandbox/inside/, the checkers library, the pure packages) are read
 * from the folders in `sandboxSources()`: the checkout by default, the packaged app's resources once the
 * Electron main process has called `configureSandboxSources` (see main/paths.ts and electron-builder.yml).
 */
import type * as EsbuildApi from 'esbuild';
import { existsSync, realpathSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BadInputError, CancelledError } from '../errors';
import { isInside } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { oneLine, shown } from '../text/display';
import { bundleInChild, canBundleInChild } from './bundle-isolated';
import { confinePlugin, moduleSourceHash, type BundleTarget, type ConfineDirs, type ConfineRecord } from './bundle-plugin';
import { BUNDLE_LIMITS, type SandboxLimits } from './confinement';
import { makeSandboxDir, removeSandboxDir } from './temp-dirs';

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
  sources = {
    root: resolve(next.root),
    nodeModules: next.nodeModules.map((d) => resolve(d)),
    ...(next.esbuildBinary !== undefined ? { esbuildBinary: next.esbuildBinary } : {}),
  };
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

function existingDir(dir: string, what: string): string {
  if (!existsSync(dir)) {
    throw new BadInputError(
      dir,
      `${what} not found: the sandbox sources are incomplete (configured root ${sources.root}); reinstall, or fix configureSandboxSources`,
    );
  }
  return realpathSync(dir);
}

/** esbuild, loaded on first use so that a configured ESBUILD_BINARY_PATH is in place when it reads it. */
function loadEsbuild(): Promise<typeof EsbuildApi> {
  esbuildLoaded ??= import('esbuild');
  return esbuildLoaded;
}

/** Files outside inside/ that the runner imports (shipped in the package's sandbox sources too). */
export const TRUSTED_FILES = ['common/sandbox/protocol.ts', 'common/json/bounded.ts'];

const MODULE_EXTENSIONS = /\.(ts|mts|js|mjs)$/;

/**
 * The untrusted module's path with its folders resolved but not its last component (a symlinked module is
 * refused by the plugin), and its root folder resolved. Throws BadInputError for a missing or foreign file.
 */
function userPaths(modulePath: string, root: string | undefined): { modulePath: string; userRoot: string } {
  const abs = resolve(modulePath);
  if (!MODULE_EXTENSIONS.test(abs))
    throw new BadInputError(shown(abs), 'cannot be run in the sandbox: not a .ts, .mts, .js or .mjs module');
  let dir: string;
  try {
    dir = realpathSync(dirname(abs));
  } catch {
    throw new BadInputError(shown(abs), 'no such file');
  }
  const real = join(dir, basename(abs));
  let userRoot: string;
  try {
    userRoot = realpathSync(root ?? dirname(abs));
  } catch {
    throw new BadInputError(shown(root ?? dirname(abs)), "the module's folder does not exist");
  }
  if (!isInside(real, userRoot)) throw new BadInputError(shown(abs), 'is not inside the folder it may import from (a symlinked folder?)');
  return { modulePath: real, userRoot };
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

export type { BundleTarget };
export { PURE_PACKAGES } from './bundle-plugin';

export interface BundleOptions {
  /** Absolute path of the untrusted module (.ts, .mts, .js, .mjs). */
  modulePath: string;
  /** Trusted driver module exporting `drive` (default: call the default export). */
  driverPath?: string;
  /** Folder the module may import from (default: the module's own folder). */
  root?: string;
  /** Runtime of the bundle (default 'node'). */
  target?: BundleTarget;
  /** Exports the module must have, checked at bundling (default: ['default'], what every driver calls). */
  requiredExports?: readonly string[];
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
    `import ${JSON.stringify(join(inside, 'node', 'guards.ts'))};`,
    `import * as user from ${JSON.stringify(modulePath)};`,
    `import { drive } from ${JSON.stringify(driverPath)};`,
    `import { runProgram } from ${JSON.stringify(join(inside, 'node', 'runner.ts'))};`,
    `await runProgram(user, drive);`,
  ].join('\n');
}

function bundleError(modulePath: string, err: unknown): BadInputError {
  const errors = (err as { errors?: { text: string; location?: { file: string; line: number } | null }[] }).errors ?? [];
  const first = errors[0];
  const where = first?.location ? `${first.location.file.split(sep).pop()}:${first.location.line}: ` : '';
  return new BadInputError(shown(modulePath), `cannot be bundled for the sandbox: ${where}${oneLine(first?.text ?? String(err), 600)}`);
}

/**
 * Checks that the module has the exports its driver calls (an empty module, one without a default export, or a
 * data file would otherwise "run" every point of a sweep to the same failure). ES modules only: a CommonJS
 * module's exports are not known before it runs.
 */
async function checkExports(esbuild: typeof EsbuildApi, modulePath: string, source: Buffer, required: readonly string[]): Promise<void> {
  if (required.length === 0) return;
  const loader = /\.(ts|mts)$/.test(modulePath) ? 'ts' : 'js';
  const out = await esbuild.build({
    stdin: { contents: source.toString('utf8'), loader, sourcefile: basename(modulePath) },
    bundle: false,
    write: false,
    metafile: true,
    format: 'esm',
    logLevel: 'silent',
    platform: 'neutral',
  });
  const input = Object.values(out.metafile?.inputs ?? {})[0];
  if (input?.format === 'cjs') return;
  const exported = new Set(Object.values(out.metafile?.outputs ?? {}).flatMap((o) => o.exports));
  const missing = required.filter((name) => !exported.has(name));
  if (missing.length > 0) {
    const what = missing
      .map((m) => (m === 'default' ? 'no default export (export default (input, api) => result)' : `no export "${m}"`))
      .join(', ');
    throw new BadInputError(shown(modulePath), `cannot be run in the sandbox: ${what}`);
  }
}

/**
 * Why "Run in sandbox" cannot run this module source, one line, or null when it can: the export check bundling
 * makes (a default export; a syntax error also answers here), without bundling. Cheap: esbuild parses the one
 * file. For listing a case's files (the UI offers Run only where it can work); bundling still checks again.
 * Example: `await runProblem('sandbox/paging.ts', 'export const a = 1;')` names the missing default export.
 */
export async function runProblem(modulePath: string, source: string): Promise<string | null> {
  if (!MODULE_EXTENSIONS.test(modulePath)) return 'not a .ts, .mts, .js or .mjs module';
  try {
    await checkExports(await loadEsbuild(), modulePath, Buffer.from(source, 'utf8'), ['default']);
    return null;
  } catch (err) {
    return err instanceof BadInputError ? err.problem : bundleError(modulePath, err).problem;
  }
}

/**
 * Bundles the module with the runner for `options.target` into one file, in memory, in THIS process: an ES
 * module for 'node', a classic script for 'worker' (for `new Worker(blobUrl)`; it waits for one RunRequest
 * posted as a JSON string). Every file is read through the confinement plugin (bundle-plugin.ts). Throws
 * BadInputError naming the module for syntax errors, forbidden imports, missing exports and files that are
 * not regular or too large, and naming the folder when a configured sandbox source folder is missing.
 * Hosts that serve requests call `bundleSource` (bundle-isolated.ts), which runs this in a child process.
 * Example: `const { code } = await bundleInProcess({ modulePath, target: 'worker' })`.
 */
export async function bundleInProcess(options: BundleOptions, control: BundleControl = {}): Promise<BundledSource> {
  const { modulePath, userRoot } = userPaths(options.modulePath, options.root);
  const root = existingDir(sources.root, 'sandbox sources folder');
  const checkers = existingDir(join(sources.root, 'checkers'), 'checkers library folder');
  const dirs: ConfineDirs = {
    inside: existingDir(join(sources.root, 'app', 'sandbox', 'inside'), 'sandbox runner folder'),
    checkers,
    drivers: existingDir(join(sources.root, 'app', 'sandbox', 'audit'), 'sandbox drivers folder'),
    trustedFiles: TRUSTED_FILES.map((f) => existingDir(join(sources.root, f), 'sandbox runner file')),
    nodeModules: sources.nodeModules.map((d) => existingDir(d, 'node_modules folder of the sandbox packages')),
    entryFile: join(root, ENTRY_NAME),
    modulePath,
    userRoot,
  };
  const driverPath = options.driverPath !== undefined ? realpathSync(options.driverPath) : join(dirs.inside, 'call-default.ts');
  const target = options.target ?? 'node';
  const esbuild = await loadEsbuild();
  const record: ConfineRecord = { moduleSource: null, totalBytes: 0 };
  let text: string;
  // Bundling's own wall clock (BUNDLE_LIMITS unless the caller sets one): at the limit the build is cancelled.
  const limitMs = control.limits?.timeoutMs ?? BUNDLE_LIMITS.timeoutMs;
  let timedOut = false;
  let context: EsbuildApi.BuildContext | null = null;
  const cancel = (): void => void context?.cancel();
  const timer = setTimeout(() => {
    timedOut = true;
    cancel();
  }, limitMs);
  control.signal?.addEventListener('abort', cancel, { once: true });
  try {
    context = await esbuild.context({
      stdin: { contents: entrySource(dirs.inside, modulePath, driverPath, target), resolveDir: root, loader: 'ts', sourcefile: ENTRY_NAME },
      bundle: true,
      write: false,
      // A worker bundle is a classic script: a module worker from a blob: URL failed to load in the sandbox
      // page's opaque origin (Chromium), classic ones do. The module then cannot use top-level await.
      ...(target === 'worker'
        ? { platform: 'browser', target: 'es2022', format: 'iife' }
        : { platform: 'node', target: 'node20', format: 'esm' }),
      // A computed `import(x)` becomes `require(x)`, which the guards answer (recording the attempt) instead of
      // the runtime loading `data:` code or a real Node module; literal imports are bundled as usual.
      supported: { 'dynamic-import': false },
      logLevel: 'silent',
      absWorkingDir: root,
      nodePaths: [...dirs.nodeModules],
      plugins: [confinePlugin(dirs, target, record)],
    });
    if (control.signal?.aborted) throw new CancelledError();
    if (timedOut) throw new Error('timeout');
    const out = await context.rebuild();
    if (timedOut) throw new Error('timeout');
    text = out.outputFiles?.[0]?.text ?? '';
  } catch (err) {
    if (control.signal?.aborted) throw new CancelledError();
    if (timedOut)
      throw new BadInputError(
        shown(options.modulePath),
        `cannot be bundled for the sandbox: bundling took longer than ${limitMs / 1000} s (its budget, BUNDLE_LIMITS)`,
      );
    throw err instanceof CancelledError ? err : bundleError(options.modulePath, err);
  } finally {
    clearTimeout(timer);
    control.signal?.removeEventListener('abort', cancel);
    await context?.dispose();
  }
  if (record.moduleSource === null)
    throw new BadInputError(shown(modulePath), 'cannot be bundled for the sandbox: the module was not read');
  await checkExports(esbuild, modulePath, record.moduleSource, options.requiredExports ?? ['default']).catch((err: unknown) => {
    throw err instanceof BadInputError ? err : bundleError(options.modulePath, err);
  });
  return { code: text, codeHash: sha256(text), moduleHash: moduleSourceHash(record) };
}

/** How one bundling is bounded: the run's limits, and a cancel. */
export interface BundleControl {
  readonly limits?: Partial<SandboxLimits>;
  readonly signal?: AbortSignal;
}

/**
 * Bundles the module (see bundleInProcess for what is checked): in a child process under the bundling budget's
 * wall-clock, memory and CPU limits (BUNDLE_LIMITS unless `control.limits` says otherwise) wherever one can be started (bundle-isolated.ts), else in this process (the desktop
 * app's main process). Example: `const { code } = await bundleSource({ modulePath })`.
 */
export async function bundleSource(options: BundleOptions, control: BundleControl = {}): Promise<BundledSource> {
  if (!canBundleInChild(REPO_ROOT)) return bundleInProcess(options, control);
  return bundleInChild(REPO_ROOT, options, sources, { ...BUNDLE_LIMITS, ...control.limits }, control.signal);
}

/**
 * Bundles the module into `<tmp>/recheck-sandbox-<pid>-XXXX/program.mjs` (temp-dirs.ts). Throws BadInputError naming the module
 * for syntax errors and forbidden imports. Example: `const p = await bundleProgram({ modulePath }); ...; await p.cleanup();`
 */
export async function bundleProgram(options: BundleOptions, control: BundleControl = {}): Promise<BundledProgram> {
  const { code: text, codeHash, moduleHash } = await bundleSource(options, control);
  const dir = await makeSandboxDir();
  const file = join(dir, 'program.mjs');
  await writeFile(file, text, { mode: 0o444 });
  return { file, dir, codeHash, moduleHash, cleanup: () => removeSandboxDir(dir) };
}
