// Issue 24, finding 8: the printed-number test was a backtracking regular expression,
// `^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$`, quadratic on a digit run that fails at its end: one 300 KB
// token took 38 s in `recheck extract` (and in the page). The scanner that replaces it reads each character
// at most once; this file counts the reads (linear by construction, no clock), runs the whole table reader
// on megabyte tokens (the vitest timeout is the only time limit), and checks the scanner against the old
// expression on random short tokens (the expression is a correct oracle where it is fast).
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isPrintedNumber, scanDecimal } from '../../checkers/tables/printed-token';
import { findPrintedTables } from '../../checkers/tables/printed';

const OLD_DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const MB = 1 << 20;

/** The scanner on `s`, counting how many times each position is read. */
function countedScan(s: string): { result: boolean; reads: number; maxPerChar: number } {
  const perChar = new Uint8Array(s.length);
  let reads = 0;
  const result = scanDecimal(s.length, (i) => {
    reads++;
    perChar[i] = (perChar[i] ?? 0) + 1;
    return s.charCodeAt(i);
  });
  return { result, reads, maxPerChar: perChar.reduce((a, b) => Math.max(a, b), 0) };
}

describe('printed numbers are scanned in linear time (issue 24, finding 8)', () => {
  const hostile = [
    '1'.repeat(MB) + 'x',
    '1'.repeat(MB) + '.' + '2'.repeat(MB) + 'e',
    '-' + '9'.repeat(MB) + '.' + '9'.repeat(MB) + 'e+' + '1'.repeat(MB) + '%',
    '.' + '5'.repeat(MB) + ',',
    '7'.repeat(MB),
  ];

  it('reads each character of a megabyte digit run at most once', () => {
    for (const s of hostile) {
      const { reads, maxPerChar } = countedScan(s);
      expect(maxPerChar).toBeLessThanOrEqual(1);
      expect(reads).toBeLessThanOrEqual(s.length);
    }
  });

  it("gives the old expression's answer on the hostile tokens (decided by their last characters)", () => {
    expect(hostile.map(isPrintedNumber)).toEqual([false, false, false, false, true]);
  });

  it('the table reader finishes on a line holding one 1 MB token (the vitest timeout is the only limit)', () => {
    const text = ['k ratio', '1 2.5', '2 ' + '3'.repeat(MB) + 'x', '4 ' + '5'.repeat(MB)].join('\n');
    const found = findPrintedTables(text);
    expect(found).toBeDefined();
  });

  it('agrees with the old expression on random short tokens (fast-check)', () => {
    const alphabet = fc.constantFrom('0', '1', '9', '.', 'e', 'E', '+', '-', 'x', ' ', '_', ',');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 12 }), (chars) => {
        const s = chars.join('');
        expect(countedScan(s).result).toBe(OLD_DECIMAL.test(s));
      }),
      { numRuns: 5000, seed: 24_08 },
    );
  });

  it('keeps the documented edge cases', () => {
    const yes = ['16', '-3.8726', '.5', '2.', '3.2e-05', '1E+10', '+0', '-.5e3', 'nan', '-Infinity', 'Inf'];
    const no = ['', '.', '+', '-', 'e5', '1e', '1e+', '1,234', '1_234', '3.0s', '14.7%', '0x1f', '1..2', '1.2.3', '٣'];
    for (const t of yes) expect(isPrintedNumber(t), t).toBe(true);
    for (const t of no) expect(isPrintedNumber(t), t).toBe(false);
  });
});
