/**
 * A SandboxRunner for sweep tests that runs a plain function in process (no bundling, no child): the sweep's
 * own logic (checkpoint, resume, stop point, failure status) is tested without depending on bubblewrap.
 * NOT a sandbox: only for trusted test functions.
 */
import { readFileSync } from 'node:fs';
import { sha256 } from '../../../app/fs/hash';
import type { PreparedProgram, RunReport, SandboxRunner } from '../../../app/sandbox/runner';

/** What a point function may return: a value, or a RunReport-like failure. */
export type PointFn = (params: Record<string, unknown>, api: { seed: number; signal?: AbortSignal }) => unknown;

/** A runner whose "program" is `fn`; the module file only provides the hashes. `runs` counts calls. */
export function fakeRunner(fn: PointFn): SandboxRunner & { runs: number[] } {
  const runs: number[] = [];
  return {
    description: 'in-process test runner (not a sandbox)',
    confined: true,
    runs,
    async prepare(p): Promise<PreparedProgram> {
      const hash = sha256(readFileSync(p.modulePath));
      return { label: p.label ?? p.modulePath, codeHash: hash, moduleHash: hash, dispose: async () => undefined };
    },
    async run(_program, o): Promise<RunReport> {
      const params = o.input as Record<string, unknown>;
      runs.push(typeof params.t === 'number' ? params.t : -1);
      const value = await fn(params, { seed: o.seed, ...(o.signal ? { signal: o.signal } : {}) });
      if (o.signal?.aborted) return { outcome: 'killed', message: 'cancelled', wallMs: 0, confined: true, stderrTail: '' };
      return { outcome: 'ok', value, wallMs: 1, confined: true, stderrTail: '' };
    },
  };
}
