/**
 * Screens many logbook folders on `jobs` worker threads (app/screen/worker.ts), streaming: each result is
 * appended to a spool file as it arrives (in any order) and only its place in the file is kept, with the
 * small part the queue needs (flag kinds and cells, findings); `readInOrder` then reads the results back in
 * the folders' order. Whatever `jobs` is, the results are the same bytes (each is a pure function of its
 * folder). With `jobs` 1 the folders are screened in this thread.
 * Example: `const run = await screenAll(root, names, { jobs: 2, spool })`, then `for (const line of readInOrder(run)) ...`.
 */
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { loadMpfr } from '../../checkers/precise/mpfr';
import type { Horizon } from '../../checkers/screen/judge';
import type { FlagKind, ScreenFinding } from '../../checkers/screen/model';
import { screenOne, type ScreenResult } from './one';
import { SCREEN_WORKER_URL } from './worker';
import type { ScreenReplayOptions } from './replay-cells';

/** What the queue keeps of one result (no messages). */
export interface ResultSummary {
  readonly logbook: string;
  readonly paper: string | null;
  readonly findings: readonly ScreenFinding[];
  readonly horizons: readonly (Horizon | null)[];
  readonly flags: readonly { readonly kind: FlagKind; readonly page: string; readonly cell: string; readonly finding?: string }[];
}

export interface ScreenRun {
  readonly spool: string;
  /** Byte offset and length of each folder's result line in the spool, in the folders' order. */
  readonly places: readonly (readonly [number, number])[];
  readonly summaries: readonly ResultSummary[];
}

export interface PoolOptions {
  readonly jobs: number;
  readonly spool: string;
  readonly cache?: string;
  /** Called after each result (done so far). */
  readonly progress?: (done: number) => void;
  /** Stops the screen: no folder is started after it fires, workers are ended, and screenAll rejects with ScreenCancelledError. */
  readonly signal?: AbortSignal;
  /** Replay the cheap run cells findings rest on (`--replay --budget S`, replay-cells.ts). */
  readonly replay?: ScreenReplayOptions;
}

/** The screen was cancelled through PoolOptions.signal. */
export class ScreenCancelledError extends Error {
  constructor() {
    super('the screen was cancelled');
    this.name = 'ScreenCancelledError';
  }
}

function summaryOf(r: ScreenResult): ResultSummary {
  return {
    logbook: r.logbook,
    paper: r.paper,
    findings: r.findings,
    horizons: r.horizons,
    flags: r.flags.map((f) => ({ kind: f.kind, page: f.page, cell: f.cell, ...(f.finding !== undefined ? { finding: f.finding } : {}) })),
  };
}

/** Worker bootstrap: registers tsx when the worker module is TypeScript (tests, tsx), then imports it. */
const BOOT = `
const { workerData } = require('node:worker_threads');
(async () => {
  if (workerData.tsx) (await import(workerData.tsx)).register();
  await import(workerData.url);
})().catch((err) => { console.error(err); process.exit(3); });
`;

/** Screens `names` under `root` (see the file comment). */
export async function screenAll(root: string, names: readonly string[], o: PoolOptions): Promise<ScreenRun> {
  const fd = openSync(o.spool, 'w');
  let offset = 0;
  const places: [number, number][] = new Array(names.length);
  const summaries: ResultSummary[] = new Array(names.length);
  let done = 0;
  const take = (index: number, line: string, r: ScreenResult) => {
    const bytes = Buffer.from(`${line}\n`);
    writeSync(fd, bytes, 0, bytes.length, offset);
    places[index] = [offset, bytes.length - 1];
    offset += bytes.length;
    summaries[index] = summaryOf(r);
    o.progress?.(++done);
  };
  try {
    if (o.jobs <= 1 || names.length <= 1) {
      const mpfr = await loadMpfr();
      for (let i = 0; i < names.length; i++) {
        if (o.signal?.aborted === true) throw new ScreenCancelledError();
        const r = await screenOne(mpfr, root, names[i] as string, o.cache, o.replay);
        take(i, JSON.stringify(r), r);
      }
    } else await onWorkers(root, names, o, take);
  } finally {
    closeSync(fd);
  }
  return { spool: o.spool, places, summaries };
}

async function onWorkers(
  root: string,
  names: readonly string[],
  o: PoolOptions,
  take: (i: number, line: string, r: ScreenResult) => void,
): Promise<void> {
  // tsx's ESM entry (its CommonJS one, which require.resolve names, registers nothing usable in a worker).
  const tsx = SCREEN_WORKER_URL.endsWith('.ts')
    ? pathToFileURL(
        createRequire(import.meta.url)
          .resolve('tsx/esm/api')
          .replace(/\.cjs$/, '.mjs'),
      ).href
    : undefined;
  const n = Math.min(o.jobs, names.length);
  let next = 0;
  await new Promise<void>((resolveAll, rejectAll) => {
    let finished = 0;
    let failed = false;
    const workers: Worker[] = [];
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      for (const w of workers) void w.terminate();
      rejectAll(err);
    };
    if (o.signal?.aborted === true) return fail(new ScreenCancelledError());
    o.signal?.addEventListener('abort', () => fail(new ScreenCancelledError()), { once: true });
    for (let w = 0; w < n; w++) {
      const worker = new Worker(BOOT, {
        eval: true,
        workerData: {
          recheckScreenWorker: true,
          root,
          url: SCREEN_WORKER_URL,
          ...(o.cache !== undefined ? { cache: o.cache } : {}),
          ...(o.replay !== undefined ? { replay: o.replay } : {}),
          ...(tsx !== undefined ? { tsx } : {}),
        },
      });
      workers.push(worker);
      const send = () => {
        if (next < names.length) {
          const index = next++;
          worker.postMessage({ index, name: names[index] });
        } else worker.postMessage('stop');
      };
      worker.on('message', (m: { ready?: true; index?: number; line?: string; error?: string }) => {
        if (failed) return;
        if (m.ready === true) return send();
        if (m.error !== undefined) return fail(new Error(`screening ${names[m.index ?? 0]}: ${m.error}`));
        take(m.index as number, m.line as string, JSON.parse(m.line as string) as ScreenResult);
        send();
      });
      worker.on('error', (err) => fail(err));
      worker.on('exit', (code) => {
        if (failed) return;
        if (code !== 0 && next <= names.length) return fail(new Error(`a screen worker exited with code ${code}`));
        if (++finished === n) resolveAll();
      });
    }
  });
}

/** The result lines in the folders' order, read one at a time from the spool. */
export function* readInOrder(run: ScreenRun): Generator<string> {
  const fd = openSync(run.spool, 'r');
  try {
    for (const [offset, length] of run.places) {
      const buf = Buffer.alloc(length);
      readSync(fd, buf, 0, length, offset);
      yield buf.toString('utf8');
    }
  } finally {
    closeSync(fd);
  }
}
