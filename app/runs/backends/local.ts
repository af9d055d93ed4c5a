/**
 * The local backend: the pass's points run in this process's SandboxRunner, `jobs` sandboxes at once, each
 * finished point appended to the pass's points file before it is accepted. With a stop field, points above a
 * violating point are cancelled as soon as it lands (points below it always run to completion).
 */
import { splitSeed } from '../../../checkers/random/xoshiro128';
import { checkJsonBounds, DEFAULT_JSON_LIMITS, JsonLimitError } from '../../../common/json/bounded';
import type { RunReport } from '../../sandbox/runner';
import { appendPoint, POINT_LINE_LIMITS } from '../checkpoint';
import { pointAt } from '../grid';
import { pointRecord, type PointRecord } from '../record';
import type { PassEnd, SweepBackend, SweepPass } from './backend';

/** The record of a result that cannot be stored (nested too deep, too large): a failed point saying so. */
function unrecordable(record: PointRecord, err: JsonLimitError): PointRecord {
  const { value: _value, ...rest } = record;
  return { ...rest, outcome: 'threw', message: `the result cannot be recorded: ${err.message}` };
}

/** Appends a point, first turning a result over the line limits into a failed point (the sweep goes on). */
async function appendRecordable(dir: string, file: string, record: PointRecord): Promise<{ record: PointRecord; torn: string | null }> {
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
    return { record: r, torn: (await appendPoint(dir, r, file))?.message ?? null };
  } catch (err) {
    if (!(err instanceof JsonLimitError)) throw err;
    r = unrecordable(r, err);
    return { record: r, torn: (await appendPoint(dir, r, file))?.message ?? null };
  }
}

/** How long a point killed by a stopping signal waits for the sweep's own abort to follow. */
const SIGNAL_GRACE_MS = 500;
const STOPPING_SIGNAL = /^killed by SIG(TERM|INT|HUP)$/;

/**
 * True when a point died of a signal that also stops this sweep: scancel (Slurm signals every process of a
 * task) or `kill -TERM` of a process group reach the sandbox a moment before this process's handler aborts
 * `signal`. Such a point was cancelled, not finished. Waits at most SIGNAL_GRACE_MS, only for those signals.
 */
async function stoppedBySameSignal(report: RunReport, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal === undefined || report.outcome !== 'killed' || !STOPPING_SIGNAL.test(report.message)) return signal?.aborted ?? false;
  if (signal.aborted) return true;
  await new Promise<void>((r) => {
    const t = setTimeout(done, SIGNAL_GRACE_MS);
    function done(): void {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      r();
    }
    signal.addEventListener('abort', done, { once: true });
  });
  return signal.aborted;
}

/** Computes every point of the pass's range below the stop point that it lacks, `jobs` at a time. Rethrows the first failure after all workers stopped. */
async function computeMissing(p: SweepPass): Promise<PassEnd> {
  const { o } = p;
  const inflight = new Map<number, AbortController>();
  const halt: { failed: boolean; error?: unknown } = { failed: false };
  const cancelAll = (): void => inflight.forEach((c) => c.abort());
  o.signal?.addEventListener('abort', cancelAll);
  let next = p.range.from;
  const worker = async (): Promise<void> => {
    for (;;) {
      if (o.signal?.aborted || halt.failed) return;
      while (next < p.range.to && p.records.has(next)) next++;
      if (next >= p.range.to || next > p.stopIndex) return;
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
            if (m.type === 'progress')
              o.onEvent?.({
                type: 'point-progress',
                index,
                done: m.done,
                ...(m.total !== undefined ? { total: m.total } : {}),
                ...(m.message !== undefined ? { message: m.message } : {}),
              });
            else if (m.type === 'log') o.onEvent?.({ type: 'point-log', index, text: m.text });
          },
        });
      } finally {
        inflight.delete(index);
      }
      if (ac.signal.aborted || (await stoppedBySameSignal(report, o.signal))) continue; // cancelled, halted, or beyond the first violation: not a finished point
      const { record, torn } = await appendRecordable(p.dir, p.pointsFile, pointRecord(index, params, seed, report, new Date()));
      if (torn !== null) p.notice(torn);
      if (p.accept(record)) {
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
  return 'done';
}

/** The local backend (the default of runSweep). */
export const localBackend: SweepBackend = { name: 'local', computeMissing };
