/**
 * A table computed when the check runs: a sandboxed point function swept over a declared grid through the
 * shared sweep runner (app/runs/sweep.ts), one row per point (the grid's parameters, then the fields of the
 * point's result object), in point order. Check kinds that fit or audit a table (`growth-fit`) take it as an
 * alternative to a committed CSV.
 *
 * Where it runs: the program is case code, confined by bubblewrap like every sandboxed program; without
 * bwrap it is refused (as `kl-mode-fit` refuses), never run unconfined. The checkpoint lives in the run's
 * folder (the parent of the check's artifact folder), keyed by the hashes of program, grid and seed, so
 * checks of the same run that declare the same sweep compute it once; a cancelled run keeps its finished
 * points. The assembled table is written as `sweep.csv` in the check's artifact folder and hashed.
 *
 * Where the points are computed: the context's sweep backend (the workspace's settings: a Slurm job array,
 * followed while it runs, its points merged as they land) or this process's sandboxes. Progress says where
 * ("on Slurm, job 812") as soon as the job is submitted, and the evidence names the backend and its jobs.
 *
 * The source is either `program` (the point function above) or `replay`: a logbook's run cell replayed at each
 * point with the grid's names bound to its script's literals (sweep-table-replay.ts, app/replay/sweep.ts), its
 * printed table `replay.table` (default 1) being the sweep's table, one row per printed row.
 */
import { isInside } from '../../fs/confine';
import { dirname, join, relative, resolve } from 'node:path';
import Papa from 'papaparse';
import { resolveCasePath, type CheckContext } from '../kind';
import { BadInputError, CancelledError } from '../../errors';
import { writeFileAtomic } from '../../fs/atomic';
import { sha256 } from '../../fs/hash';
import { readCheckpoint } from '../../runs/checkpoint';
import { parseSweepSpec, type ParamValue } from '../../runs/grid';
import { runSweep } from '../../runs/sweep';
import { replaySweepSchema, computeReplaySweepTable, type ReplaySweepSource } from './sweep-table-replay';
import { sweepWatch } from './sweep-progress';

/** The `sweep` params of a check: its source (a case-relative program, or a replay), grid of parameter values, seed, per-point limits. */
export interface SweepTableParams {
  /** Exactly one of `program` and `replay`. */
  program?: string;
  replay?: ReplaySweepSource;
  grid: Record<string, ParamValue[]>;
  seed: number;
  jobs?: number;
  timeoutSeconds?: number;
  memoryMb?: number;
}

/** JSON schema of SweepTableParams (for a kind's paramsSchema). */
export const sweepTableSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['grid', 'seed'],
  oneOf: [{ required: ['program'] }, { required: ['replay'] }],
  properties: {
    program: {
      type: 'string',
      minLength: 1,
      casePath: true,
      description: 'case-relative point function `(params, api) => row` (run sandboxed)',
    },
    replay: replaySweepSchema,
    grid: {
      type: 'object',
      minProperties: 1,
      additionalProperties: { type: 'array', minItems: 1, items: { type: ['number', 'string', 'boolean'] } },
      description:
        "parameter name -> values; one point per combination, the last parameter varying fastest (a replay: names of the script's literals, KS, --k or env:NAME)",
    },
    seed: { type: 'integer', minimum: 0, maximum: 4294967295 },
    jobs: { type: 'integer', minimum: 1, maximum: 256 },
    timeoutSeconds: { type: 'number', exclusiveMinimum: 0, maximum: 86400, description: 'wall-clock limit per point (default 120)' },
    memoryMb: { type: 'integer', minimum: 32, maximum: 65536 },
  },
};

/** A computed table: its CSV text (as written), where it was written, and what produced it. */
export interface SweepTable {
  readonly csv: string;
  readonly path: string;
  readonly sha256: string;
  /** JSON evidence: sweep id, checkpoint folder, program and code hashes, grid, seed, points, timings, backend. */
  readonly evidence: Record<string, unknown>;
}

/**
 * Runs (or resumes) the sweep and assembles its table; `onRow` sees each point computed now as it finishes
 * (points resumed from the checkpoint are not replayed). Throws BadInputError when a point does not end with
 * a flat object of numbers, strings and booleans, or ends otherwise than `ok` (naming the point), and
 * CancelledError when ctx.signal aborts. Example params:
 * `{ program: 'sandbox/point.ts', grid: { k: [2, 4, 8], replicates: [32] }, seed: 7 }` gives columns k, replicates, ...
 */
export async function computeSweepTable(
  s: SweepTableParams,
  ctx: CheckContext,
  onRow?: (index: number, row: Readonly<Record<string, ParamValue>>) => void,
): Promise<SweepTable> {
  if (s.replay !== undefined) return computeReplaySweepTable({ ...s, replay: s.replay }, ctx, onRow);
  const program = s.program;
  if (program === undefined) throw new BadInputError(join(ctx.caseDir, 'case.json'), 'a sweep needs "program" or "replay"');
  const spec = parseSweepSpec({ parameters: s.grid }, `${program} (sweep grid)`);
  const artifactDir = await ctx.artifactDir();
  const timeoutS = s.timeoutSeconds ?? 120;
  // A finished point as a row (grid parameters, then its result's fields).
  const watch = sweepWatch(
    ctx,
    program,
    (r) => (typeof r.value === 'object' && r.value !== null ? [{ ...(r.value as Record<string, ParamValue>), ...r.params }] : []),
    onRow,
  );
  const summary = await runSweep({
    modulePath: resolveCasePath(ctx, program),
    label: program,
    spec,
    seed: s.seed,
    ...(s.jobs !== undefined ? { jobs: s.jobs } : {}),
    runsDir: dirname(artifactDir),
    // The sweep's folder is made inside the case when the run is (a `runs` symlink out of it is refused).
    ...(isInside(resolve(artifactDir), resolve(ctx.caseDir)) ? { root: ctx.caseDir } : {}),
    limits: { timeoutMs: timeoutS * 1000, cpuSeconds: 2 * timeoutS + 1, ...(s.memoryMb !== undefined ? { memoryMb: s.memoryMb } : {}) },
    runner: await ctx.sandbox(),
    signal: ctx.signal,
    ...(watch.backend !== undefined ? { backend: watch.backend } : {}),
    onEvent: watch.onEvent,
  });
  if (summary.status === 'cancelled' || ctx.signal.aborted) throw new CancelledError();
  const cp = await readCheckpoint(summary.dir);
  const names = Object.keys(s.grid);
  const rows: Record<string, ParamValue>[] = [];
  let fields: string[] | null = null;
  for (let i = 0; i < summary.total; i++) {
    const r = cp.points.get(i);
    if (r === undefined)
      throw new BadInputError(program, `sweep point ${i} is missing from the checkpoint ${relative(ctx.caseDir, summary.dir)}`);
    const where = `sweep point ${i} ${JSON.stringify(r.params)}`;
    if (r.outcome !== 'ok') throw new BadInputError(program, `${where}: ${r.outcome}: ${r.message ?? ''}`);
    const row = flatRow(r.value, where, program);
    const own = Object.keys(row);
    fields ??= own;
    if (own.length !== fields.length || own.some((f, j) => f !== fields?.[j]))
      throw new BadInputError(program, `${where}: returned fields ${own.join(',')}, earlier points ${fields.join(',')}`);
    const clash = own.find((f) => names.includes(f) && row[f] !== r.params[f]);
    if (clash !== undefined) throw new BadInputError(program, `${where}: field "${clash}" disagrees with the grid parameter of that name`);
    rows.push({ ...r.params, ...row });
  }
  const columns = [...names, ...(fields ?? []).filter((f) => !names.includes(f))];
  const csv = `${Papa.unparse({ fields: columns, data: rows.map((row) => columns.map((c) => row[c])) }, { newline: '\n' })}\n`;
  const path = join(artifactDir, 'sweep.csv');
  await writeFileAtomic(path, csv);
  const hash = sha256(csv);
  const m = cp.manifest;
  return {
    csv,
    path,
    sha256: hash,
    evidence: {
      id: summary.id,
      checkpoint: relative(ctx.caseDir, summary.dir),
      program,
      programSha256: m?.module.sha256 ?? null,
      codeSha256: m?.codeSha256 ?? null,
      grid: s.grid,
      seed: s.seed,
      points: summary.total,
      resumedPoints: summary.resumed,
      computedPoints: summary.done - summary.resumed,
      wallMs: Math.round(summary.wallMs),
      versions: m?.versions ?? null,
      backend: summary.backend,
    },
  };
}

/** A point's result as a row: a flat object of finite numbers, strings and booleans. */
function flatRow(value: unknown, where: string, program: string): Record<string, ParamValue> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new BadInputError(program, `${where}: the point function must return an object of table cells`);
  const out: Record<string, ParamValue> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const ok = typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
    if (!ok)
      throw new BadInputError(
        program,
        `${where}: cell "${k}" is ${JSON.stringify(v) ?? String(v)}, not a finite number, string or boolean`,
      );
    out[k] = v;
  }
  return out;
}
