// Bundling has its own budget, separate from the program's wall clock: a run limited to 1 s once failed under
// load with "bundling took longer than 1 s (the run's wall-clock limit)" before the program ever ran (issue 22).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleControl, defaultSandboxRunner } from '../../../app/sandbox/runner';
import { BUNDLE_LIMITS } from '../../../app/sandbox/confinement';
import { confinementOrSkip } from './harness';

const c = await confinementOrSkip();

describe('the bundling budget', () => {
  it("is not the run's limits: a 1 ms wall clock for the run leaves bundling its own budget", () => {
    const control = bundleControl({ modulePath: '/m.mjs', limits: { timeoutMs: 1, memoryMb: 64, cpuSeconds: 1 } });
    expect(control.limits).toEqual(BUNDLE_LIMITS);
    expect(BUNDLE_LIMITS.timeoutMs).toBeGreaterThanOrEqual(60_000);
    expect(bundleControl({ modulePath: '/m.mjs', bundleLimits: { timeoutMs: 5 } }).limits).toEqual({ ...BUNDLE_LIMITS, timeoutMs: 5 });
  });

  it.skipIf(c === null)('a program prepared for 1 ms runs is bundled, then its run ends at its own wall clock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recheck-budget-'));
    const file = join(dir, 'spin.mjs');
    writeFileSync(file, 'export default () => { for (;;) {} };\n');
    const runner = await defaultSandboxRunner();
    const program = await runner.prepare({ modulePath: file, limits: { timeoutMs: 1 } });
    try {
      const r = await runner.run(program, { input: null, seed: 1, limits: { timeoutMs: 300 } });
      expect(r.outcome).toBe('timeout');
    } finally {
      await program.dispose();
    }
  });
});
