/** Content hashes (sha256, hex) for audit records. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { listInside, readInside, readRegularFile } from './confine';

/** Largest file hashed for an audit record (a case's inputs are far smaller). */
const MAX_HASHED_BYTES = 256 * 1024 * 1024;

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function sha256File(path: string): Promise<string> {
  return sha256(await readFile(path));
}

/** sha256 of a file of a case folder, read through the confinement helper (no symlink out, no fifo). */
export async function sha256Inside(root: string, rel: string): Promise<string> {
  return sha256(await readInside(root, rel, { maxBytes: MAX_HASHED_BYTES }));
}

/**
 * Hashes of the regular files under folder `dir` of case folder `base` (recursively, symlinks out of the case
 * and fifos left out), keyed by path relative to `base`; a missing folder gives {}.
 */
export async function hashTree(dir: string, base: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const { files } = await listInside(base, relative(base, dir));
  const prefix = relative(base, dir).split('\\').join('/');
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)))
    out[`${prefix}/${f.path}`] = sha256(await readRegularFile(f.abs, { maxBytes: MAX_HASHED_BYTES, shownAs: `${prefix}/${f.path}` }));
  return out;
}
