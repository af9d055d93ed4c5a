// `recheck replay --grid` killed with SIGKILL (its whole process group, mid-sweep, no chance to clean up), then
// `--resume`: no finished point is lost or computed twice, and the final points table is byte for byte that of
// an uninterrupted run of the same command. The points are slowed to 0.3 s each with --set DELAY=0.3 (the
// script sleeps; its numbers do not depend on DELAY).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { confinementOrSkip } from '../sandbox/harness';
import { PAGING_CELL, pagingCase, pagingOracle, powersOfTwo } from '../replay/sweep-case';

const c = await confinementOrSkip();
const RECHECK = resolve(import.meta.dirname, '../../../bin/recheck.mjs');

function pointIndexes(dir: string): number[] {
  const file = join(dir, 'points.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.endsWith('}'))
    .map((l) => (JSON.parse(l) as { index: number }).index);
}

function run(
  args: string[],
  cwd: string,
): { child: ReturnType<typeof spawn>; done: Promise<{ code: number | null; signal: string | null; stdout: string }> } {
  // detached: the CLI leads its own process group, so the test can kill the group as a terminal's kill -9 would.
  const child = spawn(process.execPath, [RECHECK, ...args], { cwd, stdio: ['ignore', 'pipe', 'ignore'], detached: true });
  let stdout = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  const done = new Promise<{ code: number | null; signal: string | null; stdout: string }>((r) =>
    child.on('exit', (code, signal) => r({ code, signal, stdout })),
  );
  return { child, done };
}

describe.skipIf(c === null)('a replay sweep killed with SIGKILL', () => {
  it('resumes with --resume: every point once, the same table as an uninterrupted run', { timeout: 120_000 }, async () => {
    const caseDir = pagingCase();
    const base = ['replay', caseDir, '--cell', PAGING_CELL, '--grid', 'KS=2,4,8,...,1024', '--set', 'DELAY=0.3', '--jobs', '1', '--json'];
    const dir = join(caseDir, 'runs', 'killed');

    const first = run([...base, '--id', 'killed'], caseDir);
    for (let i = 0; i < 1200 && pointIndexes(dir).length < 3; i++) await new Promise((r) => setTimeout(r, 25));
    process.kill(-(first.child.pid as number), 'SIGKILL');
    expect((await first.done).signal).toBe('SIGKILL');
    const before = pointIndexes(dir);
    console.log(`killed after ${before.length} of 10 points (indexes ${before.join(', ')})`);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.length).toBeLessThan(10);
    expect(existsSync(join(dir, 'points-table-1.csv'))).toBe(false); // the killed run never got to its table

    const resumed = await run([...base, '--id', 'killed', '--resume'], caseDir).done;
    expect(resumed.code).toBe(0);
    const summary = JSON.parse(resumed.stdout) as { status: string; done: number; resumed: number; notices: string[] };
    expect(summary).toMatchObject({ status: 'complete', done: 10, resumed: before.length });
    expect(summary.notices.join(' ')).toMatch(/was interrupted \(its process \d+ is gone\): resuming from the checkpoint/);
    const after = pointIndexes(dir);
    expect(after.slice(0, before.length)).toEqual(before); // the killed run's points kept as they were
    expect([...after].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]); // each exactly once

    const whole = await run([...base, '--id', 'whole'], caseDir).done;
    expect(whole.code).toBe(0);
    const table = readFileSync(join(dir, 'points-table-1.csv'), 'utf8');
    expect(table).toBe(readFileSync(join(caseDir, 'runs', 'whole', 'points-table-1.csv'), 'utf8'));
    // And both are what Python prints for these k outside Recheck.
    const rows = pagingOracle(powersOfTwo(10))
      .trim()
      .split('\n')
      .map((l) => l.replace(/^k=(\d+) cost=(\S+)$/, '$1,$1,$2'));
    expect(table).toBe(`KS,k,cost\n${rows.join('\n')}\n`);
  });
});
