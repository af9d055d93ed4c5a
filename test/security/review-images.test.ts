// Issue 24, finding 10: a review whose pairs table names an image that does not decode started normally and then
// stalled silently at that item (the page waited for pixels that never came). The start now decodes every image
// of the table (one at a time, within the per-image pixel budget) and refuses with one line naming the table's
// line and the problem; nothing of the review is written. The message reaches the review page, so it names
// neither the pair id nor the file (their names carry the conditions); `recheck validate` names the file.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createRecheckService } from '../../app/api/service';
import { flatPng, writeSyntheticCase } from '../app/perceptual/synthetic-case';
import { tempDir } from '../helpers/temp-case';

/** A PNG whose header is fine and whose rows use filter type 9 (there are five, 0-4): it does not decode. */
function undecodablePng(): Buffer {
  const good = flatPng(40, 40, 200);
  const idatAt = good.indexOf('IDAT', 0, 'latin1');
  const rows = Buffer.alloc(2 * (1 + 2 * 3), 9);
  const idat = deflateSync(rows);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(idat.length);
  const body = Buffer.concat([Buffer.from('IDAT', 'latin1'), idat]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([
    good.subarray(0, idatAt - 4),
    len,
    body,
    crc,
    Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]),
  ]);
}

/** A PNG that says it is 8192x8192: over the per-image pixel budget. */
function hugeHeaderPng(): Buffer {
  const png = flatPng(1, 2, 3);
  png.writeUInt32BE(8192, 16);
  png.writeUInt32BE(8192, 20);
  return png;
}

describe('a review with an image that cannot be decoded is refused at its start (issue 24, finding 10)', () => {
  it.each([
    ['does not decode', undecodablePng(), /is a PNG that does not decode/],
    ['is over the pixel budget', hugeHeaderPng(), /is 8192x8192 \(64 megapixels\), over the 16 megapixels decoded per image/],
  ])(
    'an image that %s: one line naming the table line and the problem (not the file), no review written',
    async (_what, bytes, problem) => {
      const ws = tempDir();
      const dir = writeSyntheticCase(ws, { pairs: 6 });
      writeFileSync(join(dir, 'images', 'p004-cond-quantized.png'), bytes);
      const api = await createRecheckService({ workspaceDir: ws, who: 'tester' });
      const err = await api.startReview({ caseId: 'percept', reviewer: 'scripted' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      const message = (err as Error).message;
      expect(message).not.toMatch(/\n/);
      expect(message).toMatch(/^images\/pairs\.csv: line 5: an image of this pair does not decode \(/);
      expect(message).not.toMatch(/cond-|p00|\.png/);
      expect(message).toMatch(problem);
      expect(message).toMatch(/no review is started \(run recheck validate on the case to see which file and why\)$/);
      expect(existsSync(join(dir, 'reviews')) ? readdirSync(join(dir, 'reviews')) : []).toEqual([]);
      expect(await api.listReviews('percept')).toEqual([]);
    },
  );
});
