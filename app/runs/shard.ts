/**
 * Shards of a sweep: the points 0..total-1 cut into `count` contiguous slices of nearly equal size, shard i
 * holding [floor(i*total/count), floor((i+1)*total/count)). Contiguous slices keep a first-violation search
 * honest and quick: low indices are in low shards, which a throttled array starts first, and a shard can stop
 * at its own first violation (no point above it in the slice can be the sweep's first).
 * Which shard computes a point never changes the point (its seed is splitSeed(seed, index)).
 */
import { BadInputError } from '../errors';
import { shown } from '../text/display';

/** One shard of `count`. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** A half-open range of point indexes [from, to). */
export interface IndexRange {
  readonly from: number;
  readonly to: number;
}

/** The points of shard `index` of `count`. Example: `shardRange(10, { index: 1, count: 3 })` is `{ from: 3, to: 6 }`. */
export function shardRange(total: number, shard: Shard): IndexRange {
  if (
    !Number.isInteger(shard.count) ||
    shard.count < 1 ||
    !Number.isInteger(shard.index) ||
    shard.index < 0 ||
    shard.index >= shard.count
  ) {
    throw new RangeError(`shardRange: no shard ${shard.index} of ${shard.count}`);
  }
  // BigInt: index * total can pass 2^53 for a horizon of 1e8 points cut into many shards.
  const at = (i: number): number => Number((BigInt(i) * BigInt(total)) / BigInt(shard.count));
  return { from: at(shard.index), to: at(shard.index + 1) };
}

/** The shard of `count` that holds point `index`. Example: `shardOf(10, 3, 5)` is 1. */
export function shardOf(total: number, count: number, index: number): number {
  // The first shard whose end is beyond index; the estimate is off by at most one either way.
  let s = Math.min(count - 1, Math.floor((index * count) / total));
  while (s > 0 && shardRange(total, { index: s, count }).from > index) s--;
  while (shardRange(total, { index: s, count }).to <= index) s++;
  return s;
}

/**
 * The shards (of `count`) that still lack a point below `limit`, ascending: the array tasks a resume submits.
 * Example: with 6 points in 3 shards and points 0, 1, 2 and 5 done, `shardsMissing(..., 6)` is `[1, 2]`.
 */
export function shardsMissing(
  done: ReadonlySet<number> | ReadonlyMap<number, unknown>,
  total: number,
  count: number,
  limit: number,
): number[] {
  const out: number[] = [];
  for (let s = 0; s < count; s++) {
    const { from, to } = shardRange(total, { index: s, count });
    if (from >= limit) break;
    for (let i = from; i < Math.min(to, limit); i++) {
      if (!done.has(i)) {
        out.push(s);
        break;
      }
    }
  }
  return out;
}

/** Parses `i/N` (the `--shard` flag); `where` names it in the error. Example: `parseShard('2/8', '--shard')` is `{ index: 2, count: 8 }`. */
export function parseShard(text: string, where: string): Shard {
  const m = /^(\d{1,9})\/(\d{1,9})$/.exec(text);
  const shard = m ? { index: Number(m[1]), count: Number(m[2]) } : null;
  if (shard === null || shard.count < 1 || shard.index >= shard.count)
    throw new BadInputError(where, `expected i/N with 0 <= i < N, got "${shown(text)}"`);
  return shard;
}

/** Sorted indexes as Slurm's --array list, runs joined into ranges. Example: `arrayIndexList([0, 1, 2, 5, 7, 8])` is `0-2,5,7-8`. */
export function arrayIndexList(indexes: readonly number[]): string {
  const parts: string[] = [];
  for (let k = 0; k < indexes.length;) {
    let j = k;
    while (j + 1 < indexes.length && (indexes[j + 1] as number) === (indexes[j] as number) + 1) j++;
    parts.push(j === k ? `${indexes[k]}` : `${indexes[k]}-${indexes[j]}`);
    k = j + 1;
  }
  return parts.join(',');
}
