// `recheck fit` on large tables (issue 25): the shape of its memory, without timing anything.
// - The command on 200,000 rows runs in a Node whose old space is capped at 64 MiB. The row path it replaced
//   (a record and a string per cell, a point object per row, a prefix object per row, the JSON as one string)
//   died of heap exhaustion there even at 128 MiB (measured: exit 134 at 64, 96 and 128 MiB); the columnar path
//   passes at 24 MiB, so the cap leaves it a margin of 2.7x and the old path one of 2x below what it needed.
// - The JSON is written in pieces from the prefix columns, and must be byte for byte JSON.stringify's.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from '../../helpers/temp-case';
import { writeReportJson } from '../../../app/cli/commands/fit';
import { fitGrowth, fitGrowthColumns } from '../../../checkers/stats/growth-fit';
import { growthColumns } from '../../../checkers/stats/growth-points';
import { Xoshiro128 } from '../../../checkers/random/xoshiro128';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The fit benchmark's table: y = 0.5 + 0.25 ln k plus seeded noise, se 0.01, k = 2 .. n + 1. */
function sweepCsv(n: number): string {
  const rng = new Xoshiro128(20261130);
  const rows: string[] = [];
  for (let i = 0; i < n; i++) rows.push(`${i + 2},${(0.5 + 0.25 * Math.log(i + 2) + 0.01 * rng.nextNormal()).toFixed(6)},0.01`);
  return `k,additive,se\n${rows.join('\n')}\n`;
}

describe('recheck fit memory', () => {
  it('fits 200,000 rows with the old space capped at 64 MiB', { timeout: 300_000 }, () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'sweep.csv'), sweepCsv(200_000));
    const r = spawnSync(
      process.execPath,
      ['--max-old-space-size=64', join(ROOT, 'bin/recheck.mjs'), 'fit', 'sweep.csv', '--x', 'k', '--y', 'additive', '--se', 'se', '--json'],
      { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 30 },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.n).toBe(200_000);
    expect(doc.conclusion.value).toBe('grows');
    expect(doc.prefix.length).toBeGreaterThan(199_000);
    expect(doc.prefix.at(-1)).toMatchObject({ maxX: 200_001, n: 200_000, dof: 199_998, test: 'z', conclusion: 'grows' });
  });

  it('writes the JSON in pieces exactly as JSON.stringify(doc, null, 2) would', async () => {
    const rng = new Xoshiro128(7);
    for (const [n, se] of [
      [3_000, true],
      [400, false],
      [8, false],
    ] as const) {
      const points = Array.from({ length: n }, (_, i) => ({
        x: 1 + ((i * 7919) % n) / 3,
        y: 1 + 0.3 * Math.log(1 + i) + 0.05 * rng.nextNormal(),
        ...(se ? { se: 0.05 } : {}),
      }));
      const columns = fitGrowthColumns(growthColumns(points));
      const objects = fitGrowth(points);
      const { conclusion, ...rest } = columns;
      const doc = { file: 'a "b".csv', x: 'k', y: 'y\n2', conclusion, ...rest, plot: undefined, derived: [] };
      const pieces: string[] = [];
      await writeReportJson(doc, columns.prefix, (t) => void pieces.push(t));
      const { conclusion: c2, ...rest2 } = objects;
      expect(pieces.join('')).toBe(`${JSON.stringify({ ...doc, conclusion: c2, ...rest2 }, null, 2)}\n`);
      expect(JSON.parse(pieces.join('')).prefix).toEqual(JSON.parse(JSON.stringify(objects.prefix)));
    }
    const empty: string[] = [];
    const few = fitGrowthColumns(growthColumns([1, 2, 3].map((x) => ({ x, y: x }))));
    await writeReportJson({ prefix: few.prefix, n: 3 }, few.prefix, (t) => void empty.push(t));
    expect(few.prefix.count).toBe(0);
    expect(empty.join('')).toBe(`${JSON.stringify({ prefix: [], n: 3 }, null, 2)}\n`);
  });
});
