/**
 * Runs a logbook's run cell (a Python, shell or Node program) confined, for a replay: the program's files in a
 * fresh scratch folder (its cwd and HOME), the case's folders read-only, a minimal environment, the limits of
 * limits.ts, and the sandbox of command.ts (bubblewrap: no network, read-only system, uid 65534; prlimit inside).
 * The host kills the whole sandbox on the wall clock, a cancel, an output flood, a scratch flood or the memory
 * of all its processes together (execute.ts). Whatever the
 * program does, the result says how it ended, what it printed (capped), and what it attempted that the sandbox
 * denied (hostile.ts). Without a usable bubblewrap it refuses (SandboxUnavailableError, one line) unless
 * `allowUnconfined` is set.
 *
 * Example:
 *   const r = await runProgram({ interpreter: 'python', args: ['bench.py', '--k', '16'],
 *     files: [{ path: 'bench.py', content: 'import sys; print(sys.argv[1:])' }] });
 *   // r.stdout === "['--k', '16']\n", r.ended === 'exited', r.exitCode === 0, r.confined === true
 */
import { writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { BadInputError, CancelledError } from '../../errors';
import { oneLine } from '../../text/display';
import type { SandboxLimits } from '../confinement';
import { sharedSandboxQueue, type SandboxQueue } from '../queue';
import { execute } from './execute';
import { SandboxUnavailableError } from '../host';
import { ETC_FILES, RUN_DIR, SCRATCH, programCommand, type Mount, type ProgramConfinement } from './command';
import type { Ended } from './end';
import type { HostileWord } from './hostile';
import { resolveInterpreter, SYSTEM_ROOTS } from './interpreter';
import { DEFAULT_MAX_OUTPUT_BYTES, programLimits, type Interpreter } from './limits';
import { defaultProgramConfinement } from './program-confinement';
import { ATTEMPT_FD, pythonSiteCustomize } from './python-hook';
import { makeRunFolder } from './run-folder';
import { checkCaseMounts, placeCaseMounts } from './case-mounts';

export type { Interpreter, HostileWord, Ended };

export interface ProgramSpec {
  /** python: the configured interpreter; shell: bash (or /bin/sh, `shell: 'sh'`); node: the host's node. */
  interpreter: Interpreter;
  /** After the interpreter, e.g. ['bench.py', '--k', '16']. */
  args: string[];
  /** Written into the scratch folder, relative safe paths only. */
  files: { path: string; content: string }[];
  /**
   * The working directory, a relative folder inside the scratch folder (created, writable), so a program that ran
   * in a sub-folder of its case finds `../images` where it did: e.g. `logbook`, with the case's other top-level
   * entries bound beside it. Default: the scratch folder itself.
   */
  cwd?: string;
  /** Host folders (the case's files) bound read-only; target relative to the cwd, or absolute under /case. */
  readOnly?: { source: string; target: string }[];
  /** Added to the minimal environment (PATH, HOME=scratch, LANG=C.UTF-8, PYTHONHASHSEED=0, one thread for OMP/MKL/OpenBLAS). */
  env?: Record<string, string>;
  /** Wall ms, CPU s, memory MiB for the program's data; defaults PROGRAM_DEFAULT_LIMITS (60 s, 60 s, 1024 MiB). */
  limits?: Partial<SandboxLimits>;
  /** stdout and stderr are each capped at this (default 4 MiB); past it the run ends `output-limit`, marked truncated. */
  maxOutputBytes?: number;
  signal?: AbortSignal;
  /** Without a usable bubblewrap: refuse (SandboxUnavailableError, one line) unless true. */
  allowUnconfined?: boolean;
  /** Interpreter path from the workspace settings; default /usr/bin/python3 if present, else `python3` on PATH. */
  python?: string;
  /** For `shell`: 'bash' (default, when installed) or 'sh' (/bin/sh). */
  shell?: 'sh' | 'bash';
  /** The machine's confinement (default: detected once per process); tests pass one without bubblewrap. */
  confinement?: ProgramConfinement;
  /** The queue of sandbox runs it waits in (default: the process's shared one, as every sandbox run). */
  queue?: SandboxQueue;
}

export interface ProgramResult {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  ended: Ended;
  /** What the run attempted that the sandbox denied (network, reads outside, writes outside, fork bomb, disk flood), where detectable. */
  hostile: HostileWord[];
  confined: boolean;
  durationMs: number;
  /** The resolved interpreter path actually run. */
  interpreter: string;
}

const PYTHON_NAMES = /^(?:python(?:\d+(?:\.\d+)?)?|py)$/;
const SHELL_NAMES = /^(?:sh|bash|dash|zsh)$/;

/**
 * The interpreter of a recorded command, from its program's name (any folder, `env` skipped).
 * Example: `interpreterFor(['python3', 'bench.py'])` is 'python'; `['bash', 'x.sh']` 'shell'; `['node', 'a.js']`
 * 'node'; `['./a.out']` null.
 */
export function interpreterFor(command: string[]): Interpreter | null {
  let i = 0;
  if (command[0] !== undefined && basename(command[0]) === 'env') {
    i = 1;
    while (command[i] !== undefined && (command[i]!.startsWith('-') || command[i]!.includes('='))) i++;
  }
  const name = command[i] === undefined ? '' : basename(command[i]!);
  if (PYTHON_NAMES.test(name)) return 'python';
  if (SHELL_NAMES.test(name)) return 'shell';
  if (name === 'node' || name === 'nodejs') return 'node';
  return null;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

function checkStrings(spec: ProgramSpec): void {
  if (!Array.isArray(spec.args) || spec.args.length > 4096) throw new BadInputError('replay command', 'at most 4096 arguments');
  for (const a of spec.args)
    if (typeof a !== 'string' || a.includes('\0') || a.length > 65536) throw new BadInputError('replay command', 'an argument is not text');
  for (const [k, v] of Object.entries(spec.env ?? {})) {
    if (!ENV_NAME.test(k)) throw new BadInputError(oneLine(k, 100), 'not an environment variable name');
    if (typeof v !== 'string' || v.includes('\0') || v.length > 65536) throw new BadInputError(k, 'environment value is not text');
  }
}

function baseEnv(kind: Interpreter, pathDirs: readonly string[], home: string, runDir: string): Record<string, string> {
  return {
    PATH: [...pathDirs, '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    HOME: home,
    TMPDIR: '/tmp',
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    PYTHONHASHSEED: '0',
    PYTHONDONTWRITEBYTECODE: '1',
    PYTHONPATH: `${runDir}/python`,
    OMP_NUM_THREADS: '1',
    MKL_NUM_THREADS: '1',
    OPENBLAS_NUM_THREADS: '1',
    NUMEXPR_NUM_THREADS: '1',
    MPLBACKEND: 'Agg',
    RECHECK_ATTEMPT_FD: String(ATTEMPT_FD),
    ...(kind === 'node' ? { NODE_OPTIONS: '' } : {}),
  };
}

/**
 * Runs the program once, after waiting for a free sandbox in the queue; resolves for anything the program does
 * (a cancel while waiting resolves `aborted`), rejects for bad input (BadInputError, one line), a refused run
 * (SandboxUnavailableError) or a full queue (BusyError).
 */
export async function runProgram(spec: ProgramSpec): Promise<ProgramResult> {
  checkStrings(spec);
  const caseMounts = checkCaseMounts(spec.readOnly ?? []);
  const c = spec.confinement ?? (await defaultProgramConfinement());
  const confined = c.bwrap !== null;
  const label = oneLine(`${spec.interpreter} ${spec.args[0] ?? ''}`.trim(), 200);
  if (!confined && spec.allowUnconfined !== true) throw new SandboxUnavailableError(c.problem ? `${label} (${c.problem})` : label);
  const limits = programLimits(spec.interpreter, spec.limits);
  const maxOutput = spec.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const interp = await resolveInterpreter(spec.interpreter, {
    ...(spec.python !== undefined ? { python: spec.python } : {}),
    ...(spec.shell !== undefined ? { shell: spec.shell } : {}),
    node: c.node,
    nodeBinds: c.nodeBinds,
  });
  // Every sandbox run waits for a slot and its memory in the process's queue (BusyError when it is full).
  const queue = spec.queue ?? sharedSandboxQueue();
  let release = spec.signal?.aborted === true ? null : queue.tryAdmit(limits.memoryMb);
  if (release === null) {
    try {
      release = await queue.admit(limits.memoryMb, spec.signal !== undefined ? { signal: spec.signal } : {});
    } catch (err) {
      if (err instanceof CancelledError) return abortedBeforeStart(confined, interp.path);
      throw err;
    }
  }
  const owner = confined && c.setpriv !== null ? { uid: 65534, gid: 65534 } : null;
  let folder: Awaited<ReturnType<typeof makeRunFolder>>;
  try {
    folder = await makeRunFolder(spec.files, owner, spec.cwd);
  } catch (err) {
    release();
    throw err;
  }
  try {
    const scratch = confined ? SCRATCH : folder.scratch;
    const runDir = confined ? RUN_DIR : folder.boot;
    // The scratch folder first (the case's mount points go inside it), then the run's own files, the case, the interpreter.
    const mounts: Mount[] = [
      { source: folder.scratch, dest: SCRATCH, writable: true },
      { source: folder.boot, dest: RUN_DIR },
    ];
    mounts.push(...placeCaseMounts(caseMounts, folder.scratch, confined, owner));
    for (const b of interp.binds) mounts.push({ source: b, dest: b });
    // What the sandbox shows read-only: a read elsewhere (the host's home, /etc/shadow, a host path) is a read outside.
    const shown = ['/proc', '/dev', '/sys', ...ETC_FILES, '/etc/passwd', '/etc/group', RUN_DIR, runDir];
    const visible = [...SYSTEM_ROOTS, ...shown, ...interp.binds, ...mounts.slice(2).map((m) => m.dest)];
    await writeFile(
      join(folder.boot, 'python', 'sitecustomize.py'),
      pythonSiteCustomize(
        visible,
        scratch,
        mounts
          .slice(2)
          .map((m) => m.dest)
          .filter((d) => d.startsWith(`${SCRATCH}/`)),
      ),
      { mode: 0o644 },
    );
    const env = { ...baseEnv(spec.interpreter, interp.pathDirs, scratch, runDir), ...spec.env };
    if (spec.env?.PYTHONPATH !== undefined) env.PYTHONPATH = `${runDir}/python:${spec.env.PYTHONPATH}`;
    const argv =
      spec.interpreter === 'node' ? [`--max-old-space-size=${Math.max(16, Math.round(limits.memoryMb))}`, ...spec.args] : spec.args;
    const chdir = spec.cwd !== undefined ? `${SCRATCH}/${spec.cwd}` : SCRATCH;
    const cmd = programCommand({ confinement: c, interpreter: interp, argv, mounts, env, limits, stage: folder.stage, chdir });
    return await execute(cmd, {
      kind: spec.interpreter,
      confined,
      env,
      cwd: confined ? '/' : spec.cwd !== undefined ? join(folder.scratch, spec.cwd) : folder.scratch,
      limits,
      maxOutput,
      signal: spec.signal,
      interp: interp.path,
      visible,
      scratchHost: folder.scratch,
      scratch,
    });
  } finally {
    release();
    await folder.remove();
  }
}

/** A run cancelled while it waited for a sandbox: it never started. */
function abortedBeforeStart(confined: boolean, interpreter: string): ProgramResult {
  return {
    exitCode: null,
    signal: null,
    stdout: '',
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    ended: 'aborted',
    hostile: [],
    confined,
    durationMs: 0,
    interpreter,
  };
}
