// Malformed files through `recheck metrics`: random bytes, truncated and damaged databases, -wal files and
// Parquet files. Whatever the bytes, the command ends with exit 0 (the damage missed what is read) or exit 2
// with one line naming the file: never exit 3 (an internal error), never a crash.
import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';
import { hexId, isoAt, writeTrackioDatabase } from './sqlite-fixture';
import { parquetBytes, structuralColumns } from './parquet-fixture';

const dir = tempDir('recheck-metrics-fuzz-');

function fixtureRuns() {
  return [0, 1].map((r) => ({
    runId: hexId(r + 1),
    name: `run-${r}`,
    rows: Array.from({ length: 60 }, (_, step) => ({
      step,
      timestamp: isoAt(step),
      metrics: { loss: step % 9 === 0 ? Number.NaN : 1 / (step + 1), tag: `s${step}` },
    })),
    config: { lr: 0.1 },
  }));
}

writeTrackioDatabase({ path: join(dir, 'good.db'), schema: 'current', blob: true, runs: fixtureRuns() });
writeTrackioDatabase({ path: join(dir, 'live.db'), schema: 'current', blob: true, runs: fixtureRuns(), wal: { checkpointAfter: 30 } });
const goodDb = new Uint8Array(readFileSync(join(dir, 'good.db')));
const liveDb = new Uint8Array(readFileSync(join(dir, 'live.db')));
const liveWal = new Uint8Array(readFileSync(join(dir, 'live.db-wal')));
const rows = Array.from({ length: 200 }, (_, i) => ({
  runId: `r${i % 3}`,
  runName: `run${i % 3}`,
  timestamp: isoAt(i),
  step: BigInt(i >> 1),
}));
const goodParquet = parquetBytes(
  { ...structuralColumns(rows), loss: { type: 'float64', values: rows.map((_, i) => (i % 7 === 0 ? Number.NaN : i / 3)) } },
  'ZSTD',
  { rowGroupSize: 64 },
);

/** Runs the command on `bytes` (and a -wal) written to a fresh file; checks the exit code and the one line. */
async function check(name: string, bytes: Uint8Array, wal?: Uint8Array, args: string[] = []) {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  rmSync(`${path}-wal`, { force: true });
  if (wal !== undefined) writeFileSync(`${path}-wal`, wal);
  const r = await cli(['metrics', name, ...args], dir);
  expect([0, 2], `exit ${r.code}: ${r.stderr}`).toContain(r.code);
  if (r.code === 2) {
    expect(r.stderr.split('\n')).toHaveLength(2);
    expect(r.stderr.startsWith(`recheck: ${name}`)).toBe(true);
    expect(r.stdout).toBe('');
  }
  return r.code;
}

const damaged = (good: Uint8Array) =>
  fc.record({
    cut: fc.integer({ min: 0, max: good.length }),
    flips: fc.array(fc.record({ at: fc.nat(good.length - 1), xor: fc.integer({ min: 1, max: 255 }) }), { maxLength: 8 }),
  });

function apply(good: Uint8Array, d: { cut: number; flips: { at: number; xor: number }[] }, keepLength: boolean): Uint8Array {
  const out = good.slice(0, keepLength ? good.length : d.cut);
  for (const f of d.flips) if (f.at < out.length) out[f.at] = (out[f.at] as number) ^ f.xor;
  return out;
}

describe('recheck metrics on malformed files (fuzz)', () => {
  it('random bytes, bare or behind a SQLite header or between PAR1 magics, are exit 2', async () => {
    const sqliteHead = new TextEncoder().encode('SQLite format 3\u0000');
    const par1 = new TextEncoder().encode('PAR1');
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), fc.constantFrom('bare', 'sqlite', 'parquet'), async (bytes, dress) => {
        const file =
          dress === 'sqlite'
            ? new Uint8Array([...sqliteHead, ...bytes])
            : dress === 'parquet'
              ? new Uint8Array([...par1, ...bytes, ...par1])
              : bytes;
        expect(await check('random.bin', file)).toBe(2);
      }),
      { seed: 1, numRuns: 120 },
    );
  });

  it('a truncated or damaged database is exit 0 or 2, never 3', async () => {
    await fc.assert(
      fc.asyncProperty(damaged(goodDb), fc.boolean(), async (d, keepLength) => {
        await check('damaged.db', apply(goodDb, d, keepLength), undefined, ['--run', 'run-1', '--key', 'loss']);
      }),
      { seed: 2, numRuns: 120 },
    );
  });

  it('a truncated or damaged -wal is exit 0 or 2, never 3', async () => {
    await fc.assert(
      fc.asyncProperty(damaged(liveWal), fc.boolean(), async (d, keepLength) => {
        await check('live-copy.db', liveDb, apply(liveWal, d, keepLength));
      }),
      { seed: 3, numRuns: 120 },
    );
  });

  it('a truncated or damaged Parquet file is exit 0 or 2, never 3', async () => {
    await fc.assert(
      fc.asyncProperty(damaged(goodParquet), fc.boolean(), async (d, keepLength) => {
        await check('damaged.parquet', apply(goodParquet, d, keepLength), undefined, ['--json']);
      }),
      { seed: 4, numRuns: 150 },
    );
  });
});
