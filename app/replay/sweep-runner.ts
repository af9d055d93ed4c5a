/**
 * A replay sweep's point runner: the SandboxRunner (app/sandbox/runner.ts) that app/runs/sweep.ts `runSweep`
 * drives, built from a logbook's run cell, so that a sweep of a replayed program gets runSweep's checkpoint,
 * resume, progress and local or Slurm backends unchanged.
 * - The program is fixed once (`prepareReplaySweep`): the cell's command and sources as the logbook recorded them
 *   (program.ts), the script read once (a case file is read here, never again per point), the reviewer's fixed
 *   overrides (--set, --arg, --env) applied, the interpreter resolved. Its identity (`moduleHash` = `codeHash`) is
 *   sha256 of all of that plus how each grid name binds, so a resume or a Slurm task that rebuilds another program
 *   is refused by runSweep as "a sweep of different code".
 * - Each grid name binds to one overridable literal of the script (sweep-bindings.ts): a top-level constant
 *   (`K = 16` gets the point's value; a list `KS = [2, 4]` gets a list of that one value), an argparse flag
 *   (`--k` appended with the value), or an environment variable.
 * - `run(program, { input: params })` runs the program once with the point's overrides in the sandbox
 *   (app/sandbox/process/run-program.ts, through run-spec.ts) and makes its result the tables its stdout printed
 *   (sweep-result.ts): `ok` when it exited 0 and printed at least one table, else how it failed.
 * The point's seed is recorded by the sweep but not given to the program: the program runs as the logbook ran it.
 * Example: `const s = await prepareReplaySweep({ caseDir, where, cell, spec: { parameters: { KS: [2, 1024] } } })`,
 * then `runSweep({ modulePath: s.label, label: s.label, spec, seed: 1, runsDir, runner: s.runner })`.
 */
import { sha256 } from '../fs/hash';
import { BadInputError } from '../errors';
import { findCell } from '../logbook/extract-table';
import { canonicalJson } from '../runs/record';
import type { SweepSpec } from '../runs/grid';
import type { PreparedProgram, RunReport, SandboxRunner } from '../sandbox/runner';
import { defaultProgramConfinement } from '../sandbox/process/program-confinement';
import { resolveInterpreter } from '../sandbox/process/interpreter';
import { SandboxUnavailableError } from '../sandbox/host';
import { shown } from '../text/display';
import type { Setting } from '../../checkers/replay/override';
import { programOf, scriptOf, type ReplayProgram } from './program';
import { applyReplayOverrides, scriptSource } from './overrides';
import { caseLogbooks } from './replay';
import { replayPythonFor } from './python';
import { defaultProcessRunner, runReplayProgram, type ProcessRunner } from './run-spec';
import { bindGrid, pointOverrides, type GridBinding } from './sweep-bindings';
import { pointReport } from './sweep-result';

export interface ReplaySweepRequest {
  readonly caseDir: string;
  /** How the case is named in messages. */
  readonly where: string;
  readonly cell: string;
  readonly logbook?: string;
  /** The grid (parameters only): each name binds to a literal of the script. */
  readonly spec: SweepSpec;
  /** Fixed overrides, the same at every point. */
  readonly set?: readonly Setting[];
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly python?: string;
  readonly allowUnconfined?: boolean;
  /** The process runner (default: the sandbox's). */
  readonly processRunner?: ProcessRunner;
}

export interface ReplaySweep {
  /** The adapter runSweep drives (prepare ignores its modulePath: the program is this one). */
  readonly runner: SandboxRunner;
  /** `replay <case> --cell ID`: the manifest's module path and the sweep's label. */
  readonly label: string;
  /** sha256 of what the sweep runs (see the file comment). */
  readonly identity: string;
  readonly bindings: readonly GridBinding[];
  readonly program: ReplayProgram;
}

/** Fixes the program, binds the grid, and returns the runner (see the file comment). Bad input throws BadInputError naming the case. */
export async function prepareReplaySweep(r: ReplaySweepRequest): Promise<ReplaySweep> {
  if (!('parameters' in r.spec)) throw new BadInputError(r.where, 'a replay sweep takes a grid of named values, not a horizon');
  const location = findCell(r.where, await caseLogbooks(r.caseDir), r.cell, r.logbook);
  const processRunner = r.processRunner ?? (await defaultProcessRunner());
  const built = programOf(r.caseDir, location, processRunner.interpreterFor);
  if (!built.ok) throw new BadInputError(r.where, `cell ${shown(location.cell.id, 80)}: cannot run: ${built.why}`);
  const program = await frozen(r.caseDir, built.program);
  const fixedSet = r.set ?? [];
  const fixedArgs = r.args ?? [];
  const fixedEnv = r.env ?? {};
  // The fixed overrides are checked (and the literals found) once, here.
  const fixed = await applyReplayOverrides({ caseDir: r.caseDir, where: r.where, set: fixedSet, args: fixedArgs, env: fixedEnv }, program);
  const bindings = bindGrid(
    r.where,
    r.spec,
    fixed.literals,
    program.interpreter === 'python' && scriptOf(program.interpreter, program.args) !== null,
  );
  for (const b of bindings)
    if (b.kind === 'constant' && fixedSet.some((s) => s.name === b.name))
      throw new BadInputError(r.where, `${b.name} is both swept (--grid) and fixed (--set): drop one`);
  const python = await replayPythonFor(r.caseDir, r.python);
  const confinement = await defaultProgramConfinement();
  const confined = confinement.bwrap !== null;
  const label = `replay ${r.where} --cell ${location.cell.id}`;
  if (!confined && r.allowUnconfined !== true)
    throw new SandboxUnavailableError(confinement.problem ? `${label} (${confinement.problem})` : label);
  const interpreter = await resolveInterpreter(program.interpreter, {
    ...(python !== undefined ? { python } : {}),
    ...(confinement.node !== undefined ? { node: confinement.node } : {}),
    nodeBinds: confinement.nodeBinds,
  });
  const identity = sha256(
    canonicalJson({
      format: 'recheck.replay-sweep/1',
      interpreter: program.interpreter,
      interpreterPath: interpreter.path,
      command: program.command,
      workspace: program.workspace,
      files: program.files,
      set: fixedSet.map((s) => `${s.name}=${s.value}`),
      args: fixedArgs,
      env: Object.entries(fixedEnv).sort(),
      bindings,
    }),
  );
  const prepared = new WeakSet<PreparedProgram>();
  const runner: SandboxRunner = {
    description: confined
      ? `${program.interpreter} program in bubblewrap (no network, read-only system, uid 65534), prlimit`
      : `${program.interpreter} program WITHOUT bubblewrap (opted in)`,
    confined,
    prepare(p) {
      if (p.signal?.aborted) return Promise.reject(new Error('cancelled'));
      const out: PreparedProgram = { label: p.label ?? label, codeHash: identity, moduleHash: identity, dispose: () => Promise.resolve() };
      prepared.add(out);
      return Promise.resolve(out);
    },
    async run(prog, o): Promise<RunReport> {
      if (!prepared.has(prog)) throw new Error(`${prog.label}: this program was prepared by another sandbox runner`);
      const point = pointOverrides(bindings, o.input as Record<string, unknown>);
      const over = await applyReplayOverrides(
        {
          caseDir: r.caseDir,
          where: r.where,
          set: [...fixedSet, ...point.set],
          args: [...fixedArgs, ...point.args],
          env: { ...fixedEnv, ...point.env },
        },
        program,
      );
      const limits =
        o.limits !== undefined
          ? { timeoutMs: o.limits.timeoutMs, cpuSeconds: o.limits.cpuSeconds, memoryMb: o.limits.memoryMb }
          : undefined;
      const ran = await runReplayProgram(
        processRunner,
        {
          caseDir: r.caseDir,
          ...(limits !== undefined ? { limits } : {}),
          ...(python !== undefined ? { python } : {}),
          ...(r.allowUnconfined === true ? { allowUnconfined: true } : {}),
          ...(o.signal !== undefined ? { signal: o.signal } : {}),
        },
        over.program,
        over.env,
      );
      return pointReport(ran, python);
    },
  };
  return { runner, label, identity, bindings, program };
}

/** The program with the script the command runs read once into its files (a case file is not read again per point). */
async function frozen(caseDir: string, program: ReplayProgram): Promise<ReplayProgram> {
  const script = scriptOf(program.interpreter, program.args);
  if (script === null) return program;
  const source = await scriptSource(caseDir, program, script);
  if (source === null || source.from === 'page') return program;
  return { ...program, files: [...program.files, { path: source.path, content: source.text }] };
}
