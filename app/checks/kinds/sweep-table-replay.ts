/**
 * A check's sweep whose source is a replay of a logbook's run cell (sweep-table.ts `replay`): the cell's program
 * run once per grid point with the grid's names bound to its script's literals (a list constant `KS` gets
 * `[value]`, a flag `--k` the value, `env:NAME` a variable: app/replay/sweep-bindings.ts), through
 * app/replay/sweep.ts `runReplaySweep`, which is app/runs/sweep.ts `runSweep` with the replay's runner: the
 * same checkpoint in the run's folder (so a re-run of the same run resumes), progress, live points, and the
 * workspace's backend (Slurm tasks rebuild the runner with `recheck replay CASE --cell ID --grid ...`).
 * The table is the points table app/replay/sweep-table.ts writes (`points-table-N.csv` beside the checkpoint:
 * the grid's names the program does not print, then the printed columns, one row per printed row, cells the
 * exact printed text), copied to `sweep.csv` in the check's artifact folder and hashed. A point that did not
 * end `ok` (it exited non-zero, printed no table, ran out of time) is bad input naming the point.
 * Example params: `{ replay: { cell: 'cell_paging_sweep' }, grid: { KS: [2, 4, 8, 16, 32, 64] }, seed: 1 }` gives
 * columns KS, k, cost with six rows.
 */
import { dirname, join, relative, resolve } from 'node:path';
import type { CheckContext } from '../kind';
import { BadInputError, CancelledError } from '../../errors';
import { isInside, readRegularFile } from '../../fs/confine';
import { writeFileAtomic } from '../../fs/atomic';
import { sha256 } from '../../fs/hash';
import { readCheckpoint } from '../../runs/checkpoint';
import { parseSweepSpec, type ParamValue } from '../../runs/grid';
import type { PointRecord } from '../../runs/record';
import { MAX_TABLE_BYTES } from '../../tables/text-file';
import { runReplaySweep } from '../../replay/sweep';
import { replaySweepTask } from '../../replay/sweep-task';
import { CheckerError } from '../../../checkers/errors';
import { parseSetting, type Setting } from '../../../checkers/replay/override';
import { sweepWatch } from './sweep-progress';

/** The `sweep.replay` params: the run cell, which printed table is the sweep's, and fixed overrides. */
export interface ReplaySweepSource {
  cell: string;
  logbook?: string;
  /** Which table of each point's output (1-based, default 1). */
  table?: number;
  /** `NAME=VALUE`: fixed overrides of top-level constants, the same at every point. */
  set?: string[];
  args?: string[];
  env?: Record<string, string>;
  /** Absolute path of the Python interpreter (default: the workspace's replay setting, else the system python3). */
  python?: string;
}

/** JSON schema of ReplaySweepSource. */
export const replaySweepSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['cell'],
  description: "replay a logbook's run cell at each point; the grid's names are its script's literals (KS, --k, env:NAME)",
  properties: {
    cell: { type: 'string', minLength: 1, maxLength: 200, description: 'id of the run cell (cell_...)' },
    logbook: { type: 'string', minLength: 1, maxLength: 200, description: 'id of the logbook holding it (when the id is not unique)' },
    table: { type: 'integer', minimum: 1, maximum: 1000, description: 'which printed table of each point is the sweep’s (default 1)' },
    set: {
      type: 'array',
      maxItems: 32,
      items: { type: 'string', minLength: 3, maxLength: 100000 },
      description: 'NAME=VALUE: fixed overrides of top-level constants',
    },
    args: { type: 'array', maxItems: 64, items: { type: 'string', maxLength: 1000 }, description: 'arguments appended at every point' },
    env: {
      type: 'object',
      maxProperties: 32,
      additionalProperties: { type: 'string', maxLength: 1000 },
      description: 'environment variables at every point',
    },
    python: { type: 'string', minLength: 1, maxLength: 1000, pattern: '^/', description: 'absolute path of the Python interpreter' },
  },
};

interface Asked {
  readonly replay: ReplaySweepSource;
  readonly grid: Record<string, ParamValue[]>;
  readonly seed: number;
  readonly jobs?: number;
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
}

/** Runs (or resumes) the replay sweep and returns its table (see the file comment); same contract as computeSweepTable. */
export async function computeReplaySweepTable(
  s: Asked,
  ctx: CheckContext,
  onRow?: (index: number, row: Readonly<Record<string, ParamValue>>) => void,
): Promise<{ csv: string; path: string; sha256: string; evidence: Record<string, unknown> }> {
  const where = `${join(ctx.caseDir, 'case.json')}: check ${ctx.checkId}`;
  const r = s.replay;
  const tableNumber = r.table ?? 1;
  let set: Setting[];
  try {
    set = (r.set ?? []).map(parseSetting);
  } catch (e) {
    if (e instanceof CheckerError) throw new BadInputError(where, `sweep.replay.set: ${e.message.replace(/^recheck\.[\w-]+: /, '')}`);
    throw e;
  }
  const spec = parseSweepSpec({ parameters: s.grid }, `${where} (sweep grid)`);
  const artifactDir = await ctx.artifactDir();
  const timeoutS = s.timeoutSeconds ?? 120;
  // Which sandbox the reviewer allowed: an unconfined runner is there only when they opted in (as the replay kind).
  const sandbox = await ctx.sandbox();
  const label = `the replay of ${r.cell}`;
  const watch = sweepWatch(ctx, label, (rec) => liveRows(rec, tableNumber), onRow);
  const fixed = {
    cell: r.cell,
    ...(r.logbook !== undefined ? { logbook: r.logbook } : {}),
    set,
    args: r.args ?? [],
    env: r.env ?? {},
    ...(r.python !== undefined ? { python: r.python } : {}),
  };
  const result = await runReplaySweep({
    caseDir: ctx.caseDir,
    where,
    ...fixed,
    spec,
    allowUnconfined: !sandbox.confined,
    seed: s.seed,
    runsDir: dirname(artifactDir),
    ...(isInside(resolve(artifactDir), resolve(ctx.caseDir)) ? { root: ctx.caseDir } : {}),
    ...(s.jobs !== undefined ? { jobs: s.jobs } : {}),
    limits: { timeoutMs: timeoutS * 1000, cpuSeconds: 2 * timeoutS + 1, ...(s.memoryMb !== undefined ? { memoryMb: s.memoryMb } : {}) },
    ...(watch.backend !== undefined ? { backend: watch.backend } : {}),
    task: replaySweepTask({ caseDir: ctx.caseDir, ...fixed }, spec),
    signal: ctx.signal,
    onEvent: watch.onEvent,
  });
  const summary = result.summary;
  if (summary.status === 'cancelled' || ctx.signal.aborted) throw new CancelledError();
  const cp = await readCheckpoint(result.dir);
  for (let i = 0; i < summary.total; i++) {
    const p = cp.points.get(i);
    if (p === undefined)
      throw new BadInputError(where, `sweep point ${i} is missing from the checkpoint ${relative(ctx.caseDir, result.dir)}`);
    if (p.outcome !== 'ok')
      throw new BadInputError(where, `sweep point ${i} ${JSON.stringify(p.params)}: ${p.outcome}: ${p.message ?? ''}`);
  }
  const t = result.tables.find((x) => x.number === tableNumber);
  if (t === undefined)
    throw new BadInputError(
      where,
      `no point printed table ${tableNumber} (they printed ${result.tables.length === 0 ? 'no table' : `${result.tables.length}`})`,
    );
  if (t.file === null) throw new BadInputError(where, t.problem ?? `table ${tableNumber} could not be written`);
  if (t.without > 0) throw new BadInputError(where, `table ${tableNumber}: ${t.without} of ${summary.total} points did not print it`);
  const bytes = await readRegularFile(join(result.dir, t.file), { maxBytes: MAX_TABLE_BYTES, shownAs: t.file });
  const csv = Buffer.from(bytes).toString('utf8');
  const path = join(artifactDir, 'sweep.csv');
  await writeFileAtomic(path, csv);
  const m = cp.manifest;
  return {
    csv,
    path,
    sha256: sha256(csv),
    evidence: {
      id: summary.id,
      checkpoint: relative(ctx.caseDir, result.dir),
      source: 'replay',
      replay: { ...r, table: tableNumber, identity: result.identity },
      codeSha256: m?.codeSha256 ?? null,
      grid: s.grid,
      seed: s.seed,
      points: summary.total,
      rows: t.rows,
      columns: t.columns,
      resumedPoints: summary.resumed,
      computedPoints: summary.done - summary.resumed,
      wallMs: Math.round(summary.wallMs),
      versions: m?.versions ?? null,
      backend: summary.backend,
    },
  };
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A finished point's rows of table `n` for the live plot: its grid values, then the printed cells, a cell
 * written as a decimal number read as one (the fit itself reads the CSV, not these).
 */
function liveRows(rec: PointRecord, n: number): Record<string, ParamValue>[] {
  const tables = typeof rec.value === 'object' && rec.value !== null ? (rec.value as { tables?: unknown }).tables : undefined;
  const t: unknown = Array.isArray(tables) ? tables[n - 1] : undefined;
  if (typeof t !== 'object' || t === null) return [];
  const { columns, rows } = t as { columns?: unknown; rows?: unknown };
  if (!Array.isArray(columns) || !Array.isArray(rows)) return [];
  return rows
    .filter((row): row is unknown[] => Array.isArray(row) && row.length === columns.length)
    .map((row) => {
      const out: Record<string, ParamValue> = { ...rec.params };
      columns.forEach((c, i) => {
        const cell = row[i];
        if (typeof c !== 'string' || typeof cell !== 'string') return;
        out[c] = DECIMAL.test(cell.trim()) ? Number(cell) : cell;
      });
      return out;
    });
}
