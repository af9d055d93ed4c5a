/**
 * A sweep's checkpoint in `runs/<sweep-id>/`: `points.jsonl`, one finished point per line, append-only and
 * fsynced after each line; `manifest.json`, rewritten atomically. A sweep split into shards (Slurm array
 * tasks, app/runs/shard.ts) has shard i of N append to its own `points.shard-<i>-of-<N>.jsonl` beside it, so that
 * no log ever has two writers; readers take every points file of the folder as one checkpoint. A killed sweep
 * loses at most the points that were still running. A torn last line (a crash mid-append) is moved to
 * `<file>.torn` before the next append or when a sweep opens the folder (app/fs/atomic.ts), never glued to the
 * next point.
 *
 * Reading verifies: a line counts as the point of index i only when it is a point record of this sweep (its
 * params, seed and inputSha256 are those of point i of the manifest's spec and seed) AND the file it is in owns
 * point i. points.jsonl (written by the sweep's own process) owns every point and holds no shard records; a
 * shard file owns only its shard's range, only when N is the number of shards the manifest records for the
 * sweep (`backend.settings.shards`), and each of its lines must carry the same identity (`"shard": "i/N"`,
 * written by appendPoint). A record outside its owner is refused and counted (`outsideShard`), so one task
 * cannot plant a point in another task's range. A second record of a point that agrees with the first (same
 * outcome and value) is counted and ignored; two that disagree make the point contested: neither is used, and
 * the sweep stops with contestedProblem's one line, since nothing on disk says which is the sweep's result.
 * Everything else that does not read is counted, never trusted, so a resume recomputes it.
 */
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { splitSeed } from '../../checkers/random/xoshiro128';
import { BadInputError } from '../errors';
import { writeJsonAtomic } from '../fs/atomic';
import { appendLineDurable, countTornLines, readLogLines, repairLogTail, type TornTail } from '../fs/log';
import { readRegularFile } from '../fs/confine';
import { DEFAULT_JSON_LIMITS, JsonLimitError, parseJsonBounded, type JsonLimits } from '../../common/json/bounded';
import { shown } from '../text/display';
import { parseSweepSpec, pointAt, pointCount, type SweepSpec } from './grid';
import { canonicalJson, inputHash, type PointRecord, type SweepManifest } from './record';
import { shardRange, type Shard } from './shard';
import { END_REASONS } from '../../common/sandbox/protocol';

export const MANIFEST_FILE = 'manifest.json';
export const POINTS_FILE = 'points.jsonl';

const SHARD_FILE = /^points\.shard-(\d{1,9})-of-(\d{1,9})\.jsonl$/;

/** The points file of a shard (a Slurm array task). Example: `shardPointsFile({ index: 3, count: 8 })` is `points.shard-3-of-8.jsonl`. */
export function shardPointsFile(shard: Shard): string {
  return `points.shard-${shard.index}-of-${shard.count}.jsonl`;
}

/** The shard a points file belongs to (null for points.jsonl and other names). Example: `shardOfFile('points.shard-3-of-8.jsonl')` is `{ index: 3, count: 8 }`. */
export function shardOfFile(name: string): Shard | null {
  const m = SHARD_FILE.exec(name);
  return m !== null ? { index: Number(m[1]), count: Number(m[2]) } : null;
}

/** The number of shards the manifest records for its sweep (its Slurm backend's `settings.shards`), or null. */
export function shardCountOf(manifest: SweepManifest | null): number | null {
  const n = manifest?.backend?.name === 'slurm' ? manifest.backend.settings?.shards : undefined;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** The points files of a sweep folder, in reading order: points.jsonl, then the shard files by count and number (absent ones left out). */
export async function pointsFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const shards = names
    .map((n) => ({ n, s: shardOfFile(n) }))
    .filter((x): x is { n: string; s: Shard } => x.s !== null)
    .sort((a, b) => a.s.count - b.s.count || a.s.index - b.s.index)
    .map((x) => x.n);
  return [...(names.includes(POINTS_FILE) ? [POINTS_FILE] : []), ...shards];
}

/**
 * Limits of one line of points.jsonl, for reading and writing alike (a point the reader would skip is never
 * written): a result may use the sandbox's full nesting depth (the record wraps it one level deeper).
 */
export const POINT_LINE_LIMITS: JsonLimits = {
  maxChars: 64 * 1024 * 1024,
  maxDepth: DEFAULT_JSON_LIMITS.maxDepth + 2,
  maxNodes: 16_000_000,
};

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
  /** Records refused because their file does not own their point (another shard's range, a cut the manifest does not record, a shard record in points.jsonl). */
  readonly outsideShard: number;
  /** Further records of a point that agree with its first (same outcome and value): ignored. */
  readonly duplicatePoints: number;
  /** Points with records that disagree: neither is trusted, so `points` leaves them out. */
  readonly contested: readonly ContestedPoint[];
  /** Per points file, the records refused as outside their shard or as second records, for the user to see. */
  readonly refused: readonly RefusedRecords[];
  /** Torn lines set aside so far in the `.torn` files of the points files. */
  readonly tornLines: number;
}

/** A point with two or more records that disagree, and the files they are in (in reading order). */
export interface ContestedPoint {
  readonly index: number;
  readonly files: readonly string[];
}

/** Records of one points file refused for one reason, with the first few of their point indexes. */
export interface RefusedRecords {
  readonly file: string;
  readonly reason: 'outside-shard' | 'duplicate';
  readonly count: number;
  readonly indexes: readonly number[];
}

/** How a point can end (RunReport outcomes); anything else on disk is not a point record. */
/** Every outcome a point's run can have: a result, or one of the ways a run ends without one (one list, common/sandbox/protocol.ts). */
const OUTCOMES: ReadonlySet<string> = new Set<PointRecord['outcome']>(['ok', ...END_REASONS]);

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
  if (typeof v !== 'object' || v === null || (v as { format?: unknown }).format !== 'recheck.sweep/1')
    throw new BadInputError(shown(path), 'not a sweep manifest (format is not "recheck.sweep/1")');
  return v as SweepManifest;
}

/** Indexes listed per file and reason in `refused`. */
const LISTED_INDEXES = 5;

/** What decides a point: two records agree when their outcome and value are the same. */
function essence(r: PointRecord): string {
  return canonicalJson({ outcome: r.outcome, value: r.value });
}

/**
 * Whether `file` owns the point record `v`: points.jsonl owns every point and no shard record; shard file i of N
 * owns the points of shard i when the manifest records N shards and the line says `"shard": "i/N"`.
 */
function owns(file: string, v: PointRecord, shards: number | null, total: number): boolean {
  const stamp = (v as { shard?: unknown }).shard;
  if (file === POINTS_FILE) return stamp === undefined;
  const s = shardOfFile(file);
  if (
    s === null ||
    shards === null ||
    s.count !== shards ||
    s.index >= s.count ||
    stamp !== `${s.index}/${s.count}` ||
    !Number.isFinite(total)
  )
    return false;
  const range = shardRange(total, s);
  return v.index >= range.from && v.index < range.to;
}

/**
 * Reads a sweep folder (missing files read as empty): points.jsonl and every shard's points file. Points are
 * verified against `sweep`, or else against the manifest's spec and seed; with neither, only their form is
 * checked (and no shard file is trusted). Each point's record must be in a file that owns it; a point's
 * records that disagree leave it out of `points` (see `contested`).
 * Example: `(await readCheckpoint(dir, { spec: { horizon: 4 }, seed: 1 })).points.size` is at most 4.
 */
export async function readCheckpoint(dir: string, sweep?: SweepIdentity): Promise<Checkpoint> {
  const manifest = await readManifest(dir);
  const against =
    sweep ?? (manifest !== null ? { spec: parseSweepSpec(manifest.spec, join(dir, MANIFEST_FILE)), seed: manifest.seed } : undefined);
  const total = against !== undefined ? pointCount(against.spec) : Infinity;
  const shards = shardCountOf(manifest);
  const first = new Map<number, { record: PointRecord; file: string }>();
  const disagreeing = new Map<number, string[]>();
  const refused = new Map<string, { file: string; reason: RefusedRecords['reason']; count: number; indexes: number[] }>();
  const refuse = (file: string, reason: RefusedRecords['reason'], index: number): void => {
    const key = `${reason} ${file}`;
    const r = refused.get(key) ?? { file, reason, count: 0, indexes: [] };
    r.count++;
    if (r.indexes.length < LISTED_INDEXES) r.indexes.push(index);
    refused.set(key, r);
  };
  let skippedLines = 0;
  let rejectedPoints = 0;
  let outsideShard = 0;
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
      if (against !== undefined && !pointBelongs(v, against, total)) {
        rejectedPoints++;
        return;
      }
      if (!owns(name, v, shards, total)) {
        outsideShard++;
        refuse(name, 'outside-shard', v.index);
        return;
      }
      const { shard: _shard, ...record } = v as PointRecord & { shard?: unknown };
      const seen = first.get(v.index);
      if (seen === undefined) {
        first.set(v.index, { record, file: name });
        return;
      }
      refuse(name, 'duplicate', v.index);
      if (essence(seen.record) === essence(record)) duplicatePoints++;
      else disagreeing.set(v.index, [...(disagreeing.get(v.index) ?? [seen.file]), name]);
    });
    tornLines += await countTornLines(file);
  }
  const points = new Map<number, PointRecord>();
  for (const [i, { record }] of first) if (!disagreeing.has(i)) points.set(i, record);
  const contested = [...disagreeing].sort((a, b) => a[0] - b[0]).map(([index, files]) => ({ index, files }));
  return {
    manifest,
    points,
    skippedLines,
    rejectedPoints,
    outsideShard,
    duplicatePoints,
    contested,
    refused: [...refused.values()],
    tornLines,
  };
}

/**
 * The one line that ends a sweep whose checkpoint holds records of a point that disagree, or null when none do.
 * Example: "point 5 has records that disagree (points.shard-1-of-4.jsonl, points.shard-1-of-4.jsonl): ...".
 */
export function contestedProblem(cp: Pick<Checkpoint, 'contested'>): string | null {
  const c = cp.contested[0];
  if (c === undefined) return null;
  const more = cp.contested.length > 1 ? ` (and ${cp.contested.length - 1} more point${cp.contested.length === 2 ? '' : 's'})` : '';
  return `point ${c.index} has records that disagree (${c.files.join(', ')})${more}: the checkpoint cannot say which is this sweep's result, so it is not used; move this sweep's folder aside (or choose another --id) and run the sweep again`;
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
 * Appends one finished point (durable once this resolves) to points.jsonl or to `file` (a shard's own, whose
 * lines carry the shard's identity, `"shard": "i/N"`), after moving a torn tail aside; returns that repair, if
 * any. Throws JsonLimitError, writing nothing, when the line would be over POINT_LINE_LIMITS.
 */
export function appendPoint(dir: string, record: PointRecord, file: string = POINTS_FILE): Promise<TornTail | null> {
  const shard = shardOfFile(file);
  const line = JSON.stringify(shard !== null ? { ...record, shard: `${shard.index}/${shard.count}` } : record);
  if (line.length > POINT_LINE_LIMITS.maxChars)
    return Promise.reject(new JsonLimitError('maxChars', POINT_LINE_LIMITS.maxChars, line.length));
  return appendLineDurable(join(dir, file), line);
}

/** Replaces the manifest atomically. */
export function writeManifest(dir: string, manifest: SweepManifest): Promise<void> {
  return writeJsonAtomic(join(dir, MANIFEST_FILE), manifest);
}
