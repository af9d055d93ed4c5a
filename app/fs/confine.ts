/**
 * The one confinement helper for every path that comes from outside: a case folder (opened from a stranger's
 * archive), a logbook, a check's params, an API request. A case folder is untrusted data, so:
 * - a relative path must stay inside its root lexically (no absolute path, no `..` out, no NUL byte), and
 *   after `realpath` too: a symlink may point elsewhere inside the root, never out of it;
 * - only regular files are read (a fifo would hang the reader, `/dev/zero` would fill memory), opened with
 *   O_NOFOLLOW and O_NONBLOCK, checked with fstat, and never beyond a size cap;
 * - writes create their folders one by one, refusing a component that is a symlink leaving the root, and
 *   never replace or append through a symlink (atomic.ts opens with O_NOFOLLOW and refuses one).
 *
 * Residual race: between the realpath check of the parent folders and the open, a process of the same user
 * could swap a folder for a symlink. A concurrent local attacker is outside the threat model
 * (docs/security.md); the last component is opened with O_NOFOLLOW all the same.
 */
import { closeSync, constants, fstatSync, openSync, realpathSync, type Stats } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { BadInputError } from '../errors';
import { shown } from '../text/display';

/** A path from outside that leaves its root, or a file that is not a plain regular file. */
export class ConfinementError extends BadInputError {
  constructor(file: string, problem: string) {
    super(file, problem);
    this.name = 'ConfinementError';
  }
}

/** True when `path` is `dir` or below it (both absolute and normalised). */
export function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * Resolves `rel` against `root` lexically, refusing an absolute path, a NUL byte and a path that leaves the
 * root. `shownAs` names the file the path came from in the message (default: the root).
 * Example: `joinInside('/w/case', 'logbook/a.md')` returns `/w/case/logbook/a.md`.
 */
export function joinInside(root: string, rel: string, shownAs = root): string {
  if (rel.includes('\0')) throw new ConfinementError(shownAs, `path "${shown(rel)}" contains a NUL byte`);
  if (isAbsolute(rel)) throw new ConfinementError(shownAs, `path "${shown(rel)}" must be relative to the case folder`);
  const abs = resolve(root, rel);
  if (!isInside(abs, resolve(root))) throw new ConfinementError(shownAs, `path "${shown(rel)}" leaves the case folder`);
  return abs;
}

/** realpath of the deepest existing ancestor of `abs` (itself when it exists), joined with the rest. */
function realOfExisting(abs: string): string {
  let existing = abs;
  const rest: string[] = [];
  for (;;) {
    try {
      return join(realpathSync(existing), ...rest.reverse());
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
      const parent = dirname(existing);
      if (parent === existing) return abs;
      rest.push(existing.slice(parent.length).replace(/^[/\\]/, ''));
      existing = parent;
    }
  }
}

/**
 * The path `rel` (relative to `root`) after following symlinks, which must still be inside the root's own real
 * path; a path that does not exist yet is checked through its deepest existing ancestor. Synchronous (a few
 * realpath calls) so that it can guard every path a check kind resolves.
 * Example: with `case/paper.md -> ~/.bashrc`, `resolveInside(case, 'paper.md')` throws ConfinementError.
 */
export function resolveInside(root: string, rel: string, shownAs = root): string {
  const abs = joinInside(root, rel, shownAs);
  const realRoot = realpathSync(root);
  const real = realOfExisting(abs);
  if (!isInside(real, realRoot)) throw new ConfinementError(shownAs, `path "${shown(rel)}" is a symlink that leaves the case folder`);
  return real;
}

/** Limits of one read. */
export interface ReadOptions {
  /** Largest accepted file, in bytes. */
  readonly maxBytes: number;
  /** Name used in messages (default: the path). */
  readonly shownAs?: string;
}

const NO_FOLLOW_READ = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

function kindOf(s: Stats): string {
  if (s.isDirectory()) return 'a folder';
  if (s.isFIFO()) return 'a fifo';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  if (s.isSocket()) return 'a socket';
  if (s.isSymbolicLink()) return 'a symlink';
  return 'not a regular file';
}

/** The one-line error for a failed open of an untrusted file (a symlink as the last component is refused). */
function openFailure(err: unknown, name: string): BadInputError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new BadInputError(name, 'no such file');
  if (code === 'ELOOP') return new ConfinementError(name, 'is a symlink (not followed)');
  if (code === 'EISDIR') return new BadInputError(name, 'is a folder, not a file');
  if (code === 'EACCES') return new BadInputError(name, 'permission denied');
  return new BadInputError(name, `cannot be opened (${code ?? String(err)})`);
}

/** Refuses what fstat says is not a regular file, or one over `maxBytes`. */
function refuseIrregular(st: Stats, name: string, maxBytes: number): void {
  if (!st.isFile()) throw new ConfinementError(name, `is ${kindOf(st)}, not a regular file`);
  if (st.size > maxBytes) throw new BadInputError(name, `is ${st.size} bytes, over the limit of ${maxBytes}`);
}

/**
 * Opens a regular file for positioned reads without reading it (a reader that pages through a large file), with the
 * same refusals as readRegularFile: O_NOFOLLOW and O_NONBLOCK, a regular file by fstat, at most `maxBytes`. The
 * caller closes the descriptor. Example: `const { fd, size } = openRegularFileSync('/t/p.db', { maxBytes: 1 << 30 })`.
 */
export function openRegularFileSync(path: string, o: ReadOptions): { fd: number; size: number } {
  const name = o.shownAs ?? shown(path);
  let fd: number;
  try {
    fd = openSync(path, NO_FOLLOW_READ);
  } catch (err) {
    throw openFailure(err, name);
  }
  try {
    const st = fstatSync(fd);
    refuseIrregular(st, name, o.maxBytes);
    return { fd, size: st.size };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/**
 * Reads a regular file whole, refusing anything else (a fifo, a device, a folder, a symlink as the last
 * component) and anything over `maxBytes`, without blocking on a fifo. Errors are BadInputError naming the file.
 * Example: `await readRegularFile('/w/case/table.csv', { maxBytes: 64 << 20 })`.
 */
export async function readRegularFile(path: string, o: ReadOptions): Promise<Buffer> {
  const name = o.shownAs ?? shown(path);
  let handle;
  try {
    handle = await open(path, NO_FOLLOW_READ);
  } catch (err) {
    throw openFailure(err, name);
  }
  try {
    const st = await handle.stat();
    refuseIrregular(st, name, o.maxBytes);
    // Read at most maxBytes + 1: a file that grows while we read is caught as too large, not read for ever.
    const buf = Buffer.allocUnsafe(Math.min(o.maxBytes + 1, Math.max(st.size, 0) + 1));
    let filled = 0;
    for (;;) {
      if (filled === buf.length) break;
      const { bytesRead } = await handle.read(buf, filled, buf.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    if (filled > o.maxBytes) throw new BadInputError(name, `is over the limit of ${o.maxBytes} bytes`);
    return buf.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

/**
 * Reads `rel` inside `root`: resolveInside, then readRegularFile on the real path.
 * Example: `await readInside(caseDir, 'paper.md', { maxBytes: 4 << 20 })`.
 */
export async function readInside(root: string, rel: string, o: ReadOptions): Promise<Buffer> {
  const real = resolveInside(root, rel, o.shownAs ?? join(root, rel));
  return readRegularFile(real, { ...o, shownAs: o.shownAs ?? shown(join(root, rel)) });
}

/**
 * Creates folder `rel` inside `root` (and its parents), one component at a time: an existing component must be
 * a folder or a symlink to a folder inside the root. Returns the real path of the folder.
 * Example: `await mkdirInside(caseDir, 'runs/r-1')`.
 */
export async function mkdirInside(root: string, rel: string, shownAs = root): Promise<string> {
  joinInside(root, rel, shownAs);
  const realRoot = await realpath(root);
  let current = realRoot;
  for (const part of relative(resolve(root), resolve(root, rel))
    .split(sep)
    .filter((p) => p !== '')) {
    const next = join(current, part);
    let st: Stats | null = null;
    try {
      st = await lstat(next);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (st === null) {
      await mkdir(next).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err;
      });
      const again = await lstat(next);
      if (!again.isDirectory()) throw new ConfinementError(shownAs, `"${shown(relative(realRoot, next))}" is not a folder`);
      current = next;
      continue;
    }
    if (st.isSymbolicLink()) {
      const target = await realpath(next);
      if (!isInside(target, realRoot))
        throw new ConfinementError(shownAs, `"${shown(relative(realRoot, next))}" is a symlink that leaves the case folder`);
      if (!(await lstat(target)).isDirectory()) throw new ConfinementError(shownAs, `"${shown(relative(realRoot, next))}" is not a folder`);
      current = target;
      continue;
    }
    if (!st.isDirectory()) throw new ConfinementError(shownAs, `"${shown(relative(realRoot, next))}" is not a folder`);
    current = next;
  }
  return current;
}

/** A file found by listInside. */
export interface ListedFile {
  /** Path relative to the listed folder, with `/` separators. */
  readonly path: string;
  readonly size: number;
  /** Absolute real path (inside the root). */
  readonly abs: string;
}

/** What listInside left out, and why (a symlink out of the root, a fifo, ...). */
export interface SkippedEntry {
  readonly path: string;
  readonly why: string;
}

/**
 * Regular files under folder `rel` of `root`, recursively, without following a symlink that leaves the root
 * (a symlink inside it is listed under its own name) and without entering a folder twice. Everything left out
 * is reported in `skipped`. Stops after `maxEntries` entries (default 20,000), reporting that too.
 * Example: `(await listInside(caseDir, 'sandbox')).files.map((f) => f.path)`.
 */
export async function listInside(
  root: string,
  rel: string,
  o: { maxEntries?: number } = {},
): Promise<{ files: ListedFile[]; skipped: SkippedEntry[] }> {
  const realRoot = await realpath(root);
  const start = resolveInside(root, rel);
  const files: ListedFile[] = [];
  const skipped: SkippedEntry[] = [];
  const max = o.maxEntries ?? 20_000;
  const seen = new Set<string>();
  let count = 0;
  const walk = async (dir: string, prefix: string): Promise<void> => {
    if (seen.has(dir)) return;
    seen.add(dir);
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      skipped.push({ path: prefix || '.', why: `unreadable folder (${(err as NodeJS.ErrnoException).code ?? String(err)})` });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (++count > max) {
        if (count === max + 1) skipped.push({ path: prefix || '.', why: `more than ${max} entries: the rest is not listed` });
        return;
      }
      const path = prefix ? `${prefix}/${e.name}` : e.name;
      const abs = join(dir, e.name);
      let real = abs;
      let st: Stats;
      try {
        st = await lstat(abs);
        if (st.isSymbolicLink()) {
          real = await realpath(abs);
          if (!isInside(real, realRoot)) {
            skipped.push({ path, why: 'symlink that leaves the case folder' });
            continue;
          }
          st = await lstat(real);
        }
      } catch {
        skipped.push({ path, why: 'dangling or unreadable symlink' });
        continue;
      }
      if (st.isDirectory()) await walk(real, path);
      else if (st.isFile()) files.push({ path, size: st.size, abs: real });
      else skipped.push({ path, why: kindOf(st) });
    }
  };
  let st: Stats;
  try {
    st = await lstat(start);
  } catch {
    return { files, skipped };
  }
  if (!st.isDirectory()) return { files, skipped: [{ path: rel, why: kindOf(st) }] };
  await walk(start, '');
  return { files, skipped };
}
