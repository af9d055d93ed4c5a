/**
 * Whether the process that marked a sweep `running` still runs it. A process killed with SIGKILL (or a machine that
 * lost power) cannot write its manifest's last status, so `running` alone said nothing: such a sweep stayed
 * "running" for ever (issue 24). The manifest records its owner (host, boot, pid and the pid's start time, which
 * together name one process even after the pid is reused); a reader on the same host checks /proc, and a `running`
 * manifest whose owner is gone is shown as `interrupted`: finished points are on disk, and the same command resumes.
 * On another host, or where /proc is missing, the owner cannot be checked and the recorded status stands.
 *
 * Example: `(await readSweepStatus(dir))?.status` is `'interrupted'` after the sweep's process was killed with -9.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type { SweepManifest, SweepOwner } from './record';
import { readManifest } from './checkpoint';

/** A sweep's status as seen now: what the manifest says, or `interrupted` for a `running` one whose owner is gone. */
export type ObservedSweepStatus = SweepManifest['status'] | 'interrupted';

function readOr(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks after boot); null when the process does not exist. */
function startTicks(pid: number): string | null {
  const stat = readOr(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = rest[0];
  if (state === 'Z' || state === 'X') return null; // a zombie runs nothing
  return rest[19] ?? null;
}

function bootId(): string | null {
  return readOr('/proc/sys/kernel/random/boot_id')?.trim() ?? null;
}

/** This process as a sweep's owner (null fields where /proc is missing). */
export function thisOwner(): SweepOwner {
  return { host: hostname(), bootId: bootId(), pid: process.pid, startTicks: startTicks(process.pid) };
}

/** true: the owner runs; false: it is gone (same host and boot, and that pid is absent or another process); null: cannot tell. */
export function ownerAlive(owner: SweepOwner): boolean | null {
  if (owner.host !== hostname() || owner.startTicks === null || owner.bootId === null) return null;
  const boot = bootId();
  if (boot === null) return null;
  if (boot !== owner.bootId) return false; // the machine restarted since
  return startTicks(owner.pid) === owner.startTicks;
}

/** The status of manifest `m` as seen now (see the file comment). */
export function observedStatus(m: SweepManifest): ObservedSweepStatus {
  if (m.status !== 'running' || m.owner === undefined) return m.status;
  return ownerAlive(m.owner) === false ? 'interrupted' : 'running';
}

/** The manifest of the sweep folder `dir` and its observed status; null when there is no manifest. */
export async function readSweepStatus(dir: string): Promise<{ manifest: SweepManifest; status: ObservedSweepStatus } | null> {
  const manifest = await readManifest(dir);
  return manifest === null ? null : { manifest, status: observedStatus(manifest) };
}
