/**
 * The host's watch over a running program, for what per-process kernel limits cannot bound:
 * - its scratch folder: RLIMIT_FSIZE caps each file, not their number, so twice a second the host adds up the
 *   folder (lstat only: never follows the program's symlinks) and ends the run when it passes
 *   SCRATCH_BUDGET_BYTES or holds more than 100,000 entries;
 * - its memory: RLIMIT_AS caps each process, and up to PROCESS_LIMIT of them could each fill theirs, so five
 *   times a second the host adds up the PSS of the whole process tree.
 *
 * Example: `const stop = watchScratch('/tmp/run/scratch', () => kill('disk')); ...; stop();`
 */
import { readdirSync, readFileSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SCRATCH_BUDGET_BYTES } from './limits';

const MAX_ENTRIES = 100_000;
const INTERVAL_MS = 500;

/** Bytes and entries under `dir`, stopping early once past the budget. */
export async function folderUsage(dir: string, budgetBytes = SCRATCH_BUDGET_BYTES): Promise<{ bytes: number; entries: number }> {
  let bytes = 0;
  let entries = 0;
  const stack = [dir];
  while (stack.length > 0 && bytes <= budgetBytes && entries <= MAX_ENTRIES) {
    const d = stack.pop() as string;
    let names: string[];
    try {
      names = await readdir(d);
    } catch {
      continue; // gone, or made unreadable by the program: its size still counts through the files we saw
    }
    for (const name of names) {
      entries++;
      const p = join(d, name);
      try {
        const st = await lstat(p);
        bytes += st.blocks * 512; // allocated, so a sparse file is not counted at its nominal size
        if (st.isDirectory()) stack.push(p);
      } catch {
        /* removed meanwhile */
      }
    }
  }
  return { bytes, entries };
}

/** Calls `onFlood` once when the scratch folder passes the budget; returns the function that stops watching. */
export function watchScratch(dir: string, onFlood: () => void, budgetBytes = SCRATCH_BUDGET_BYTES): () => void {
  let stopped = false;
  let busy = false;
  const timer = setInterval(() => {
    if (busy || stopped) return;
    busy = true;
    void folderUsage(dir, budgetBytes)
      .then((u) => {
        if (!stopped && (u.bytes > budgetBytes || u.entries > MAX_ENTRIES)) {
          stopped = true;
          onFlood();
        }
      })
      .finally(() => {
        busy = false;
      });
  }, INTERVAL_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/** Pids of `root` and all its descendants, from /proc/<pid>/task/<tid>/children. */
export function processTree(root: number): number[] {
  const seen: number[] = [];
  const stack = [root];
  while (stack.length > 0 && seen.length < 10_000) {
    const pid = stack.pop() as number;
    seen.push(pid);
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // gone
    }
    for (const tid of tasks) {
      try {
        for (const c of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ')) if (c.trim() !== '') stack.push(Number(c));
      } catch {
        /* gone */
      }
    }
  }
  return seen;
}

/** Proportional set size of a process in bytes (shared pages split among their users), 0 when unreadable. */
function pss(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m?.[1] !== undefined ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Calls `onOver` once when the processes under `root` together hold more than `budgetBytes` (their PSS, checked
 * five times a second). RLIMIT_AS bounds each process; this bounds their sum, which up to PROCESS_LIMIT forked
 * children would otherwise multiply. Returns the function that stops watching.
 */
export function watchMemory(root: number, budgetBytes: number, onOver: () => void): () => void {
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    let total = 0;
    for (const pid of processTree(root)) total += pss(pid);
    if (total > budgetBytes) {
      stopped = true;
      onOver();
    }
  }, 200);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
