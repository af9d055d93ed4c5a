/**
 * Replays a logbook's run cell: rebuilds its program from what the logbook recorded (program.ts), applies the
 * reviewer's overrides (overrides.ts), runs it in the sandbox (run-spec.ts, the bubblewrap process runner) and
 * compares its stdout with the printed output (checkers/replay/compare-output.ts). An overridden replay is not
 * compared (it cannot be): its output and the tables it printed are the result (artifacts.ts).
 * Bad input (no such case, logbook or cell; a bad override) throws BadInputError naming the case; what the
 * logbook does not let Recheck run is a `cannot-run` outcome saying why.
 * Example: `await replayCell({ caseDir, where: 'timing', cell: 'cell_cad14a3ec345' })` reproduces the timing
 * logbook's bench.py output (3 lines, 3 numbers, within the printed rounding).
 */
import { join } from 'node:path';
import type { LogbookRef } from '../cases/model';
import { MAX_CASE_JSON_BYTES } from '../cases/load';
import { resolveInside } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { findCell } from '../logbook/extract-table';
import { readLogbook } from '../logbook/read';
import { readJsonFile } from '../tables/json-file';
import { compareOutput } from '../../checkers/replay/compare-output';
import { PRINTED_ROUNDING, type Tolerance } from '../../checkers/replay/tolerance';
import type { Setting } from '../../checkers/replay/override';
import { programOf } from './program';
import { applyReplayOverrides } from './overrides';
import { defaultProcessRunner, runReplayProgram, type ProcessRunner, type ReplayLimits } from './run-spec';
import { writeReplayArtifacts } from './artifacts';
import { replayPythonFor } from './python';
import { cannotRunWhy, describeRun, ignorePatterns, stdoutPlusStderr } from './judge';
import type { ReplayOutcome } from './outcome';

/** Characters Trackio keeps of a long output (the first 2,000 and the last 18,000). */
const TRACKIO_KEPT_CHARS = 20_000;

export interface ReplayRequest {
  readonly caseDir: string;
  /** How the case is named in messages. */
  readonly where: string;
  readonly cell: string;
  readonly logbook?: string;
  readonly tolerance?: Tolerance;
  /** Regular expressions of lines to ignore (timings). */
  readonly ignore?: readonly string[];
  readonly set?: readonly Setting[];
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly limits?: ReplayLimits;
  /** The Python interpreter (default: the workspace setting replay.python, else the system python3; python.ts). */
  readonly python?: string;
  readonly allowUnconfined?: boolean;
  readonly signal?: AbortSignal;
  /** Where an overridden replay writes its stdout and tables (absent: nothing is written). */
  readonly artifactDir?: () => Promise<string>;
  /** The process runner (default: the sandbox's, app/sandbox/process/run-program.ts). */
  readonly runner?: ProcessRunner;
  /**
   * The logbooks to find the cell in, already read (default: those case.json declares). The screen passes a bare
   * logbook folder this way: `caseDir` is then that folder and its one logbook's path is `.`.
   */
  readonly logbooks?: Awaited<ReturnType<typeof caseLogbooks>>;
}

/** The logbooks case.json declares, read through the logbook reader. */
export async function caseLogbooks(caseDir: string) {
  const file = join(caseDir, 'case.json');
  const json = (await readJsonFile(resolveInside(caseDir, 'case.json', file), file, { maxBytes: MAX_CASE_JSON_BYTES })) as {
    logbooks?: LogbookRef[];
  };
  const out = [];
  for (const ref of json.logbooks ?? []) out.push({ view: await readLogbook(caseDir, ref), path: ref.path });
  return out;
}

/** Replays one run cell (see the file comment). */
export async function replayCell(r: ReplayRequest): Promise<ReplayOutcome> {
  const ignore = ignorePatterns(r.where, r.ignore ?? []);
  const location = findCell(r.where, r.logbooks ?? (await caseLogbooks(r.caseDir)), r.cell, r.logbook);
  const base = {
    cell: location.cell.id,
    logbook: location.logbook.id,
    page: location.page.slug,
    command: location.cell.type === 'code' ? location.cell.command : [],
    ignore: r.ignore ?? [],
    tables: [],
    artifacts: [],
  };
  const noOverrides = { set: [], args: [], env: [] };
  const runner = r.runner ?? (await defaultProcessRunner());
  const python = await replayPythonFor(r.caseDir, r.python);
  const built = programOf(r.caseDir, location, runner.interpreterFor);
  if (!built.ok)
    return {
      ...base,
      result: 'cannot-run',
      summary: `cannot run: ${built.why}`,
      why: built.why,
      interpreter: null,
      files: [],
      literals: [],
      overrides: noOverrides,
      notes: [],
    };
  const over = await applyReplayOverrides(r, built.program);
  const program = over.program;
  const overridden = over.applied.set.length + over.applied.args.length + over.applied.env.length > 0;
  const common = { ...base, interpreter: program.interpreter, files: program.needs, literals: over.literals, overrides: over.applied };
  const notes: string[] = [...over.notes];
  for (const f of program.needs)
    if (f.differsFromCase === true) notes.push(`${f.path}: the page's copy differs from the case's file; the page's copy ran`);
  if (!overridden && program.printed === null) {
    const why = `cell ${location.cell.id} printed no output block to compare with`;
    return { ...common, result: 'cannot-run', summary: `cannot run: ${why}`, why, notes };
  }
  let ran;
  try {
    ran = await runReplayProgram(runner, { ...r, ...(python !== undefined ? { python } : {}) }, program, over.env);
  } catch (e) {
    // The interpreter the reviewer chose cannot be used: the replay cannot run (a refused sandbox stays an error).
    if (!(e instanceof Error) || e.name !== 'InterpreterUnavailableError') throw e;
    const why = `the interpreter cannot be used: ${e.message}`;
    return { ...common, result: 'cannot-run', summary: `cannot run: ${why}`, why, notes };
  }
  const run = describeRun(ran, sha256(ran.stdout));
  const blocked = cannotRunWhy(ran, python);
  if (blocked !== null) return { ...common, result: 'cannot-run', summary: `cannot run: ${blocked}`, why: blocked, run, notes };
  const exit = {
    recorded: program.recordedExit,
    replayed: ran.exitCode,
    agree: program.recordedExit === null || program.recordedExit === ran.exitCode,
  };
  if (overridden) {
    const written = await writeReplayArtifacts(r.artifactDir, ran.stdout, ran.stderr);
    const tables = written.tables;
    const summary = `ran with ${[...over.applied.set.map((s) => `${s.name} = ${s.to}`), ...over.applied.args.map((a) => `arg ${a}`), ...over.applied.env.map((e) => `env ${e}`)].join(', ')}: exit ${ran.exitCode ?? ran.signal}, ${run.stdoutBytes} bytes of output, ${tables.length} printed table${tables.length === 1 ? '' : 's'}${tables.length > 0 ? ` (${tables.map((t) => `${t.rows} rows of ${t.columns.join(', ')}`).join('; ')})` : ''}; not compared with the printed output (the logbook ran other values)`;
    return { ...common, result: 'ran', summary, run, exit, tables, output: ran.stdout.slice(0, 4000), artifacts: written.files, notes };
  }
  const printed = (program.printed as { text: string }).text;
  const tolerance = r.tolerance ?? PRINTED_ROUNDING;
  let comparison = compareOutput(printed, ran.stdout, { tolerance, ignore });
  if (comparison.result === 'differs' && ran.stderr.trim() !== '') {
    const both = compareOutput(printed, stdoutPlusStderr(ran), { tolerance, ignore });
    if (both.result === 'reproduces') {
      comparison = both;
      notes.push('the printed output holds stderr too: compared with stdout followed by stderr');
    }
  }
  if (comparison.elision !== null)
    notes.push(
      `the logbook elided ${comparison.elision.elidedChars} characters of the output: compared only what it printed (${comparison.linesCompared} lines; ${comparison.notCompared} cut line${comparison.notCompared === 1 ? '' : 's'} not compared)`,
    );
  if (comparison.elision !== null && comparison.elision.markers.length === 1) {
    // Trackio keeps the first 2,000 and the last 18,000 characters: the replay's length should be those plus the elided count.
    const said = TRACKIO_KEPT_CHARS + comparison.elision.elidedChars;
    const replayedChars = [...ran.stdout].length;
    notes.push(
      replayedChars === said
        ? `the replay printed ${replayedChars} characters, as many as the logbook's 20,000 kept plus ${comparison.elision.elidedChars} elided`
        : `the replay printed ${replayedChars} characters; the logbook's 20,000 kept plus ${comparison.elision.elidedChars} elided make ${said}`,
    );
  }
  if (comparison.interrupted) notes.push('the logbook run was interrupted: compared only the lines it printed');
  const reproduces = comparison.result === 'reproduces' && exit.agree;
  const counts = `${comparison.linesCompared} lines, ${comparison.numbersCompared} numbers${comparison.tableCellsCompared > 0 ? `, ${comparison.tableCellsCompared} table cells` : ''}${comparison.ignoredLines > 0 ? `, ${comparison.ignoredLines} ignored` : ''}`;
  const d = comparison.first;
  const summary = reproduces
    ? `reproduces: the replay prints what the logbook printed (${counts}; numbers within ${comparison.tolerance})`
    : !exit.agree
      ? `differs: the logbook recorded exit ${exit.recorded}, the replay exited ${exit.replayed ?? ran.signal}`
      : `differs at printed line ${d?.printedLine ?? '-'} (replayed line ${d?.replayedLine ?? '-'}): ${d?.reason ?? ''}${d?.number !== undefined && d.number.bound !== undefined ? ` (difference ${d.number.difference}, allowed ${d.number.bound})` : ''}; ${comparison.differingLines} line${comparison.differingLines === 1 ? '' : 's'} of ${comparison.printedLines} differ${comparison.differingLines === 1 ? 's' : ''} (compared: ${counts}; numbers within ${comparison.tolerance})`;
  return { ...common, result: reproduces ? 'reproduces' : 'differs', summary, run, exit, comparison, notes };
}
