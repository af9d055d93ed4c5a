// The bundled case timing-normalization: its checks run through the case runner and the decision is computed.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadCase } from '../../app/cases/load';
import { runCase } from '../../app/checks/run-case';
import { defaultRegistry } from '../../app/cli/registry';

const CASE = resolve(import.meta.dirname, '../../cases/timing-normalization');

describe('case timing-normalization', () => {
  it('the quantities files carry the numbers the logbook printed (bench.py output cell)', () => {
    const page = readFileSync(join(CASE, 'logbook/.trackio/logbook/pages/timing-comparison/page.md'), 'utf8');
    const output = /````output\n([\s\S]*?)````/.exec(page)?.[1] ?? '';
    const m = /method: ([\d.]+) s per batch \(batch = (\d+) trajectories\)\nbaseline: ([\d.]+) s per trajectory/.exec(output);
    expect(m).not.toBeNull();
    const [, method, batch, baseline] = m as RegExpExecArray;
    for (const file of ['quantities.json', 'claimed-speedup.json']) {
      const q = JSON.parse(readFileSync(join(CASE, 'sandbox', file), 'utf8'));
      expect(q.definitions).toEqual([`batch = ${batch} trajectory`]);
      expect(q.quantities.method).toBe(`${method} s/batch`);
      expect(q.quantities.baseline).toBe(`${baseline} s/trajectory`);
    }
  });

  it('refutes the falsification: the "2x slower" is a unit slip and the speed-up per trajectory is 25x', async () => {
    const registry = defaultRegistry();
    const report = await runCase(await loadCase(CASE, registry), registry, { record: false });
    const f1 = report.falsifications.find((f) => f.falsificationId === 'F1');
    expect(f1?.decision).toBe('refuted');
    const units = f1?.checks.find((c) => c.checkId === 'units');
    expect(units?.outcome).toBe('refutes');
    expect(units?.evidence.ratio).toBeCloseTo(0.04, 12); // (3.0 / 50) / 1.5
    expect(units?.evidence.naiveRatio).toBeCloseTo(2, 12);
    expect(units?.evidence.explainedByUnitSlip).toBe(true);
    const speedup = f1?.checks.find((c) => c.checkId === 'claimed-speedup');
    expect(speedup?.outcome).toBe('refutes');
    expect(speedup?.evidence.ratio).toBeCloseTo(25, 12); // 1.5 * 50 / 3.0
    expect(speedup?.evidence.claimHolds).toBe(true);
  });
});
