/**
 * Which program runs a replayed cell, and which host folders it needs inside the sandbox.
 *
 * - python: the interpreter the reviewer configured (workspace settings, `replay.python`: a Python binary or a
 *   virtual environment's `bin/python`; never run outside the sandbox), else Debian's `/usr/bin/python3` when
 *   present, else `python3` on PATH (which may be a pyenv shim: the shim is asked for its binary, `-I -S`);
 * - shell: `bash` (or `/bin/sh` when asked for, or when bash is missing);
 * - node: the host's node (the one the Node child sandbox runs, `sandboxNode()`).
 *
 * Example: `await resolveInterpreter('python', {})` gives `{ kind: 'python', path: '/usr/bin/python3.11', binds: [], ... }`
 * on Debian 12; with `{ python: '/srv/venv/bin/python' }` it runs that path with `/srv/venv` bound read-only.
 */
import { execFile } from 'node:child_process';
import { accessSync, closeSync, constants, existsSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { promisify } from 'node:util';
import { BadInputError } from '../../errors';
import { oneLine } from '../../text/display';
import type { Interpreter } from './limits';

const run = promisify(execFile);

/** Folders the sandbox shows read-only anyway: nothing under them needs a bind of its own. */
export const SYSTEM_ROOTS: readonly string[] = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/** The program that runs a cell, as the sandbox needs it. */
export interface ResolvedInterpreter {
  readonly kind: Interpreter;
  /** Path executed inside the sandbox (the same path as on the host). */
  readonly path: string;
  /** Host folders or files to bind read-only at the same path (beyond SYSTEM_ROOTS). */
  readonly binds: readonly string[];
  /** Folders put first on PATH inside the sandbox (a virtual environment's bin). */
  readonly pathDirs: readonly string[];
}

/** The interpreter cannot be used: one line naming it (exit 2 in the CLI, "cannot run" in a replay). */
export class InterpreterUnavailableError extends BadInputError {
  constructor(path: string, problem: string) {
    super(oneLine(path, 300), problem);
    this.name = 'InterpreterUnavailableError';
  }
}

/** Whether `p` lies under one of `roots` (or is one). */
export function isUnder(p: string, roots: readonly string[]): boolean {
  return roots.some((r) => p === r || p.startsWith(r.endsWith('/') ? r : `${r}/`));
}

/**
 * Checks an interpreter path from the settings: absolute, no control characters, an executable regular file.
 * Returns the problem in words, or null. Example: `interpreterPathProblem('python3')` is "must be an absolute path".
 */
export function interpreterPathProblem(path: string): string | null {
  if (path === '' || !isAbsolute(path)) return 'must be an absolute path';
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'must not contain control characters';
  try {
    if (!statSync(path).isFile()) return 'is not a file';
    accessSync(path, constants.X_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'does not exist' : code === 'EACCES' ? 'is not executable' : `cannot be used (${code ?? 'error'})`;
  }
  return null;
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(':')) {
    if (!dir.startsWith('/')) continue;
    const p = join(dir, name);
    if (interpreterPathProblem(p) === null) return p;
  }
  return null;
}

/** The Python the replay runs: configured, else /usr/bin/python3, else python3 on PATH. */
export function pythonCandidate(configured: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (configured !== undefined) return configured;
  if (interpreterPathProblem('/usr/bin/python3') === null) return '/usr/bin/python3';
  const found = onPath('python3', env);
  if (found === null) throw new InterpreterUnavailableError('python3', 'no Python interpreter found (/usr/bin/python3 or python3 on PATH)');
  return found;
}

const PROBE = 'import sys; print(sys.executable)';
const probed = new Map<string, Promise<ResolvedInterpreter>>();

/** A virtual environment's folder when `python` is its `bin/python` (a `pyvenv.cfg` one level up), else null. */
function venvOf(python: string): string | null {
  const root = dirname(dirname(python));
  return existsSync(join(root, 'pyvenv.cfg')) ? root : null;
}

/** Whether `path` is an ELF executable (a binary), read from its first four bytes. */
function isElf(path: string): boolean {
  const head = Buffer.alloc(4);
  let fd: number | null = null;
  try {
    fd = openSync(path, 'r');
    return readSync(fd, head, 0, 4, 0) === 4 && head.equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]));
  } catch {
    return false;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/** A Python found through a script (a pyenv shim on PATH): the script is run once, `-I -S`, to name the real binary. */
async function probeScript(candidate: string): Promise<string> {
  try {
    const { stdout } = await run(candidate, ['-I', '-S', '-c', PROBE], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...(process.env.PYENV_ROOT ? { PYENV_ROOT: process.env.PYENV_ROOT } : {}) },
      timeout: 20_000,
      cwd: '/',
      maxBuffer: 64 * 1024,
    });
    const executable = stdout.trim().split('\n').at(-1) ?? '';
    if (!isAbsolute(executable) || !isElf(realpathSync(executable))) throw new Error('it named no Python binary');
    return executable;
  } catch (err) {
    throw new InterpreterUnavailableError(candidate, `is not a working Python (${oneLine(String((err as Error).message), 200)})`);
  }
}

/**
 * A Python binary (or a virtual environment's bin/python, a symlink to one) is resolved without running it: the
 * binary's prefix (`<prefix>/bin/python3.x`) and the environment's folder are bound. A script is run only when it
 * was found on PATH (a pyenv shim); a configured script is refused, so nothing from the settings runs outside the sandbox.
 */
async function resolvePython(candidate: string, configured: boolean): Promise<ResolvedInterpreter> {
  const problem = interpreterPathProblem(candidate);
  if (problem !== null) throw new InterpreterUnavailableError(candidate, `replay interpreter ${problem}`);
  let real = realpathSync(candidate);
  let path = candidate;
  if (!isElf(real)) {
    if (configured)
      throw new InterpreterUnavailableError(
        candidate,
        "replay interpreter is a script, not a Python binary: configure the interpreter it runs (python -c 'import sys; print(sys.executable)')",
      );
    path = await probeScript(candidate);
    real = realpathSync(path);
  }
  const venv = venvOf(path);
  // A venv runs through its own bin/python (Python finds pyvenv.cfg next to it); anything else through the real binary.
  if (venv === null) path = real;
  const wanted = [venv, dirname(dirname(real))];
  const binds = [...new Set(wanted.filter((p): p is string => p !== null && p !== '/' && !isUnder(p, SYSTEM_ROOTS)))];
  return { kind: 'python', path, binds, pathDirs: venv !== null ? [join(venv, 'bin')] : [] };
}

/**
 * The interpreter of `kind`. `python` is the configured path (settings), `shell` 'sh' or 'bash', `node` the
 * host's node binary (resolved) with the files it needs (confinement.ts's binds). Python probes are cached per
 * path. Throws InterpreterUnavailableError (one line) when it cannot be used.
 */
export async function resolveInterpreter(
  kind: Interpreter,
  o: { python?: string; shell?: 'sh' | 'bash'; node?: string; nodeBinds?: readonly string[] },
): Promise<ResolvedInterpreter> {
  if (kind === 'python') {
    const candidate = pythonCandidate(o.python);
    const key = `${o.python !== undefined ? 'configured' : 'default'}:${candidate}`;
    let p = probed.get(key);
    if (p === undefined) {
      p = resolvePython(candidate, o.python !== undefined);
      probed.set(key, p);
      p.catch(() => probed.delete(key));
    }
    const r = await p;
    // Checked at every use: the file may have gone since the probe.
    const now = interpreterPathProblem(r.path);
    if (now !== null) throw new InterpreterUnavailableError(r.path, `replay interpreter ${now}`);
    return r;
  }
  if (kind === 'shell') {
    const bash = ['/bin/bash', '/usr/bin/bash'].find((p) => interpreterPathProblem(p) === null);
    const wanted = o.shell === 'sh' || bash === undefined ? '/bin/sh' : bash;
    if (interpreterPathProblem(wanted) !== null) throw new InterpreterUnavailableError(wanted, 'no shell found');
    const path = realpathSync(wanted);
    return { kind, path, binds: isUnder(path, SYSTEM_ROOTS) ? [] : [path], pathDirs: [] };
  }
  const node = o.node ?? realpathSync(process.execPath);
  const binds = [node, ...(o.nodeBinds ?? [])].filter((p) => !isUnder(p, SYSTEM_ROOTS));
  return { kind, path: node, binds: [...new Set(binds)], pathDirs: [] };
}
