/**
 * Byte sources for the SQLite page reader: a file read on demand through its descriptor (never held whole),
 * or bytes already in memory. A source has a fixed size (the file's size when it was opened) and answers
 * `read(offset, length)` with exactly those bytes or a SourceError; nothing is read beyond `size`.
 *
 * The file is opened by app/fs/confine.ts (`openRegularFileSync`), as every untrusted file is: O_NOFOLLOW and
 * O_NONBLOCK, a regular file by fstat, under a size cap; errors are BadInputError naming the file.
 */
import { createHash } from 'node:crypto';
import { closeSync, readSync } from 'node:fs';
import { BadInputError } from '../errors';
import { openRegularFileSync } from '../fs/confine';

/** Random access to a fixed number of bytes. */
export interface ByteSource {
  readonly size: number;
  /** Exactly `length` bytes at `offset` (a fresh array or a view that stays valid), or a SourceError. */
  read(offset: number, length: number): Uint8Array;
  /** Reads exactly `length` bytes at `offset` into the start of `into`, or throws a SourceError. */
  readInto(offset: number, into: Uint8Array, length: number): void;
  close(): void;
}

/** A read outside the source, or a file that shrank while being read. */
export class SourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceError';
  }
}

/** Bytes in memory as a source. Example: `bytesSource(readFileSync('p.db')).read(0, 100)` is the header. */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read(offset, length) {
      if (offset < 0 || length < 0 || offset + length > bytes.length)
        throw new SourceError(`${length} bytes at offset ${offset} lie beyond its ${bytes.length} bytes`);
      return bytes.subarray(offset, offset + length);
    },
    readInto(offset, into, length) {
      into.set(this.read(offset, length));
    },
    close() {},
  };
}

/**
 * Opens the regular file at `path` as a source of its current size (at most `maxBytes`), read with
 * positioned reads. The caller closes it. Example: `const s = openFileSource('/t/p.db', 'p.db', 1 << 30)`.
 */
export function openFileSource(path: string, shownAs: string, maxBytes: number): ByteSource {
  const { fd, size } = openRegularFileSync(path, { maxBytes, shownAs });
  return fileSource(fd, size);
}

function fileSource(fd: number, size: number): ByteSource {
  let open = true;
  return {
    size,
    read(offset, length) {
      const out = new Uint8Array(length);
      this.readInto(offset, out, length);
      return out;
    },
    readInto(offset, into, length) {
      if (offset < 0 || length < 0 || offset + length > size || length > into.length)
        throw new SourceError(`${length} bytes at offset ${offset} lie beyond its ${size} bytes`);
      let filled = 0;
      while (filled < length) {
        const n = readSync(fd, into, filled, length - filled, offset + filled);
        if (n === 0) throw new SourceError(`it ended at ${offset + filled} bytes while being read (it was ${size} bytes when opened)`);
        filled += n;
      }
    },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
  };
}

/**
 * The sha256 (hex) of the regular file at `path`, read through its descriptor 1 MiB at a time: the hash of a
 * database as large as MAX_DATABASE_BYTES without holding it. Same value as app/fs/hash.ts `sha256` of the
 * bytes. Example: `fileSha256('/t/p.db', 'p.db', 1 << 30)`.
 */
export function fileSha256(path: string, shownAs: string, maxBytes: number): string {
  const source = openFileSource(path, shownAs, maxBytes);
  try {
    const hash = createHash('sha256');
    const chunk = new Uint8Array(Math.min(1 << 20, Math.max(source.size, 1)));
    for (let at = 0; at < source.size; at += chunk.length) {
      const length = Math.min(chunk.length, source.size - at);
      source.readInto(at, chunk, length);
      hash.update(chunk.subarray(0, length));
    }
    return hash.digest('hex');
  } catch (err) {
    if (err instanceof SourceError) throw new BadInputError(shownAs, `cannot be read (${err.message})`);
    throw err;
  } finally {
    source.close();
  }
}
