// Is the prebuilt CLI (out/cli, written by scripts/build-cli.mjs) current? Cheap enough to ask on every start.
//
// The build records, in out/cli/manifest.json, every file under the CLI's source folders (app/, common/, checkers/)
// and the few files that shape the bundle, each with its size and modification time, read BEFORE bundling.
// The build is current when exactly the same files exist with the same sizes and times: an edit, a touch, a
// new or a deleted file (even one the bundle does not import yet) makes it stale, so it is never run stale.
// A file edited while the build ran keeps its old time in the manifest, so the next start rebuilds.
// Cost: one readdir per folder and one stat per file (about 200 files: about 1 ms warm, 6-10 ms in a fresh
// process on a loaded 2-core machine; bench/cli-start.ts reports it). Imports nothing but node:fs and node:path.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Folders whose files the CLI is built from, relative to the installation root. */
export const SOURCE_DIRS = ['app', 'common', 'checkers'];
/** Single files that also shape the bundle (the build itself, the package's name and module type). */
export const SOURCE_FILES = ['package.json', 'scripts/build-cli.mjs', 'scripts/build-cli-manifest.mjs'];
/** Where the build goes, relative to the root. Two levels down, as app/sandbox/bundle.ts expects of its own file. */
export const CLI_OUT_DIR = path.join('out', 'cli');
export const MANIFEST_NAME = 'manifest.json';
export const MANIFEST_VERSION = 1;

/**
 * Sizes and modification times of the CLI's sources under `root`: { 'app/cli/main.ts': [size, mtimeMs], ... }
 * with '/'-separated relative paths. Missing single files are left out (their absence is then recorded too).
 */
export function sourceSnapshot(root) {
  const files = {};
  const visit = (rel) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) visit(child);
      else if (entry.isFile()) record(child);
    }
  };
  const record = (rel) => {
    const st = statSync(path.join(root, rel));
    files[rel] = [st.size, st.mtimeMs];
  };
  // A source folder that does not exist records nothing; one that appears later makes the build stale.
  for (const dir of SOURCE_DIRS) if (existsSync(path.join(root, dir))) visit(dir);
  for (const file of SOURCE_FILES) {
    try {
      record(file);
    } catch {
      // absent: not recorded, and a file that appears later makes the build stale
    }
  }
  return files;
}

/** The manifest of the build under `root`, or null when there is none or it is unreadable. */
export function readManifest(root) {
  try {
    const m = JSON.parse(readFileSync(path.join(root, CLI_OUT_DIR, MANIFEST_NAME), 'utf8'));
    if (m && m.version === MANIFEST_VERSION && typeof m.entry === 'string' && m.sources && typeof m.sources === 'object') return m;
  } catch {
    // no build yet, or a torn or foreign file: treat as no build
  }
  return null;
}

/** True when `snapshot` (from sourceSnapshot) names the same files with the same sizes and times as `recorded`. */
export function sameSources(recorded, snapshot) {
  const names = Object.keys(snapshot);
  if (names.length !== Object.keys(recorded).length) return false;
  for (const name of names) {
    const a = recorded[name];
    const b = snapshot[name];
    if (!Array.isArray(a) || a[0] !== b[0] || a[1] !== b[1]) return false;
  }
  return true;
}

/**
 * Absolute path of the built CLI's entry when the build under `root` is current, else null (no build, an
 * unreadable manifest, a missing entry file, or any source changed since).
 * Example: `freshCliEntry('/work/main')` -> '/work/main/out/cli/main-3FZQ2K4L.js' right after a build.
 */
export function freshCliEntry(root) {
  const manifest = readManifest(root);
  if (manifest === null) return null;
  const entry = path.join(root, CLI_OUT_DIR, path.basename(manifest.entry));
  try {
    if (!statSync(entry).isFile()) return null;
    return sameSources(manifest.sources, sourceSnapshot(root)) ? entry : null;
  } catch {
    return null;
  }
}
