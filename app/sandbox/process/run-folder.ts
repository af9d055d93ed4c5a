/**
 * The host folder of one replayed program: `scratch/` (the program's cwd and HOME, the only writable host
 * folder it sees, holding the files the replay gives it), `boot/` (read-only: the Python hook, a passwd and
 * group naming uid 65534) and an empty `stage/` (command.ts). It lives under the sandbox temp folders (temp-dirs.ts), so it is removed however
 * Recheck ends. When Recheck runs as root, the sandbox runs as uid 65534, so the scratch folder is handed to it.
 *
 * Example: `const f = await makeRunFolder([{ path: 'bench.py', content: 'print(1)' }], null);` then
 * `await f.remove()`.
 */
import { chmodSync, chownSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { BadInputError } from '../../errors';
import { oneLine } from '../../text/display';
import { makeSandboxDir, removeSandboxDir } from '../temp-dirs';

/** At most this many files, and this many bytes in all, are written into a scratch folder. */
const MAX_FILES = 10_000;
const MAX_FILE_BYTES = 256 * 1024 * 1024;

export interface RunFolder {
  readonly root: string;
  readonly scratch: string;
  readonly boot: string;
  /** Empty: where read-only host folders are staged when the sandbox drops root (command.ts). */
  readonly stage: string;
  remove(): Promise<void>;
}

/**
 * Checks a path the replay gives (a file to write, a mount target): relative, normal, at most 1024 characters,
 * no control characters, no `.` or `..` segments. Returns the problem or null.
 * Example: `relativePathProblem('../x')` is 'must stay inside the scratch folder (no "..")'.
 */
export function relativePathProblem(path: string): string | null {
  if (path === '' || path.length > 1024) return 'must be 1 to 1024 characters';
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return 'must not contain control characters or backslashes';
  if (path.startsWith('/')) return 'must be relative to the scratch folder';
  const parts = path.split('/');
  if (parts.some((p) => p === '..')) return 'must stay inside the scratch folder (no "..")';
  if (parts.some((p) => p === '' || p === '.')) return 'must be a normal path (no empty or "." segments)';
  return null;
}

/**
 * Where a read-only folder of the case appears: a relative target under the scratch folder, an absolute one
 * under /case. Returns the path inside the sandbox, or throws BadInputError (one line naming the target).
 */
export function mountDestination(target: string, scratch: string): string {
  if (target.startsWith('/')) {
    const norm = posix.normalize(target);
    if (norm !== target.replace(/\/+$/, '') || !(norm === '/case' || norm.startsWith('/case/')) || norm.includes('/../'))
      throw new BadInputError(oneLine(target, 200), 'an absolute read-only target must be /case or a normal path under /case');
    return norm;
  }
  const problem = relativePathProblem(target);
  if (problem !== null) throw new BadInputError(oneLine(target, 200), `read-only target ${problem}`);
  return posix.join(scratch, target);
}

/**
 * Creates the run folder and writes `files` into its scratch folder, with the working folder `cwd` (relative,
 * inside the scratch folder) made when given; `owner` (uid, gid) takes the scratch folder and what is made in it.
 */
export async function makeRunFolder(
  files: readonly { path: string; content: string }[],
  owner: { uid: number; gid: number } | null,
  cwd?: string,
): Promise<RunFolder> {
  if (files.length > MAX_FILES) throw new BadInputError('replay files', `at most ${MAX_FILES} files`);
  if (cwd !== undefined) {
    const problem = relativePathProblem(cwd);
    if (problem !== null) throw new BadInputError(oneLine(cwd, 200), `replay working folder ${problem}`);
  }
  let bytes = 0;
  for (const f of files) {
    const problem = relativePathProblem(f.path);
    if (problem !== null) throw new BadInputError(oneLine(f.path, 200), `replay file path ${problem}`);
    if (typeof f.content !== 'string') throw new BadInputError(oneLine(f.path, 200), 'replay file content must be text');
    bytes += Buffer.byteLength(f.content);
  }
  if (bytes > MAX_FILE_BYTES) throw new BadInputError('replay files', `more than ${MAX_FILE_BYTES / 1024 / 1024} MiB in all`);
  const root = await makeSandboxDir();
  const scratch = join(root, 'scratch');
  const boot = join(root, 'boot');
  const remove = (): Promise<void> => removeRunFolder(root);
  try {
    await chmod(root, 0o711); // uid 65534 (bubblewrap without descriptor binds) may pass, not list
    await mkdir(scratch, { mode: 0o700 });
    await mkdir(join(root, 'stage'), { mode: 0o755 });
    await mkdir(join(boot, 'python'), { recursive: true, mode: 0o755 });
    await writeFile(join(boot, 'passwd'), 'nobody:x:65534:65534:nobody:/scratch:/usr/sbin/nologin\n', { mode: 0o644 });
    await writeFile(join(boot, 'group'), 'nogroup:x:65534:\n', { mode: 0o644 });
    const made: string[] = [scratch];
    if (cwd !== undefined) {
      const dir = join(scratch, cwd);
      for (let d = dir; d !== scratch && !made.includes(d); d = dirname(d)) made.push(d);
      mkdirSync(dir, { recursive: true, mode: 0o755 });
    }
    for (const f of files) {
      const target = join(scratch, f.path);
      for (let d = dirname(target); d !== scratch && !made.includes(d); d = dirname(d)) made.push(d);
      mkdirSync(dirname(target), { recursive: true, mode: 0o755 });
      writeFileSync(target, f.content, { mode: 0o644, flag: 'wx' });
      made.push(target);
    }
    if (owner !== null) for (const p of made) chownSync(p, owner.uid, owner.gid);
    return { root, scratch, boot, stage: join(root, 'stage'), remove };
  } catch (err) {
    await remove();
    if (err instanceof BadInputError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new BadInputError(
      'replay files',
      `cannot be written to the scratch folder (${code ?? String(err)}), e.g. a file and a folder of one name`,
    );
  }
}

/** Creates an empty mount point (folder or file) under the scratch folder for a relative read-only target. */
export function makeMountPoint(scratchHost: string, relative: string, isDir: boolean, owner: { uid: number; gid: number } | null): void {
  const p = join(scratchHost, relative);
  mkdirSync(isDir ? p : dirname(p), { recursive: true, mode: 0o755 });
  if (!isDir) writeFileSync(p, '', { flag: 'a' });
  if (owner !== null) {
    for (let d = p; d !== scratchHost && d.startsWith(scratchHost); d = dirname(d)) chownSync(d, owner.uid, owner.gid);
  }
}

/**
 * Removes a run folder whatever the program left in its scratch folder: folders it made unreadable (mode 000)
 * are given back to their owner first (lstat only: a symlink it planted is removed, never followed). Never
 * throws: a run's result is not lost to its cleanup.
 */
export async function removeRunFolder(root: string): Promise<void> {
  try {
    await removeSandboxDir(root);
    return;
  } catch {
    unlockTree(root);
  }
  await removeSandboxDir(root).catch(() => undefined);
}

function unlockTree(dir: string): void {
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop() as string;
    try {
      if (!lstatSync(d).isDirectory()) continue;
      chmodSync(d, 0o700);
      for (const name of readdirSync(d)) stack.push(join(d, name));
    } catch {
      /* not ours, or gone */
    }
  }
}
