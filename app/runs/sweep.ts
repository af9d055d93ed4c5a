/**
 * Sweeps: one sandboxed function over every point of a grid or horizon, `jobs` sandboxes in parallel,
 * checkpointed point by point into `runs/<sweep-id>/` so that a killed sweep resumes where it stopped.
 *
 * Determinism: point i always runs with seed splitSeed(sweepSeed, i) and its own parameters, whatever the
 * parallelism or the order in which points finish. With `stopOn` (a result field, e.g. "violation"), the sweep
 * stops at the FIRST violating point by index: points below it always run to completion, points above it
 * are cancelled, so the reported first violation is the same for 1 job or 16.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { splitSeed } from '../../checkers/random/xoshiro128';
import { BadInputError } from '../errors';
import { DEFAULT_LIMITS, type SandboxLimits } from '../sandbox/confinement';
import type { SandboxRunner } from '../sandbox/runner';
import { appendPoint, readCheckpoint, writeManifest } from './checkpoint';
import { pointAt, pointCount, type ParamValue, type SweepSpec } from './grid';
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
  /** Stop at the first point whose result has this field truthy (e.g. "violation"); null runs every point. */
  readonly stopOn?: string | null;
  /** The folder holding sweep folders (a case's `runs/`). */
  readonly runsDir: string;
  /** Sweep id (folder name); default derived from the module's hash, the spec, the seed and stopOn. */
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
  | { readonly type: 'stopping'; readonly index: number };

export interface SweepSummary {
  readonly id: string;
  readonly dir: string;
  readonly status: SweepManifest['status'];
  readonly total: number;
  /** Points finished (in the checkpoint) at or below the stop point. */
  readonly done: number;
  /** Points that were already in the checkpoint when this call started. */
  readonly resumed: number;
  readonly firstViolation: { readonly index: number; readonly params: Readonly<Record<string, ParamValue>>; readonly value: unknown } | null;
  /** Count of points by outcome (ok, timeout, threw, ...), at or below the stop point. */
  readonly outcomes: Readonly<Record<string, number>>;
  readonly wallMs: number;
}

function isViolation(record: PointRecord, field: string | null): boolean {
  if (field === null || record.outcome !== 'ok') return false;
  const v = record.value;
  return typeof v === 'object' && v !== null && Boolean((v as Record<string, unknown>)[field]);
}

/**
 * Runs (or resumes) a sweep. Resolves with a summary, also when cancelled (status `cancelled`; the finished
 * points stay in the checkpoint). Throws BadInputError when the sweep folder holds a sweep of other code,
 * spec, seed or stop condition.
 */
export async function runSweep(o: SweepOptions): Promise<SweepSummary> {
  const started = performance.now();
  const stopOn = o.stopOn ?? null;
  const limits: SandboxLimits = { ...DEFAULT_LIMITS, ...o.limits };
  const jobs = Math.max(1, Math.floor(o.jobs ?? availableParallelism()));
  const total = pointCount(o.spec);
  // Prepared before the checkpoint is touched: a runner that refuses untrusted code (no bubblewrap, no opt-in)
  // or a module that does not bundle leaves the sweep folder as it was.
  const program = await o.runner.prepare({ modulePath: o.modulePath, label: o.label ?? o.modulePath });
  try {
    const id = o.id ?? `sweep-${inputHash({ module: program.moduleHash, spec: o.spec, seed: o.seed, stopOn }).slice(0, 12)}`;
    const dir = join(o.runsDir, id);
    const cp = await readCheckpoint(dir);
    const m = cp.manifest;
    if (m !== null && (m.module.sha256 !== program.moduleHash || inputHash(m.spec) !== inputHash(o.spec) || m.seed !== o.seed || m.stopOn !== stopOn)) {
      throw new BadInputError(dir, 'holds a sweep of different code, parameters, seed or stop condition; choose another --id');
    }
    const records = new Map(cp.points);
    let stopIndex = Infinity;
    for (const r of records.values()) if (isViolation(r, stopOn)) stopIndex = Math.min(stopIndex, r.index);
    const createdAt = m?.createdAt ?? new Date().toISOString();
    const manifest = (status: SweepManifest['status']): SweepManifest => ({
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
      firstViolation: Number.isFinite(stopIndex) ? stopIndex : null,
      createdAt,
      updatedAt: new Date().toISOString(),
    });
    await writeManifest(dir, manifest('running'));
    const resumed = records.size;
    o.onEvent?.({ type: 'started', id, dir, total, alreadyDone: resumed, jobs });

    const inflight = new Map<number, AbortController>();
    const cancelAll = (): void => inflight.forEach((c) => c.abort());
    o.signal?.addEventListener('abort', cancelAll);
    let next = 0;
    let finishedHere = 0;
    const worker = async (): Promise<void> => {
      for (;;) {
        if (o.signal?.aborted) return;
        while (next < total && records.has(next)) next++;
        if (next >= total || next > stopIndex) return;
        const index = next++;
        const params = pointAt(o.spec, index);
        const seed = splitSeed(o.seed, index);
        const ac = new AbortController();
        inflight.set(index, ac);
        const report = await o.runner.run(program, {
          input: params,
          seed,
          limits,
          signal: ac.signal,
          onMessage: (m) => {
            if (m.type === 'progress') o.onEvent?.({ type: 'point-progress', index, done: m.done, ...(m.total !== undefined ? { total: m.total } : {}), ...(m.message !== undefined ? { message: m.message } : {}) });
            else if (m.type === 'log') o.onEvent?.({ type: 'point-log', index, text: m.text });
          },
        });
        inflight.delete(index);
        if (ac.signal.aborted) continue; // cancelled, or beyond the first violation: not a finished point
        const record = pointRecord(index, params, seed, report, new Date());
        await appendPoint(dir, record);
        records.set(index, record);
        finishedHere++;
        o.onEvent?.({ type: 'point', record });
        const seconds = (performance.now() - started) / 1000;
        const rate = seconds > 0 ? finishedHere / seconds : 0;
        const remaining = Math.min(total, Number.isFinite(stopIndex) ? stopIndex + 1 : total) - records.size;
        o.onEvent?.({ type: 'progress', done: records.size, total, rate, ...(rate > 0 ? { etaSeconds: Math.max(0, remaining) / rate } : {}) });
        if (isViolation(record, stopOn) && index < stopIndex) {
          stopIndex = index;
          o.onEvent?.({ type: 'stopping', index });
          inflight.forEach((c, i) => {
            if (i > index) c.abort();
          });
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: jobs }, () => worker()));
    } finally {
      o.signal?.removeEventListener('abort', cancelAll);
    }

    const stopped = Number.isFinite(stopIndex);
    const counted = [...records.values()].filter((r) => r.index <= stopIndex);
    // Finished when every point up to the stop point (or every point) is in the checkpoint; else cancelled.
    const limit = stopped ? stopIndex + 1 : total;
    const status: SweepManifest['status'] = counted.length < limit ? 'cancelled' : stopped ? 'stopped' : 'complete';
    await writeManifest(dir, manifest(status));
    const outcomes: Record<string, number> = {};
    for (const r of counted) outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
    const v = stopped ? records.get(stopIndex) : undefined;
    return {
      id,
      dir,
      status,
      total,
      done: counted.length,
      resumed,
      firstViolation: v !== undefined ? { index: v.index, params: v.params, value: v.value } : null,
      outcomes,
      wallMs: performance.now() - started,
    };
  } finally {
    await program.dispose();
  }
}
