// The growth-fit check kind with a computed table: a sandboxed point function swept over a declared grid by
// the shared sweep runner, the table assembled from the points and fitted; resume, cancel, bad points, schema.
import { describe, it, expect } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { growthFitKind } from '../../../../app/checks/kinds/growth-fit';
import { createCheckRegistry } from '../../../../app/checks/registry';
import { CancelledError } from '../../../../app/errors';
import { splitSeed, Xoshiro128 } from '../../../../checkers/random/xoshiro128';
import { makeTestContext } from '../../../helpers/check-context';
import { tempDir } from '../../../helpers/temp-case';
import { confinementOrSkip } from '../../sandbox/harness';

const c = await confinementOrSkip();
const dir = tempDir();
mkdirSync(join(dir, 'sandbox'));
// y = 1 + slope ln k + noise drawn from the point's seed; se reported beside it.
writeFileSync(
  join(dir, 'sandbox', 'point.ts'),
  `import { Xoshiro128 } from '../../../checkers/random/xoshiro128';
export default (p: { k: number; slope: number }, api: { seed: number }) => {
  const noise = 0.05 * new Xoshiro128(api.seed).nextNormal();
  return { y: 1 + p.slope * Math.log(p.k) + noise, se: 0.05, seed: api.seed };
};`,
);
writeFileSync(
  join(dir, 'sandbox', 'throws.ts'),
  `export default (p: { k: number }) => { if (p.k === 8) throw new Error('no k = 8'); return { y: 1 }; };`,
);
writeFileSync(
  join(dir, 'sandbox', 'spins.ts'),
  `export default (p: { k: number }) => { while (p.k > 0) { /* never ends */ } return { y: 1 }; };`,
);
writeFileSync(join(dir, 'sandbox', 'nested.ts'), `export default () => ({ y: [1, 2] });`);

const ks = [2, 4, 8, 16, 32, 64, 128, 256];
const sweep = (slope: number, program = 'sandbox/point.ts', seed = 3) => ({
  program,
  grid: { k: ks, slope: [slope] },
  seed,
  jobs: 2,
  timeoutSeconds: 60,
});

describe.skipIf(c === null)('growth-fit over a computed sweep', () => {
  it('runs the sweep in the sandbox, fits the assembled table, records its hash, and resumes from the checkpoint', async () => {
    const ctx = makeTestContext(dir, { checkId: 'grow' });
    const r = await growthFitKind.run({ sweep: sweep(0.5), x: 'k', y: 'y', se: 'se', weighting: 'se', stoppedAt: 16 }, ctx);
    expect(r.outcome).toBe('supports');
    // A table computed now is Recheck's own computation.
    expect(r.basis).toBe('recomputed');
    expect(r.guarantee).toMatchObject({ kind: 'statistical', level: 0.05 });
    const csvPath = r.artifacts!.find((a) => a.endsWith('sweep.csv'))!;
    const csv = readFileSync(csvPath, 'utf8');
    expect(r.evidence.tableSha256).toBe(createHash('sha256').update(csv).digest('hex'));
    // Columns: grid parameters first, then the point's fields; point i ran with seed splitSeed(3, i).
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('k,slope,y,se,seed');
    lines.slice(1).forEach((line, i) => {
      const [k, slope, y, se, seed] = line.split(',').map(Number);
      expect([k, slope, se, seed]).toEqual([ks[i], 0.5, 0.05, splitSeed(3, i)]);
      expect(y).toBe(1 + 0.5 * Math.log(ks[i]!) + 0.05 * new Xoshiro128(splitSeed(3, i)).nextNormal());
    });
    const b = (r.evidence.models as { name: string; params: { b?: number } }[]).find((m) => m.name === 'log')?.params.b;
    expect(b).toBeCloseTo(0.5, 1);
    expect(r.evidence.sweep).toMatchObject({
      program: 'sandbox/point.ts',
      points: ks.length,
      computedPoints: ks.length,
      resumedPoints: 0,
      seed: 3,
    });
    expect(ctx.progressEvents.at(-1)).toMatchObject({ done: ks.length, total: ks.length });
    // Same run folder, same sweep: every point comes from the checkpoint, the table is byte-identical.
    const again = await growthFitKind.run({ sweep: sweep(0.5), x: 'k', y: 'y', se: 'se', weighting: 'se' }, ctx);
    expect(again.evidence.sweep).toMatchObject({ computedPoints: 0, resumedPoints: ks.length });
    expect(again.evidence.tableSha256).toBe(r.evidence.tableSha256);
  });

  it('does not support an asserted growth when the computed points are flat (cannot tell: a flat log law fits too)', async () => {
    // Seed 4: the constant law is preferred on these draws. Since issue 19 a growth finding is refuted only when
    // every growing law is rejected; a log law with a slope near 0 fits flat data, so the check is neutral.
    const r = await growthFitKind.run(
      { sweep: sweep(0, 'sandbox/point.ts', 4), x: 'k', y: 'y', se: 'se', weighting: 'se' },
      makeTestContext(dir),
    );
    expect(r.evidence.preferred).toBe('const');
    expect(Math.abs(r.evidence.growthSigma as number)).toBeLessThan(2);
    expect((r.evidence.conclusion as { value: string }).value).toBe('cannot-tell');
    expect(r.outcome).toBe('neutral');
  });

  it('reports a failing point or a non-tabular result as bad input naming the point', async () => {
    await expect(growthFitKind.run({ sweep: sweep(0, 'sandbox/throws.ts'), x: 'k', y: 'y' }, makeTestContext(dir))).rejects.toThrow(
      /throws\.ts: sweep point 2 \{"k":8,"slope":0\}: threw: .*no k = 8/,
    );
    await expect(growthFitKind.run({ sweep: sweep(0, 'sandbox/nested.ts'), x: 'k', y: 'y' }, makeTestContext(dir))).rejects.toThrow(
      /sweep point 0 .*cell "y" is \[1,2\]/,
    );
  });

  it('is cancelled by the context signal, before or while points run', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(
      growthFitKind.run({ sweep: sweep(0.5), x: 'k', y: 'y' }, makeTestContext(dir, { signal: ac.signal })),
    ).rejects.toBeInstanceOf(CancelledError);
    // Points that never end (well within their 60 s limit): only the signal can end this sweep.
    const running = new AbortController();
    const ctx = makeTestContext(dir, { signal: running.signal });
    const pending = growthFitKind.run({ sweep: sweep(0, 'sandbox/spins.ts'), x: 'k', y: 'y' }, ctx);
    setTimeout(() => running.abort(), 500);
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    expect(ctx.progressEvents).toEqual([]);
  });
});

describe('growth-fit params', () => {
  it('take exactly one of table and sweep', () => {
    const reg = createCheckRegistry([growthFitKind]);
    expect(reg.validateParams('growth-fit', { table: 't.csv', x: 'k', y: 'y' })).toBeNull();
    expect(reg.validateParams('growth-fit', { sweep: sweep(1), x: 'k', y: 'y' })).toBeNull();
    expect(reg.validateParams('growth-fit', { table: 't.csv', sweep: sweep(1), x: 'k', y: 'y' })).not.toBeNull();
    expect(reg.validateParams('growth-fit', { x: 'k', y: 'y' })).not.toBeNull();
    expect(reg.validateParams('growth-fit', { sweep: { program: 'p.ts', grid: { k: [] }, seed: 1 }, x: 'k', y: 'y' })).not.toBeNull();
  });
});
