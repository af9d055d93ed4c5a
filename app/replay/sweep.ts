/**
 * A replay sweep: a logbook's run cell run once per grid point, each point with overrides from its values
 * (sweep-bindings.ts), through app/runs/sweep.ts `runSweep` with the replay's runner (sweep-runner.ts), so the
 * sweep is checkpointed in `runs/<id>/points.jsonl`, resumes after a kill, shows progress, and runs here or as a
 * Slurm job array (whose tasks rebuild the same runner from `task`: `recheck replay CASE --cell ID --grid ...
 * --shard i/N`). When the sweep (not a shard) ends, the tables the points printed are written beside the
 * checkpoint as `points-table-N.csv` (sweep-table.ts), read back from disk, so they hold exactly the points on
 * record.
 * Example: `await runReplaySweep({ caseDir, where: 'paging', cell: 'cell_1', spec: parseReplayGrid(['KS=2,4,8,...,1024']),
 *   seed: 1, runsDir: join(caseDir, 'runs') })` ends `complete` with points-table-1.csv of 10 points.
 */
import { join } from 'node:path';
import { readCheckpoint } from '../runs/checkpoint';
import { runSweep, type SweepEvent, type SweepSummary } from '../runs/sweep';
import type { SweepBackend } from '../runs/backends/backend';
import type { Shard } from '../runs/shard';
import type { ReplayLimits } from './run-spec';
import { prepareReplaySweep, type ReplaySweepRequest } from './sweep-runner';
import { writePointsTables, type PointsTable } from './sweep-table';

export interface ReplaySweepOptions extends ReplaySweepRequest {
  readonly seed: number;
  readonly runsDir: string;
  /** The folder the sweep folder must stay inside (the case folder, or the runs folder). */
  readonly root?: string;
  readonly id?: string;
  readonly jobs?: number;
  readonly limits?: ReplayLimits;
  readonly backend?: SweepBackend;
  readonly resume?: boolean;
  readonly shard?: Shard;
  /** The `recheck` arguments a Slurm task runs to rebuild this sweep (SweepOptions.task). */
  readonly task?: readonly string[];
  readonly signal?: AbortSignal;
  readonly onEvent?: (e: SweepEvent) => void;
}

export interface ReplaySweepResult {
  readonly summary: SweepSummary;
  /** The sweep folder as given (runsDir/id). */
  readonly dir: string;
  /** The points tables written (none for a shard, which leaves them to its parent). */
  readonly tables: readonly PointsTable[];
  readonly identity: string;
}

/** Runs (or resumes) a replay sweep (see the file comment). */
export async function runReplaySweep(o: ReplaySweepOptions): Promise<ReplaySweepResult> {
  const prepared = await prepareReplaySweep(o);
  const summary = await runSweep({
    modulePath: prepared.label,
    label: prepared.label,
    spec: o.spec,
    seed: o.seed,
    stopOn: null,
    runsDir: o.runsDir,
    runner: prepared.runner,
    ...(o.root !== undefined ? { root: o.root } : {}),
    ...(o.id !== undefined ? { id: o.id } : {}),
    ...(o.jobs !== undefined ? { jobs: o.jobs } : {}),
    ...(o.limits !== undefined ? { limits: o.limits } : {}),
    ...(o.backend !== undefined ? { backend: o.backend } : {}),
    ...(o.resume === true ? { resume: true } : {}),
    ...(o.shard !== undefined ? { shard: o.shard } : {}),
    ...(o.task !== undefined ? { task: o.task } : {}),
    ...(o.signal !== undefined ? { signal: o.signal } : {}),
    ...(o.onEvent !== undefined ? { onEvent: o.onEvent } : {}),
  });
  const dir = join(o.runsDir, summary.id);
  if (o.shard !== undefined) return { summary, dir, tables: [], identity: prepared.identity };
  const cp = await readCheckpoint(dir, { spec: o.spec, seed: o.seed });
  const tables = await writePointsTables(dir, [...cp.points.values()]);
  return { summary, dir, tables, identity: prepared.identity };
}
