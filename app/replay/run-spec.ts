/**
 * From a rebuilt program to one sandboxed run (app/sandbox/process/run-program.ts, bubblewrap: no network,
 * read-only system, a scratch folder, time, memory and CPU limits, the process group killed at the end).
 * The layout inside the sandbox mirrors the case: the working directory is the workspace (the logbook folder
 * the command ran in) at its path in the case, inside the scratch folder, and holds the page's embedded sources;
 * the workspace's entries are bound read-only beside them (an embedded file shadows the case's file of the same
 * name), and the rest of the case read-only around it, so the command finds its files (`../images/pairs.csv`)
 * where it found them when the logbook ran.
 * Example: `await runReplayProgram(request, program, {})` runs `python3 bench.py` with bench.py from the page.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { resolveInside } from '../fs/confine';
import type { ProgramResult, ProgramSpec } from '../sandbox/process/run-program';
import type { ReplayProgram } from './program';

export interface ReplayLimits {
  readonly timeoutMs?: number;
  readonly cpuSeconds?: number;
  readonly memoryMb?: number;
}

/** Most bytes of stdout (and of stderr) kept: beyond, the replay cannot be compared. */
export const REPLAY_MAX_OUTPUT = 16 * 1024 * 1024;

interface RunAsk {
  readonly caseDir: string;
  readonly limits?: ReplayLimits;
  readonly python?: string;
  readonly allowUnconfined?: boolean;
  readonly signal?: AbortSignal;
}

/** The folder's regular files and folders (a symlink, which could point out of the case, or a device is not bound), sorted. */
function entries(dir: string, skip: ReadonlySet<string>): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => (d.isFile() || d.isDirectory()) && !skip.has(d.name))
    .map((d) => d.name)
    .sort();
}

/** The sandbox spec of a program (see the file comment). */
export function replaySpec(r: RunAsk, program: ReplayProgram, env: Readonly<Record<string, string>>): ProgramSpec {
  const workspace = resolveInside(r.caseDir, program.workspace, join(r.caseDir, 'case.json'));
  const rel = relative(r.caseDir, workspace)
    .split(sep)
    .filter((p) => p !== '' && p !== '.');
  const at = (name: string, depth = rel.length): string => [...rel.slice(0, depth), name].join('/');
  const shadowed = new Set(program.files.map((f) => f.path.split('/')[0] as string));
  const readOnly = entries(workspace, shadowed).map((name) => ({ source: join(workspace, name), target: at(name) }));
  // The case around the workspace, read-only where it was: a script that ran in `logbook/` and reads
  // `../images/pairs.csv` finds it (each level's other entries, beside the path down to the workspace).
  for (let depth = 0; depth < rel.length; depth++) {
    const dir = join(r.caseDir, ...rel.slice(0, depth));
    for (const name of entries(dir, new Set([rel[depth] as string]))) readOnly.push({ source: join(dir, name), target: at(name, depth) });
  }
  return {
    interpreter: program.interpreter,
    args: [...program.args],
    files: program.files.map((f) => ({ path: rel.length > 0 ? `${rel.join('/')}/${f.path}` : f.path, content: f.content })),
    ...(rel.length > 0 ? { cwd: rel.join('/') } : {}),
    readOnly,
    env: { ...env },
    ...(r.limits !== undefined ? { limits: { ...r.limits } } : {}),
    maxOutputBytes: REPLAY_MAX_OUTPUT,
    ...(r.signal !== undefined ? { signal: r.signal } : {}),
    ...(r.allowUnconfined === true ? { allowUnconfined: true } : {}),
    ...(r.python !== undefined ? { python: r.python } : {}),
  };
}

/** The sandbox's process runner, or the one a caller passes (tests pass the real one or a recording wrapper). */
export interface ProcessRunner {
  runProgram(spec: ProgramSpec): Promise<ProgramResult>;
  interpreterFor(command: string[]): 'python' | 'shell' | 'node' | null;
}

/** The sandbox's process runner (loaded on first use). */
export async function defaultProcessRunner(): Promise<ProcessRunner> {
  const m = await import('../sandbox/process/run-program');
  return { runProgram: m.runProgram, interpreterFor: m.interpreterFor };
}

/** Runs the program once in the sandbox. */
export async function runReplayProgram(
  runner: ProcessRunner,
  r: RunAsk,
  program: ReplayProgram,
  env: Readonly<Record<string, string>>,
): Promise<ProgramResult> {
  return runner.runProgram(replaySpec(r, program, env));
}
