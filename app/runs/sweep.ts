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
 * missing point. Where points are computed is a backend's business (app/runs/backends/: this process's
 * sandboxes, or a Slurm job array); everything else about a sweep is here. A failure of the host side (an I/O error, a callback that throws) leaves the manifest at
 * `failed` with the reason, never at `running`; a manifest at `running` (a killed process) resumes normally.
 */
import { availableParallelism } from 'node:os';
import { mkdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BadInputError } from '../errors';
import { mkdirInside } from '../fs/confine';
import { DEFAULT_LIMITS, type SandboxLimits } from '../sandbox/confinement';
import type { SandboxRunner } from '../sandbox/runner';
import { oneLine, shown } from '../text/display';
import type { BackendRecord, SweepBackend, SweepPass } from './backends/backend';
import { localBackend } from './backends/local';
import {
  contestedProblem,
  MANIFEST_FILE,
  POINTS_FILE,
  readCheckpoint,
  readManifest,
  repairCheckpoint,
  shardCountOf,
  shardPointsFile,
  writeManifest,
  type Checkpoint,
  type SweepIdentity,
} from './checkpoint';
import { nameProblem, pointCount, type ParamValue, type SweepSpec } from './grid';
import { currentVersions, inputHash, type PointRecord, type SweepManifest } from './record';
import { observedStatus, thisOwner } from './liveness';
import { shardRange, type IndexRange, type Shard } from './shard';
import { MIN_ETA_DONE, MIN_ETA_SECONDS } from './rate';

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
  /** Where the points are computed (default: the local backend, `jobs` sandboxes of `runner` at once). */
  readonly backend?: SweepBackend;
  /** Refuse to start a new sweep: the folder must already hold this sweep's manifest (`--resume`). */
  readonly resume?: boolean;
  /** Compute only this shard's slice (a Slurm array task), into its own points file, in a sweep whose manifest exists. */
  readonly shard?: Shard;
  /**
   * The `recheck` arguments that rebuild this sweep's runner and spec in a Slurm array task, for a runner that is
   * not `runner.prepare(modulePath)` of a Node module (a replay: `['replay', CASE, '--cell', ID, '--grid', ...]`);
   * the task appends the seed, runs folder, id, limits, jobs and `--shard`. Absent: `sweep <modulePath> --grid FILE`.
   */
  readonly task?: readonly string[];
}

export type SweepEvent =
  | {
      readonly type: 'started';
      readonly id: string;
      readonly dir: string;
      readonly total: number;
      readonly alreadyDone: number;
      readonly jobs: number;
      readonly backend?: string;
    }
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
  /** Records refused at the end because their file does not own their point (a shard file writing another shard's point): never used. */
  readonly outsideShard: number;
  /** Second records of a point that agree with its first, at the end: ignored. */
  readonly duplicates: number;
  readonly firstViolation: {
    readonly index: number;
    readonly params: Readonly<Record<string, ParamValue>>;
    readonly value: unknown;
  } | null;
  /** Count of points by outcome (ok, timeout, threw, ...), at or below the stop point. */
  readonly outcomes: Readonly<Record<string, number>>;
  /** One-line notices, also sent as `notice` events: torn lines set aside, records not trusted, points redone. */
  readonly notices: readonly string[];
  readonly wallMs: number;
  /** Where the points were computed: `{ name: 'local' }`, or the backend's record (Slurm: version, job ids, nodes). */
  readonly backend: BackendRecord;
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

/** The lowest violating index on record (Infinity: none); a shard also counts other shards' points (nothing above it is needed). */
function firstViolationIndex(records: ReadonlyMap<number, PointRecord>, stopOn: string | null): number {
  let stopIndex = Infinity;
  for (const r of records.values()) if (isViolation(r, stopOn)) stopIndex = Math.min(stopIndex, r.index);
  return stopIndex;
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

/** A pass as runSweep keeps it: the backend's view plus what accept updates. */
type Pass = SweepPass & { stopIndex: number; finishedHere: number; readonly started: number };

/** The pass's `accept`: records a durable point, sends its events, lowers the stop point. */
function acceptInto(p: Pass, record: PointRecord): boolean {
  const { o } = p;
  p.records.set(record.index, record);
  p.finishedHere++;
  o.onEvent?.({ type: 'point', record });
  const seconds = (performance.now() - p.started) / 1000;
  const rate = seconds > 0 ? p.finishedHere / seconds : 0;
  const remaining =
    Math.min(p.range.to, Number.isFinite(p.stopIndex) ? p.stopIndex + 1 : p.range.to) - p.range.from - countIn(p.records, p.range);
  // An ETA only once this pass has shown its pace (the rule of app/runs/rate.ts).
  const paced = rate > 0 && p.finishedHere >= MIN_ETA_DONE && seconds >= MIN_ETA_SECONDS;
  o.onEvent?.({
    type: 'progress',
    done: countIn(p.records, p.range),
    total: p.range.to - p.range.from,
    rate,
    ...(paced ? { etaSeconds: Math.max(0, remaining) / rate } : {}),
  });
  if (isViolation(record, p.stopOn) && record.index < p.stopIndex) {
    p.stopIndex = record.index;
    o.onEvent?.({ type: 'stopping', index: record.index });
    return true;
  }
  return false;
}

/** Points of `records` inside `range`. */
function countIn(records: ReadonlyMap<number, PointRecord>, range: IndexRange): number {
  if (range.from === 0 && records.size <= range.to) {
    let outside = 0;
    for (const i of records.keys()) if (i >= range.to) outside++;
    return records.size - outside;
  }
  let n = 0;
  for (const i of records.keys()) if (i >= range.from && i < range.to) n++;
  return n;
}

/** Points of `range` below `limit` that the checkpoint lacks. */
function missingBelow(records: ReadonlyMap<number, PointRecord>, range: IndexRange, limit: number): number {
  const to = Math.min(range.to, limit);
  return Math.max(0, to - range.from) - countIn(records, { from: range.from, to });
}

/** One-line notices about what reading the checkpoint did not trust. */
function damageNotices(cp: Checkpoint, pointsFile: string): string[] {
  const out: string[] = [];
  const s = (n: number): string => (n === 1 ? '' : 's');
  if (cp.rejectedPoints > 0)
    out.push(
      `${pointsFile}: ${cp.rejectedPoints} record${s(cp.rejectedPoints)} do not match this sweep's parameters and seed and are not trusted: their points are computed again`,
    );
  if (cp.skippedLines > 0) out.push(`${pointsFile}: ${cp.skippedLines} line${s(cp.skippedLines)} are not point records and were skipped`);
  return [...out, ...refusalNotices(cp)];
}

/** One line per points file with records the merge refused (outside their shard, second records of a point). */
function refusalNotices(cp: Checkpoint): string[] {
  return cp.refused.map((r) => {
    const which = `point${r.indexes.length === 1 ? '' : 's'} ${r.indexes.join(', ')}${r.count > r.indexes.length ? ', ...' : ''}`;
    return r.reason === 'outside-shard'
      ? `${r.file}: ${r.count} record${r.count === 1 ? '' : 's'} for points this file does not own (${which}) refused: a shard's file holds only its own shard's points, so these are not used`
      : `${r.file}: ${r.count} second record${r.count === 1 ? '' : 's'} of points already on record (${which}) refused`;
  });
}

/**
 * Runs (or resumes) a sweep. Resolves with a summary, also when cancelled (status `cancelled`; the finished
 * points stay in the checkpoint). Throws BadInputError when the sweep folder holds a sweep of other code,
 * spec, seed or stop condition, when the id is not one folder name, when the stop field is `__proto__`, or
 * when the folder would leave `root`; a backend's `check` throws it for bad settings before anything is
 * written. Any other failure after the sweep started is rethrown after the manifest was set to `failed` with
 * the reason. With `shard`, only that slice is computed, into the shard's own points file, inside a sweep
 * whose manifest its parent wrote (left as it is).
 */
export async function runSweep(o: SweepOptions): Promise<SweepSummary> {
  const started = performance.now();
  const stopOn = o.stopOn ?? null;
  const backend = o.backend ?? localBackend;
  const refused = stopOn !== null ? nameProblem(stopOn) : null;
  if (refused !== null) throw new BadInputError('stop-on field', refused);
  if (o.id !== undefined && !SWEEP_ID.test(o.id))
    throw new BadInputError(
      `sweep id "${shown(o.id)}"`,
      'must be one folder name: letters, digits, ".", "_" or "-", starting with a letter or digit, at most 128 characters',
    );
  const limits: SandboxLimits = { ...DEFAULT_LIMITS, ...o.limits };
  const jobs = Math.max(1, Math.floor(o.jobs ?? availableParallelism()));
  const total = pointCount(o.spec);
  const range: IndexRange = o.shard !== undefined ? shardRange(total, o.shard) : { from: 0, to: total };
  const pointsFile = o.shard !== undefined ? shardPointsFile(o.shard) : POINTS_FILE;
  const sweep: SweepIdentity = { spec: o.spec, seed: o.seed };
  await backend.check?.(o);
  // Prepared before the checkpoint is touched: a runner that refuses untrusted code (no bubblewrap, no opt-in)
  // or a module that does not bundle leaves the sweep folder as it was.
  const program = await o.runner.prepare({
    modulePath: o.modulePath,
    label: o.label ?? o.modulePath,
    limits,
    ...(o.signal ? { signal: o.signal } : {}),
  });
  try {
    const id = o.id ?? `sweep-${inputHash({ module: program.moduleHash, spec: o.spec, seed: o.seed, stopOn }).slice(0, 12)}`;
    const shownDir = join(o.runsDir, id);
    const shownPoints = shown(join(shownDir, pointsFile));
    const dir = await sweepFolder(o, id);
    const notices: string[] = [];
    const notice = (message: string): void => {
      notices.push(message);
      o.onEvent?.({ type: 'notice', message });
    };
    // Another sweep's folder is refused before anything in it is touched, then the checkpoint is repaired and read.
    const m = await readManifest(dir);
    if (
      m !== null &&
      (m.module.sha256 !== program.moduleHash || inputHash(m.spec) !== inputHash(o.spec) || m.seed !== o.seed || m.stopOn !== stopOn)
    ) {
      throw new BadInputError(shownDir, 'holds a sweep of different code, parameters, seed or stop condition; choose another --id');
    }
    if (m === null && o.resume === true)
      throw new BadInputError(shownDir, `no sweep to resume here (no ${MANIFEST_FILE}): run the same command without --resume to start it`);
    if (m === null && o.shard !== undefined)
      throw new BadInputError(shownDir, `no ${MANIFEST_FILE}: a shard runs only inside a sweep whose manifest its parent wrote`);
    // A shard's file is trusted only for the cut its parent recorded, so a shard of another cut would compute for nothing.
    const cut = shardCountOf(m);
    if (o.shard !== undefined && cut !== o.shard.count)
      throw new BadInputError(
        shownDir,
        `${MANIFEST_FILE} records ${cut === null ? 'no cut into shards' : `a cut into ${cut} shards`} for this sweep: --shard ${o.shard.index}/${o.shard.count} does not fit`,
      );
    // The one writer of a points file repairs it: a shard its own, a whole sweep points.jsonl (a backend that
    // hands points to other processes repairs theirs when none of them runs).
    const torn = await repairCheckpoint(dir, pointsFile);
    if (torn !== null) notice(torn.message);
    const cp = await readCheckpoint(dir, sweep);
    const contested = contestedProblem(cp);
    if (contested !== null) throw new BadInputError(shownDir, contested);
    damageNotices(cp, shownPoints).forEach(notice);
    // A `running` manifest whose process is gone (kill -9, power loss): said once, then resumed like any other.
    if (m !== null && o.shard === undefined && observedStatus(m) === 'interrupted')
      notice(
        `${shown(join(shownDir, MANIFEST_FILE))}: the sweep was interrupted (its process ${m.owner?.pid} is gone): resuming from the checkpoint`,
      );
    const createdAt = m?.createdAt ?? new Date().toISOString();
    let backendRecord: BackendRecord | null = m?.backend ?? null;
    const pass: Pass = {
      o,
      id,
      dir,
      program,
      total,
      range,
      pointsFile,
      jobs,
      limits,
      stopOn,
      notice,
      started,
      previous: m?.backend ?? null,
      records: new Map(cp.points),
      stopIndex: firstViolationIndex(cp.points, stopOn),
      finishedHere: 0,
      accept: (record) => acceptInto(pass, record),
      recordBackend: async (record) => {
        backendRecord = record;
        if (o.shard === undefined) await writeManifest(dir, manifest('running'));
      },
    };
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
      ...(backendRecord !== null ? { backend: backendRecord } : {}),
      total,
      status,
      owner: thisOwner(),
      ...(failure !== undefined ? { failure } : {}),
      firstViolation: Number.isFinite(pass.stopIndex) ? pass.stopIndex : null,
      createdAt,
      updatedAt: new Date().toISOString(),
    });
    // A shard leaves the manifest to its parent (many shards write at once; the parent decides the status).
    const writeStatus = async (status: SweepManifest['status'], failure?: string): Promise<void> => {
      if (o.shard === undefined) await writeManifest(dir, manifest(status, failure));
    };
    await writeStatus('running');
    try {
      const resumed = countIn(cp.points, range);
      o.onEvent?.({ type: 'started', id, dir: shownDir, total: range.to - range.from, alreadyDone: resumed, jobs, backend: backend.name });
      let records: ReadonlyMap<number, PointRecord> = cp.points;
      let final: Checkpoint = cp;
      for (let n = 1; ; n++) {
        const end = await backend.computeMissing(pass);
        // The status comes from what is on disk, not from what this process believes it wrote.
        final = await readCheckpoint(dir, sweep);
        const disagree = contestedProblem(final);
        if (disagree !== null) throw new BadInputError(shownDir, disagree);
        // Records refused since the sweep opened (a task's file writing other shards' points) are said once.
        refusalNotices(final)
          .filter((line) => !notices.includes(line))
          .forEach(notice);
        records = final.points;
        pass.stopIndex = firstViolationIndex(records, stopOn);
        const missing = missingBelow(records, range, Number.isFinite(pass.stopIndex) ? pass.stopIndex + 1 : range.to);
        if (missing === 0 || o.signal?.aborted || end === 'incomplete') break;
        if (n === MAX_PASSES)
          throw new Error(
            `${shownPoints}: ${missing} finished point${missing === 1 ? ' is' : 's are'} still missing after ${n} passes (is another process writing this sweep?)`,
          );
        notice(
          `${shownPoints}: ${missing} finished point${missing === 1 ? ' was' : 's were'} not found on disk: computing ${missing === 1 ? 'it' : 'them'} again`,
        );
        pass.records.clear();
        records.forEach((r, i) => pass.records.set(i, r));
      }
      const stopped = Number.isFinite(pass.stopIndex);
      const counted = [...records.values()].filter((r) => r.index >= range.from && r.index < range.to && r.index <= pass.stopIndex);
      // Finished when every point up to the stop point (or every point) is on disk; else cancelled.
      const limit = Math.max(0, Math.min(range.to, stopped ? pass.stopIndex + 1 : range.to) - range.from);
      const status: SweepManifest['status'] = counted.length < limit ? 'cancelled' : stopped ? 'stopped' : 'complete';
      await writeStatus(status);
      const outcomes: Record<string, number> = {};
      for (const r of counted) outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
      const v = stopped ? records.get(pass.stopIndex) : undefined;
      return {
        id,
        dir: shownDir,
        status,
        total: range.to - range.from,
        done: counted.length,
        resumed,
        rejected: cp.rejectedPoints,
        outsideShard: final.outsideShard,
        duplicates: final.duplicatePoints,
        firstViolation: v !== undefined ? { index: v.index, params: v.params, value: v.value } : null,
        outcomes,
        notices,
        wallMs: performance.now() - started,
        backend: backendRecord ?? { name: backend.name },
      };
    } catch (err) {
      const why = oneLine(err instanceof Error ? `${err.name}: ${err.message}` : String(err), 500);
      await writeStatus('failed', why).catch(() => undefined);
      throw err;
    }
  } finally {
    await program.dispose();
  }
}
