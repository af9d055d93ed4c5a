// Without bubblewrap the computed-sweep path refuses to run the case's program (as kl-mode-fit does), before
// any checkpoint is written; the committed-table path is unaffected.
import { describe, it, expect, vi } from 'vitest';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { growthFitKind } from '../../../../app/checks/kinds/growth-fit';
import { makeTestContext } from '../../../helpers/check-context';
import { tempDir } from '../../../helpers/temp-case';

vi.mock('../../../../app/sandbox/confinement', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../app/sandbox/confinement')>();
  return { ...real, defaultConfinement: async () => ({ ...(await real.defaultConfinement()), bwrap: null }) };
});

describe('growth-fit sweep without bubblewrap', () => {
  it('is refused with the one-line sandbox notice, and no sweep folder is created', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sandbox'));
    writeFileSync(join(dir, 'sandbox', 'point.ts'), 'export default (p: { k: number }) => ({ y: Math.log(p.k) });');
    const ctx = makeTestContext(dir);
    const params = { sweep: { program: 'sandbox/point.ts', grid: { k: [2, 4, 8] }, seed: 1 }, x: 'k', y: 'y' };
    await expect(growthFitKind.run(params, ctx)).rejects.toThrow(/sandbox\/point\.ts: sandbox: bubblewrap \(bwrap\) is not available/);
    const runDir = dirname(await ctx.artifactDir());
    expect(readdirSync(runDir).filter((f) => f.startsWith('sweep-'))).toEqual([]);
    // The committed-table path needs no sandbox.
    writeFileSync(join(dir, 't.csv'), 'k,y\n2,0.69\n4,1.39\n8,2.08\n16,2.77\n');
    const r = await growthFitKind.run({ table: 't.csv', x: 'k', y: 'y' }, ctx);
    expect(r.evidence.table).toBe('t.csv');
    expect(existsSync(r.artifacts![0]!)).toBe(true);
  });
});
