/**
 * `recheck replay CASE --cell ID --grid NAME=V1,V2,... [--grid ...]`: the sweep form of `recheck replay` (the flags
 * are parsed by replay.ts, which hands them here). Runs the cell's program once per grid point through
 * app/replay/sweep.ts (checkpointed in <runs>/<id>/, `--resume` insists on an existing sweep, local or Slurm
 * backend), prints progress (a bar on a terminal, one line per point otherwise, JSON events on stderr with
 * --json), and at the end the summary and the path of each points table. Exit 0 when every point ran, 1 when some
 * point's program failed, 2 bad input, 130 cancelled or Slurm tasks ended unfinished. A Slurm array task runs this
 * same command with --shard i/N (app/replay/sweep-task.ts gives its arguments) and exits 0 unless cancelled.
 * Example: `recheck replay cases/paging --cell cell_1 --grid KS=2,4,8,...,1024 --jobs 2`.
 */
import { join, resolve } from 'node:path';
import type { CliIO } from '../command';
import { createProgressBar, formatSeconds } from '../progress';
import { EXIT } from '../../errors';
import { oneLine } from '../../text/display';
import { intFlag, sweepBackendFromFlags, type SweepBackendFlags } from '../sweep-flags';
import type { Setting } from '../../../checkers/replay/override';
import type { ReplaySweepResult } from '../../replay/sweep';

/** The sweep flags as replay.ts parsed them (the backend flags are the shared ones: ../sweep-flags.ts). */
export interface ReplaySweepFlags extends SweepBackendFlags {
  readonly grid: readonly string[];
  readonly runs?: string;
  readonly id?: string;
  readonly resume?: boolean;
  readonly jobs?: string;
  readonly seed?: string;
  readonly json?: boolean;
}

/** What the replay command already parsed: the case, the cell and the fixed overrides. */
export interface ReplayBase {
  readonly caseDir: string;
  readonly where: string;
  readonly cell: string;
  readonly logbook?: string;
  readonly set: readonly Setting[];
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly python?: string;
  readonly timeoutS: number;
  readonly memoryMb: number;
  readonly allowUnconfined: boolean;
}

/** Runs the sweep form (see the file comment). */
export async function runReplaySweepCommand(b: ReplayBase, f: ReplaySweepFlags, io: CliIO): Promise<number> {
  const [{ parseReplayGrid }, { runReplaySweep }, { replaySweepTask }] = await Promise.all([
    import('../../replay/sweep-grid'),
    import('../../replay/sweep'),
    import('../../replay/sweep-task'),
  ]);
  const spec = parseReplayGrid(f.grid);
  const seed = intFlag('replay', 'seed', f.seed, 1, 0, 2 ** 32 - 1);
  const jobs = f.jobs !== undefined ? intFlag('replay', 'jobs', f.jobs, 1, 1, 256) : undefined;
  const { backend, shard } = await sweepBackendFromFlags('replay', f);
  const runsDir = f.runs !== undefined ? resolve(io.cwd, f.runs) : join(b.caseDir, 'runs');
  const bar = createProgressBar(io, 'replay sweep');
  const notices: string[] = [];
  let result: ReplaySweepResult;
  try {
    result = await runReplaySweep({
      caseDir: b.caseDir,
      where: b.where,
      cell: b.cell,
      ...(b.logbook !== undefined ? { logbook: b.logbook } : {}),
      spec,
      set: b.set,
      args: b.args,
      env: b.env,
      ...(b.python !== undefined ? { python: b.python } : {}),
      allowUnconfined: b.allowUnconfined,
      seed,
      runsDir,
      root: f.runs !== undefined ? runsDir : b.caseDir,
      ...(f.id !== undefined ? { id: f.id } : {}),
      ...(jobs !== undefined ? { jobs } : {}),
      limits: { timeoutMs: b.timeoutS * 1000, cpuSeconds: b.timeoutS, memoryMb: b.memoryMb },
      ...(backend !== undefined ? { backend } : {}),
      ...(f.resume === true ? { resume: true } : {}),
      ...(shard !== undefined ? { shard } : {}),
      task: replaySweepTask(b, spec),
      signal: io.signal,
      onEvent: (e) => {
        if (f.json) return io.stderr(`${JSON.stringify(e)}\n`);
        if (e.type === 'notice') notices.push(e.message);
        if (e.type === 'progress') bar.update(e.done, e.total);
        if (e.type === 'point' && !io.isTTY) {
          const r = e.record;
          io.stderr(
            `point ${r.index} ${Object.entries(r.params)
              .map(([k, v]) => `${k}=${v}`)
              .join(
                ' ',
              )}: ${r.outcome}${r.message !== undefined ? ` (${oneLine(r.message, 200)})` : ''}, ${(r.wallMs / 1000).toFixed(2)} s\n`,
          );
        }
      },
    });
  } finally {
    bar.finish();
    for (const n of notices) io.stderr(`recheck: ${oneLine(n)}\n`);
  }
  const s = result.summary;
  const failed = Object.entries(s.outcomes)
    .filter(([k]) => k !== 'ok')
    .reduce((n, [, c]) => n + c, 0);
  if (f.json) io.stdout(`${JSON.stringify({ ...s, folder: result.dir, identity: result.identity, tables: result.tables }, null, 2)}\n`);
  else io.stdout(formatReplaySweep(result));
  if (s.status === 'cancelled') return 130;
  if (shard !== undefined) return EXIT.ok;
  return failed > 0 ? EXIT.doesNotHold : EXIT.ok;
}

function formatReplaySweep(r: ReplaySweepResult): string {
  const s = r.summary;
  const counts = Object.entries(s.outcomes)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  const lines = [
    `replay sweep ${s.id}: ${s.status}, ${s.done}/${s.total} points (${counts || 'none'}; ${s.resumed} from the checkpoint) in ${formatSeconds(s.wallMs / 1000)}`,
  ];
  const jobs = s.backend.jobs ?? [];
  if (s.backend.name === 'slurm' && jobs.length > 0)
    lines.push(
      `on Slurm (${s.backend.version ?? 'version unknown'}): job${jobs.length === 1 ? '' : 's'} ${jobs.map((j) => j.id).join(', ')}`,
    );
  if (s.status === 'cancelled') lines.push('cancelled: finished points are kept; rerun the same command with --resume to finish');
  lines.push(`checkpoint: ${join(r.dir, 'points.jsonl')}`);
  for (const t of r.tables)
    lines.push(
      t.file !== null
        ? `table ${t.number}: ${join(r.dir, t.file)} (${t.columns.join(', ')}; ${t.rows} rows from ${t.points} points${t.without > 0 ? `, ${t.without} without it` : ''})`
        : `table ${t.number}: not written: ${t.problem ?? ''}`,
    );
  return `${lines.join('\n')}\n`;
}
