// Where electron-builder puts repository files among the packaged app's resources, read from electron-builder.yml
// the way electron-builder applies it (extraResources `from`/`to`/`filter`, minimatch with `{ dot: true }`).
// One implementation for the resource manifest (scripts/resource-manifest.mjs) and the tests that rebuild the
// packaged layout (test/app/sandbox/packaged-layout.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { minimatch } from 'minimatch';

/** The repository this script belongs to. */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** electron-builder.yml of `root` as data. */
export function builderConfig(root = REPO) {
  return load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8'));
}

/** Files under `dir` (recursively), absolute; none when it does not exist. */
export function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

function matchesFilter(rel, filter) {
  if (filter === undefined || filter.length === 0) return true;
  let included = false;
  for (const pattern of filter) {
    if (pattern.startsWith('!')) {
      if (minimatch(rel, pattern.slice(1), { dot: true })) included = false;
    } else if (minimatch(rel, pattern, { dot: true })) {
      included = true;
    }
  }
  return included;
}

/**
 * Where electron-builder puts a repository file among the resources (path relative to the resources folder,
 * '/'-separated), or null when no extraResources entry ships it.
 * Example: `shippedAs(cfg, 'checkers/errors.ts')` -> 'sandbox-sources/checkers/errors.ts'.
 */
export function shippedAs(cfg, repoRelative) {
  for (const r of cfg.extraResources) {
    const rel = path.posix.relative(r.from, repoRelative);
    if (rel.startsWith('..') || path.posix.isAbsolute(rel)) continue;
    if (matchesFilter(rel, r.filter)) return path.posix.join(r.to, rel);
  }
  return null;
}

/** Every repository file shipped under resources/sandbox-sources, as [repo-relative, resources-relative]. */
export function shippedSandboxSources(cfg = builderConfig(), root = REPO) {
  const out = [];
  for (const r of cfg.extraResources.filter((x) => x.to.startsWith('sandbox-sources/'))) {
    for (const file of filesUnder(path.join(root, r.from))) {
      const rel = path.relative(root, file).split(path.sep).join('/');
      const to = shippedAs(cfg, rel);
      if (to !== null) out.push([rel, to]);
    }
  }
  return out;
}
