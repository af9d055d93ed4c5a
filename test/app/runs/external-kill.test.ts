// A signal that stops the whole sweep (scancel of a Slurm task, `kill -TERM` of a process group) can reach a
// point's sandbox a moment before the sweep's own handler aborts: that point was cancelled, not finished, and
// must not be recorded as a finished `killed` point (a resume would then never compute it).
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../../app/fs/hash';
import type { PreparedProgram, RunReport, SandboxRunner } from '../../../app/sandbox/runner';
import { runSweep } from '../../../app/runs/sweep';
import { tempDir } from '../../helpers/temp-case';

/** Point 1's sandbox dies of `signal`; the sweep's abort follows `lagMs` later (0: never). */
function runnerKilledAt(signal: string, abort: AbortController, lagMs: number): SandboxRunner {
  return {
    description: 'in-process test runner (not a sandbox)',
    confined: true,
    async prepare(p): Promise<PreparedProgram> {
      const hash = sha256(readFileSync(p.modulePath));
      return { label: 'm', codeHash: hash, moduleHash: hash, dispose: async () => undefined };
    },
    async run(_program, o): Promise<RunReport> {
      const { t } = o.input as { t: number };
      if (t !== 2) return { outcome: 'ok', value: t, wallMs: 1, confined: true, stderrTail: '' };
      if (lagMs > 0) setTimeout(() => abort.abort(), lagMs);
      return { outcome: 'killed', message: `killed by ${signal}`, wallMs: 1, confined: true, stderrTail: '' };
    },
  };
}

function recorded(dir: string): { index: number; outcome: string }[] {
  const file = join(dir, 'points.jsonl');
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { index: number; outcome: string })
    : [];
}

describe('a point killed by the signal that stops the sweep', () => {
  it('is not recorded when the sweep is aborted right after (it is computed again on resume)', async () => {
    const dir = tempDir();
    const modulePath = join(dir, 'm.mjs');
    writeFileSync(modulePath, 'export default ({ t }) => t;');
    const abort = new AbortController();
    const s = await runSweep({
      modulePath,
      spec: { horizon: 3 },
      seed: 1,
      jobs: 1,
      runsDir: join(dir, 'runs'),
      runner: runnerKilledAt('SIGTERM', abort, 30),
      signal: abort.signal,
    });
    expect(s.status).toBe('cancelled');
    expect(recorded(s.dir).map((r) => r.index)).toEqual([0]);
  });

  it('is recorded as killed when nothing stops the sweep (a program that was really killed)', async () => {
    const dir = tempDir();
    const modulePath = join(dir, 'm.mjs');
    writeFileSync(modulePath, 'export default ({ t }) => t;');
    const abort = new AbortController();
    const s = await runSweep({
      modulePath,
      spec: { horizon: 3 },
      seed: 1,
      jobs: 1,
      runsDir: join(dir, 'runs'),
      runner: runnerKilledAt('SIGTERM', abort, 0),
      signal: abort.signal,
    });
    expect(s.status).toBe('complete');
    expect(recorded(s.dir).map((r) => [r.index, r.outcome])).toEqual([
      [0, 'ok'],
      [1, 'killed'],
      [2, 'ok'],
    ]);
  });
});
