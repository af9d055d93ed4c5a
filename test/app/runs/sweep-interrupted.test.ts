// Issue 24 item 10: kill -9 during a sweep left its manifest at "running" for ever, and nothing could tell it from a
// sweep still at work. The manifest now names its owner (host, boot, pid, the pid's start time): a reader shows a
// `running` sweep whose owner is gone as `interrupted`, and the same command resumes it, saying so.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { confinementOrSkip } from '../sandbox/harness';
import { observedStatus, ownerAlive, readSweepStatus, thisOwner } from '../../../app/runs/liveness';
import type { SweepManifest } from '../../../app/runs/record';

const c = await confinementOrSkip();
const RUN_TS = resolve(import.meta.dirname, '../../../bin/run-ts.mjs');
const CHILD = resolve(import.meta.dirname, 'sweep-child.ts');

function pointCount(dir: string): number {
  const file = join(dir, 'points.jsonl');
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.endsWith('}')).length
    : 0;
}

const base = { format: 'recheck.sweep/1', id: 's', status: 'running' } as unknown as SweepManifest;

describe('a sweep whose process is gone is interrupted, not running', () => {
  it('this process is alive; a finished child is gone; another host or an old manifest cannot be told', () => {
    const me = thisOwner();
    expect(me.pid).toBe(process.pid);
    expect(ownerAlive(me)).toBe(true);
    expect(observedStatus({ ...base, owner: me })).toBe('running');
    const child = spawnSync(process.execPath, ['-e', '']);
    expect(child.status).toBe(0);
    expect(ownerAlive({ ...me, pid: child.pid as number })).toBe(false);
    expect(observedStatus({ ...base, owner: { ...me, pid: child.pid as number } })).toBe('interrupted');
    expect(ownerAlive({ ...me, host: `${hostname()}-elsewhere` })).toBeNull();
    expect(observedStatus({ ...base, owner: { ...me, host: `${hostname()}-elsewhere` } })).toBe('running');
    expect(observedStatus(base)).toBe('running');
    expect(ownerAlive({ ...me, bootId: 'another-boot' })).toBe(false);
  });

  it('a live pid with another start time is another process (a reused pid): gone (fast-check)', () => {
    const me = thisOwner();
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (ticks) => {
        fc.pre(String(ticks) !== me.startTicks);
        expect(ownerAlive({ ...me, startTicks: String(ticks) })).toBe(false);
      }),
      { numRuns: 50, seed: 10 },
    );
  });

  it.skipIf(c === null)(
    'a real sweep killed by SIGKILL reads as interrupted, then resumes, saying so',
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'recheck-interrupted-'));
      writeFileSync(
        join(root, 'slow.mjs'),
        'export default ({ t }) => { const s = Date.now(); while (Date.now() - s < 100) {} return t * t; };',
      );
      const args = [RUN_TS, CHILD, join(root, 'slow.mjs'), join(root, 'runs'), 'k', '6'];
      const dir = join(root, 'runs', 'k');
      const child = spawn(process.execPath, args, { cwd: root, stdio: 'ignore' });
      const exited = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_code, signal) => r(signal)));
      for (let i = 0; i < 600 && pointCount(dir) < 2; i++) await new Promise((r) => setTimeout(r, 50));
      const live = await readSweepStatus(dir);
      expect(live?.manifest.status).toBe('running');
      expect(live?.manifest.owner?.pid).toBe(child.pid);
      expect(live?.status).toBe('running');
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      const after = await readSweepStatus(dir);
      expect(after?.manifest.status).toBe('running'); // what the killed process left on disk
      expect(after?.status).toBe('interrupted');

      const again = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      again.stdout.on('data', (d: Buffer) => (out += d.toString()));
      expect(await new Promise<number | null>((r) => again.on('exit', (code) => r(code)))).toBe(0);
      const summary = JSON.parse(out) as { status: string; notices: string[] };
      expect(summary.status).toBe('complete');
      expect(summary.notices.some((n) => n.includes(`interrupted (its process ${child.pid} is gone)`))).toBe(true);
      expect((await readSweepStatus(dir))?.status).toBe('complete');
    },
    60_000,
  );
});
