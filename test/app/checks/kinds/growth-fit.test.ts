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

  it('supports an asserted growth only when the conclusion is grows, with a statistical guarantee, and writes a plot', async () => {
    const t = table(dir, 'grow.csv', (k, i) => 0.5 * Math.log(k) + eps[i]!);
    const ctx = makeTestContext(dir);
    const r = await growthFitKind.run({ table: t, x: 'k', y: 'y', se: 'se', stoppedAt: 16 }, ctx);
    expect(r.outcome).toBe('supports');
    const c = r.evidence.conclusion as { value: string; p: number; dof: number; reasons: string[] };
    expect(c.value).toBe('grows');
    expect(r.guarantee).toMatchObject({ kind: 'statistical', level: 0.05, dof: c.dof, p: c.p });
    expect(c.p).toBeLessThan(0.05);
    expect(r.basis).toBeUndefined(); // a committed table: the default basis is decided elsewhere
    expect(r.insufficient).toBeUndefined();
    expect(r.summary).toMatch(/^Conclusion: grows at level 0.05/);
    // Every law fitted, with its lack-of-fit test, AICc and weight; the minimums are in the evidence.
    const models = r.evidence.models as { name: string; lackOfFit: { p: number } | null; aicc: number; weight: number }[];
    expect(models.map((m) => m.name)).toEqual([
      'const',
      'log',
      'power',
      'inverse',
      'inverse-power',
      'exponential',
      'log-inverse',
      'log-shift',
    ]);
    for (const m of models) expect(typeof m.weight).toBe('number');
    expect(r.evidence.minimums).toMatchObject({ required: { points: 6, xRange: 10 }, met: true });
    // A sweep stopped at k = 16 saw 4 points: its log fit is reported, and its conclusion is cannot-tell.
    expect(r.evidence.stoppedAt).toMatchObject({ maxX: 16, n: 4, test: 'z' });
    expect(r.evidence.stoppedAtConclusion).toBe('cannot-tell');
    expect(readFileSync(r.artifacts![0]!, 'utf8')).toContain('<svg');
    const mirror = await growthFitKind.run({ table: t, x: 'k', y: 'y', se: 'se', asserts: 'noGrowth' }, ctx);
    expect(mirror.outcome).toBe('refutes');
  });

  it('refutes an asserted growth only when the conclusion is bounded (a saturating table), and the mirror supports', async () => {
    const sat = table(dir, 'sat.csv', (k, i) => 1 - 2 ** (-k / 4) + eps[i]! / 5);
    const ctx = makeTestContext(dir);
    const r = await growthFitKind.run({ table: sat, x: 'k', y: 'y', weighting: 'none' }, ctx);
    expect((r.evidence.conclusion as { value: string }).value).toBe('bounded');
    expect(r.outcome).toBe('refutes');
    expect((await growthFitKind.run({ table: sat, x: 'k', y: 'y', weighting: 'none', asserts: 'noGrowth' }, ctx)).outcome).toBe('supports');
  });

  it('is neutral on flat and on weak growth (cannot tell: the slope interval is reported), and on an unbounded decrease', async () => {
    const ctx = makeTestContext(dir);
    const flat = await growthFitKind.run({ table: table(dir, 'flat.csv', (_k, i) => 1 + eps[i]!), x: 'k', y: 'y', se: 'se' }, ctx);
    expect(flat.outcome).toBe('neutral');
    const c = flat.evidence.conclusion as { value: string; reasons: string[]; wouldDecide: string[] };
    expect(c.value).toBe('cannot-tell');
    expect(c.reasons.join('\n')).toMatch(/95% confidence interval is \[/);
    expect(c.wouldDecide.length).toBeGreaterThan(0);
    expect(flat.summary).toMatch(/Would decide it: /);
    // Slope 0.012 per ln k with se 0.05 per point: neither way.
    const weak = await growthFitKind.run(
      { table: table(dir, 'weak.csv', (k, i) => 1 + 0.012 * Math.log(k) + eps[i]!), x: 'k', y: 'y', se: 'se' },
      ctx,
    );
    expect(Math.abs(weak.evidence.growthSigma as number)).toBeLessThan(5);
    expect(weak.outcome).toBe('neutral');
    const down = await growthFitKind.run(
      { table: table(dir, 'down.csv', (k, i) => 3 - 0.5 * Math.log(k) + eps[i]!), x: 'k', y: 'y', se: 'se' },
      ctx,
    );
    expect(down.evidence.conclusion as { value: string; direction: string }).toMatchObject({ value: 'grows', direction: 'decreasing' });
    expect(down.outcome).toBe('neutral');
  });

  it("is neutral on the issue's 4-row table, below the minimums, with an approximate guarantee naming them", async () => {
    const H = (k: number) => [...Array(k).keys()].reduce((s, i) => s + 1 / (i + 1), 0);
    writeFileSync(join(dir, 'four.csv'), `k,y\n${[2, 4, 8, 16].map((k) => `${k},${Math.log(k) + 1.1 - H(k)}`).join('\n')}\n`);
    const r = await growthFitKind.run({ table: 'four.csv', x: 'k', y: 'y' }, makeTestContext(dir));
    expect(r.outcome).toBe('neutral');
    expect(r.guarantee).toMatchObject({ kind: 'approximate' });
    expect((r.guarantee as { bound: string }).bound).toMatch(/4 distinct x, at least 6 needed/);
    expect(r.summary).toMatch(/^Conclusion: cannot tell/);
    expect(r.evidence.growthP as number).toBeCloseTo(0.0355, 3);
    // The short reason a premature verification quotes.
    expect(r.insufficient).toMatch(
      /^below the minimums .*; would decide it: more points: 4 distinct x, at least 6 needed; a larger range of x/,
    );
  });

  it('reports bad tables as bad input naming the file and line', async () => {
    writeFileSync(join(dir, 'bad.csv'), 'k,y,se\n2,1,0.1\n4,x,0.1\n8,2,0.1\n');
    await expect(growthFitKind.run({ table: 'bad.csv', x: 'k', y: 'y' }, makeTestContext(dir))).rejects.toThrow(
      'bad.csv: line 3: column "y"',
    );
    writeFileSync(join(dir, 'zero.csv'), 'k,y,se\n2,1,0\n4,2,0.1\n8,3,0.1\n');
    await expect(growthFitKind.run({ table: 'zero.csv', x: 'k', y: 'y', se: 'se' }, makeTestContext(dir))).rejects.toThrow(
      /line 2: se 0 must be positive/,
    );
  });
});
