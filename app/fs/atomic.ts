/**
 * Crash-safe file writes: write a temporary file beside the target, fsync it, rename it over the target,
 * then fsync the folder. A crash at any point leaves either the old file or the new one, never half of one.
 * Nothing here writes through or replaces a symlink: a case folder is untrusted (a symlinked
 * `audit.jsonl` must not append to ~/.bashrc); callers confine the folders (app/fs/confine.ts).
 */
import { link, lstat, open, rename, rm, mkdir } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfinementError } from './confine';
import { shown } from '../text/display';

/** Refuses a target that exists and is not a regular file (a symlink above all). */
async function refuseNonRegular(path: string): Promise<void> {
  let st;
  try {
    st = await lstat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (st.isSymbolicLink()) throw new ConfinementError(shown(path), 'is a symlink: refusing to write through or replace it');
  if (!st.isFile()) throw new ConfinementError(shown(path), 'is not a regular file: refusing to write it');
}

/** Writes `data` to `path` atomically (creating parent folders). */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  await refuseNonRegular(path);
  const tmp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  let handle;
  try {
    handle = await open(tmp, 'wx', 0o644);
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(tmp, path);
  } catch (err) {
    await handle?.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw err;
  }
  await syncDir(dir);
}

// Where hard links are not supported (FAT, some network and FUSE file systems) creation falls back to an
// exclusive open of the target itself: still never a second writer, but a crash may leave a partial file.
const NO_LINK = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Creates `path` with `data` atomically and exclusively, for files that are never rewritten (a letter's
 * `v<N>.md`): the data is written and fsynced in a temporary file, then hard-linked to `path`, which fails
 * when the name exists (a file, a folder, a symlink, dangling or not). Resolves false, writing nothing, when
 * the name is taken; true when this call created it. Example: `await createFileAtomic(join(folder, 'v3.md'), md)`
 * is false when v3.md already exists, and v3.md is left as it was.
 */
export async function createFileAtomic(path: string, data: string | Uint8Array): Promise<boolean> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  let created: boolean;
  try {
    const handle = await open(tmp, 'wx', 0o644);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    created = await linkExclusive(tmp, path, data);
  } finally {
    await rm(tmp, { force: true });
  }
  if (created) await syncDir(dir);
  return created;
}

async function linkExclusive(tmp: string, path: string, data: string | Uint8Array): Promise<boolean> {
  try {
    await link(tmp, path);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (!NO_LINK.has(code)) throw err;
  }
  let handle;
  try {
    handle = await open(path, 'wx', 0o644); // O_CREAT | O_EXCL: fails on any existing name, symlinks included
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
}

/** Writes a value as pretty JSON (2 spaces, trailing newline) atomically. */
export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** fsyncs a folder (makes a rename or a new file in it durable); best effort where unsupported. */
export async function syncDir(dir: string): Promise<void> {
  // Directory fsync makes the rename durable; not supported on every platform (Windows), so best effort.
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    /* not supported here */
  }
}
