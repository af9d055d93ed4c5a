// readCaseFile: the bytes of a case's file for the evidence viewer, typed by name and checked against the bytes.
// Hashes and base64 are compared with Node's own crypto and Buffer over the file read independently.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_VIEW_BYTES, readCaseFile } from '../../../app/cases/read-file';
import { BUNDLED_CASES_DIR } from '../../../app/paths';
import { tempDir } from '../../helpers/temp-case';

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

function caseWith(files: Record<string, string | Uint8Array>): string {
  const dir = tempDir('recheck-read-file-');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('readCaseFile', () => {
  it('reads the padding case positions file whole, as CSV text, with its size and sha256', async () => {
    const dir = join(BUNDLED_CASES_DIR, 'padding-perplexity');
    const bytes = readFileSync(join(dir, 'logbook/eval/positions.csv'));
    expect(bytes.length).toBeLessThan(MAX_VIEW_BYTES / 8);
    const f = await readCaseFile(dir, 'logbook/eval/positions.csv');
    expect(f).toMatchObject({ kind: 'text', path: 'logbook/eval/positions.csv', mediaType: 'text/csv', size: bytes.length, sha256: sha(bytes) });
    expect(f.kind === 'text' && f.text).toBe(bytes.toString('utf8'));
  });

  it('types files by name: CSV, JSON Lines, JSON, Markdown, anything else as plain text', async () => {
    const dir = caseWith({ 'a.csv': 'x\n1\n', 'b.jsonl': '{"a":1}\n', 'c.ndjson': '{}\n', 'd.json': '{}', 'e.md': '# e', 'f.py': 'print(1)\n', 'g': 'no extension' });
    const types = await Promise.all(['a.csv', 'b.jsonl', 'c.ndjson', 'd.json', 'e.md', 'f.py', 'g'].map(async (p) => (await readCaseFile(dir, p)) as { mediaType: string }));
    expect(types.map((t) => t.mediaType)).toEqual(['text/csv', 'application/jsonl', 'application/jsonl', 'application/json', 'text/markdown', 'text/plain', 'text/plain']);
  });

  it('drops a leading byte order mark from text (the hash stays that of the bytes)', async () => {
    const bytes = Buffer.from('\ufeffx,y\n1,2\n', 'utf8');
    const dir = caseWith({ 't.csv': bytes });
    const f = await readCaseFile(dir, 't.csv');
    expect(f.kind === 'text' && f.text).toBe('x,y\n1,2\n');
    expect(f.kind === 'text' && f.sha256).toBe(sha(bytes));
  });

  it('sends a PNG and an SVG as base64 of their exact bytes', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>';
    const dir = caseWith({ 'fig/p.png': PNG_1x1, 'fig/s.svg': svg });
    const png = await readCaseFile(dir, 'fig/p.png');
    expect(png).toMatchObject({ kind: 'image', mediaType: 'image/png', size: PNG_1x1.length, sha256: sha(PNG_1x1) });
    expect(png.kind === 'image' && Buffer.from(png.base64, 'base64').equals(PNG_1x1)).toBe(true);
    const s = await readCaseFile(dir, 'fig/s.svg');
    expect(s).toMatchObject({ kind: 'image', mediaType: 'image/svg+xml' });
    expect(s.kind === 'image' && Buffer.from(s.base64, 'base64').toString('utf8')).toBe(svg);
  });

  it('refuses an image whose bytes are not that image, and text that is not UTF-8 or holds NUL bytes', async () => {
    const dir = caseWith({ 'fake.png': '<svg onload="alert(1)"/>', 'bad.txt': Buffer.from([0x61, 0x0a, 0xff]), 'bin.dat': Buffer.from([0x61, 0x00, 0x62]), 'bad.svg': Buffer.from([0x3c, 0xc3]) });
    await expect(readCaseFile(dir, 'fake.png')).rejects.toThrow(/^fake\.png: is named \.png but its bytes are not a PNG image/);
    await expect(readCaseFile(dir, 'bad.txt')).rejects.toThrow(/^bad\.txt: line 2: invalid UTF-8 at byte 2/);
    await expect(readCaseFile(dir, 'bin.dat')).rejects.toThrow(/^bin\.dat: holds a NUL byte/);
    await expect(readCaseFile(dir, 'bad.svg')).rejects.toThrow(/^bad\.svg: line 1: invalid UTF-8/);
  });

  it('lists a folder (a sweep checkpoint) as the files under it, with paths relative to the case', async () => {
    const dir = caseWith({ 'runs/r1/sweep-1/points.jsonl': '{"index":0}\n', 'runs/r1/sweep-1/manifest.json': '{}' });
    const f = await readCaseFile(dir, 'runs/r1/sweep-1');
    expect(f).toEqual({
      kind: 'folder',
      path: 'runs/r1/sweep-1',
      entries: [
        { path: 'runs/r1/sweep-1/manifest.json', size: 2 },
        { path: 'runs/r1/sweep-1/points.jsonl', size: 12 },
      ],
    });
  });

  it('says in one line when the file is missing or over the cap', async () => {
    const dir = caseWith({ 'big.txt': 'x'.repeat(100) });
    await expect(readCaseFile(dir, 'nope.csv')).rejects.toThrow(/^nope\.csv: no such file in the case$/);
    await expect(readCaseFile(dir, 'big.txt', { maxBytes: 64 })).rejects.toThrow(/^big\.txt: is 100 bytes, over the limit of 64$/);
  });
});
