/**
 * SQLite's varints and record format (https://www.sqlite.org/fileformat2.html sections 1.6 and 2.1): a record
 * is a header (its own size as a varint, then one serial type per column) followed by the values. Serial
 * types: 0 NULL; 1-6 big-endian two's-complement integers of 1, 2, 3, 4, 6, 8 bytes; 7 a big-endian IEEE 754
 * double; 8 and 9 the integers 0 and 1; 10 and 11 reserved; N >= 12 even a BLOB of (N-12)/2 bytes; N >= 13 odd
 * a TEXT of (N-13)/2 bytes in the database's encoding.
 *
 * Every length and offset is checked against the bytes given; a violation is a SqliteFormatError naming the
 * page the record came from.
 */
import { SqliteFormatError } from './sqlite-pages';

/** A stored value: INTEGER as a number, or as a bigint beyond 2^53; REAL as a number; TEXT; BLOB; NULL. */
export type SqliteValue = number | bigint | string | Uint8Array | null;

/** A position in a byte array, advanced by the reads. */
export class ByteCursor {
  constructor(
    readonly bytes: Uint8Array,
    public pos: number,
    /** Reads stop here (exclusive). */
    readonly end: number,
    /** The page named in errors. */
    readonly page: number,
  ) {}

  /**
   * A varint of 1 to 9 bytes (big-endian, 7 bits per byte with a continuation bit, all 8 bits of a ninth),
   * read as a signed 64-bit integer: a number when it is within 2^53, else a bigint.
   * Example: the bytes 0x81 0x00 read as 128.
   */
  varint(): number | bigint {
    let value = 0;
    for (let i = 0; i < 7; i++) {
      const b = this.byte();
      value = value * 128 + (b & 0x7f);
      if (b < 0x80) return value;
    }
    // 49 bits read; up to two more bytes: 7 bits, then all 8 of the ninth.
    let big = BigInt(value);
    const b8 = this.byte();
    big = (big << 7n) | BigInt(b8 & 0x7f);
    if (b8 >= 0x80) big = (big << 8n) | BigInt(this.byte());
    big = BigInt.asIntN(64, big);
    return big >= -9007199254740991n && big <= 9007199254740991n ? Number(big) : big;
  }

  /** A varint that must be a size or count from 0 to `max`. */
  size(what: string, max: number): number {
    const v = this.varint();
    if (typeof v !== 'number' || v < 0 || v > max)
      throw new SqliteFormatError(this.page, `${what} ${String(v)} is out of range (0..${max})`);
    return v;
  }

  byte(): number {
    if (this.pos >= this.end) throw new SqliteFormatError(this.page, `a varint runs past the end of its cell at byte ${this.pos}`);
    return this.bytes[this.pos++] as number;
  }
}

/** Decodes TEXT bytes in the database's encoding; invalid text is an error, not replacement characters. */
export type TextDecode = (bytes: Uint8Array) => string;

/** The text decoder of an encoding. Example: `textDecoderFor('utf-8')(new Uint8Array([104, 105]))` is 'hi'. */
export function textDecoderFor(encoding: 'utf-8' | 'utf-16le' | 'utf-16be'): TextDecode {
  if (encoding === 'utf-16be') {
    const le = new TextDecoder('utf-16le', { fatal: true });
    return (bytes) => {
      const swapped = new Uint8Array(bytes.length);
      for (let i = 0; i + 1 < bytes.length; i += 2) {
        swapped[i] = bytes[i + 1] as number;
        swapped[i + 1] = bytes[i] as number;
      }
      if (bytes.length % 2 === 1) swapped[bytes.length - 1] = bytes[bytes.length - 1] as number;
      return le.decode(swapped);
    };
  }
  const decoder = new TextDecoder(encoding, { fatal: true });
  return (bytes) => decoder.decode(bytes);
}

/**
 * The values of columns `wanted` (0-based positions in the record) of one record; a position past the
 * record's last column gives `undefined` (the column was added later: its default applies). A BLOB is a copy,
 * or with `blobViews` a view into `payload` (valid only as long as the payload is).
 * Example: `decodeRecord(payload, [0, 2], decode, 7)` reads the first and third values of a record on page 7.
 */
export function decodeRecord(
  payload: Uint8Array,
  wanted: readonly number[],
  decode: TextDecode,
  page: number,
  blobViews = false,
): (SqliteValue | undefined)[] {
  const header = new ByteCursor(payload, 0, payload.length, page);
  const headerSize = header.size('a record header size', payload.length);
  if (headerSize < header.pos) throw new SqliteFormatError(page, `a record header size ${headerSize} is smaller than its own varint`);
  const types = new ByteCursor(payload, header.pos, headerSize, page);
  const out: (SqliteValue | undefined)[] = new Array<SqliteValue | undefined>(wanted.length).fill(undefined);
  let body = headerSize;
  for (let column = 0; types.pos < headerSize; column++) {
    const type = types.varint();
    const length = valueLength(type, page);
    if (body + length > payload.length)
      throw new SqliteFormatError(page, `a record's column ${column + 1} runs past the end of its ${payload.length} bytes`);
    for (let k = 0; k < wanted.length; k++)
      if (wanted[k] === column) out[k] = valueOf(type as number, payload, body, length, decode, page, blobViews);
    body += length;
  }
  return out;
}

function valueLength(type: number | bigint, page: number): number {
  if (typeof type === 'bigint' || type < 0) throw new SqliteFormatError(page, `a record has serial type ${String(type)}`);
  if (type <= 4) return type;
  if (type === 5) return 6;
  if (type === 6 || type === 7) return 8;
  if (type === 8 || type === 9) return 0;
  if (type === 10 || type === 11) throw new SqliteFormatError(page, `a record has the reserved serial type ${type}`);
  return Math.floor((type - 12) / 2);
}

function valueOf(
  type: number,
  b: Uint8Array,
  at: number,
  length: number,
  decode: TextDecode,
  page: number,
  blobViews: boolean,
): SqliteValue {
  if (type === 0) return null;
  if (type === 8) return 0;
  if (type === 9) return 1;
  if (type === 7) return new DataView(b.buffer, b.byteOffset + at, 8).getFloat64(0);
  if (type === 6) {
    const v = new DataView(b.buffer, b.byteOffset + at, 8).getBigInt64(0);
    return v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : v;
  }
  if (type <= 5) {
    // Big-endian unsigned, then two's complement: at most 48 bits, exact in a double.
    let v = 0;
    for (let i = 0; i < length; i++) v = v * 256 + (b[at + i] as number);
    return (b[at] as number) >= 0x80 ? v - 256 ** length : v;
  }
  const bytes = b.subarray(at, at + length);
  if (type % 2 === 0) return blobViews ? bytes : bytes.slice();
  try {
    return decode(bytes);
  } catch {
    throw new SqliteFormatError(page, 'a TEXT value is not valid in the database encoding');
  }
}
