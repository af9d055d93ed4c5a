// The viewer's CSV parser (renderer/evidence/csv.ts) against the core's (app/tables/csv.ts), two separate
// implementations of the same rules: on any text both accept alike (same columns, rows and lines) or both
// refuse at the same line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BadInputError } from '../../../app/errors';
import { BUNDLED_CASES_DIR } from '../../../app/paths';
import { parseCsv } from '../../../app/tables/csv';
import { parseCsvText, type ParsedTable } from '../../../renderer/evidence/csv';

type Outcome = { ok: true; columns: string[]; rows: [number, ...string[]][] } | { ok: false; line: number };

function viaCore(text: string): Outcome {
  try {
    const t = parseCsv(text, 't.csv');
    return { ok: true, columns: [...t.columns], rows: t.rows.map((r) => [r.line, ...r.values]) };
  } catch (e) {
    if (!(e instanceof BadInputError)) throw e;
    return { ok: false, line: Number(/^line (\d+)$/.exec(e.pointer ?? 'line 1')?.[1]) };
  }
}

function viaViewer(text: string): Outcome {
  const t: ParsedTable = parseCsvText(text);
  return t.ok ? { ok: true, columns: [...t.columns], rows: t.rows.map((r) => [r.line, ...r.values]) } : { ok: false, line: t.line };
}

describe('parseCsvText (viewer) agrees with parseCsv (core)', () => {
  it('on the padding case positions file, row by row', () => {
    const text = readFileSync(join(BUNDLED_CASES_DIR, 'padding-perplexity/logbook/eval/positions.csv'), 'utf8');
    const v = viaViewer(text);
    expect(v).toEqual(viaCore(text));
    expect(v.ok && v.rows.length).toBe(text.trimEnd().split('\n').length - 1);
  });

  it('on edge cases: BOM, CRLF and CR, quotes, blank lines, ragged rows, a truncated last row, a duplicate column', () => {
    const cases = [
      '\ufeffx,y\r\n1,2\r\n\r\n3,4\r\n',
      'x,y\r1,2\r"3\r\n",4\r5,6\r',
      'a,b,c\n"say ""hi""","x" ,""\n',
      'x,y\n1,2\n3\n',
      'x,y\n1,"2\n',
      'x,y\n1,2\n"3"4,5\n',
      '',
      'x,y\n1,',
      'x,x\n1,2\n',
      ' "x" ,5"\n1,2\n',
    ];
    for (const text of cases) expect(viaViewer(text), JSON.stringify(text)).toEqual(viaCore(text));
  });

  it('on random text over the characters that matter', () => {
    const alphabet = fc.constantFrom('a', 'b', ' ', ',', '"', '\n', '\r', '\t', '1');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }), (chars) => {
        const text = chars.join('');
        expect(viaViewer(text)).toEqual(viaCore(text));
      }),
      { numRuns: 3000, seed: 20261130 },
    );
  });
});
