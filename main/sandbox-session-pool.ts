/**
 * One partition per live sandbox window. Chromium never shares a renderer process between two sessions, so two
 * runs at once in different partitions cannot take each other down (force-crashing one window's renderer, as a
 * cancel or an out-of-memory does, used to be able to kill another run that shared it). Sessions are never freed
 * by Electron, so a partition whose window is gone is kept for the next run, after its storage and cache are
 * cleared (nothing one program stored reaches the next); one that cannot be cleared is never used again. All
 * partitions are in memory (no `persist:` prefix) and configured once (configureSandboxSession).
 * Example: `const s = pool.acquire(); ...; await pool.release(s)`.
 */

/** The part of an Electron Session the pool needs. */
export interface ClearableSession {
  clearStorageData(): Promise<void>;
  clearCache(): Promise<void>;
}

export interface SandboxSessionPoolDeps<S> {
  /** session.fromPartition */
  fromPartition(name: string): S;
  /** The sandbox policy, applied once per partition (configureSandboxSession). */
  configure(session: S): S;
}

export interface SandboxSessionPool<S> {
  /** A configured session no live window uses. */
  acquire(): S;
  /** Clears the session and keeps it for a later run (or drops it when clearing fails). */
  release(session: S): Promise<void>;
}

/** Partition names: `recheck-sandbox-<n>`, in memory. */
export const SANDBOX_PARTITION_PREFIX = 'recheck-sandbox-';

export function createSandboxSessionPool<S extends ClearableSession>(deps: SandboxSessionPoolDeps<S>): SandboxSessionPool<S> {
  const free: S[] = [];
  const inUse = new Set<S>();
  let made = 0;
  return {
    acquire() {
      const session = free.pop() ?? deps.configure(deps.fromPartition(`${SANDBOX_PARTITION_PREFIX}${++made}`));
      inUse.add(session);
      return session;
    },
    async release(session) {
      if (!inUse.delete(session)) return;
      try {
        await session.clearStorageData();
        await session.clearCache();
        free.push(session);
      } catch {
        // Not cleared: never handed to another run.
      }
    },
  };
}
