/**
 * The screen's worker thread: started by app/screen/pool.ts with `workerData.recheckScreenWorker`, it loads
 * MPFR once, then screens each `{ index, name }` it is sent and answers `{ index, line }` (the result as one
 * JSON line) or `{ index, error }`. Loaded in the main thread it does nothing but export its own URL.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { loadMpfr } from '../../checkers/precise/mpfr';
import { screenOne } from './one';
import type { ScreenReplayOptions } from './replay-cells';

/** This module's URL: the worker's entry (in the bundled CLI, the chunk that holds it). */
export const SCREEN_WORKER_URL = import.meta.url;

interface WorkerSetup {
  readonly recheckScreenWorker: true;
  readonly root: string;
  readonly cache?: string;
  readonly replay?: ScreenReplayOptions;
}

async function serve(setup: WorkerSetup): Promise<void> {
  const mpfr = await loadMpfr();
  parentPort?.on('message', (msg: { index: number; name: string } | 'stop') => {
    if (msg === 'stop') {
      parentPort?.close();
      return;
    }
    screenOne(mpfr, setup.root, msg.name, setup.cache, setup.replay).then(
      (r) => parentPort?.postMessage({ index: msg.index, line: JSON.stringify(r) }),
      (err: unknown) =>
        parentPort?.postMessage({ index: msg.index, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
    );
  });
  parentPort?.postMessage({ ready: true });
}

if (!isMainThread && (workerData as Partial<WorkerSetup> | null)?.recheckScreenWorker === true) void serve(workerData as WorkerSetup);
