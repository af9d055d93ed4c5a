/**
 * The start-up check of the resources outside app.asar (the sandbox sources the bundler trusts, esbuild's
 * binary): each file's sha256 against the manifest built with the app (scripts/resource-manifest.mjs, shipped
 * inside app.asar, whose integrity the fuses check), and no file in a closed folder the manifest does not list.
 * Anything changed, missing, added, or not a regular file is a problem; the packaged app refuses to start on
 * one (main/index.ts), since its sandbox would run code nobody shipped as trusted.
 * Example: `resourceProblems(process.resourcesPath, manifest)` is `[]` for an intact installation.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const RESOURCE_MANIFEST_FORMAT = 'recheck.resources/1';

export interface ResourceManifest {
  readonly format: string;
  readonly closedFolders: readonly string[];
  readonly files: Readonly<Record<string, string>>;
}

/** Reads and checks the manifest's shape; throws a one-line Error naming the file. */
export function readResourceManifest(file: string): ResourceManifest {
  let m: unknown;
  try {
    m = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: the resource manifest cannot be read (${err instanceof Error ? err.message : String(err)})`);
  }
  const o = m as Partial<ResourceManifest> | null;
  const filesOk =
    o !== null &&
    typeof o.files === 'object' &&
    o.files !== null &&
    Object.values(o.files).every((h) => typeof h === 'string' && /^[0-9a-f]{64}$/.test(h));
  if (o?.format !== RESOURCE_MANIFEST_FORMAT || !Array.isArray(o.closedFolders) || !filesOk) {
    throw new Error(`${file}: not a ${RESOURCE_MANIFEST_FORMAT} resource manifest`);
  }
  return o as ResourceManifest;
}

function listFiles(root: string, rel: string, out: string[]): void {
  for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const child = `${rel}/${e.name}`;
    if (e.isDirectory()) listFiles(root, child, out);
    else out.push(child);
  }
}

/** Every difference between the resources folder and the manifest, one line each (sorted; empty when intact). */
export function resourceProblems(resourcesDir: string, manifest: ResourceManifest): string[] {
  const problems: string[] = [];
  for (const [rel, expected] of Object.entries(manifest.files)) {
    const file = path.join(resourcesDir, rel);
    let st;
    try {
      st = lstatSync(file);
    } catch {
      problems.push(`${rel}: missing`);
      continue;
    }
    if (!st.isFile()) {
      problems.push(`${rel}: not a regular file`);
      continue;
    }
    if (createHash('sha256').update(readFileSync(file)).digest('hex') !== expected) problems.push(`${rel}: changed`);
  }
  for (const folder of manifest.closedFolders) {
    const found: string[] = [];
    try {
      listFiles(resourcesDir, folder, found);
    } catch {
      continue; // a missing folder shows as its missing files
    }
    for (const rel of found) if (!(rel in manifest.files)) problems.push(`${rel}: not part of the installation`);
  }
  return problems.sort();
}
