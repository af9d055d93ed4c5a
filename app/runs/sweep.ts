/**
 * Sweeps: one sandboxed function over every point of a grid or horizon, `jobs` sandboxes in parallel,
 * checkpointed point by point into `runs/<sweep-id>/` so that a killed sweep resumes where it stopped.
 *
 * Determinism: point i always runs with seed splitSeed(sweepSeed, i) and its own parameters, whatever the
 * parallelism or the order in which points finish. With `stopOn` (a result field, e.g. "violation"), the sweep
 * stops at the FIRST violating point by index: points below it always run to completion, points above it
 * are cancelled, so the reported first violation is the same for 1 job or 16.
 *
 * Honest resume: the checkpoint is repaired (a torn last line moved aside) and verified on opening (a point
 * counts only when its params, seed and inputSha256 are those of its index); whatever is missing is
 * computed; the final status is decided from the points read back from disk, so "complete" never hides a
 * missing point. A failure of the host side (an I/O error, a callback that throws) leaves the manifest at
 * `failed` with the reason, never at `running`; a manifest at `running` (a killed process) resumes normally.
 */
import { availableParallelism } from 'node:os';
import { mkdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { splitSeed } from '../../checkers/random/xoshiro128';
import { BadInputError } from '../errors';
import { mkdirInside } from '../fs/confine';
import { checkJsonBounds, DEFAULT_JSON_LIMITS, JsonLimitError } from '../json/bounded';
import { DEFAULT_LIMITS, type SandboxLimits } from '../sandbox/confinement';
import type { PreparedProgram, RunReport, SandboxRunner } from '../sandbox/runner';
import { oneLine, shown } from '../text/display';
import { appendPoint, POINT_LINE_LIMITS, POINTS_FILE, readCheckpoint, readManifest, repairCheckpoint, writeManifest, type Checkpoint, type SweepIdentity } from './checkpoint';
import { nameProblem, pointAt, pointCount, type ParamValue, type SweepSpec } from './grid';
import { currentVersions, inputHash, pointRecord, type PointRecord, type SweepManifest } from './record';

export interface SweepOptions {
  /** The point function: a module whose default export is `(params, api) => result` (api.seed is the point's seed). */
  readonly modulePath: string;
  /** How the module is named in the manifest (default: the path). */
  readonly label?: string;
  readonly spec: SweepSpec;
  readonly seed: number;
  /** Parallel sandboxes (default: the number of cores). */
  readonly jobs?: number;
  /** Stop at the first point whose result has this own field truthy (e.g. "violation"); null runs every point. */
  readonly stopOn?: string | null;
  /** The folder holding sweep folders (a case's `runs/`). */
  readonly runsDir: string;
  /**
   * The folder the sweep folder must stay inside (the case folder, or the runs folder itself): the sweep
   * folder is then created one component at a time with mkdirInside, so a `runs` symlink that leaves it is
   * refused. Without it the folder is created as given.
   */
  readonly root?: string;
  /** Sweep id (one folder name); default derived from the module's hash, the spec, the seed and stopOn. */
  readonly id?: string;
  readonly limits?: Partial<SandboxLimits>;
  /** Where each point runs (one sandbox per point): nodeChildRunner headless, the hidden window in the desktop app. */
  readonly runner: SandboxRunner;
  readonly signal?: AbortSignal;
  readonly onEvent?: (e: SweepEvent) => void;
}

export type SweepEvent =
  | { readonly type: 'started'; readonly id: string; readonly dir: string; readonly total: number; readonly alreadyDone: number; readonly jobs: number }
  | { readonly type: 'point'; readonly record: PointRecord }
  /** A running point's own progress (the program's `api.progress`), so a long point is not a silent one. */
  | { readonly type: 'point-progress'; readonly index: number; readonly done: number; readonly total?: number; readonly message?: string }
  | { readonly type: 'point-log'; readonly index: number; readonly text: string }
  | { readonly type: 'progress'; readonly done: number; readonly total: number; readonly rate: number; readonly etaSeconds?: number }
  | { readonly type: 'stopping'; readonly index: number }
  /** Something about the checkpoint the user should see once (a torn line set aside, records not trusted). */
  | { readonly type: 'notice'; readonly message: string };

export interface SweepSummary {
  readonly id: string;
  readonly dir: string;
  readonly status: SweepManifest['status'];
  readonly total: number;
  /** Points finished (in the checkpoint) at or below the stop point. */
  readonly done: number;
  /** Points that were already in the checkpoint, verified, when this call started. */
  readonly resumed: number;
  /** Records in the checkpoint that did not belong to this sweep when it started (their points were computed again). */
  readonly rejected: number;
  readonly firstViolation: { readonly index: number; readonly params: Readonly<Record<string, ParamValue>>; readonly value: unknown } | null;
  /** Count of points by outcome (ok, timeout, threw, ...), at or below the stop point. */
  readonly outcomes: Readonly<Record<string, number>>;
  /** One-line notices, also sent as `notice` events: torn lines set aside, records not trusted, points redone. */
  readonly notices: readonly string[];
  readonly wallMs: number;
}

/** Passes over the missing points before the sweep gives up on a checkpoint that keeps losing them. */
const MAX_PASSES = 3;

/** A sweep id is one folder name: it must not climb out of runs/ or hide (`.x`). */
const SWEEP_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

function isViolation(record: PointRecord, field: string | null): boolean {
  if (field === null || record.outcome !== 'ok') return false;
  const v = record.value;
  // An own field only: `constructor` or `toString` must not be found on Object.prototype.
  return typeof v === 'object' && v !== null && Object.hasOwn(v, field) && Boolean((v as Record<string, unknown>)[field]);
}

function firstViolationIndex(records: ReadonlyMap<number, PointRecord>, stopOn: string | null): number {
  let stopIndex = Infinity;
  for (const r of records.values()) if (isViolation(r, stopOn)) stopIndex = Math.min(stopIndex, r.index);
  return stopIndex;
}

/** The record of a result that cannot be stored (nested too deep, too large): a failed point saying so. */
function unrecordable(record: PointRecord, err: JsonLimitError): PointRecord {
  const { value: _value, ...rest } = record;
  return { ...rest, outcome: 'threw', message: `the result cannot be recorded: ${err.message}` };
}

/** Appends a point, first turning a result over the line limits into a failed point (the sweep goes on). */
async function appendRecordable(dir: string, record: PointRecord): Promise<{ record: PointRecord; torn: string | null }> {
  let r = record;
  try {
    // The result's own depth (the sandbox's limit); the record around it stays within POINT_LINE_LIMITS.
    if (r.outcome === 'ok') checkJsonBounds(r.value, { maxDepth: DEFAULT_JSON_LIMITS.maxDepth, maxNodes: POINT_LINE_LIMITS.maxNodes });
    checkJsonBounds(r, POINT_LINE_LIMITS);
  } catch (err) {
    if (!(err instanceof JsonLimitError)) throw err;
    r = unrecordable(r, err);
  }
  try {
    return { record: r, torn: (await appendPoint(dir, r))?.message ?? null };
  } catch (err) {
    if (!(err instanceof JsonLimitError)) throw err;
    r = unrecordable(r, err);
    return { record: r, torn: (await appendPoint(dir, r))?.message ?? null };
  }
}

/** Creates the sweep folder (confined to `root` when given) and returns the path to write in. */
async function sweepFolder(o: SweepOptions, id: string): Promise<string> {
  const dir = join(o.runsDir, id);
  if (o.root === undefined) {
    await mkdir(dir, { recursive: true });
    return dir;
  }
  await mkdir(o.root, { recursive: true });
  return mkdirInside(o.root, relative(o.root, dir));
}

/** What one pass over the missing points shares. */
interface Pass {
  readonly o: SweepOptions;
  readonly program: PreparedProgram;
  readonly dir: string;
  readonly total: number;
  readonly jobs: number;
  readonly limits: SandboxLimits;
  readonly stopOn: string | null;
  readonly started: number;
  readonly notice: (message: string) => void;
  /** Verified points, by index (this pass adds what it computes). */
  readonly records: Map<number, PointRecord>;
  stopIndex: number;
  finishedHere: number;
}

/** Computes every point below the stop point that `p.records` lacks, `jobs` at a time. Rethrows the first failure after all workers stopped. */
async function computeMissing(p: Pass): Promise<void> {
  const { o } = p;
  const inflight = new Map<number, AbortController>();
  const halt: { failed: boolean; error?: unknown } = { failed: false };
  const cancelAll = (): void => inflight.forEach((c) => c.abort());
  o.signal?.addEventListener('abort', cancelAll);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      if (o.signal?.aborted || halt.failed) return;
      while (next < p.total && p.records.has(next)) next++;
      if (next >= p.total || next > p.stopIndex) return;
      const index = next++;
      const params = pointAt(o.spec, index);
      const seed = splitSeed(o.seed, index);
      const ac = new AbortController();
      inflight.set(index, ac);
      let report: RunReport;
      try {
        report = await o.runner.run(p.program, {
          input: params,
          seed,
          limits: p.limits,
          signal: ac.signal,
          onMessage: (m) => {
            if (m.type === 'progress') o.onEvent?.({ type: 'point-progress', index, done: m.done, ...(m.total !== undefined ? { total: m.total } : {}), ...(m.message !== undefined ? { message: m.message } : {}) });
            else if (m.type === 'log') o.onEvent?.({ type: 'point-log', index, text: m.text });
          },
        });
      } finally {
        inflight.delete(index);
      }
      if (ac.signal.aborted) continue; // cancelled, halted, or beyond the first violation: not a finished point
      const { record, torn } = await appendRecordable(p.dir, pointRecord(index, params, seed, report, new Date()));
      if (torn !== null) p.notice(torn);
      p.records.set(index, record);
      p.finishedHere++;
      o.onEvent?.({ type: 'point', record });
      const seconds = (performance.now() - p.started) / 1000;
      const rate = seconds > 0 ? p.finishedHere / seconds : 0;
      const remaining = Math.min(p.total, Number.isFinite(p.stopIndex) ? p.stopIndex + 1 : p.total) - p.records.size;
      o.onEvent?.({ type: 'progress', done: p.records.size, total: p.total, rate, ...(rate > 0 ? { etaSeconds: Math.max(0, remaining) / rate } : {}) });
      if (isViolation(record, p.stopOn) && index < p.stopIndex) {
        p.stopIndex = index;
        o.onEvent?.({ type: 'stopping', index });
        inflight.forEach((c, i) => {
          if (i > index) c.abort();
        });
      }
    }
  };
  const guarded = async (): Promise<void> => {
    try {
      await worker();
    } catch (err) {
      if (!halt.failed) Object.assign(halt, { failed: true, error: err });
      cancelAll();
    }
  };
  try {
    await Promise.all(Array.from({ length: p.jobs }, guarded));
  } finally {
    o.signal?.removeEventListener('abort', cancelAll);
  }
  if (halt.failed) throw halt.error;
}

/** Points at indexes below `limit` that the checkpoint lacks. */
function missingBelow(records: ReadonlyMap<number, PointRecord>, limit: number): number {
  let have = 0;
  for (const i of records.keys()) if (i < limit) have++;
  return limit - have;
}

/** One-line notices about what reading the checkpoint did not trust. */
function damageNotices(cp: Checkpoint, pointsFile: string): string[] {
  const out: string[] = [];
  const s = (n: number): string => (n === 1 ? '' : 's');
  if (cp.rejectedPoints > 0) out.push(`${pointsFile}: ${cp.rejectedPoints} record${s(cp.rejectedPoints)} do not match this sweep's parameters and seed and are not trusted: their points are computed again`);
  if (cp.skippedLines > 0) out.push(`${pointsFile}: ${cp.skippedLines} line${s(cp.skippedLines)} are not point records and were skipped`);
  return out;
}

/**
 * Runs (or resumes) a sweep. Resolves with a summary, also when cancelled (status `cancelled`; the finished
 * points stay in the checkpoint). Throws BadInputError when the sweep folder holds a sweep of other code,
 * spec, seed or stop condition, when the id is not one folder name, when the stop field is `__proto__`, or
 * when the folder would leave `root`. Any other failure after the sweep started is rethrown after the
 * manifest was set to `failed` with the reason.
 */
export async function runSweep(o: SweepOptions): Promise<SweepSummary> {
  const started = performance.now();
  const stopOn = o.stopOn ?? null;
  const refused = stopOn !== null ? nameProblem(stopOn) : null;
  if (refused !== null) throw new BadInputError('stop-on field', refused);
  if (o.id !== undefined && !SWEEP_ID.test(o.id)) throw new BadInputError(`sweep id "${shown(o.id)}"`, 'must be one folder name: letters, digits, ".", "_" or "-", starting with a letter or digit, at most 128 characters');
  const limits: SandboxLimits = { ...DEFAULT_LIMITS, ...o.limits };
  const jobs = Math.max(1, Math.floor(o.jobs ?? availableParallelism()));
  const total = pointCount(o.spec);
  const sweep: SweepIdentity = { spec: o.spec, seed: o.seed };
  // Prepared before the checkpoint is touched: a runner that refuses untrusted code (no bubblewrap, no opt-in)
  // or a module that does not bundle leaves the sweep folder as it was.
  const program = await o.runner.prepare({ modulePath: o.modulePath, label: o.label ?? o.modulePath, limits, ...(o.signal ? { signal: o.signal } : {}) });
  try {
    const id = o.id ?? `sweep-${inputHash({ module: program.moduleHash, spec: o.spec, seed: o.seed, stopOn }).slice(0, 12)}`;
    const shownDir = join(o.runsDir, id);
    const pointsFile = shown(join(shownDir, POINTS_FILE));
    const dir = await sweepFolder(o, id);
    const notices: string[] = [];
    const notice = (message: string): void => {
      notices.push(message);
      o.onEvent?.({ type: 'notice', message });
    };
    // Another sweep's folder is refused before anything in it is touched, then the checkpoint is repaired and read.
    const m = await readManifest(dir);
    if (m !== null && (m.module.sha256 !== program.moduleHash || inputHash(m.spec) !== inputHash(o.spec) || m.seed !== o.seed || m.stopOn !== stopOn)) {
      throw new BadInputError(shownDir, 'holds a sweep of different code, parameters, seed or stop condition; choose another --id');
    }
    const torn = await repairCheckpoint(dir);
    if (torn !== null) notice(torn.message);
    const cp = await readCheckpoint(dir, sweep);
    damageNotices(cp, pointsFile).forEach(notice);
    const createdAt = m?.createdAt ?? new Date().toISOString();
    const pass: Pass = { o, program, dir, total, jobs, limits, stopOn, started, notice, records: new Map(cp.points), stopIndex: firstViolationIndex(cp.points, stopOn), finishedHere: 0 };
    const manifest = (status: SweepManifest['status'], failure?: string): SweepManifest => ({
      format: 'recheck.sweep/1',
      id,
      module: { path: o.label ?? o.modulePath, sha256: program.moduleHash },
      codeSha256: program.codeHash,
      spec: o.spec,
      seed: o.seed,
      stopOn,
      limits,
      isolation: o.runner.description,
      versions: currentVersions(),
      total,
      status,
      ...(failure !== undefined ? { failure } : {}),
      firstViolation: Number.isFinite(pass.stopIndex) ? pass.stopIndex : null,
      createdAt,
      updatedAt: new Date().toISOString(),
    });
    await writeManifest(dir, manifest('running'));
    try {
      const resumed = cp.points.size;
      o.onEvent?.({ type: 'started', id, dir: shownDir, total, alreadyDone: resumed, jobs });
      let records: ReadonlyMap<number, PointRecord> = cp.points;
      for (let n = 1; ; n++) {
        await computeMissing(pass);
        // The status comes from what is on disk, not from what this process believes it wrote.
        records = (await readCheckpoint(dir, sweep)).points;
        pass.stopIndex = firstViolationIndex(records, stopOn);
        const missing = missingBelow(records, Number.isFinite(pass.stopIndex) ? pass.stopIndex + 1 : total);
        if (missing === 0 || o.signal?.aborted) break;
        if (n === MAX_PASSES) throw new Error(`${pointsFile}: ${missing} finished point${missing === 1 ? ' is' : 's are'} still missing after ${n} passes (is another process writing this sweep?)`);
        notice(`${pointsFile}: ${missing} finished point${missing === 1 ? ' was' : 's were'} not found on disk: computing ${missing === 1 ? 'it' : 'them'} again`);
        pass.records.clear();
        records.forEach((r, i) => pass.records.set(i, r));
      }
      const stopped = Number.isFinite(pass.stopIndex);
      const counted = [...records.values()].filter((r) => r.index <= pass.stopIndex);
      // Finished when every point up to the stop point (or every point) is on disk; else cancelled.
      const limit = stopped ? pass.stopIndex + 1 : total;
      const status: SweepManifest['status'] = counted.length < limit ? 'cancelled' : stopped ? 'stopped' : 'complete';
      await writeManifest(dir, manifest(status));
      const outcomes: Record<string, number> = {};
      for (const r of counted) outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
      const v = stopped ? records.get(pass.stopIndex) : undefined;
      return {
        id,
        dir: shownDir,
        status,
        total,
        done: counted.length,
        resumed,
        rejected: cp.rejectedPoints,
        firstViolation: v !== undefined ? { index: v.index, params: v.params, value: v.value } : null,
        outcomes,
        notices,
        wallMs: performance.now() - started,
      };
    } catch (err) {
      const why = oneLine(err instanceof Error ? `${err.name}: ${err.message}` : String(err), 500);
      await writeManifest(dir, manifest('failed', why)).catch(() => undefined);
      throw err;
    }
  } finally {
    await program.dispose();
  }
}
