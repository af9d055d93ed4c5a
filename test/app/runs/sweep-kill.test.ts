// A process running a sweep, killed with SIGKILL (no chance to clean up), loses no finished point, and the
// same sweep resumes without redoing them. (The child is a small script, not the CLI, to keep startup short.)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { confinementOrSkip } from '../sandbox/harness';

const c = await confinementOrSkip();
const RUN_TS = resolve(import.meta.dirname, '../../../bin/run-ts.mjs');
const CHILD = resolve(import.meta.dirname, 'sweep-child.ts');

function pointLines(dir: string): { index: number; value: number }[] {
  const file = join(dir, 'points.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.endsWith('}'))
    .map((l) => JSON.parse(l) as { index: number; value: number });
}

describe.skipIf(c === null)('killed sweep', () => {
  it('SIGKILL after two points, then the same command finishes the rest', async () => {
    const root = mkdtempSync(join(tmpdir(), 'recheck-kill-'));
    // Each point busy-waits 100 ms, then returns t squared.
    writeFileSync(
      join(root, 'slow.mjs'),
      'export default ({ t }) => { const s = Date.now(); while (Date.now() - s < 100) {} return t * t; };',
    );
    const args = [RUN_TS, CHILD, join(root, 'slow.mjs'), join(root, 'runs'), 'k', '5'];
    const sweepDir = join(root, 'runs', 'k');
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_code, signal) => r(signal)));
    for (let i = 0; i < 600 && pointLines(sweepDir).length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const before = pointLines(sweepDir);
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(before.length).toBeLessThan(5);

    const again = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    again.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((r) => again.on('exit', (c2) => r(c2)));
    expect(code).toBe(0);
    const summary = JSON.parse(out) as { status: string; resumed: number; done: number };
    expect(summary).toMatchObject({ status: 'complete', done: 5 });
    expect(summary.resumed).toBe(before.length);
    const after = pointLines(sweepDir);
    expect(after.map((p) => p.index).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4]); // each exactly once
    for (const p of after) expect(p.value).toBe((p.index + 1) ** 2);
  });
});
