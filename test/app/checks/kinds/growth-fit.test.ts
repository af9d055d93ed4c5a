// The growth-fit check kind: outcome mapping for growing, flat and undecided data, and bad tables.
import { describe, it, expect } from 'vitest';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { growthFitKind } from '../../../../app/checks/kinds/growth-fit';
import { makeTestContext } from '../../../helpers/check-context';
import { tempDir } from '../../../helpers/temp-case';
import { Xoshiro128 } from '../../../../checkers/random/xoshiro128';

const ks = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];

function table(dir: string, name: string, f: (k: number, i: number) => number): string {
  writeFileSync(join(dir, name), `k,y,se\n${ks.map((k, i) => `${k},${f(k, i)},0.05`).join('\n')}\n`);
  return name;
}

describe('growth-fit check kind', () => {
  const dir = tempDir();
  const noise = new Xoshiro128(9);
  const eps = ks.map(() => 0.05 * noise.nextNormal());

  it('supports an asserted growth when the log law is preferred at >= 5 sigma, and writes a plot', async () => {
    const t = table(dir, 'grow.csv', (k, i) => 0.5 * Math.log(k) + eps[i]!);
    const ctx = makeTestContext(dir);
    const r = await growthFitKind.run({ table: t, x: 'k', y: 'y', se: 'se', stoppedAt: 16 }, ctx);
    expect(r.outcome).toBe('supports');
    expect(r.evidence.preferred).not.toBe('const');
    expect((r.evidence.stoppedAt as { maxX: number }).maxX).toBe(16);
    expect(readFileSync(r.artifacts![0]!, 'utf8')).toContain('<svg');
    const mirror = await growthFitKind.run({ table: t, x: 'k', y: 'y', se: 'se', asserts: 'noGrowth' }, ctx);
    expect(mirror.outcome).toBe('refutes');
  });

  it('refutes an asserted growth on flat data and is neutral on weak growth', async () => {
    const flat = table(dir, 'flat.csv', (_k, i) => 1 + eps[i]!);
    const ctx = makeTestContext(dir);
    expect((await growthFitKind.run({ table: flat, x: 'k', y: 'y', se: 'se' }, ctx)).outcome).toBe('refutes');
    // Slope 0.012 per ln k with se 0.05 per point: a couple of sigma, not decisive either way.
    const weak = table(dir, 'weak.csv', (k, i) => 1 + 0.012 * Math.log(k) + eps[i]!);
    const w = await growthFitKind.run({ table: weak, x: 'k', y: 'y', se: 'se' }, ctx);
    expect(Math.abs(w.evidence.growthSigma as number)).toBeLessThan(5);
    // Measured with this seed: log preferred at 1.75 sigma, so neither supports nor refutes.
    expect(w.evidence.preferred).toBe('log');
    expect(w.outcome).toBe('neutral');
  });

  it('reports bad tables as bad input naming the file and line', async () => {
    writeFileSync(join(dir, 'bad.csv'), 'k,y,se\n2,1,0.1\n4,x,0.1\n8,2,0.1\n');
    await expect(growthFitKind.run({ table: 'bad.csv', x: 'k', y: 'y' }, makeTestContext(dir))).rejects.toThrow('bad.csv: line 3: column "y"');
    writeFileSync(join(dir, 'zero.csv'), 'k,y,se\n2,1,0\n4,2,0.1\n8,3,0.1\n');
    await expect(growthFitKind.run({ table: 'zero.csv', x: 'k', y: 'y', se: 'se' }, makeTestContext(dir))).rejects.toThrow(/line 2: se 0 must be positive/);
  });
});
