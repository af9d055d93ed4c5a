/** `recheck sweep <module.ts>`: run a sandboxed point function over a grid or horizon, checkpointed and resumable. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { createProgressBar, formatSeconds } from '../progress';
import { BadInputError, EXIT } from '../../errors';
import { nameProblem, parseSweepSpec, type ParamValue, type SweepSpec } from '../../runs/grid';
import { intFlag, SWEEP_BACKEND_OPTIONS, sweepBackendFromFlags } from '../sweep-flags';
import type { SweepSummary } from '../../runs/sweep';
import { oneLine, shown } from '../../text/display';

export const sweepCommand: Command = {
  name: 'sweep',
  summary: 'run a sandboxed function over a parameter grid or horizon in parallel, checkpointed, resumable',
  usage: `usage: recheck sweep <module.ts> (--grid spec.json | --param NAME=V1,V2,... | --horizon N)
                   [--seed N] [--jobs N] [--stop-on FIELD] [--runs DIR] [--id NAME] [--resume]
                   [--timeout SECONDS] [--memory MB] [--json] [--allow-unconfined]
                   [--backend local|slurm] [--partition P] [--array-max N] [--tasks N]
                   [--time T] [--mem M] [--sbatch-arg=ARG ...]

The module's default export is (params, api) => result, called once per point inside the sandbox;
api.seed is the point's seed, derived from --seed (default 1) and the point's index; Math.random and
api.random() draw from a generator seeded with it, so results do not depend on --jobs (default: cores). --grid is {"parameters": {"lr": [0.1, 0.01]}} or
{"horizon": 1000}; --param may repeat (numbers are parsed); --horizon N runs t = 1..N.
--stop-on FIELD stops at the first point (by index) whose result has FIELD truthy, e.g. violation.
Results go to <runs>/<id>/points.jsonl (append-only) and manifest.json; runs defaults to the runs/ folder
of the case containing the module. Rerunning the same command resumes; Ctrl-C cancels and keeps them.
--timeout (default 30) and --memory (default 512) limit each point.
--resume insists on an existing sweep (exit 2 when there is none to resume).
--backend slurm submits ONE job array (sbatch --array=0-(N-1)%array-max) instead of running the points here;
the runs folder must be on storage the compute nodes share. Task i runs \`recheck sweep --shard i/N\` on its
slice of the grid (--tasks N slices, default one per point up to 1000) in the same sandbox as a local run and
appends to points.shard-i-of-N.jsonl; this process follows the job (squeue) with the same progress and results
as a local sweep, bit for bit. --partition, --time, --mem and --sbatch-arg go to sbatch (--jobs becomes
--cpus-per-task); --sbatch-arg takes only options Recheck allows (partition, time, memory, account, qos,
constraints, GPUs, nodes and the like, written in full; never files, environment, folder, user or script:
docs/slurm.md); a task's environment is PATH, HOME and TMPDIR (sbatch --export=NONE). A violation under
--stop-on, once every lower point is done, cancels the remaining tasks; Ctrl-C cancels the job. Tasks that
die leave their points: rerun (or --resume) submits only the missing slices.
Output: progress on a terminal; with --json, events as JSON lines on stderr and one summary on stdout.
Exit 0 when finished, 1 when --stop-on found a violating point, 2 on bad input or settings Slurm refuses,
130 when cancelled or when Slurm tasks ended unfinished.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'sweep',
      args,
      {
        grid: { type: 'string' },
        param: { type: 'string', multiple: true },
        horizon: { type: 'string' },
        seed: { type: 'string' },
        jobs: { type: 'string' },
        'stop-on': { type: 'string' },
        runs: { type: 'string' },
        id: { type: 'string' },
        timeout: { type: 'string' },
        memory: { type: 'string' },
        json: { type: 'boolean' },
        'allow-unconfined': { type: 'boolean' },
        resume: { type: 'boolean' },
        ...SWEEP_BACKEND_OPTIONS,
      },
      { min: 1, max: 1, names: '<module.ts>' },
    );
    const file = positionals[0] as string;
    const modulePath = resolve(io.cwd, file);
    if (!existsSync(modulePath)) throw new BadInputError(file, 'no such file');
    const spec = await specFrom(values, io.cwd);
    const stopOn = values['stop-on'] ?? null;
    const refused = stopOn !== null ? nameProblem(stopOn) : null;
    if (refused !== null) throw new UsageError('sweep', `--stop-on: ${refused}`);
    // The sweep folder stays inside the case (a runs/ symlink out of it is refused) or inside --runs.
    const caseDir = values.runs === undefined ? caseFolder(modulePath) : null;
    const runsDir = values.runs !== undefined ? resolve(io.cwd, values.runs) : caseDir !== null ? join(caseDir, 'runs') : null;
    if (runsDir === null) throw new UsageError('sweep', `${file} is not inside a case folder: pass --runs DIR for the checkpoint`);
    const seed = intFlag('sweep', 'seed', values.seed, 1, 0, 2 ** 32 - 1);
    const jobs = values.jobs !== undefined ? intFlag('sweep', 'jobs', values.jobs, 1, 1, 256) : undefined;
    const timeoutS = intFlag('sweep', 'timeout', values.timeout, 30, 1, 86_400);
    const memoryMb = intFlag('sweep', 'memory', values.memory, 512, 32, 65_536);
    const { backend, shard } = await sweepBackendFromFlags('sweep', values);
    const [{ runSweep }, { defaultConfinement, UNCONFINED_NOTICE }, { nodeChildRunner }] = await Promise.all([
      import('../../runs/sweep'),
      import('../../sandbox/confinement'),
      import('../../sandbox/runner'),
    ]);
    const confinement = await defaultConfinement();
    if (confinement.bwrap === null && values['allow-unconfined'] === true)
      io.stderr(`${UNCONFINED_NOTICE}\n(continuing unconfined: --allow-unconfined)\n`);
    const bar = createProgressBar(io, 'sweep');
    let done = 0;
    let total = 0;
    let summary: SweepSummary;
    const notices: string[] = []; // shown once the bar is gone, so they do not mix with it
    try {
      summary = await runSweep({
        modulePath,
        label: file,
        spec,
        seed,
        ...(jobs !== undefined ? { jobs } : {}),
        stopOn,
        runsDir,
        root: caseDir ?? runsDir,
        ...(values.id !== undefined ? { id: values.id } : {}),
        limits: { timeoutMs: timeoutS * 1000, cpuSeconds: 2 * timeoutS + 1, memoryMb },
        runner: nodeChildRunner(confinement, { allowUnconfined: values['allow-unconfined'] === true }),
        ...(backend !== undefined ? { backend } : {}),
        ...(shard !== undefined ? { shard } : {}),
        ...(values.resume === true ? { resume: true } : {}),
        signal: io.signal,
        onEvent: (e) => {
          if (values.json) return io.stderr(`${JSON.stringify(e)}\n`);
          if (e.type === 'notice') notices.push(e.message);
          if (e.type === 'started') [done, total] = [e.alreadyDone, e.total];
          if (e.type === 'progress') {
            done = e.done;
            bar.update(e.done, e.total);
          }
          // A long point shows its own progress next to the sweep's.
          if (e.type === 'point-progress')
            bar.update(
              done,
              total,
              `point ${e.index}: ${e.done}${e.total !== undefined ? `/${e.total}` : ''}${e.message ? ` ${e.message}` : ''}`,
            );
        },
      });
    } finally {
      bar.finish();
      for (const n of notices) io.stderr(`recheck: ${oneLine(n)}\n`);
    }
    if (values.json) io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    else io.stdout(formatSummary(summary));
    if (summary.status === 'cancelled') return 130;
    // A shard's violation is its parent's to report (Slurm would mark the task failed).
    if (shard !== undefined) return EXIT.ok;
    return summary.firstViolation !== null ? EXIT.doesNotHold : EXIT.ok;
  },
};

async function specFrom(values: { grid?: string; param?: string[]; horizon?: string }, cwd: string): Promise<SweepSpec> {
  const given = [values.grid !== undefined, values.param !== undefined, values.horizon !== undefined].filter(Boolean).length;
  if (given !== 1) throw new UsageError('sweep', 'give exactly one of --grid, --param, --horizon');
  if (values.grid !== undefined) {
    // The shared bounded reader: a regular file only (a fifo or /dev/zero is refused without blocking or reading),
    // at most MAX_JSON_BYTES, strict UTF-8, JSON within depth and node limits; each problem one line, exit 2.
    const { readJsonFile } = await import('../../tables/json-file');
    return parseSweepSpec(await readJsonFile(resolve(cwd, values.grid), values.grid), values.grid);
  }
  if (values.horizon !== undefined) return parseSweepSpec({ horizon: Number(values.horizon) }, '--horizon');
  // A Map, then own properties: `--param __proto__=1` must reach parseSweepSpec (which refuses it), not set a prototype.
  const parameters = new Map<string, ParamValue[]>();
  for (const p of values.param ?? []) {
    const m = /^([A-Za-z_][\w]*)=(.+)$/.exec(p);
    if (!m) throw new UsageError('sweep', `--param must be NAME=V1,V2,..., got "${shown(p)}"`);
    parameters.set(
      m[1] as string,
      (m[2] as string)
        .split(',')
        .map((v) => (v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v === 'true' ? true : v === 'false' ? false : v)),
    );
  }
  return parseSweepSpec({ parameters: Object.fromEntries(parameters) }, '--param');
}

/** The nearest enclosing folder holding a case.json, or null. */
function caseFolder(modulePath: string): string | null {
  for (let d = dirname(modulePath); d !== dirname(d); d = dirname(d)) {
    if (existsSync(join(d, 'case.json'))) return d;
  }
  return null;
}

function formatSummary(s: SweepSummary): string {
  const counts = Object.entries(s.outcomes)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  const lines = [
    `sweep ${s.id}: ${s.status}, ${s.done}/${s.total} points (${counts || 'none'}; ${s.resumed} from the checkpoint) in ${formatSeconds(s.wallMs / 1000)}`,
  ];
  if (s.firstViolation !== null)
    lines.push(
      `first violation at point ${s.firstViolation.index}: ${JSON.stringify(s.firstViolation.params)} -> ${JSON.stringify(s.firstViolation.value)}`,
    );
  const jobs = s.backend.jobs ?? [];
  if (s.backend.name === 'slurm' && jobs.length > 0) {
    const nodes = [...new Set(jobs.flatMap((j) => j.nodes))];
    lines.push(
      `on Slurm (${s.backend.version ?? 'version unknown'}): job${jobs.length === 1 ? '' : 's'} ${jobs.map((j) => j.id).join(', ')}${nodes.length > 0 ? ` on ${nodes.join(', ')}` : ''}`,
    );
  }
  if (s.status === 'cancelled') lines.push('cancelled: finished points are kept; rerun the same command to resume');
  lines.push(`checkpoint: ${s.dir}`);
  return `${lines.join('\n')}\n`;
}
