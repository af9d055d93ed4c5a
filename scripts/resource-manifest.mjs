// The manifest of the packaged app's resources that live outside app.asar and run as trusted code: the sandbox
// sources (resources/sandbox-sources, which the bundler treats as trusted next to untrusted modules) and esbuild's
// unpacked binary. Written into out/main/ by `npm run build`, so it ships inside app.asar, whose integrity the
// fuses check; the packaged main process compares every file against it before anything runs
// (main/resource-check.ts) and refuses to start on a difference.
// Usage: node scripts/resource-manifest.mjs [ROOT]   (writes ROOT/out/main/resource-manifest.json)
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builderConfig, REPO, shippedSandboxSources } from './packaged-layout.mjs';

export const RESOURCE_MANIFEST_FORMAT = 'recheck.resources/1';
/** Folders of the resources where every file must be listed (an added file is refused as a changed one is). */
export const CLOSED_FOLDERS = ['sandbox-sources'];

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** esbuild's native binary for this platform, as it sits in the repository's node_modules, or null. */
function esbuildBinary(root, platform = process.platform, arch = process.arch) {
  const rel =
    platform === 'win32'
      ? `node_modules/@esbuild/${platform}-${arch}/esbuild.exe`
      : `node_modules/@esbuild/${platform}-${arch}/bin/esbuild`;
  return existsSync(path.join(root, rel)) ? rel : null;
}

/** { format, closedFolders, files: { resources-relative path: sha256 } } for the repository at `root`. */
export function resourceManifest(root = REPO) {
  const files = {};
  for (const [from, to] of shippedSandboxSources(builderConfig(root), root)) files[to] = sha256(path.join(root, from));
  const esbuild = esbuildBinary(root);
  if (esbuild !== null) files[`app.asar.unpacked/${esbuild}`] = sha256(path.join(root, esbuild));
  const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { format: RESOURCE_MANIFEST_FORMAT, closedFolders: CLOSED_FOLDERS, files: sorted };
}

/** Writes the manifest to ROOT/out/main/resource-manifest.json (temporary file, then rename). */
export function writeResourceManifest(root = REPO) {
  const dir = path.join(root, 'out', 'main');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'resource-manifest.json');
  writeFileSync(`${file}.tmp`, `${JSON.stringify(resourceManifest(root), null, 1)}\n`);
  renameSync(`${file}.tmp`, file);
  return file;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeResourceManifest(process.argv[2] !== undefined ? path.resolve(process.argv[2]) : REPO);
}
