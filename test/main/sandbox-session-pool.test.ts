// One partition per live sandbox window: two runs at once never share a session (so never a renderer process:
// crashing one cannot kill the other), and a partition is reused only after its storage and cache are cleared.
import { describe, expect, it } from 'vitest';
import { createSandboxSessionPool } from '../../main/sandbox-session-pool';

interface FakeSession {
  readonly name: string;
  cleared: number;
  failClear: boolean;
  clearStorageData(): Promise<void>;
  clearCache(): Promise<void>;
}

function fakes() {
  const made: FakeSession[] = [];
  const configured: string[] = [];
  const pool = createSandboxSessionPool<FakeSession>({
    fromPartition: (name) => {
      const s: FakeSession = {
        name,
        cleared: 0,
        failClear: false,
        clearStorageData() {
          if (this.failClear) return Promise.reject(new Error('busy'));
          this.cleared++;
          return Promise.resolve();
        },
        clearCache: () => Promise.resolve(),
      };
      made.push(s);
      return s;
    },
    configure: (s) => {
      configured.push(s.name);
      return s;
    },
  });
  return { pool, made, configured };
}

describe('createSandboxSessionPool', () => {
  it('gives windows that live at the same time different in-memory partitions, each configured once', () => {
    const { pool, configured } = fakes();
    const a = pool.acquire();
    const b = pool.acquire();
    const c = pool.acquire();
    expect(new Set([a.name, b.name, c.name]).size).toBe(3);
    for (const s of [a, b, c]) expect(s.name).toMatch(/^recheck-sandbox-\d+$/); // no persist: prefix
    expect(configured).toEqual([a.name, b.name, c.name]);
  });

  it('reuses a partition only after clearing it, and never one still in use', async () => {
    const { pool, made, configured } = fakes();
    const a = pool.acquire();
    const b = pool.acquire();
    await pool.release(a);
    expect(a.cleared).toBe(1);
    const c = pool.acquire();
    expect(c).toBe(a);
    expect(c).not.toBe(b);
    expect(made).toHaveLength(2);
    expect(configured).toHaveLength(2);
  });

  it('drops a partition it could not clear', async () => {
    const { pool, made } = fakes();
    const a = pool.acquire();
    a.failClear = true;
    await pool.release(a);
    const b = pool.acquire();
    expect(b).not.toBe(a);
    expect(made).toHaveLength(2);
  });

  it('a session released twice is pooled once', async () => {
    const { pool } = fakes();
    const a = pool.acquire();
    await pool.release(a);
    await pool.release(a);
    const b = pool.acquire();
    const c = pool.acquire();
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });
});
