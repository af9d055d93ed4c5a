import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeUtf8, firstInvalidUtf8, readTextFile } from '../../../app/tables/text-file';
import { BadInputError } from '../../../app/errors';
import { tempDir } from '../../helpers/temp-case';

const fatal = new TextDecoder('utf-8', { fatal: true });
const decodes = (b: Uint8Array) => {
  try {
    fatal.decode(b);
    return true;
  } catch {
    return false;
  }
};

describe('strict UTF-8', () => {
  // Two methods: our scanner against the WHATWG decoder in fatal mode.
  it('firstInvalidUtf8 agrees with TextDecoder({fatal: true}), and the prefix before it decodes', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 24 }),
      fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => new Uint8Array(Buffer.from(s, 'utf8'))),
      fc.tuple(fc.string({ unit: 'grapheme', maxLength: 8 }), fc.integer({ min: 0x80, max: 0xff }), fc.nat()).map(([s, b, n]) => {
        const u = Buffer.from(s, 'utf8');
        const i = u.length === 0 ? 0 : n % u.length;
        return new Uint8Array([...u.subarray(0, i), b, ...u.subarray(i)]);
      }),
    );
    fc.assert(
      fc.property(bytes, (b) => {
        const at = firstInvalidUtf8(b);
        expect(at === b.length).toBe(decodes(b));
        expect(decodes(b.subarray(0, at))).toBe(true);
      }),
      { numRuns: 2000, seed: 20261130 },
    );
  });

  it('decodeUtf8 removes one BOM and names the line of the first invalid byte', () => {
    expect(decodeUtf8(Buffer.from('\ufeff\ufeffa', 'utf8'), 'f')).toBe('\ufeffa');
    expect(() => decodeUtf8(Buffer.from([0x61, 0x0a, 0x62, 0xed, 0xa0, 0x80]), 'f')).toThrow(
      'f: line 2: invalid UTF-8 at byte 3 (0xed); save the file as UTF-8',
    );
    expect(() => decodeUtf8(Buffer.from([0x61, 0xff]), 'f\nx')).toThrow(/^f\\nx: line 1: /);
  });
});

describe('readTextFile', () => {
  it('reads a regular file, follows a symlink the caller chose, refuses a fifo, a folder and a file over the cap', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.txt'), '\ufeffhello');
    symlinkSync('a.txt', join(dir, 'link.txt'));
    expect(await readTextFile(join(dir, 'link.txt'), 'link.txt', 100)).toBe('hello');
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    await expect(readTextFile(join(dir, 'fifo'), 'fifo', 100)).rejects.toThrow('fifo: is a fifo, not a regular file');
    mkdirSync(join(dir, 'd'));
    await expect(readTextFile(join(dir, 'd'), 'd', 100)).rejects.toThrow(BadInputError);
    await expect(readTextFile(join(dir, 'a.txt'), 'a.txt', 3)).rejects.toThrow(/a\.txt: is 8 bytes, over the limit of 3/);
    await expect(readTextFile(join(dir, 'none'), 'none', 3)).rejects.toThrow('none: no such file');
  });
});
