/**
 * One writer per case: every read-modify-write of a case's files (case.json, letters, sandbox and reviewer
 * files) runs inside `withCaseWriter(caseDir, task)`, and every update of a workspace-level file (settings.json,
 * the links registry) inside `withFileWriter(file, task)`. Without it two tabs adding a claim at the same
 * instant both read the same case.json, both got 200 with the same id, and one claim was lost.
 *
 * Two layers, both keyed by the real path of the case folder (or of the file; a path that does not exist yet
 * keys by its nearest existing ancestor's real path plus the rest), so `cases/x`, `./cases/x/` and a symlink
 * to it share one writer:
 * - Within this process: the keyed queue the logs use (`serialisedOn`, app/fs/log.ts). Tasks of one key run
 *   one after another, in the order they were queued, with no time limit.
 * - Across processes (the CLI and the server, two servers) on Linux: while its task runs, the writer listens on
 *   an abstract Unix socket named after the key (`\0recheck-writer-<uid>-<hash>`). Listening is exclusive and
 *   the kernel frees the name when the socket closes or its process dies (kill -9 included), so the lock can
 *   neither be held twice nor go stale. A writer that finds the name taken retries for up to a minute, then
 *   gives up with a BusyError naming the folder. Elsewhere (macOS, Windows), or where abstract sockets are
 *   refused, only the in-process queue holds: two processes editing one case there can still lose an edit.
 *
 * Re-entrant: a task that calls another writer of the same key (an import that adds a logbook to case.json)
 * runs it inline instead of waiting for itself. The nesting is tracked per async call chain
 * (AsyncLocalStorage) and ends when the outer task settles.
 *
 * Example: `await withCaseWriter(dir, async () => { const c = await read(); await writeJsonAtomic(p, edit(c)); })`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { basename, dirname, join, resolve } from 'node:path';
import { BusyError } from '../errors';
import { shown } from '../text/display';
import { serialisedOn } from './log';

/** How long a writer waits for another process's writer of the same key before giving up. */
export const CROSS_PROCESS_WAIT_MS = 60_000;

interface Hold {
  released: boolean;
}

// Keys held by the current async call chain (for re-entry). Module state by necessity, like the log queues.
const held = new AsyncLocalStorage<ReadonlyMap<string, Hold>>();

/**
 * The key a path's writers share: its real path, or, for a path that does not exist yet, its nearest existing
 * ancestor's real path joined with the rest. Example: `await writerKey('/tmp/ws/../ws/case')` is
 * `/tmp/ws/case` (or where /tmp really is).
 */
export async function writerKey(path: string): Promise<string> {
  const abs = resolve(path);
  try {
    return await realpath(abs);
  } catch {
    const parent = dirname(abs);
    return parent === abs ? abs : join(await writerKey(parent), basename(abs));
  }
}

export interface WriterOptions {
  /** How long to wait for another process's writer (default CROSS_PROCESS_WAIT_MS). */
  readonly waitMs?: number;
}

/** Runs `task` as the only writer of the case folder `caseDir` (in this process, and across processes on Linux). */
export async function withCaseWriter<T>(caseDir: string, task: () => Promise<T>, o: WriterOptions = {}): Promise<T> {
  return withWriter(`case\0${await writerKey(caseDir)}`, `case folder ${shown(caseDir)}`, task, o.waitMs ?? CROSS_PROCESS_WAIT_MS);
}

/** Runs `task` as the only writer of the workspace-level file `file` (settings.json, links.json). */
export async function withFileWriter<T>(file: string, task: () => Promise<T>, o: WriterOptions = {}): Promise<T> {
  return withWriter(`file\0${await writerKey(file)}`, shown(file), task, o.waitMs ?? CROSS_PROCESS_WAIT_MS);
}

/**
 * The abstract socket name that holds a case folder's writer across processes (for tests and diagnostics).
 * Example: `await caseWriterLockName('/w/timing')` is `\0recheck-writer-1000-3f2a...`.
 */
export async function caseWriterLockName(caseDir: string): Promise<string> {
  return lockName(`case\0${await writerKey(caseDir)}`);
}

function lockName(key: string): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return `\0recheck-writer-${uid}-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}

async function withWriter<T>(key: string, what: string, task: () => Promise<T>, waitMs: number): Promise<T> {
  const mine = held.getStore();
  if (mine?.get(key)?.released === false) return task(); // re-entry from inside this key's own task
  return serialisedOn(`writer\0${key}`, async () => {
    const hold: Hold = { released: false };
    const next = new Map([...(mine ?? new Map<string, Hold>())].filter(([, h]) => !h.released));
    next.set(key, hold);
    const lock = await acquireProcessLock(lockName(key), what, waitMs);
    try {
      return await held.run(next, task);
    } finally {
      hold.released = true;
      await lock.release();
    }
  });
}

interface ProcessLock {
  release(): Promise<void>;
}

const NO_LOCK: ProcessLock = { release: async () => undefined };

/** Listens on `name`; resolves the server, or the error code when the name is taken or listening fails. */
function listenOn(name: string): Promise<Server | string> {
  return new Promise((resolveListen) => {
    const server = createServer((socket) => socket.destroy()); // nobody may hold our release up by connecting
    server.once('error', (err: NodeJS.ErrnoException) => resolveListen(err.code ?? 'EUNKNOWN'));
    server.listen(name, () => resolveListen(server));
  });
}

/** Holds `name` across processes (Linux), waiting up to `waitMs` for another process to free it. */
async function acquireProcessLock(name: string, what: string, waitMs: number): Promise<ProcessLock> {
  if (process.platform !== 'linux') return NO_LOCK;
  const start = Date.now();
  for (let delay = 2; ; delay = Math.min(delay * 2, 100)) {
    const got = await listenOn(name);
    if (typeof got !== 'string') {
      got.unref();
      return { release: () => new Promise<void>((done) => got.close(() => done())) };
    }
    if (got !== 'EADDRINUSE') return NO_LOCK; // abstract sockets refused here: this process's queue only
    if (Date.now() - start >= waitMs) {
      throw new BusyError(
        `${what} is being edited by another Recheck process (waited ${Math.round(waitMs / 100) / 10} s): try again when it has finished`,
        5,
      );
    }
    await new Promise((r) => setTimeout(r, delay));
  }
}
