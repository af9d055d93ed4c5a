/**
 * The temporary folders that hold bundled programs for the Node child sandbox (`<tmp>/recheck-sandbox-<pid>-*`).
 * They are removed on every exit path: when the run's program is disposed, at process exit for any left (an
 * uncaught error, Ctrl-C), and, for a process that was killed outright (kill -9, power loss), by the next
 * Recheck process, which removes the folders whose owner is no longer alive.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'recheck-sandbox-';
const live = new Set<string>();
let exitHookInstalled = false;

/** Whether process `pid` exists (a zombie or another user's process counts as alive: we leave its folder). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the sandbox folders of processes that no longer exist, and folders without an owner pid (written
 * by an older Recheck) that are older than a day. Returns the removed names. Cheap (one readdir of tmp).
 * Example: `sweepStaleSandboxDirs()` at start-up.
 */
export function sweepStaleSandboxDirs(dir = tmpdir(), now = Date.now()): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(PREFIX));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = /^recheck-sandbox-(\d+)-/.exec(name);
    let stale: boolean;
    if (m?.[1] !== undefined) stale = Number(m[1]) !== process.pid && !alive(Number(m[1]));
    else {
      try {
        stale = now - statSync(join(dir, name)).mtimeMs > 24 * 3600 * 1000;
      } catch {
        stale = false;
      }
    }
    if (!stale) continue;
    try {
      rmSync(join(dir, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      /* another user's, or in use: leave it */
    }
  }
  return removed;
}

/** A fresh sandbox folder owned by this process; removed by `removeSandboxDir` or at exit at the latest. */
export async function makeSandboxDir(): Promise<string> {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const d of live) rmSync(d, { recursive: true, force: true });
    });
  }
  const dir = await mkdtemp(join(tmpdir(), `${PREFIX}${process.pid}-`));
  live.add(dir);
  return dir;
}

/** Removes a folder made by makeSandboxDir. */
export async function removeSandboxDir(dir: string): Promise<void> {
  live.delete(dir);
  await rm(dir, { recursive: true, force: true });
}
