/**
 * How a check's sweep (sweep-table.ts: a sandboxed point function, or a replay of a logbook's run cell) reports
 * while it runs, whatever its source: progress through the check context ("sweep of sandbox/point.ts on Slurm,
 * job 812: point 3 at 40/100"), one log line per finished point and per notice, and each finished point's rows
 * to `onRow` for a live plot (points resumed from the checkpoint are not replayed). The workspace's sweep
 * backend is observed so that the progress line says where the points run as soon as a job is submitted.
 * Example: `const w = sweepWatch(ctx, 'sandbox/point.ts', (r) => [r.params])`, then `runSweep({ ..., backend:
 * w.backend, onEvent: w.onEvent })`.
 */
import type { CheckContext } from '../kind';
import type { ParamValue } from '../../runs/grid';
import type { PointRecord } from '../../runs/record';
import type { SweepEvent } from '../../runs/sweep';
import type { BackendRecord, SweepBackend, SweepPass } from '../../runs/backends/backend';

export interface SweepWatch {
  /** The context's sweep backend, observed (undefined: this process's sandboxes). */
  readonly backend: SweepBackend | undefined;
  readonly onEvent: (e: SweepEvent) => void;
}

/** The watch of a sweep named `label` (see the file comment); `rowsOf` turns a finished `ok` point into its table rows. */
export function sweepWatch(
  ctx: CheckContext,
  label: string,
  rowsOf: (record: PointRecord) => readonly Readonly<Record<string, ParamValue>>[],
  onRow?: (index: number, row: Readonly<Record<string, ParamValue>>) => void,
): SweepWatch {
  // Points finished so far and in all, so a point's own progress can be shown within the sweep's.
  let done = 0;
  let total = 0;
  // Where the points run, for the progress line: '' locally, ' on Slurm, job 812' once the job is submitted.
  let where = '';
  const message = (): string => `sweep of ${label}${where}`;
  const backend =
    ctx.sweepBackend === undefined
      ? undefined
      : observed(ctx.sweepBackend, (r) => {
          const job = r.jobs?.at(-1);
          where = ` on ${backendWords(r.name)}${job !== undefined ? `, job ${job.id}` : ''}`;
          ctx.progress({ done, ...(total > 0 ? { total } : {}), message: message() });
        });
  const onEvent = (e: SweepEvent): void => {
    if (e.type === 'started') [done, total] = [e.alreadyDone, e.total];
    if (e.type === 'started' && e.backend !== undefined && e.backend !== 'local' && where === '') where = ` on ${backendWords(e.backend)}`;
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
        `point ${e.record.index} ${JSON.stringify(e.record.params)}: ${e.record.outcome}${e.record.outcome !== 'ok' && e.record.message ? ` (${e.record.message})` : ''} in ${(e.record.wallMs / 1000).toFixed(1)} s`,
      );
    // A finished point's rows, for a live plot.
    if (e.type === 'point' && e.record.outcome === 'ok' && onRow !== undefined)
      for (const row of rowsOf(e.record)) onRow(e.record.index, row);
  };
  return { backend, onEvent };
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
