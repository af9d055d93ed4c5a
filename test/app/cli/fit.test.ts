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
    for (const key of [
      'conclusion',
      'n',
      'models',
      'preferred',
      'growthSigma',
      'growthP',
      'growthDof',
      'prefix',
      'significantFrom',
      'growsFrom',
    ])
      expect(doc).toHaveProperty(key);
    expect(Object.keys(doc).slice(0, 4)).toEqual(['file', 'x', 'y', 'conclusion']);
    expect(doc.conclusion).toMatchObject({ value: 'grows', level: 0.05, minimums: { required: { points: 6, xRange: 10 }, met: true } });
    expect(doc.n).toBe(10);
    expect(doc.models.map((m: { name: string }) => m.name)).toEqual([
      'const',
      'log',
      'power',
      'inverse',
      'inverse-power',
      'exponential',
      'log-inverse',
      'log-shift',
    ]);
    const log = doc.models[1];
    expect(log.params.b).toBeCloseTo(0.25, 2);
    expect(doc.preferred).toBe('log');
    expect(doc.growthSigma).toBeCloseTo(log.params.b / log.se.b, 10);
    expect(doc.growthTest).toBe('z');
    // The horizon starts where the minimums are met (6 distinct x, a decade): k = 64.
    expect(doc.prefix[0].maxX).toBe(64);
    expect(doc.prefix).toHaveLength(5);
    expect(doc.prefix.every((p: { p: number; conclusion?: string }) => typeof p.p === 'number' && p.conclusion === 'grows')).toBe(true);
    expect(doc.growsFrom).toBe(64);
    expect(typeof doc.significantFrom).toBe('number');
    expect(r.stderr).toBe('');
    const svg = readFileSync(join(dir, 'fit.svg'), 'utf8');
    expect(svg).toContain('<svg');
    expect(svg.match(/<path /g)).toHaveLength(8);
  });

  it('prints a human report without --json', async () => {
    const r = await cli(['fit', 'sweep.csv', '--x', 'k', '--y', 'additive'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ordinary least squares/);
    expect(r.stdout).toMatch(/growthSigma/);
    expect(r.stdout.split('\n')[0]).toMatch(/^conclusion: GROWS \(level 0.05; deciding test inverse-power, p = /);
    expect(r.stdout).toMatch(/two-sided p = .* \(t, 8 dof\)/);
  });

  it('--level sets the test level; a level outside (0, 1) is bad input', async () => {
    const r = await cli(['fit', 'sweep.csv', '--x', 'k', '--y', 'additive', '--se', 'se', '--level', '0.01', '--json'], dir);
    expect(JSON.parse(r.stdout).conclusion.level).toBe(0.01);
    const bad = await cli(['fit', 'sweep.csv', '--x', 'k', '--y', 'additive', '--level', '5'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^recheck: --level: "5" must be a number between 0 and 1/);
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

describe("recheck fit on issue 19's tables (done when)", () => {
  const dir = tempDir();
  const H = (k: number) => [...Array(k).keys()].reduce((s, i) => s + 1 / (i + 1), 0);
  const write = (name: string, ks: number[], f: (k: number, i: number) => number, se?: number) =>
    writeFileSync(
      join(dir, name),
      `k,y${se !== undefined ? ',se' : ''}\n${ks.map((k, i) => `${k},${f(k, i)}${se !== undefined ? `,${se}` : ''}`).join('\n')}\n`,
    );
  const conclusion = async (name: string, se = false) => {
    const r = await cli(['fit', name, '--x', 'k', '--y', 'y', ...(se ? ['--se', 'se'] : []), '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout).conclusion as { value: string; reasons: string[]; wouldDecide: string[] };
  };
  const doubling = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];
  const wobble = (i: number) => 0.01 * Math.sin(7 * i + 1); // a fixed, small perturbation

  it('the 4-row table ln k + 1.1 - H_k at k = 2, 4, 8, 16 says cannot-tell, naming the minimums', async () => {
    write('four.csv', [2, 4, 8, 16], (k) => Math.log(k) + 1.1 - H(k));
    const c = await conclusion('four.csv');
    expect(c.value).toBe('cannot-tell');
    expect(c.wouldDecide).toEqual([
      'more points: 4 distinct x, at least 6 needed',
      'a larger range of x: xmax/xmin = 8 (2 to 16), at least 10 needed',
    ]);
  });

  it('y = 1 - 2^(-k/4) never says grows: k = 2..16 and k = 2..1024, with and without small noise and se', async () => {
    const all = Array.from({ length: 1023 }, (_, i) => i + 2);
    const cases: [string, number[], boolean, boolean][] = [
      ['c1.csv', Array.from({ length: 15 }, (_, i) => i + 2), false, false],
      ['c2.csv', Array.from({ length: 15 }, (_, i) => i + 2), true, true],
      ['c3.csv', doubling, false, false],
      ['c4.csv', doubling, true, false],
      ['c5.csv', doubling, true, true],
      ['c6.csv', all, false, false],
      ['c7.csv', all, true, true],
    ];
    for (const [name, ks, noisy, se] of cases) {
      write(name, ks, (k, i) => 1 - 2 ** (-k / 4) + (noisy ? wobble(i) : 0), se ? 0.01 : undefined);
      expect((await conclusion(name, se)).value, name).not.toBe('grows');
    }
    expect((await conclusion('c3.csv')).value).toBe('bounded');
    expect((await conclusion('c6.csv')).value).toBe('bounded');
  });

  it('a truly logarithmic table to k = 1024 (0.45 + 0.6 ln k + small noise, 10 points) says grows, with and without se', async () => {
    write('log.csv', doubling, (k, i) => 0.45 + 0.6 * Math.log(k) + 2 * wobble(i), 0.02);
    expect((await conclusion('log.csv')).value).toBe('grows');
    expect((await conclusion('log.csv', true)).value).toBe('grows');
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
