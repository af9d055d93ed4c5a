/** Content hashes (sha256, hex) for audit records. */
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function sha256File(path: string): Promise<string> {
  return sha256(await readFile(path));
}

/** Hashes of every file under `dir` (recursively), keyed by path relative to `base`; missing dir gives {}. */
export async function hashTree(dir: string, base: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return out;
  }
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort();
  for (const f of files) out[relative(base, f).split('\\').join('/')] = await sha256File(f);
  return out;
}
