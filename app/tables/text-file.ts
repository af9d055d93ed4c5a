/**
 * The one way the CLI and the check kinds read a text input file (a CSV table, a JSON document): a regular file
 * under a size cap (readRegularFile: a fifo, a device or a folder is refused without blocking), decoded as
 * strict UTF-8 and without a leading byte order mark. Invalid UTF-8 is bad input naming the file and the line,
 * never replaced by U+FFFD: two different byte strings must not decode to the same name.
 */
import { realpath } from 'node:fs/promises';
import { readRegularFile } from '../fs/confine';
import { stripBom } from '../../common/json/bounded';
import { BadInputError } from '../errors';
import { shown } from '../text/display';

/** Size caps of the input files, in bytes (documented in docs/cli.md through the commands' usage). */
export const MAX_TABLE_BYTES = 128 * 1024 * 1024;
export const MAX_JSON_BYTES = 16 * 1024 * 1024;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The text of the file at `path` (absolute; a symlink there is followed, as the path was chosen by the caller,
 * who confines case paths first with resolveInside). `display` names the file in messages.
 * Example: `await readTextFile('/w/t.csv', 't.csv', MAX_TABLE_BYTES)` is the CSV text without its BOM.
 */
export async function readTextFile(path: string, display: string, maxBytes: number): Promise<string> {
  let real: string;
  try {
    real = await realpath(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new BadInputError(
      shown(display),
      code === 'ENOENT' || code === 'ENOTDIR' ? 'no such file' : `cannot be opened (${code ?? String(err)})`,
    );
  }
  const bytes = await readRegularFile(real, { maxBytes, shownAs: shown(display) });
  return decodeUtf8(bytes, display);
}

/**
 * Strict UTF-8 text of `bytes` without a leading BOM; BadInputError naming `display` and the line of the first
 * invalid byte otherwise. Example: `decodeUtf8(Buffer.from([0x61, 0xff]), 'f')` throws "f: line 1: invalid UTF-8 ...".
 */
export function decodeUtf8(bytes: Uint8Array, display: string): string {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    let line = 1;
    for (let i = 0; i < at; i++) if (bytes[i] === 0x0a) line++;
    throw new BadInputError(
      shown(display),
      `invalid UTF-8 at byte ${at} (0x${(bytes[at] ?? 0).toString(16).padStart(2, '0')}); save the file as UTF-8`,
      `line ${line}`,
    );
  }
  return stripBom(text);
}

/**
 * Offset of the first byte that does not start or continue a well-formed UTF-8 sequence (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF), or `bytes.length` when all are well formed.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return bytes.length;
}
