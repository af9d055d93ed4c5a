import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import Papa from 'papaparse';
import { parseCsv, numberCell, integerCell, cell, requireColumns, DEFAULT_CSV_LIMITS } from '../../../app/tables/csv';
import { BadInputError } from '../../../app/errors';

describe('parseCsv', () => {
  it('keeps the line where each row starts, across blank lines, CRLF and quoted newlines', () => {
    const crlf = parseCsv('\ufeffx,y\r\n1,2\r\n\r\n3,4\r\n', 't.csv');
    expect(crlf.columns).toEqual(['x', 'y']);
    expect(crlf.rows.map((r) => r.line)).toEqual([2, 4]);
    const t = parseCsv('x,y\n1,2\n\n"a\nb",3\n4,5', 't.csv');
    expect(t.columns).toEqual(['x', 'y']);
    expect(t.rows.map((r) => r.line)).toEqual([2, 4, 6]);
    expect(t.rows[1]!.values).toEqual(['a\nb', '3']);
    expect(cell(t, t.rows[1]!, 'x')).toBe('a\nb');
    const cr = parseCsv('x,y\r1,2\r"3\r\n",4\r5,6\r', 't.csv');
    expect(cr.rows.map((r) => [r.line, ...r.values])).toEqual([
      [2, '1', '2'],
      [3, '3', '4'],
      [5, '5', '6'],
    ]);
  });

  it('reads quotes: doubled quotes, spaces around, empty quoted fields', () => {
    const t = parseCsv('a,b,c\n"say ""hi""","x" ,""\n', 't.csv');
    expect(t.rows[0]!.values).toEqual(['say "hi"', 'x', '']);
    // A quote is a quote only as the first character of a field (as in papaparse): later it is text.
    expect(parseCsv('a,b\n "x" ,5"\n', 't.csv').rows[0]!.values).toEqual(['"x"', '5"']);
  });

  it('a column named __proto__ or constructor is a column like any other', () => {
    const t = parseCsv('__proto__,constructor\n1,2\n', 't.csv');
    requireColumns(t, ['__proto__', 'constructor']);
    expect(numberCell(t, t.rows[0]!, '__proto__')).toBe(1);
    expect(numberCell(t, t.rows[0]!, 'constructor')).toBe(2);
    expect(() => requireColumns(t, ['toString'])).toThrow(/no column "toString"/);
  });

  it('reports field-count, quoting and number problems as file + line', () => {
    expect(() => parseCsv('x,y\n1,2\n3\n', 't.csv')).toThrow('t.csv: line 3: 1 fields, expected 2 (x,y)');
    expect(() => parseCsv('x,y\n1,"2\n', 't.csv')).toThrow(/^t\.csv: line 2: Quoted field unterminated/);
    expect(() => parseCsv('x,y\n1,2\n"3"4,5\n', 't.csv')).toThrow('t.csv: line 3: text after the closing quote of a field');
    expect(() => parseCsv('', 't.csv')).toThrow(BadInputError);
    expect(() => parseCsv('x,x\n1,2\n', 't.csv')).toThrow(/appears twice/);
    const t = parseCsv('x\n1e3\n\n inf\n0x10\n\n-.5\n+2.\n1e400\n2.5\n', 't.csv');
    expect(numberCell(t, t.rows[0]!, 'x')).toBe(1000);
    expect(() => numberCell(t, t.rows[1]!, 'x')).toThrow('t.csv: line 4: column "x": "inf" is not a finite number');
    expect(() => numberCell(t, t.rows[2]!, 'x')).toThrow('t.csv: line 5: column "x": "0x10" is not a decimal number');
    expect(numberCell(t, t.rows[3]!, 'x')).toBe(-0.5);
    expect(numberCell(t, t.rows[4]!, 'x')).toBe(2);
    expect(() => numberCell(t, t.rows[5]!, 'x')).toThrow(/line 9: column "x": "1e400" is not a finite number/);
    expect(() => integerCell(t, t.rows[6]!, 'x')).toThrow(/line 10: column "x": 2.5 is not an integer/);
  });

  it('a last row cut short is bad input naming its line; a complete one without a final line break is fine', () => {
    expect(() => parseCsv('x,y,z\n1,2,3\n4,5', 't.csv')).toThrow('t.csv: line 3: 2 fields, expected 3 (x,y,z)');
    expect(() => parseCsv('x,y,z\n1,2,3\n4,5,', 't.csv')).toThrow(
      /^t\.csv: line 3: the last row ends in an empty field with no line break after it/,
    );
    expect(parseCsv('x,y,z\n1,2,3\n4,5,""', 't.csv').rows[1]!.values).toEqual(['4', '5', '']);
    expect(parseCsv('x,y,z\n1,2,3\n4,5,\n', 't.csv').rows[1]!.values).toEqual(['4', '5', '']);
    expect(parseCsv('x,y,z\n1,2,3\n4,5,6', 't.csv').rows[1]!.values).toEqual(['4', '5', '6']);
  });

  it('refuses a table over its row or cell limit, naming the line', () => {
    const limits = { maxRows: 3, maxCells: 8 };
    expect(parseCsv('x\n1\n2\n3\n', 't.csv', limits).rows).toHaveLength(3);
    expect(() => parseCsv('x\n1\n2\n3\n4\n', 't.csv', limits)).toThrow('t.csv: line 5: more than 3 rows; split the table');
    expect(() => parseCsv('x,y,z\n1,2,3\n4,5,6\n', 't.csv', limits)).toThrow('t.csv: line 3: more than 8 cells; split the table');
    expect(DEFAULT_CSV_LIMITS.maxRows).toBeGreaterThanOrEqual(1_000_000);
  });

  // Two independent readers (FLINT's rule): ours against papaparse, on well-formed CSV of awkward fields.
  it('agrees with papaparse on well-formed CSV', () => {
    const field = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'b', ' ', ',', '"', '\n', '\r', '1', '.', 'é', '\u2028'), maxLength: 8 }),
      fc.stringMatching(/^[a-z0-9.]{1,6}$/),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.array(field, { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('\n', '\r\n'),
        (width, table, newline) => {
          // A header of distinct names (ours refuses a duplicate column), then the awkward rows.
          const rows = [Array.from({ length: width }, (_, i) => `c${i}`), ...table.map((r) => r.slice(0, width))];
          // A lone empty field reads as a blank line in papaparse's output; ours keeps a quoted one as a row.
          fc.pre(!rows.some((r) => r.length === 1 && r[0] === ''));
          const quote = (f: string) => (/[",\r\n]/.test(f) || f.trim() !== f || f === '' ? `"${f.replace(/"/g, '""')}"` : f);
          const text = `${rows.map((r) => r.map(quote).join(',')).join(newline)}${newline}`;
          const ours = parseCsv(text, 't.csv');
          const theirs = Papa.parse<string[]>(text, { delimiter: ',', newline, skipEmptyLines: false }).data.filter(
            (r) => !(r.length === 1 && r[0] === ''),
          );
          expect([ours.columns, ...ours.rows.map((r) => r.values)]).toEqual(theirs.map((r) => r.map((f) => f.trim())));
        },
      ),
      { numRuns: 300, seed: 20261130 },
    );
  });
});
