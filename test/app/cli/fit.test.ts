// `recheck fit` in process through the CLI entry's main(): exit codes, pure JSON, the plot file.
import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';
import { sampleLogSpaced } from '../../../app/cli/commands/fit';
import { MAX_PLOT_POINTS, plotSample } from '../../../app/tables/plot-sample';


describe('recheck fit', () => {
  const dir = tempDir();
  // Exact law y = 0.5 + 0.25 ln k with se 0.01 plus a fixed, small, alternating perturbation.
  const ks = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];
  const rows = ks.map((k, i) => `${k},${0.5 + 0.25 * Math.log(k) + (i % 2 === 0 ? 0.004 : -0.004)},0.01`);
  writeFileSync(join(dir, 'sweep.csv'), `k,additive,se\n${rows.join('\n')}\n`);

  it('prints one JSON document with the issue keys and recovers the law', async () => {
    const r = await cli(['fit', 'sweep.csv', '--x', 'k', '--y', 'additive', '--se', 'se', '--json', '--plot', 'fit.svg'], dir);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    for (const key of ['n', 'models', 'preferred', 'growthSigma', 'prefix', 'significantFrom']) expect(doc).toHaveProperty(key);
    expect(doc.n).toBe(10);
    expect(doc.models.map((m: { name: string }) => m.name)).toEqual(['const', 'log', 'power']);
    const log = doc.models[1];
    expect(log.params.b).toBeCloseTo(0.25, 2);
    expect(doc.preferred).toBe('log');
    expect(doc.growthSigma).toBeCloseTo(log.params.b / log.se.b, 10);
    expect(doc.prefix[0].maxX).toBe(8);
    expect(doc.prefix).toHaveLength(8);
    expect(typeof doc.significantFrom).toBe('number');
    expect(r.stderr).toBe('');
    const svg = readFileSync(join(dir, 'fit.svg'), 'utf8');
    expect(svg).toContain('<svg');
    expect(svg.match(/<path /g)).toHaveLength(3);
  });

  it('prints a human report without --json', async () => {
    const r = await cli(['fit', 'sweep.csv', '--x', 'k', '--y', 'additive'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ordinary least squares/);
    expect(r.stdout).toMatch(/growthSigma/);
  });

  it('bad rows, missing columns and too few points are one-line bad input naming file and line', async () => {
    writeFileSync(join(dir, 'bad.csv'), 'k,additive\n2,0.1\n4,abc\n8,0.3\n');
    const a = await cli(['fit', 'bad.csv', '--x', 'k', '--y', 'additive'], dir);
    expect(a.code).toBe(2);
    expect(a.stderr).toBe('recheck: bad.csv: line 3: column "additive": "abc" is not a finite number\n');
    const b = await cli(['fit', 'sweep.csv', '--x', 'k', '--y', 'nope'], dir);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/^recheck: sweep\.csv: line 1: no column "nope"/);
    writeFileSync(join(dir, 'short.csv'), 'k,y\n2,1\n4,2\n');
    const c = await cli(['fit', 'short.csv', '--x', 'k', '--y', 'y'], dir);
    expect(c.code).toBe(2);
    expect(c.stderr).toMatch(/short\.csv: .*need at least 3/);
    const d = await cli(['fit', 'missing.csv', '--x', 'k', '--y', 'y'], dir);
    expect(d.code).toBe(2);
    expect(d.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('the horizon table of the human report', () => {
  it('shows about 30 prefixes on a log scale of n, first and last kept (the doc-comment example)', () => {
    const picked = sampleLogSpaced([...Array(1000).keys()], 30);
    expect(picked.slice(0, 9)).toEqual([0, 1, 2, 3, 4, 6, 8, 10, 13]);
    expect(picked.slice(-3)).toEqual([620, 787, 999]);
    expect(sampleLogSpaced([...Array(1000).keys()], 30, [500])).toContain(500);
    expect(sampleLogSpaced([1, 2, 3], 30)).toEqual([1, 2, 3]);
  });

  it('a plot of a large table draws an even sample in x order, extremes kept (the doc-comment example)', () => {
    expect(plotSample([{ x: 3 }, { x: 1 }, { x: 2 }], 2)).toEqual([{ x: 1 }, { x: 3 }]);
    const many = plotSample(Array.from({ length: 100_000 }, (_, i) => ({ x: 100_000 - i })));
    expect(many).toHaveLength(MAX_PLOT_POINTS);
    expect([many[0]!.x, many.at(-1)!.x]).toEqual([1, 100_000]);
  });
});
