import { describe, it, expect } from 'vitest';
import { parseCsv, numberCell } from '../../../app/tables/csv';
import { BadInputError } from '../../../app/errors';

describe('parseCsv', () => {
  it('keeps the line where each row starts, across blank lines, CRLF and quoted newlines', () => {
    const crlf = parseCsv('\ufeffx,y\r\n1,2\r\n\r\n3,4\r\n', 't.csv');
    expect(crlf.rows.map((r) => r.line)).toEqual([2, 4]);
    const t = parseCsv('x,y\n1,2\n\n"a\nb",3\n4,5', 't.csv');
    expect(t.columns).toEqual(['x', 'y']);
    expect(t.rows.map((r) => r.line)).toEqual([2, 4, 6]);
    expect(t.rows[1]!.cells).toEqual({ x: 'a\nb', y: '3' });
  });

  it('reports field-count, quoting and number problems as file + line', () => {
    expect(() => parseCsv('x,y\n1,2\n3\n', 't.csv')).toThrow('t.csv: line 3: 1 fields, expected 2 (x,y)');
    expect(() => parseCsv('x,y\n1,"2\n', 't.csv')).toThrow(/^t\.csv: line 2: Quoted field unterminated/);
    expect(() => parseCsv('', 't.csv')).toThrow(BadInputError);
    expect(() => parseCsv('x,x\n1,2\n', 't.csv')).toThrow(/appears twice/);
    const t = parseCsv('x\n1e3\n\n inf\n', 't.csv');
    expect(numberCell(t, t.rows[0]!, 'x')).toBe(1000);
    expect(() => numberCell(t, t.rows[1]!, 'x')).toThrow('t.csv: line 4: column "x": "inf" is not a finite number');
  });
});
