// Sharding a sweep for Slurm array tasks (no Slurm needed): slices, the shards a resume resubmits, the --array list.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrayIndexList, parseShard, shardOf, shardRange, shardsMissing } from '../../../app/runs/shard';

/** --array list back to indexes (an independent reading of Slurm's syntax). */
function expand(list: string): number[] {
  if (list === '') return [];
  return list.split(',').flatMap((part) => {
    const [a, b] = part.split('-').map(Number) as [number, number | undefined];
    return b === undefined ? [a] : Array.from({ length: b - a + 1 }, (_, k) => a + k);
  });
}

describe('sweep shards', () => {
  it('slices are contiguous, nearly equal and cover every point exactly once (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 300 }), (total, wanted) => {
        const count = Math.min(total, wanted);
        let next = 0;
        for (let i = 0; i < count; i++) {
          const { from, to } = shardRange(total, { index: i, count });
          expect(from).toBe(next);
          expect(to - from).toBeGreaterThanOrEqual(Math.floor(total / count));
          expect(to - from).toBeLessThanOrEqual(Math.ceil(total / count));
          for (const p of [from, to - 1]) expect(shardOf(total, count, p)).toBe(i);
          next = to;
        }
        expect(next).toBe(total);
      }),
    );
  });

  it('edge cases: one shard, one point per shard, a horizon of 1e8 in 999 shards', () => {
    expect(shardRange(7, { index: 0, count: 1 })).toEqual({ from: 0, to: 7 });
    expect(shardRange(7, { index: 6, count: 7 })).toEqual({ from: 6, to: 7 });
    expect(shardRange(10, { index: 1, count: 3 })).toEqual({ from: 3, to: 6 });
    const last = shardRange(100_000_000, { index: 998, count: 999 });
    expect(last.to).toBe(100_000_000);
    expect(shardOf(100_000_000, 999, 99_999_999)).toBe(998);
    expect(() => shardRange(10, { index: 3, count: 3 })).toThrow(RangeError);
  });

  it('a resume resubmits exactly the shards lacking a point below the stop point (against brute force)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 59 })),
        fc.integer({ min: 0, max: 60 }),
        (total, wanted, doneList, limitRaw) => {
          const count = Math.min(total, wanted);
          const done = new Set(doneList.filter((i) => i < total));
          const limit = Math.min(limitRaw, total);
          const expected: number[] = [];
          for (let i = 0; i < limit; i++) if (!done.has(i)) expected.push(shardOf(total, count, i));
          expect(shardsMissing(done, total, count, limit)).toEqual([...new Set(expected)]);
        },
      ),
    );
    // 6 points in 3 shards {0,1} {2,3} {4,5}: 0, 1, 2 and 5 done.
    expect(shardsMissing(new Set([0, 1, 2, 5]), 6, 3, 6)).toEqual([1, 2]);
    expect(shardsMissing(new Set([0, 1, 2, 5]), 6, 3, 3)).toEqual([]); // stop point at 2: nothing above is needed
  });

  it('the --array list joins runs into ranges and reads back to the same indexes (property)', () => {
    expect(arrayIndexList([0, 1, 2, 5, 7, 8])).toBe('0-2,5,7-8');
    expect(arrayIndexList([3])).toBe('3');
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 200 })), (xs) => {
        const sorted = [...xs].sort((a, b) => a - b);
        expect(expand(arrayIndexList(sorted))).toEqual(sorted);
      }),
    );
  });

  it('--shard i/N is parsed strictly', () => {
    expect(parseShard('2/8', '--shard')).toEqual({ index: 2, count: 8 });
    for (const bad of ['8/8', '1/0', '-1/3', '1/3/4', 'a/3', ''])
      expect(() => parseShard(bad, '--shard')).toThrow(/--shard: expected i\/N/);
  });
});
