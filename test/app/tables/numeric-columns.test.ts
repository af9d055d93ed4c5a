// The numeric column reader behind `recheck fit`: the same numbers and the same one-line bad input as the row
// reader (parseCsv + requireColumns + numberCell), in the same order of precedence, and typed arrays, not rows.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseNumericColumns, type NumericColumnSpec } from '../../../app/tables/numeric-columns';
import { numberCell, parseCsv, requireColumns } from '../../../app/tables/csv';

/** What the row reader gives (or the message it throws) for the same columns and checks. */
function byRows(text: string, wanted: readonly NumericColumnSpec[]): Map<string, number[]> | string {
  try {
    const table = parseCsv(text, 't.csv');
    requireColumns(
      table,
      wanted.map((w) => w.name),
    );
    const out = new Map<string, number[]>(wanted.map((w) => [w.name, []]));
    for (const row of table.rows) {
      for (const w of wanted) {
        const v = numberCell(table, row, w.name);
        const problem = w.check?.(v);
        if (problem !== undefined) throw new Error(`t.csv: line ${row.line}: ${problem}`);
        out.get(w.name)?.push(v);
      }
    }
    return out;
  } catch (err) {
    return (err as Error).message;
  }
}

function byColumns(text: string, wanted: readonly NumericColumnSpec[]): Map<string, number[]> | string {
  try {
    const r = parseNumericColumns(text, 't.csv', wanted);
    return new Map([...r.values].map(([k, v]) => [k, [...v]]));
  } catch (err) {
    return (err as Error).message;
  }
}

const positive: NumericColumnSpec['check'] = (v) => (v > 0 ? undefined : `column "se": standard error ${v} must be positive`);
const XYSE: NumericColumnSpec[] = [{ name: 'k' }, { name: 'y' }, { name: 'se', check: positive }];

describe('parseNumericColumns', () => {
  it('returns one Float64Array per wanted column, rows in order (no row objects)', () => {
    const r = parseNumericColumns('k,y,se,note\n1,2.5,0.1,a\n2,3e2,0.2,b\n', 't.csv', XYSE);
    expect(r.rows).toBe(2);
    expect(r.columns).toEqual(['k', 'y', 'se', 'note']);
    for (const v of r.values.values()) expect(v).toBeInstanceOf(Float64Array);
    expect([...(r.values.get('y') as Float64Array)]).toEqual([2.5, 300]);
    expect(r.values.has('note')).toBe(false);
  });

  it('reads quoted cells, CRLF and CR, blank lines, a BOM and spaces as the row reader does', () => {
    for (const text of [
      '\ufeffk,"y",se\r\n"1", 2 ,0.1\r\n\r\n2,3.5,"0.1"\r\n',
      'k,y,se\r1,2,0.1\r\r2,3,0.2\r',
      'k,y,se\n1,2,0.1\n2,3,0.2',
      'se,y,k\n0.5,-1e-3,7\n',
      'k,y,se\n',
    ])
      expect(byColumns(text, XYSE)).toEqual(byRows(text, XYSE));
  });

  it('gives the same first error, in the same order of precedence, as the row reader', () => {
    const cases = [
      'k,y,se\n1,2,0.1\n2,zz,0.1\n3,4\n', // a field count (line 4) before a bad cell (line 3)
      'k,y,se\n1,2,0.1\n2,"3,0.1\n3,4,0.1\n', // unterminated quote
      'k,y,se\n1,2,0.1\n2,3,', // truncated
      'k,y,k\n1,2,0.1\n', // duplicate header column
      'k,y,se\n1,zz,0\n', // y before se in a row
      'k,y,se\n1,2,0\n2,zz,0.1\n', // the first bad row wins
      'k,y,se\n1,,0.1\n',
      'k,y,se\n0x2,1,0.1\n',
      'k,y,se\n1,Infinity,0.1\n',
      'k,y\n1,2\n', // a missing column
      'k,y\n1,2\n2\n', // a field count before a missing column
      '',
      '\n\n',
    ];
    for (const text of cases) {
      const rows = byRows(text, XYSE);
      expect(typeof rows).toBe('string');
      expect(byColumns(text, XYSE)).toBe(rows);
    }
  });

  it('agrees with the row reader on random tables of numbers and junk', () => {
    const cellArb = fc.oneof(
      fc.double({ noNaN: true }).map(String),
      fc.integer().map(String),
      fc.constantFrom('', ' 1 ', '"2"', 'x', '1e400', '-0', '.5', '0x1', '"a,b"'),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cellArb, { minLength: 2, maxLength: 4 }), { maxLength: 8 }), fc.boolean(), (rows, crlf) => {
        const nl = crlf ? '\r\n' : '\n';
        const text = `k,y,se${nl}${rows.map((r) => r.join(',')).join(nl)}${nl}`;
        expect(byColumns(text, XYSE)).toEqual(byRows(text, XYSE));
      }),
      { numRuns: 300, seed: 20261202 },
    );
  });

  it('names the same column twice without a second array', () => {
    const r = parseNumericColumns('k,y\n1,2\n', 't.csv', [{ name: 'k' }, { name: 'k' }]);
    expect([...r.values.keys()]).toEqual(['k']);
  });
});
