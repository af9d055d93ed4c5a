/**
 * A case's image-pair table (`pairs.csv`): one row per pair with its id, the two image files (relative to the
 * case folder) and the condition each comes from, plus an optional prompt and seed:
 *
 *   pair_id,image_a,image_b,condition_a,condition_b,prompt,seed
 *   p001,images/p001-ref.png,images/p001-q2.png,fp32,q2-dither,a red bicycle,17
 *
 * Read through the shared CSV reader (the one record splitter) after confining the table's path to the case;
 * each image path is checked lexically here (no absolute path, no "..") and confined again when it is read.
 */
import { BadInputError } from '../errors';
import { resolveInside } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { parseCsv } from '../tables/csv';
import { MAX_TABLE_BYTES, readTextFile } from '../tables/text-file';
import { shown } from '../text/display';

export const PAIR_COLUMNS = ['pair_id', 'image_a', 'image_b', 'condition_a', 'condition_b'] as const;
export const OPTIONAL_PAIR_COLUMNS = ['prompt', 'seed'] as const;

/** Most pairs one table may hold. */
export const MAX_PAIRS = 10_000;

const PAIR_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export interface ImagePair {
  readonly id: string;
  /** Paths relative to the case folder. */
  readonly imageA: string;
  readonly imageB: string;
  readonly conditionA: string;
  readonly conditionB: string;
  readonly prompt?: string;
  readonly seed?: string;
  /** Line of the table the pair is on. */
  readonly line: number;
}

export interface PairSet {
  /** The table, relative to the case folder. */
  readonly path: string;
  readonly pairs: readonly ImagePair[];
  /** sha256 of the table's bytes as read (a review is tied to it). */
  readonly sha256: string;
}

/**
 * Reads the pair table `rel` of the case folder `caseDir`. Bad input, one line naming the table and the line:
 * a missing column, an empty or repeated pair id, an empty condition, an image path out of the case.
 * Example: `(await readPairSet(dir, 'images/pairs.csv')).pairs[0].conditionB` is `q2-dither`.
 */
export async function readPairSet(caseDir: string, rel: string): Promise<PairSet> {
  const name = shown(rel);
  const real = resolveInside(caseDir, rel, name);
  const text = await readTextFile(real, name, MAX_TABLE_BYTES);
  return { path: rel, pairs: pairsOfText(text, name), sha256: sha256(text) };
}

/** The pairs of a table's text (`name` is used in messages). */
export function pairsOfText(text: string, name: string): ImagePair[] {
  const table = parseCsv(text, name, { maxRows: MAX_PAIRS, maxCells: MAX_PAIRS * 8 + 8 });
  const missing = PAIR_COLUMNS.filter((c) => !table.index.has(c));
  if (missing.length > 0) throw new BadInputError(name, `missing column(s) ${missing.join(', ')} (expected ${PAIR_COLUMNS.join(',')}, optionally prompt and seed)`, 'line 1');
  const cell = (values: readonly string[], column: string): string | undefined => {
    const i = table.index.get(column);
    return i === undefined ? undefined : values[i];
  };
  const seen = new Set<string>();
  const pairs: ImagePair[] = [];
  for (const row of table.rows) {
    const at = `line ${row.line}`;
    const get = (column: string): string => cell(row.values, column) ?? '';
    const id = get('pair_id');
    if (!PAIR_ID.test(id)) throw new BadInputError(name, `pair_id "${shown(id, 80)}" must be an identifier (letters, digits, . _ -)`, at);
    if (seen.has(id)) throw new BadInputError(name, `pair_id "${id}" appears twice`, at);
    seen.add(id);
    const conditionA = get('condition_a');
    const conditionB = get('condition_b');
    if (conditionA === '' || conditionB === '') throw new BadInputError(name, `pair ${id} has an empty condition`, at);
    const imageA = imagePath(get('image_a'), name, at);
    const imageB = imagePath(get('image_b'), name, at);
    const prompt = cell(row.values, 'prompt');
    const seed = cell(row.values, 'seed');
    pairs.push({ id, imageA, imageB, conditionA, conditionB, line: row.line, ...(prompt ? { prompt } : {}), ...(seed ? { seed } : {}) });
  }
  if (pairs.length === 0) throw new BadInputError(name, 'holds no pairs');
  return pairs;
}

/** A relative image path inside the case (checked lexically; the read confines it again). */
function imagePath(p: string, name: string, at: string): string {
  if (p === '') throw new BadInputError(name, 'an image path is empty', at);
  if (p.includes('\0') || p.startsWith('/') || p.includes('\\') || p.split('/').some((s) => s === '..' || s === '.' || s === '')) {
    throw new BadInputError(name, `image path "${shown(p, 120)}" must be a relative path inside the case folder (/ separators, no "..")`, at);
  }
  return p;
}
