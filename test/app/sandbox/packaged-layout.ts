/**
 * The packaged app's sandbox sources, derived from electron-builder.yml the way electron-builder applies it
 * (extraResources `from`/`to`/`filter` with minimatch `{ dot: true }`, asarUnpack `node_modules/<pkg>/**`),
 * so tests can check the shipped set against the real import graph and rebuild the layout in a temp folder.
 */
import { cpSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { builderConfig, filesUnder, REPO, shippedAs, shippedSandboxSources } from '../../../scripts/packaged-layout.mjs';
import ts from 'typescript';

export { REPO, builderConfig, shippedAs, shippedSandboxSources };

/** Package names unpacked from app.asar (`node_modules/<name>/**` entries of asarUnpack). */
export function unpackedPackages(cfg = builderConfig()): string[] {
  return cfg.asarUnpack.map((p) => /^node_modules\/((?:@[^/]+\/)?[^/]+)\/\*\*$/.exec(p)?.[1]).filter((x): x is string => x !== undefined);
}

function packageDir(name: string, from: string): string {
  // Node's lookup: nested node_modules of the requiring package first, then upwards to the repository's.
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === REPO || path.dirname(dir) === dir) throw new Error(`package ${name} not installed (needed from ${from})`);
  }
}

/** The packages and their runtime dependencies (package.json `dependencies`, transitively), by name. */
export function runtimeClosure(packages: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string, from: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    const dir = packageDir(name, from);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, dir);
  };
  for (const p of packages) visit(p, REPO);
  return seen;
}

const BUILTINS = new Set(builtinModules);

function resolveRelative(fromFile: string, spec: string): string {
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(REPO, fromFile)}: cannot resolve import "${spec}"`);
}

/**
 * Import graph of TypeScript sources (static imports, re-exports, type-only imports and dynamic imports, read
 * by TypeScript's own pre-processor): every file reached from `entries` (repo-relative, '/'-separated) and
 * every bare package name imported on the way (Node builtins left out).
 */
export function importGraph(entries: readonly string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = entries.map((e) => path.join(REPO, e));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    const rel = path.relative(REPO, file).split(path.sep).join('/');
    if (files.has(rel)) continue;
    files.add(rel);
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: spec } of info.importedFiles) {
      if (spec.startsWith('.')) queue.push(resolveRelative(file, spec));
      else if (!BUILTINS.has(spec.replace(/^node:/, '')))
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string));
    }
  }
  return { files, packages };
}

/** Entry files of the sandbox bundle: the runner folder, the drivers, and the whole checkers library. */
export function sandboxEntries(): string[] {
  const rel = (f: string): string => path.relative(REPO, f).split(path.sep).join('/');
  return [
    ...filesUnder(path.join(REPO, 'app/sandbox/inside')).map(rel),
    ...filesUnder(path.join(REPO, 'app/sandbox/audit'))
      .map(rel)
      .filter((f) => f.endsWith('-driver.ts')),
    ...filesUnder(path.join(REPO, 'checkers'))
      .map(rel)
      .filter((f) => f.endsWith('.ts')),
  ];
}

/** Mirrors a package folder by hard links (fast, and real files where they lie), or copies across devices. */
function mirrorTree(src: string, dest: string): void {
  for (const e of readdirSync(src, { recursive: true, withFileTypes: true })) {
    const from = path.join(e.parentPath, e.name);
    const to = path.join(dest, path.relative(src, from));
    if (e.isDirectory()) {
      mkdirSync(to, { recursive: true });
      continue;
    }
    mkdirSync(path.dirname(to), { recursive: true });
    try {
      if (!e.isFile()) throw new Error('not a plain file');
      linkSync(from, to);
    } catch {
      cpSync(from, to, { dereference: true, recursive: true });
    }
  }
}

/** A temp folder laid out like the installed app, as far as the sandbox bundler is concerned. */
export interface PackagedLayout {
  readonly resources: string;
  /** resources/sandbox-sources */
  readonly root: string;
  /** resources/app.asar.unpacked/node_modules */
  readonly nodeModules: string;
}

/**
 * Copies into `dest/resources` what electron-builder.yml ships for the sandbox: the sandbox-sources
 * extraResources, and the unpacked packages (without esbuild's) into app.asar.unpacked/node_modules.
 */
export function makePackagedLayout(dest: string, cfg = builderConfig()): PackagedLayout {
  const resources = path.join(dest, 'resources');
  for (const [from, to] of shippedSandboxSources(cfg)) {
    mkdirSync(path.dirname(path.join(resources, to)), { recursive: true });
    cpSync(path.join(REPO, from), path.join(resources, to));
  }
  const nodeModules = path.join(resources, 'app.asar.unpacked', 'node_modules');
  for (const name of unpackedPackages(cfg).filter((n) => n !== 'esbuild' && n !== '@esbuild')) {
    mirrorTree(path.join(REPO, 'node_modules', name), path.join(nodeModules, name));
  }
  return { resources, root: path.join(resources, 'sandbox-sources'), nodeModules };
}
