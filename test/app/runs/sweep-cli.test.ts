// `recheck sweep` in process through main(): grid from --param, JSON summary on stdout, JSON-lines events on stderr.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';
import { confinementOrSkip } from '../sandbox/harness';

const c = await confinementOrSkip();

describe.skipIf(c === null)('recheck sweep', () => {
  it('runs a grid, stops at the first violation (exit 1), checkpoints into the case runs/ folder', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'sandbox'));
    writeFileSync(join(root, 'case.json'), '{}');
    writeFileSync(join(root, 'sandbox', 'f.mjs'), 'export default ({ a, b }) => ({ prod: a * b, violation: a * b > 5 });');
    const r = await cli(
      ['sweep', 'sandbox/f.mjs', '--param', 'a=1,2,3', '--param', 'b=2,3', '--stop-on', 'violation', '--jobs', '2', '--json'],
      root,
    );
    expect(r.code).toBe(1);
    const summary = JSON.parse(r.stdout);
    // Points in order: (1,2) (1,3) (2,2) (2,3): 6 > 5 at index 3.
    expect(summary).toMatchObject({
      status: 'stopped',
      done: 4,
      total: 6,
      firstViolation: { index: 3, params: { a: 2, b: 3 }, value: { prod: 6, violation: true } },
    });
    expect(summary.dir.startsWith(join(root, 'runs'))).toBe(true);
    const events = r.stderr
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; index?: number });
    expect(events[0]).toMatchObject({ type: 'started', total: 6, jobs: 2 });
    // With 2 jobs, point 4 (also violating) may finish before point 3: the stop point only ever moves down, to 3.
    const stops = events.filter((e) => e.type === 'stopping').map((e) => e.index ?? -1);
    expect(stops.at(-1)).toBe(3);
    expect(stops.every((i) => i >= 3)).toBe(true);
    // Same command again: everything comes from the checkpoint.
    const again = await cli(['sweep', 'sandbox/f.mjs', '--param', 'a=1,2,3', '--param', 'b=2,3', '--stop-on', 'violation', '--json'], root);
    const resumed = JSON.parse(again.stdout);
    expect(resumed).toMatchObject({ done: 4, status: 'stopped', firstViolation: { index: 3 } });
    expect(resumed.resumed).toBeGreaterThanOrEqual(4); // point 4 may also be in the checkpoint (finished before the stop)
  });

  it("on a terminal the bar shows a long point's own progress next to the sweep's", async () => {
    const root = tempDir();
    mkdirSync(join(root, 'sandbox'));
    writeFileSync(join(root, 'case.json'), '{}');
    // Each point reports 3 steps 150 ms apart, so the bar (redrawn at most every 100 ms) gets to show them.
    writeFileSync(
      join(root, 'sandbox', 'slow.mjs'),
      `export default async ({ t }, api) => { for (let i = 1; i <= 3; i++) { await new Promise((r) => setTimeout(r, 150)); api.progress(i, 3, 'step'); } return { t }; };`,
    );
    const r = await cli(['sweep', 'sandbox/slow.mjs', '--horizon', '2', '--jobs', '1'], root, true);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/sweep .*point 0: [123]\/3 step/);
    expect(r.stderr).toMatch(/point 1: [123]\/3 step/);
    expect(r.stdout).toMatch(/complete, 2\/2 points/);
  });

  it('usage errors are one line, exit 2', async () => {
    const root = tempDir();
    writeFileSync(join(root, 'f.mjs'), 'export default () => 1;');
    const r = await cli(['sweep', 'f.mjs', '--horizon', '3'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not inside a case folder: pass --runs DIR/);
    const r2 = await cli(['sweep', 'f.mjs', '--horizon', '3', '--param', 'a=1', '--runs', 'out'], root);
    expect(r2.stderr).toMatch(/exactly one of --grid, --param, --horizon/);
  });
});
