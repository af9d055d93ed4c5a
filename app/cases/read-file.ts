/**
 * A file of a case read to be shown in place (the evidence viewer): confined to the case folder (no path out
 * of it, no symlink as the file itself, no fifo or device), under a size cap, with its sha256, and typed by
 * its name: an image (checked against its bytes, sent as base64, shown as an <img>, never as markup) or strict
 * UTF-8 text. A folder (a sweep's checkpoint) gives the regular files under it.
 */
import { lstat } from 'node:fs/promises';
import { posix } from 'node:path';
import type { CaseFileContent } from '../../common/api/contract';
import { BadInputError } from '../errors';
import { ConfinementError, joinInside, listInside, readRegularFile, resolveInside } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { decodeUtf8 } from '../tables/text-file';
import { shown } from '../text/display';

/**
 * Largest file shown in place: 16 MiB. The padding case's positions file is 0.3 MiB (11,520 rows); a
 * 100,000-row table of the same columns is about 2.7 MiB, a sweep's growth-fit SVG a few KiB.
 */
export const MAX_VIEW_BYTES = 16 * 1024 * 1024;

/** Most files listed for a folder. */
const MAX_FOLDER_ENTRIES = 5000;

/** Images shown in place, by extension, with the bytes each must start with (SVG is text: checked as UTF-8). */
const IMAGES: Record<string, { mediaType: string; magic?: (b: Uint8Array) => boolean }> = {
  png: { mediaType: 'image/png', magic: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  jpg: { mediaType: 'image/jpeg', magic: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  jpeg: { mediaType: 'image/jpeg', magic: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  gif: { mediaType: 'image/gif', magic: (b) => startsWith(b, [0x47, 0x49, 0x46, 0x38]) },
  webp: { mediaType: 'image/webp', magic: (b) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b.subarray(8), [0x57, 0x45, 0x42, 0x50]) },
  svg: { mediaType: 'image/svg+xml' },
};

/** Text media types by extension; any other name is read as plain text. */
const TEXTS: Record<string, string> = {
  csv: 'text/csv',
  jsonl: 'application/jsonl',
  ndjson: 'application/jsonl',
  json: 'application/json',
  md: 'text/markdown',
};

function startsWith(b: Uint8Array, prefix: readonly number[]): boolean {
  return b.length >= prefix.length && prefix.every((x, i) => b[i] === x);
}

function extensionOf(path: string): string {
  const ext = posix.extname(path).toLowerCase();
  return ext.startsWith('.') ? ext.slice(1) : '';
}

/**
 * Reads `rel` (relative to the case folder `caseDir`, `/` separators) for viewing. Bad input, as one line
 * naming the path (`o.shownAs`, default `rel`): a path out of the case, a symlink, anything but a regular file or folder, a file over
 * `o.maxBytes` (default MAX_VIEW_BYTES), an image whose bytes are not that image, text that is not strict UTF-8 or holds NUL bytes.
 * Example: `(await readCaseFile(dir, 'logbook/eval/positions.csv')).mediaType` is `text/csv`.
 */
export async function readCaseFile(caseDir: string, rel: string, o: { maxBytes?: number; shownAs?: string } = {}): Promise<CaseFileContent> {
  const maxBytes = o.maxBytes ?? MAX_VIEW_BYTES;
  const name = o.shownAs ?? shown(rel);
  const abs = joinInside(caseDir, rel, name);
  // The path after following links must stay in the case (a symlinked folder on the way may point only inside).
  resolveInside(caseDir, rel, name);
  const st = await lstat(abs).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR') throw new BadInputError(name, 'no such file in the case');
    throw new BadInputError(name, `cannot be read (${err.code ?? String(err)})`);
  });
  // Links are never followed here, even to a file inside the case: what is shown is the file the path names.
  if (st.isSymbolicLink()) throw new ConfinementError(name, 'is a symlink: links in a case are not followed');
  if (st.isDirectory()) {
    const { files } = await listInside(caseDir, rel, { maxEntries: MAX_FOLDER_ENTRIES });
    return { kind: 'folder', path: rel, entries: files.map((f) => ({ path: `${rel}/${f.path}`, size: f.size })) };
  }
  const bytes = await readRegularFile(abs, { maxBytes, shownAs: name });
  const meta = { path: rel, size: bytes.length, sha256: sha256(bytes) };
  const ext = extensionOf(rel);
  const image = IMAGES[ext];
  if (image !== undefined) {
    if (image.magic !== undefined && !image.magic(bytes)) throw new BadInputError(name, `is named .${ext} but its bytes are not a ${ext.toUpperCase()} image`);
    if (image.magic === undefined) textOf(bytes, name); // an SVG must be UTF-8 text like any other markup
    return { kind: 'image', ...meta, mediaType: image.mediaType, base64: Buffer.from(bytes).toString('base64') };
  }
  return { kind: 'text', ...meta, mediaType: TEXTS[ext] ?? 'text/plain', text: textOf(bytes, name) };
}

/** Strict UTF-8 text of `bytes`; a NUL byte marks a binary file, which is not shown as text. */
function textOf(bytes: Uint8Array, name: string): string {
  const text = decodeUtf8(bytes, name);
  const nul = text.indexOf('\0');
  if (nul >= 0) throw new BadInputError(name, `holds a NUL byte (at character ${nul}): a binary file, not text that can be shown`);
  return text;
}
