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
import type { BackendRecord, SweepBackend, SweepPass } from '../../runs/backends/backend';

/** The `sweep` params of a check: program (case-relative), grid of parameter values, seed, per-point limits. */
export interface SweepTableParams {
  program: string;
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
  required: ['program', 'grid', 'seed'],
  properties: {
    program: {
      type: 'string',
      minLength: 1,
      casePath: true,
      description: 'case-relative point function `(params, api) => row` (run sandboxed)',
    },
    grid: {
      type: 'object',
      minProperties: 1,
      additionalProperties: { type: 'array', minItems: 1, items: { type: ['number', 'string', 'boolean'] } },
      description: 'parameter name -> values; one point per combination, the last parameter varying fastest',
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
  const spec = parseSweepSpec({ parameters: s.grid }, `${s.program} (sweep grid)`);
  const artifactDir = await ctx.artifactDir();
  const timeoutS = s.timeoutSeconds ?? 120;
  // Points finished so far and in all, so a point's own progress can be shown within the sweep's.
  let done = 0;
  let total = 0;
  // Where the points run, for the progress line: '' locally, ' on Slurm, job 812' once the job is submitted.
  let where = '';
  const message = (): string => `sweep of ${s.program}${where}`;
  const backend =
    ctx.sweepBackend === undefined
      ? undefined
      : observed(ctx.sweepBackend, (r) => {
          const job = r.jobs?.at(-1);
          where = ` on ${backendWords(r.name)}${job !== undefined ? `, job ${job.id}` : ''}`;
          ctx.progress({ done, ...(total > 0 ? { total } : {}), message: message() });
        });
  const summary = await runSweep({
    modulePath: resolveCasePath(ctx, s.program),
    label: s.program,
    spec,
    seed: s.seed,
    ...(s.jobs !== undefined ? { jobs: s.jobs } : {}),
    runsDir: dirname(artifactDir),
    // The sweep's folder is made inside the case when the run is (a `runs` symlink out of it is refused).
    ...(isInside(resolve(artifactDir), resolve(ctx.caseDir)) ? { root: ctx.caseDir } : {}),
    limits: { timeoutMs: timeoutS * 1000, cpuSeconds: 2 * timeoutS + 1, ...(s.memoryMb !== undefined ? { memoryMb: s.memoryMb } : {}) },
    runner: await ctx.sandbox(),
    signal: ctx.signal,
    ...(backend !== undefined ? { backend } : {}),
    onEvent: (e) => {
      if (e.type === 'started') [done, total] = [e.alreadyDone, e.total];
      if (e.type === 'started' && e.backend !== undefined && e.backend !== 'local' && where === '')
        where = ` on ${backendWords(e.backend)}`;
      if (e.type === 'progress') done = e.done;
      if (e.type === 'started' && e.alreadyDone > 0)
        ctx.log(`sweep ${e.id}: ${e.alreadyDone} of ${e.total} points already in the checkpoint`);
      if (e.type === 'progress') ctx.progress({ done: e.done, total: e.total, message: message() });
      if (e.type === 'point-progress')
        ctx.progress({
          done,
          total,
          message: `${message()}: point ${e.index} at ${e.done}${e.total !== undefined ? `/${e.total}` : ''}${e.message ? ` (${e.message})` : ''}`,
        });
      if (e.type === 'notice') ctx.log(e.message);
      if (e.type === 'point')
        ctx.log(
          `point ${e.record.index} ${JSON.stringify(e.record.params)}: ${e.record.outcome} in ${(e.record.wallMs / 1000).toFixed(1)} s`,
        );
      // A finished point as a row (grid parameters, then its result's fields), for a live plot.
      if (
        e.type === 'point' &&
        e.record.outcome === 'ok' &&
        onRow !== undefined &&
        typeof e.record.value === 'object' &&
        e.record.value !== null
      ) {
        onRow(e.record.index, { ...(e.record.value as Record<string, ParamValue>), ...e.record.params });
      }
    },
  });
  if (summary.status === 'cancelled' || ctx.signal.aborted) throw new CancelledError();
  const cp = await readCheckpoint(summary.dir);
  const names = Object.keys(s.grid);
  const rows: Record<string, ParamValue>[] = [];
  let fields: string[] | null = null;
  for (let i = 0; i < summary.total; i++) {
    const r = cp.points.get(i);
    if (r === undefined)
      throw new BadInputError(s.program, `sweep point ${i} is missing from the checkpoint ${relative(ctx.caseDir, summary.dir)}`);
    const where = `sweep point ${i} ${JSON.stringify(r.params)}`;
    if (r.outcome !== 'ok') throw new BadInputError(s.program, `${where}: ${r.outcome}: ${r.message ?? ''}`);
    const row = flatRow(r.value, where, s.program);
    const own = Object.keys(row);
    fields ??= own;
    if (own.length !== fields.length || own.some((f, j) => f !== fields?.[j]))
      throw new BadInputError(s.program, `${where}: returned fields ${own.join(',')}, earlier points ${fields.join(',')}`);
    const clash = own.find((f) => names.includes(f) && row[f] !== r.params[f]);
    if (clash !== undefined)
      throw new BadInputError(s.program, `${where}: field "${clash}" disagrees with the grid parameter of that name`);
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
      program: s.program,
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

/** A backend's name in words (`slurm` is Slurm). */
function backendWords(name: string): string {
  return name === 'slurm' ? 'Slurm' : name;
}

/** `backend`, telling `onRecord` each record its passes write (a job submitted, a job ended). */
function observed(backend: SweepBackend, onRecord: (r: BackendRecord) => void): SweepBackend {
  const computeMissing = (pass: SweepPass) => {
    // The pass is live (accept lowers its stop point, fills its records): a view inheriting from it, with only
    // recordBackend wrapped, keeps every read current.
    const recordBackend = async (r: BackendRecord): Promise<void> => {
      await pass.recordBackend(r);
      onRecord(r);
    };
    return backend.computeMissing(Object.create(pass, { recordBackend: { value: recordBackend } }) as SweepPass);
  };
  return { name: backend.name, ...(backend.check !== undefined ? { check: backend.check.bind(backend) } : {}), computeMissing };
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
