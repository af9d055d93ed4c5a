/**
 * `recheck replay CASE --cell ID`: re-runs a logbook's run cell from what the logbook recorded (its command, the
 * sources embedded in the page, the case's files) in the sandbox and compares its stdout with the printed output
 * (app/replay/replay.ts). Exit 0 reproduces, 1 differs, 2 bad input or cannot run (one line naming the case and
 * the problem). An overridden replay (--set, --arg, --env) is not compared: exit 0 when it exited 0, else 1;
 * with --out its stdout and printed tables (CSV) are written there. With --grid NAME=V1,... it runs as a sweep
 * (replay-sweep.ts: checkpointed, resumable, local or Slurm; the points' tables as CSV).
 * Example: `recheck replay cases/timing-normalization --cell cell_cad14a3ec345` prints "reproduces: ..." and exits 0.
 */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { SWEEP_BACKEND_OPTIONS } from '../sweep-flags';
import { BadInputError, EXIT } from '../../errors';
import { CheckerError } from '../../../checkers/errors';
import { shown } from '../../text/display';
import { parseTolerance, type Tolerance } from '../../../checkers/replay/tolerance';
import { parseSetting, type Setting } from '../../../checkers/replay/override';
import type { ReplayOutcome } from '../../replay/outcome';

export const replayCommand: Command = {
  name: 'replay',
  summary: "re-run a logbook's run cell in the sandbox and compare its output with the printed output",
  usage: `usage: recheck replay <case-dir> --cell CELL-ID [--logbook ID] [--tolerance printed|abs:T|rel:T]
                      [--ignore REGEX]... [--set NAME=VALUE]... [--arg A]... [--env K=V]... [--out DIR]
                      [--python PATH] [--timeout S] [--memory MB] [--json] [--allow-unconfined]
       recheck replay <case-dir> --cell CELL-ID --grid NAME=V1,V2,... [--grid ...] [--set/--arg/--env ...]
                      [--runs DIR] [--id NAME] [--resume] [--jobs N] [--seed N] [--backend local|slurm]
                      [--partition P] [--array-max N] [--tasks N] [--time T] [--mem M] [--sbatch-arg=ARG ...]

Rebuilds the cell's program from the logbook: its command (python, a shell or node, with its arguments), the
source files embedded in the page (blocks with title=NAME; the page's copy wins over the case's file), and
the files of the case (the logbook's folder is where the command runs; its entries are bound read-only).
Runs it in the sandbox (bubblewrap: no network, read-only system, a scratch folder, time, CPU and memory
limits; --timeout S, default 60; --memory MB, default 1024) and compares its stdout with the cell's printed
output, line by line: text equal (trailing whitespace aside), numbers within the printed rounding (a printed
2.00 agrees with anything in [1.995, 2.005], decided exactly) or within --tolerance abs:T / rel:T; rows of
printed tables cell by cell. --ignore REGEX skips lines (timings) that match on both sides. An output the
logbook elided is compared on the part it kept, and says so. The recorded exit code must match too.
Python: --python PATH (default the system python3; a virtual environment's python is allowed).
Overrides (not compared with the printed output, which came from other values): --set NAME=VALUE rewrites a
top-level constant of the Python script (a number or a list of numbers: --set 'KS=[2, 4, 8, 1024]'),
--arg A appends an argument (--arg=--k --arg 1024), --env K=V sets a variable. With --out DIR the run's
stdout.txt, stderr.txt and every table it printed (table-N.csv, exact strings) are written to DIR.
Prints reproduces / differs (the first differing line, both lines, both numbers and the bound) / cannot run
(why), and the script's overridable literals with --json. Exit 0 reproduces, 1 differs, 2 bad input or
cannot run; an overridden run exits 0 when the program exited 0, else 1.

Sweep: --grid NAME=V1,V2,... (repeatable; the points are the cartesian product) runs the program once per
point with that point's values, as \`recheck sweep\` runs a module: checkpointed in <runs>/<id>/points.jsonl
(--runs DIR, default the case's runs/; --id NAME), Ctrl-C or a kill keeps the finished points and --resume
finishes the rest (it insists on an existing sweep); --jobs N programs at once; --seed N (default 1) only
names the points' seeds (the program runs as the logbook ran it). NAME is a top-level constant of the Python
script (a number gets the value, a list such as KS = [2, 4, 8] a list of that one value), an argparse flag
(--grid=--k=2,4 appends --k 2; a name the script declares as --k may be written k), or env:NAME. A list may be
a progression from its first three integers: KS=2,4,8,...,1024 or N=1,2,3,...,50. Each point's result is the
tables its stdout printed (a lone key=value line counts as a one-row table); a point that exits non-zero, is
cut, or prints no table failed. At the end, table N of every point is written as
<runs>/<id>/points-table-N.csv (the grid values first, then the printed columns, exact printed cells), ready
for \`recheck fit\`. --backend slurm submits one job array whose tasks run this command with --shard i/N
(--partition, --array-max, --tasks, --time, --mem, --sbatch-arg as for \`recheck sweep\`). --timeout
(default 60) and --memory (default 1024) limit each point. Exit 0 when every point ran, 1 when some point's
program failed, 2 bad input, 130 cancelled or Slurm tasks unfinished.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'replay',
      args,
      {
        cell: { type: 'string' },
        logbook: { type: 'string' },
        tolerance: { type: 'string' },
        ignore: { type: 'string', multiple: true },
        set: { type: 'string', multiple: true },
        arg: { type: 'string', multiple: true },
        env: { type: 'string', multiple: true },
        out: { type: 'string' },
        python: { type: 'string' },
        timeout: { type: 'string' },
        memory: { type: 'string' },
        json: { type: 'boolean' },
        'allow-unconfined': { type: 'boolean' },
        // The sweep form (replay-sweep.ts).
        grid: { type: 'string', multiple: true },
        runs: { type: 'string' },
        id: { type: 'string' },
        resume: { type: 'boolean' },
        jobs: { type: 'string' },
        seed: { type: 'string' },
        ...SWEEP_BACKEND_OPTIONS,
      },
      { min: 1, max: 1, names: '<case-dir>' },
    );
    if (values.cell === undefined) throw new UsageError('replay', '--cell CELL-ID is required');
    let tolerance: Tolerance | undefined;
    let set: Setting[];
    try {
      tolerance = values.tolerance !== undefined ? parseTolerance(values.tolerance) : undefined;
      set = (values.set ?? []).map(parseSetting);
    } catch (e) {
      if (e instanceof CheckerError) throw new UsageError('replay', e.message.replace(/^recheck\.[\w-]+: /, ''));
      throw e;
    }
    const env: Record<string, string> = {};
    for (const kv of values.env ?? []) {
      const eq = kv.indexOf('=');
      if (eq <= 0) throw new UsageError('replay', `--env "${shown(kv, 60)}": expected K=V`);
      env[kv.slice(0, eq)] = kv.slice(eq + 1);
    }
    const timeout = positive('timeout', values.timeout, 86_400);
    const memory = positive('memory', values.memory, 65_536);
    if (values.python !== undefined && !values.python.startsWith('/'))
      throw new UsageError('replay', `--python must be an absolute path, got "${shown(values.python, 80)}"`);
    const sweepOnly = SWEEP_ONLY.filter((k) => values[k] !== undefined);
    if (values.grid === undefined && sweepOnly.length > 0) throw new UsageError('replay', `--${sweepOnly[0]} applies to a sweep (--grid)`);
    const notInSweep = (['out', 'tolerance', 'ignore'] as const).filter((k) => values[k] !== undefined);
    if (values.grid !== undefined && notInSweep.length > 0)
      throw new UsageError('replay', `--${notInSweep[0]} does not apply to a sweep (its points tables are written beside the checkpoint)`);
    if (values.out !== undefined && set.length + (values.arg ?? []).length + Object.keys(env).length === 0)
      throw new UsageError('replay', '--out applies to an overridden replay (--set, --arg, --env)');
    const [{ displayPath, loadCase }, { defaultRegistry }, { replayCell }, { mkdir }] = await Promise.all([
      import('../../cases/load'),
      import('../registry'),
      import('../../replay/replay'),
      import('node:fs/promises'),
    ]);
    const dir = resolve(io.cwd, positionals[0] as string);
    const where = displayPath(dir, io.cwd);
    await loadCase(dir, defaultRegistry()); // a case that does not validate is bad input, named
    if (values.grid !== undefined) {
      const { runReplaySweepCommand } = await import('./replay-sweep');
      return runReplaySweepCommand(
        {
          caseDir: dir,
          where,
          cell: values.cell,
          ...(values.logbook !== undefined ? { logbook: values.logbook } : {}),
          set,
          args: values.arg ?? [],
          env,
          ...(values.python !== undefined ? { python: values.python } : {}),
          timeoutS: timeout ?? 60,
          memoryMb: memory ?? 1024,
          allowUnconfined: values['allow-unconfined'] === true,
        },
        { ...values, grid: values.grid },
        io,
      );
    }
    const out = values.out !== undefined ? resolve(io.cwd, values.out) : undefined;
    const outcome = await replayCell({
      caseDir: dir,
      where,
      cell: values.cell,
      ...(values.logbook !== undefined ? { logbook: values.logbook } : {}),
      ...(tolerance !== undefined ? { tolerance } : {}),
      ignore: values.ignore ?? [],
      set,
      args: values.arg ?? [],
      env,
      limits: {
        ...(timeout !== undefined ? { timeoutMs: timeout * 1000, cpuSeconds: timeout } : {}),
        ...(memory !== undefined ? { memoryMb: memory } : {}),
      },
      ...(values.python !== undefined ? { python: values.python } : {}),
      allowUnconfined: values['allow-unconfined'] === true,
      signal: io.signal,
      ...(out !== undefined
        ? {
            artifactDir: async () => {
              await mkdir(out, { recursive: true });
              return out;
            },
          }
        : {}),
    });
    if (values.json) io.stdout(`${JSON.stringify(outcome, null, 2)}\n`);
    else if (outcome.result !== 'cannot-run') io.stdout(formatReplay(outcome));
    if (outcome.result === 'cannot-run') {
      const line = new BadInputError(where, `cell ${shown(outcome.cell, 80)}: ${outcome.summary}`);
      if (!values.json) throw line;
      io.stderr(`${line.message}\n`);
      return EXIT.badInput;
    }
    if (outcome.result === 'ran') return outcome.run?.exitCode === 0 ? EXIT.ok : EXIT.doesNotHold;
    return outcome.result === 'reproduces' ? EXIT.ok : EXIT.doesNotHold;
  },
};

/** Flags of the sweep form only (besides --grid). */
const SWEEP_ONLY = [
  'runs',
  'id',
  'resume',
  'jobs',
  'seed',
  'backend',
  'partition',
  'array-max',
  'tasks',
  'time',
  'mem',
  'sbatch-arg',
  'shard',
] as const;

function positive(name: string, text: string | undefined, max: number): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (!(v > 0 && v <= max))
    throw new UsageError('replay', `--${name} must be a number above 0 and at most ${max}, got "${shown(text, 40)}"`);
  return v;
}

/** The human report of a replay. */
export function formatReplay(o: ReplayOutcome): string {
  const lines = [`${o.summary}`, `cell      ${o.logbook}/${o.page} ${o.cell}: ${o.command.join(' ')}`];
  if (o.run !== undefined)
    lines.push(
      `run       ${o.run.interpreter}, ${o.run.ended}, exit ${o.run.exitCode ?? o.run.signal}, ${(o.run.durationMs / 1000).toFixed(2)} s, ${o.run.confined ? 'confined' : 'UNCONFINED'}, stdout sha256 ${o.run.stdoutSha256.slice(0, 16)}...`,
    );
  if (o.files.length > 0) lines.push(`files     ${o.files.map((f) => `${f.path} (${f.from})`).join(', ')}`);
  const d = o.comparison?.first;
  if (d !== undefined) {
    lines.push(
      `printed   ${d.printedLine ?? '-'}: ${d.printed ?? '(no line)'}`,
      `replayed  ${d.replayedLine ?? '-'}: ${d.replayed ?? '(no line)'}`,
    );
    if (d.number?.bound !== undefined)
      lines.push(
        `numbers   ${d.number.printed} printed, ${d.number.replayed} replayed: difference ${d.number.difference}, allowed ${d.number.bound} (${o.comparison?.tolerance})`,
      );
  }
  if (o.output !== undefined) {
    const out = o.output.split('\n').filter((l, i, all) => l !== '' || i < all.length - 1);
    lines.push(...out.slice(0, 20).map((l, i) => `${i === 0 ? 'output' : ''}`.padEnd(10) + l));
    if (out.length > 20)
      lines.push(`${''.padEnd(10)}... (${o.run?.stdoutBytes ?? '?'} bytes in all${o.artifacts.length > 0 ? ', in stdout.txt' : ''})`);
  }
  for (const t of o.tables)
    lines.push(`table ${t.number}   ${t.columns.join(', ')}: ${t.rows} rows${t.file !== null ? ` -> ${t.file}` : ''}`);
  for (const n of o.notes) lines.push(`note      ${n}`);
  return `${lines.join('\n')}\n`;
}
