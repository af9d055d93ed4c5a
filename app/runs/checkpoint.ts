/**
 * A sweep's checkpoint in `runs/<sweep-id>/`: `points.jsonl`, one finished point per line, append-only and
 * fsynced after each line; `manifest.json`, rewritten atomically. A sweep split into shards (Slurm array
 * tasks, app/runs/shard.ts) has each shard append to its own `points.shard-<i>.jsonl` beside it, so that no
 * log ever has two writers; readers take every points file of the folder as one checkpoint. A killed sweep loses at most the points
 * that were still running. A torn last line (a crash mid-append) is moved to `points.jsonl.torn` before the
 * next append or when a sweep opens the folder (app/fs/atomic.ts), never glued to the next point.
 *
 * Reading verifies: a line counts as the point of index i only when it is a point record of this sweep (its
 * params, seed and inputSha256 are those of point i of the manifest's spec and seed); the first such line of
 * an index wins. Everything else is counted, never trusted, so a resume recomputes it. Files are read in a fixed order
 * (points.jsonl, then the shard files by shard number), so which duplicate wins does not depend on timing.
 */
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { splitSeed } from '../../checkers/random/xoshiro128';
import { BadInputError } from '../errors';
import { writeJsonAtomic } from '../fs/atomic';
import { appendLineDurable, countTornLines, readLogLines, repairLogTail, type TornTail } from '../fs/log';
import { readRegularFile } from '../fs/confine';
import { DEFAULT_JSON_LIMITS, JsonLimitError, parseJsonBounded, type JsonLimits } from '../json/bounded';
import { shown } from '../text/display';
import { parseSweepSpec, pointAt, pointCount, type SweepSpec } from './grid';
import { canonicalJson, inputHash, type PointRecord, type SweepManifest } from './record';

export const MANIFEST_FILE = 'manifest.json';
export const POINTS_FILE = 'points.jsonl';

const SHARD_FILE = /^points\.shard-(\d{1,9})\.jsonl$/;

/** The points file of shard `shard` (a Slurm array task). Example: `shardPointsFile(3)` is `points.shard-3.jsonl`. */
export function shardPointsFile(shard: number): string {
  return `points.shard-${shard}.jsonl`;
}

/** The points files of a sweep folder, in reading order: points.jsonl, then the shard files by shard number (absent ones left out). */
export async function pointsFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const shards = names
    .map((n) => ({ n, m: SHARD_FILE.exec(n) }))
    .filter((x) => x.m !== null)
    .sort((a, b) => Number(a.m?.[1]) - Number(b.m?.[1]))
    .map((x) => x.n);
  return [...(names.includes(POINTS_FILE) ? [POINTS_FILE] : []), ...shards];
}

/**
 * Limits of one line of points.jsonl, for reading and writing alike (a point the reader would skip is never
 * written): a result may use the sandbox's full nesting depth (the record wraps it one level deeper).
 */
export const POINT_LINE_LIMITS: JsonLimits = { maxChars: 64 * 1024 * 1024, maxDepth: DEFAULT_JSON_LIMITS.maxDepth + 2, maxNodes: 16_000_000 };

const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

/** The sweep that points must belong to (its spec and seed). */
export interface SweepIdentity {
  readonly spec: SweepSpec;
  readonly seed: number;
}

/** What a sweep folder holds: its manifest (null when absent) and its verified points by index. */
export interface Checkpoint {
  readonly manifest: SweepManifest | null;
  readonly points: ReadonlyMap<number, PointRecord>;
  /** Lines that are not point records (a torn last line not yet repaired, a corrupt or too-deep line). */
  readonly skippedLines: number;
  /** Point records that do not belong to the sweep (index beyond it; params, seed or inputSha256 not those of their index). */
  readonly rejectedPoints: number;
  /** Further records of an index that already had one (the first wins). */
  readonly duplicatePoints: number;
  /** Torn lines set aside so far in the `.torn` files of the points files. */
  readonly tornLines: number;
}

/** How a point can end (RunReport outcomes); anything else on disk is not a point record. */
const OUTCOMES: ReadonlySet<string> = new Set<PointRecord['outcome']>(['ok', 'timeout', 'out-of-memory', 'threw', 'exited', 'killed', 'denied']);

function isPointRecord(v: unknown): v is PointRecord {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.index === 'number' &&
    Number.isSafeInteger(r.index) &&
    r.index >= 0 &&
    typeof r.outcome === 'string' &&
    OUTCOMES.has(r.outcome) &&
    typeof r.params === 'object' &&
    r.params !== null &&
    !Array.isArray(r.params) &&
    typeof r.seed === 'number' &&
    typeof r.inputSha256 === 'string'
  );
}

/**
 * True when `r` is point `r.index` of the sweep: same parameters (canonically), the seed split from the
 * sweep's seed for that index, and the inputSha256 of both. Example: a record whose params were edited is false.
 */
export function pointBelongs(r: PointRecord, sweep: SweepIdentity, total = pointCount(sweep.spec)): boolean {
  if (r.index >= total) return false;
  const params = pointAt(sweep.spec, r.index);
  const seed = splitSeed(sweep.seed, r.index);
  return r.seed === seed && canonicalJson(r.params) === canonicalJson(params) && r.inputSha256 === inputHash({ params, seed });
}

/** Reads manifest.json (null when absent); BadInputError when it is not a sweep manifest. */
export async function readManifest(dir: string): Promise<SweepManifest | null> {
  const path = join(dir, MANIFEST_FILE);
  try {
    await lstat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const text = (await readRegularFile(path, { maxBytes: MAX_MANIFEST_BYTES })).toString('utf8');
  let v: unknown;
  try {
    v = parseJsonBounded(text);
  } catch (err) {
    throw new BadInputError(shown(path), `not a readable sweep manifest (${err instanceof Error ? err.message : String(err)})`);
  }
  if (typeof v !== 'object' || v === null || (v as { format?: unknown }).format !== 'recheck.sweep/1') throw new BadInputError(shown(path), 'not a sweep manifest (format is not "recheck.sweep/1")');
  return v as SweepManifest;
}

/**
 * Reads a sweep folder (missing files read as empty): points.jsonl and every shard's points file. Points are
 * verified against `sweep`, or else against the manifest's spec and seed; with neither, only their form is
 * checked. The first valid record of an index wins (files in `pointsFiles` order).
 * Example: `(await readCheckpoint(dir, { spec: { horizon: 4 }, seed: 1 })).points.size` is at most 4.
 */
export async function readCheckpoint(dir: string, sweep?: SweepIdentity): Promise<Checkpoint> {
  const manifest = await readManifest(dir);
  const against = sweep ?? (manifest !== null ? { spec: parseSweepSpec(manifest.spec, join(dir, MANIFEST_FILE)), seed: manifest.seed } : undefined);
  const total = against !== undefined ? pointCount(against.spec) : Infinity;
  const points = new Map<number, PointRecord>();
  let skippedLines = 0;
  let rejectedPoints = 0;
  let duplicatePoints = 0;
  let tornLines = 0;
  for (const name of await pointsFiles(dir)) {
    const file = join(dir, name);
    await readLogLines(file, (line, complete) => {
      let v: unknown;
      try {
        v = parseJsonBounded(line, POINT_LINE_LIMITS);
      } catch {
        skippedLines++;
        return;
      }
      if (!complete || !isPointRecord(v)) {
        skippedLines++;
        return;
      }
      if (against !== undefined && !pointBelongs(v, against, total)) rejectedPoints++;
      else if (points.has(v.index)) duplicatePoints++;
      else points.set(v.index, v);
    });
    tornLines += await countTornLines(file);
  }
  return { manifest, points, skippedLines, rejectedPoints, duplicatePoints, tornLines };
}

/**
 * Moves a torn last line of a points file aside (when its writer opens the folder); null when there was none.
 * `file` is points.jsonl unless given (a shard's own file). Only the file's one writer may repair it.
 */
export function repairCheckpoint(dir: string, file: string = POINTS_FILE): Promise<TornTail | null> {
  return repairLogTail(join(dir, file));
}

/** Repairs every points file of the folder (when no process writes any of them: before submitting shards, after they ended). */
export async function repairAllPointsFiles(dir: string): Promise<TornTail[]> {
  const out: TornTail[] = [];
  for (const name of await pointsFiles(dir)) {
    const torn = await repairCheckpoint(dir, name);
    if (torn !== null) out.push(torn);
  }
  return out;
}

/**
 * Appends one finished point (durable once this resolves) to points.jsonl or to `file` (a shard's own), after
 * moving a torn tail aside; returns that repair, if any. Throws JsonLimitError, writing nothing, when the
 * line would be over POINT_LINE_LIMITS.
 */
export function appendPoint(dir: string, record: PointRecord, file: string = POINTS_FILE): Promise<TornTail | null> {
  const line = JSON.stringify(record);
  if (line.length > POINT_LINE_LIMITS.maxChars) return Promise.reject(new JsonLimitError('maxChars', POINT_LINE_LIMITS.maxChars, line.length));
  return appendLineDurable(join(dir, file), line);
}

/** Replaces the manifest atomically. */
export function writeManifest(dir: string, manifest: SweepManifest): Promise<void> {
  return writeJsonAtomic(join(dir, MANIFEST_FILE), manifest);
}
