// Round trip: a random table of printed numbers, printed in each of the three styles (and their variants)
// among unrelated log lines, is found again with the same columns and the same strings, cell for cell.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { findPrintedTables } from '../../../checkers/tables/printed';

const LETTER = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_λ';
const REST = `${LETTER}0123456789_./-`;
const name = fc
  .tuple(fc.constantFrom(...LETTER), fc.array(fc.constantFrom(...REST), { maxLength: 7 }))
  .map(([a, b]) => a + b.join(''))
  .filter((n) => !/^(nan|inf|infinity)$/i.test(n));

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
const sign = fc.constantFrom('', '-', '+');
const printedNumber = fc.oneof(
  fc.tuple(sign, digits(1, 6)).map(([s, d]) => s + d),
  fc.tuple(sign, digits(1, 4), digits(1, 8)).map(([s, a, b]) => `${s}${a}.${b}`),
  fc
    .tuple(sign, digits(1, 1), digits(0, 6), fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), digits(1, 3))
    .map(([s, a, b, e, es, x]) => `${s}${a}${b ? `.${b}` : ''}${e}${es}${x}`),
  fc.tuple(sign, digits(1, 5)).map(([s, d]) => `${s}.${d}`),
  fc.constantFrom('nan', 'inf', '-inf', 'NaN', 'Infinity', '-Infinity'),
);
/** A Markdown cell may be text: no line break, trimmed, pipes written as \|. */
const markdownText = fc
  .string({ maxLength: 12 })
  .map((s) => s.replace(/[\r\n\u2028\u2029\\]/g, ' ').trim())
  .filter((s) => s === s.trim());

const table = (cell: fc.Arbitrary<string>) =>
  fc.integer({ min: 2, max: 6 }).chain((cols) =>
    fc.record({
      columns: fc.uniqueArray(name, { minLength: cols, maxLength: cols }),
      rows: fc.array(fc.array(cell, { minLength: cols, maxLength: cols }), { minLength: 2, maxLength: 8 }),
    }),
  );

const NOISE_BEFORE = ['starting the sweep...', '', 'Loading data from /tmp/x'];
const NOISE_AFTER = ['', 'done.', 'time per point: 1,234 ms'];

function keyValue(t: { columns: string[]; rows: string[][] }, style: number, noiseEvery: boolean): string {
  const lines = t.rows.flatMap((row) => {
    const pairs = t.columns.map((c, i) => [c, row[i] as string] as const);
    const line = [
      () => pairs.map(([k, v]) => `${k}=${v}`).join(' '),
      () => pairs.map(([k, v]) => `${k} = ${v}`).join(', '),
      () => pairs.map(([k, v]) => `${k}: ${v}`).join(', '),
      () => `{${pairs.map(([k, v]) => `'${k}': ${v}`).join(', ')}}`,
      () => pairs.map(([k, v]) => `${k} ${v}`).join('   '),
    ][style]!();
    return noiseEvery ? ['evaluating the next point', line] : [line];
  });
  return [...NOISE_BEFORE, ...lines, ...NOISE_AFTER].join('\n');
}

function columns(t: { columns: string[]; rows: string[][] }, hash: boolean, rule: boolean): string {
  const width = Math.max(...t.columns.map((c) => c.length), ...t.rows.flat().map((c) => c.length)) + 2;
  const line = (cells: string[]) => cells.map((c) => c.padStart(width)).join('');
  return [
    ...NOISE_BEFORE,
    `${hash ? '#' : ''}${line(t.columns)}`,
    ...(rule ? [line(t.columns.map(() => '-'.repeat(width - 2)))] : []),
    ...t.rows.map(line),
    ...NOISE_AFTER,
  ].join('\n');
}

function markdown(t: { columns: string[]; rows: string[][] }, outerPipes: boolean): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const line = (cells: string[]) => (outerPipes ? `| ${cells.map(esc).join(' | ')} |` : cells.map(esc).join(' | '));
  return [
    ...NOISE_BEFORE,
    line(t.columns),
    line(t.columns.map((_, i) => (i % 2 === 0 ? '---' : ':--:'))),
    ...t.rows.map(line),
    ...NOISE_AFTER,
  ].join('\n');
}

function expectSame(text: string, t: { columns: string[]; rows: string[][] }, style: string): void {
  const found = findPrintedTables(text);
  expect(found.tables, text).toHaveLength(1);
  expect(found.tables[0]?.style).toBe(style);
  expect(found.tables[0]?.columns).toEqual(t.columns);
  expect(found.tables[0]?.rows.map((r) => r.cells)).toEqual(t.rows);
}

describe('printed tables round-trip', () => {
  it('key-value lines in five forms, with or without other lines between them', () => {
    fc.assert(
      fc.property(table(printedNumber), fc.integer({ min: 0, max: 4 }), fc.boolean(), (t, style, noise) =>
        expectSame(keyValue(t, style, noise), t, 'key-value'),
      ),
      { numRuns: 300, seed: 101 },
    );
  });

  it('whitespace-aligned columns, with or without # and a rule line', () => {
    fc.assert(
      fc.property(table(printedNumber), fc.boolean(), fc.boolean(), (t, hash, rule) => expectSame(columns(t, hash, rule), t, 'columns')),
      { numRuns: 300, seed: 102 },
    );
  });

  it('Markdown tables, numbers or text (with escaped pipes), with or without outer pipes', () => {
    fc.assert(
      fc.property(
        table(fc.oneof(printedNumber, markdownText)).filter((t) => t.columns.length > 1),
        fc.boolean(),
        (t, outer) => {
          // Without outer pipes an empty first or last cell cannot be written (GFM reads its pipe as the outer one).
          fc.pre(outer || t.rows.every((r) => r[0] !== '' && r[r.length - 1] !== ''));
          expectSame(markdown(t, outer), t, 'markdown');
        },
      ),
      { numRuns: 300, seed: 103 },
    );
  });
});
