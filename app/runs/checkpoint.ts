/**
 * A sweep's checkpoint in `runs/<sweep-id>/`: `points.jsonl`, one finished point per line, append-only and
 * fsynced after each line; `manifest.json`, rewritten atomically. A killed sweep loses at most the points
 * that were still running; a torn last line is skipped on reading.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appendLineDurable, writeJsonAtomic } from '../fs/atomic';
import type { PointRecord, SweepManifest } from './record';

export const MANIFEST_FILE = 'manifest.json';
export const POINTS_FILE = 'points.jsonl';

/** What a sweep folder holds: its manifest (null when absent) and its finished points by index. */
export interface Checkpoint {
  readonly manifest: SweepManifest | null;
  readonly points: ReadonlyMap<number, PointRecord>;
  /** Lines that were not valid point records (a torn last line after a crash). */
  readonly skippedLines: number;
}

async function readText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function isPointRecord(v: unknown): v is PointRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.index === 'number' && Number.isInteger(r.index) && r.index >= 0 && typeof r.outcome === 'string' && typeof r.params === 'object';
}

/** Reads a sweep folder (missing files read as empty). The first record of an index wins. */
export async function readCheckpoint(dir: string): Promise<Checkpoint> {
  const manifestText = await readText(join(dir, MANIFEST_FILE));
  const manifest = manifestText === null ? null : (JSON.parse(manifestText) as SweepManifest);
  const points = new Map<number, PointRecord>();
  let skippedLines = 0;
  for (const line of ((await readText(join(dir, POINTS_FILE))) ?? '').split('\n')) {
    if (line.trim() === '') continue;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      skippedLines++;
      continue;
    }
    if (!isPointRecord(v)) {
      skippedLines++;
      continue;
    }
    if (!points.has(v.index)) points.set(v.index, v);
  }
  return { manifest, points, skippedLines };
}

/** Appends one finished point (durable once this resolves). */
export function appendPoint(dir: string, record: PointRecord): Promise<void> {
  return appendLineDurable(join(dir, POINTS_FILE), JSON.stringify(record));
}

/** Replaces the manifest atomically. */
export function writeManifest(dir: string, manifest: SweepManifest): Promise<void> {
  return writeJsonAtomic(join(dir, MANIFEST_FILE), manifest);
}
