/**
 * The `recheck` arguments a Slurm array task runs to rebuild a replay sweep's runner and grid (SweepOptions.task,
 * app/runs/sweep.ts): `replay CASE --cell ID [--logbook ID] [--set N=V]... [--arg=A]... [--env K=V]... [--python P]
 * --grid=NAME=V1,V2,...`; the task appends the seed, runs folder, id, limits, jobs and `--shard`. The same words
 * as the CLI's own replay sweep, so that a sweep a check declared runs on Slurm exactly as `recheck replay --grid`.
 * Example: `replaySweepTask({ caseDir: '/c', cell: 'cell_1', set: [], args: [], env: {} }, { parameters: { KS: [2, 4] } })`
 * is `['replay', '/c', '--cell', 'cell_1', '--grid=KS=2,4']`.
 */
import type { SweepSpec } from '../runs/grid';
import type { Setting } from '../../checkers/replay/override';
import { gridFlags } from './sweep-grid';

export interface ReplayTaskBase {
  readonly caseDir: string;
  readonly cell: string;
  readonly logbook?: string;
  readonly set: readonly Setting[];
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly python?: string;
}

/** The task's arguments (see the file comment). */
export function replaySweepTask(b: ReplayTaskBase, spec: SweepSpec): string[] {
  return [
    'replay',
    b.caseDir,
    '--cell',
    b.cell,
    ...(b.logbook !== undefined ? ['--logbook', b.logbook] : []),
    ...b.set.flatMap((s) => ['--set', `${s.name}=${s.value}`]),
    ...b.args.map((a) => `--arg=${a}`),
    ...Object.entries(b.env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
    ...(b.python !== undefined ? ['--python', b.python] : []),
    ...gridFlags(spec).map((g) => `--grid=${g}`),
  ];
}
