/**
 * The limits of a replayed program (a logbook's Python, shell or Node run cell) and how they become kernel
 * limits (prlimit) inside the sandbox. Measured on Debian 12 (Python 3.11, numpy 1.24, scipy 1.10, OpenBLAS with
 * one thread): `import numpy, scipy.stats, scipy.optimize, scipy.linalg` peaks at 145 MiB of address space and
 * 75 MiB resident, and takes 0.7-1.2 s; below about 260 MiB of address space OpenBLAS's start-up spins on a
 * failed allocation until the CPU limit ends it, so Python and shell runs get a fixed base on top of the
 * program's own memory.
 *
 * Example: `programLimits('python', { memoryMb: 256 })` is `{ timeoutMs: 60000, cpuSeconds: 60, memoryMb: 256 }`,
 * and `addressSpaceMb('python', 256)` is 640.
 */
import type { SandboxLimits } from '../confinement';

export type Interpreter = 'python' | 'shell' | 'node';

/** Default limits of one replayed program: 60 s wall, 60 s CPU, 1 GiB for the program's data. */
export const PROGRAM_DEFAULT_LIMITS: SandboxLimits = { timeoutMs: 60_000, cpuSeconds: 60, memoryMb: 1024 };

/** Address space an interpreter needs before the program allocates anything (Python with numpy/scipy: 145 MiB measured). */
const PYTHON_BASE_MB = 384;
/**
 * Node reserves about 950 MiB of address space at start-up (confinement.ts measured it; its constant is private
 * there); its heap limit is the program's memory, and as much again for ArrayBuffers.
 */
const NODE_BASE_MB = 1100;

/** Processes and threads in the sandbox at once (RLIMIT_NPROC, counted in the sandbox's own user namespace). */
export const PROCESS_LIMIT = 64;
/** Open files per process (RLIMIT_NOFILE). */
export const OPEN_FILES_LIMIT = 1024;
/** Largest file a program may write (RLIMIT_FSIZE): a bigger write fails with EFBIG / SIGXFSZ. */
export const FILE_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;
/** Default cap of stdout and of stderr, each (the rest is dropped and marked truncated). */
export const DEFAULT_MAX_OUTPUT_BYTES = 4 * 1024 * 1024;
/** All files in the scratch folder together; the host ends the run past it (checked twice a second). */
export const SCRATCH_BUDGET_BYTES = 512 * 1024 * 1024;

/** The limits of one run: the defaults, overridden field by field (non-finite or non-positive values refused). */
export function programLimits(interpreter: Interpreter, limits: Partial<SandboxLimits> = {}): SandboxLimits {
  void interpreter; // one default for every interpreter today; kept as a parameter so each can get its own
  const merged = { ...PROGRAM_DEFAULT_LIMITS, ...limits };
  for (const [k, v] of Object.entries(merged))
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw new RangeError(`sandbox limits: ${k} must be a positive number`);
  return merged;
}

/** RLIMIT_AS in MiB for a program with `memoryMb` of its own. */
export function addressSpaceMb(interpreter: Interpreter, memoryMb: number): number {
  if (interpreter === 'node') return NODE_BASE_MB + 2 * memoryMb;
  return PYTHON_BASE_MB + memoryMb;
}

/** The prlimit options of one run (applied inside the sandbox, so that NPROC counts the sandbox's processes only). */
export function prlimitArgs(interpreter: Interpreter, limits: SandboxLimits): string[] {
  const cpu = Math.max(1, Math.ceil(limits.cpuSeconds));
  return [
    `--as=${addressSpaceMb(interpreter, limits.memoryMb) * 1024 * 1024}`,
    `--cpu=${cpu}:${cpu + 1}`,
    `--nproc=${PROCESS_LIMIT}`,
    `--nofile=${OPEN_FILES_LIMIT}`,
    `--fsize=${FILE_SIZE_LIMIT_BYTES}`,
    '--core=0',
  ];
}
