// Issue 25: `recheck metrics` held the whole database in memory (the file's bytes, then sql.js's copy of them):
// a 294 MB database took 520 MB. A Trackio database of ~100 MB whose rows carry long text (a logged note per
// step: counted, not kept) must now be read within a few MB of what a tiny database costs. Peak rss is taken
// from a child process (process.resourceUsage().maxRSS), once for each database; only the difference is
// asserted, so the runtime's own size does not matter. Before the page reader the difference was ~200 MB.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from '../../helpers/temp-case';
import { PYTHON } from './sqlite-fixture';

const ROOT = resolve(import.meta.dirname, '../../..');
const dir = tempDir('recheck-sqlite-memory-');

const WRITER = String.raw`
import json, sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("CREATE TABLE metrics (id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT NOT NULL, timestamp TEXT NOT NULL, run_name TEXT NOT NULL, step INTEGER NOT NULL, metrics TEXT NOT NULL, log_id TEXT, space_id TEXT)")
c.execute("BEGIN")
n = int(sys.argv[2])
for k in range(n):
    m = {"loss": 1.0 / (k + 1), "note": ("step %d " % k) * 2000}
    c.execute("INSERT INTO metrics (run_id, timestamp, run_name, step, metrics) VALUES (?, ?, ?, ?, ?)", ("r1", "2026-01-01T00:00:00", "run-a", k, json.dumps(m).encode()))
c.execute("COMMIT")
c.close()
`;

/** Peak rss (bytes) of a child that reads `file` with readMetricsFile, and the rows it read. */
function peakRss(file: string): { rss: number; rows: number } {
  const script = `
const { readMetricsFile } = await import(${JSON.stringify(join(ROOT, 'app/metrics/read.ts'))});
const log = await readMetricsFile(${JSON.stringify(file)});
console.log(JSON.stringify({ rss: process.resourceUsage().maxRSS * 1024, rows: log.rows }));`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as { rss: number; rows: number };
}

describe('recheck metrics does not hold the database (issue 25)', () => {
  const small = join(dir, 'small.db');
  const big = join(dir, 'big.db');

  beforeAll(() => {
    for (const [path, rows] of [
      [small, 10],
      [big, 6000],
    ] as const) {
      const r = spawnSync(PYTHON, ['-c', WRITER, path, String(rows)], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(r.stderr);
    }
  }, 120_000);

  it('a ~100 MB database costs at most 40 MB more peak rss than a tiny one', () => {
    expect(statSync(big).size).toBeGreaterThan(90 * 1024 * 1024);
    const base = peakRss(small);
    const read = peakRss(big);
    expect(base.rows).toBe(10);
    expect(read.rows).toBe(6000);
    expect(read.rss - base.rss).toBeLessThan(40 * 1024 * 1024);
  }, 120_000);
});
