// Printed tables: hand-written outputs in each style with their expected cells, the rules for what is not a
// table, elisions, picking, and the doc-comment examples of checkers/tables.
import { describe, it, expect } from 'vitest';
import { findPrintedTables, pickPrintedTable } from '../../../checkers/tables/printed';
import { NoTableError } from '../../../checkers/tables/printed-table';
import { isNonFinite, isPrintedName, isPrintedNumber } from '../../../checkers/tables/printed-token';
import { parseKeyValueLine } from '../../../checkers/tables/key-value-line';
import { headerNames, isRuleLine, numberFields } from '../../../checkers/tables/aligned-line';
import { delimiterColumns, markdownCells } from '../../../checkers/tables/markdown-line';
import { CheckerError } from '../../../checkers/errors';

const cells = (text: string, n = 0) => findPrintedTables(text).tables[n]?.rows.map((r) => r.cells);

describe('printed numbers and names', () => {
  it('reads the numbers Python prints and nothing else', () => {
    for (const t of [
      '16',
      '-3.8726',
      '+2',
      '.5',
      '2.',
      '3.2e-05',
      '1E+10',
      '0.0',
      'nan',
      'inf',
      '-inf',
      'NaN',
      'Infinity',
      '-Infinity',
      'Inf',
    ])
      expect(isPrintedNumber(t), t).toBe(true);
    for (const t of ['1,234', '1_234', '3.0s', '14.7%', '0x1f', '1e', 'e5', '--1', '1.2.3', '', 'infinite', 'nanx', '½', '١٢'])
      expect(isPrintedNumber(t), t).toBe(false);
    expect(isNonFinite('-inf')).toBe(true);
    expect(isNonFinite('1e999')).toBe(false);
  });

  it('names: letters of any script, not numbers', () => {
    for (const t of ['k', 'H_k', 'val/loss', 'top-1', 'λ', 'x[0]', 'acc%', '_n']) expect(isPrintedName(t), t).toBe(true);
    for (const t of ['inf', 'NaN', '1k', '-k', 'a:b', 'a=b', '']) expect(isPrintedName(t), t).toBe(false);
  });
});

describe('line shapes (doc examples)', () => {
  it('key-value lines', () => {
    expect(parseKeyValueLine('k: 16, ratio: 3.87')).toEqual({ keys: ['k', 'ratio'], values: ['16', '3.87'] });
    expect(parseKeyValueLine('n=1,234')).toBeNull();
    expect(parseKeyValueLine('k=16 ratio=3.8726 H_k=3.3807')).toEqual({ keys: ['k', 'ratio', 'H_k'], values: ['16', '3.8726', '3.3807'] });
    expect(parseKeyValueLine('k = 16 ; ratio = -inf')).toEqual({ keys: ['k', 'ratio'], values: ['16', '-inf'] });
    expect(parseKeyValueLine("{'k': 16, 'ratio': 3.8726, 'mode': 'train'}")).toEqual({
      keys: ['k', 'ratio', 'mode'],
      values: ['16', '3.8726', "'train'"],
    });
    expect(parseKeyValueLine('step 0 loss 1.000000 lr 0.001000')).toEqual({
      keys: ['step', 'loss', 'lr'],
      values: ['0', '1.000000', '0.001000'],
    });
    expect(parseKeyValueLine('x=1 x=2')).toEqual({ problem: 'key "x" appears twice on the line' });
    // Not pairs: text around them, a label, a sentence, no number at all, a single alternating pair.
    for (const line of [
      'epoch 3: loss=0.2',
      '2026-01-01 12:00:00 k=16',
      'eval: k=16 ratio=4.1',
      'ratio method/baseline = 2.00',
      'Result: falsified',
      'epoch 1',
      'k=16 ratio=3.8 done',
      'Using 4 GPUs and 2 nodes',
      '',
    ]) {
      expect(parseKeyValueLine(line), line).toBeNull();
    }
  });

  it('aligned columns and Markdown', () => {
    expect(headerNames('   k    ratio   H_k')).toEqual(['k', 'ratio', 'H_k']);
    expect(headerNames('# k ratio')).toEqual(['k', 'ratio']);
    expect(headerNames('k 16')).toBeNull();
    expect(headerNames('k k')).toBeNull();
    expect(headerNames('loss')).toBeNull();
    expect(numberFields('  16  3.8726  nan')).toEqual(['16', '3.8726', 'nan']);
    expect(numberFields('1,234 5')).toBeNull();
    expect(isRuleLine('---  ------')).toBe(true);
    expect(isRuleLine('--')).toBe(false);
    expect(markdownCells('| 16 | 3.87 |')).toEqual(['16', '3.87']);
    expect(markdownCells('a \\| b | c')).toEqual(['a | b', 'c']);
    expect(markdownCells('no pipe')).toBeNull();
    expect(delimiterColumns('|---|:--:|')).toBe(2);
    expect(delimiterColumns('---')).toBeNull();
  });
});

describe('findPrintedTables', () => {
  it('key=value lines with the same keys form one table, wherever they sit (doc example)', () => {
    expect(findPrintedTables('k=2 ratio=1.5\nk=4 ratio=2.25').tables[0]?.rows[1]?.cells).toEqual(['4', '2.25']);
    const text = [
      'sweeping k=2',
      'k=2 ratio=1.9048 H_k=1.5000',
      'train loss 0.3',
      'k: 4, ratio: 3.1548, H_k: 2.0833',
      'k=8 ratio=4.5238 H_k=2.7179',
      'done',
    ].join('\n');
    const found = findPrintedTables(text);
    expect(found.tables).toHaveLength(1);
    const t = found.tables[0]!;
    expect(t).toMatchObject({
      style: 'key-value',
      columns: ['k', 'ratio', 'H_k'],
      headerLine: null,
      firstLine: 2,
      lastLine: 5,
      numeric: [true, true, true],
      truncated: false,
    });
    expect(t.rows).toEqual([
      { line: 2, cells: ['2', '1.9048', '1.5000'] },
      { line: 4, cells: ['4', '3.1548', '2.0833'] },
      { line: 5, cells: ['8', '4.5238', '2.7179'] },
    ]);
    expect(found.skipped.map((s) => s.line)).toEqual([1, 3, 6]);
  });

  it('a key set printed once is skipped, named; two key sets are two tables', () => {
    const found = findPrintedTables('train loss=0.5\nloss=0.5 acc=0.9\nloss=0.4 acc=0.92\nval_loss=0.6\nlr=1e-3 wd=0\nlr=5e-4 wd=0\n');
    expect(found.tables.map((t) => t.columns)).toEqual([
      ['loss', 'acc'],
      ['lr', 'wd'],
    ]);
    expect(found.tables[1]?.rows.map((r) => r.cells)).toEqual([
      ['1e-3', '0'],
      ['5e-4', '0'],
    ]);
    expect(found.skipped.find((s) => s.line === 4)?.reason).toBe('key-value line whose keys (val_loss) appear on no other line');
  });

  it('whitespace-aligned columns under a header, with a rule line and an elided-free end', () => {
    const text = [
      'results',
      '     k      ratio        H_k',
      '------ ---------- ----------',
      '     2     1.9048     1.5000',
      '  1024    12.1081  7.509e+00',
      '     8       -inf        nan',
      'time per point: 1,234 ms',
    ].join('\n');
    const found = findPrintedTables(text);
    expect(found.tables).toHaveLength(1);
    expect(found.tables[0]).toMatchObject({ style: 'columns', columns: ['k', 'ratio', 'H_k'], headerLine: 2, firstLine: 2, lastLine: 6 });
    expect(cells(text)).toEqual([
      ['2', '1.9048', '1.5000'],
      ['1024', '12.1081', '7.509e+00'],
      ['8', '-inf', 'nan'],
    ]);
    expect(found.skipped.map((s) => [s.line, s.reason])).toEqual([
      [1, 'not key=value pairs, a header or row of columns, or a Markdown table row'],
      [7, 'holds a number with a thousands separator (1,234 or 1_234), which is not read as a number'],
    ]);
  });

  it('print(df): a leading integer index becomes the column "index"', () => {
    const df = '      k   ratio\n0     2  1.9048\n1     4  3.1548\n2     8  4.5238\n\n[3 rows x 2 columns]';
    const found = findPrintedTables(df);
    expect(found.tables[0]?.columns).toEqual(['index', 'k', 'ratio']);
    expect(cells(df)).toEqual([
      ['0', '2', '1.9048'],
      ['1', '4', '3.1548'],
      ['2', '8', '4.5238'],
    ]);
  });

  it('a row with a thousands separator or a unit ends a columns table; numbers with no header are skipped', () => {
    const text = 'k ratio\n2 1.5\n4 1,234\n8 2.5';
    const found = findPrintedTables(text);
    expect(cells(text)).toEqual([['2', '1.5']]);
    expect(found.skipped.map((s) => s.line)).toEqual([3, 4]);
    expect(found.skipped[1]?.reason).toBe('numbers with no header line of names right above them');
  });

  it('Markdown tables keep text cells and skip rows with another cell count', () => {
    const text = [
      '| method | time (s) | note |',
      '|:--|--:|---|',
      '| ours | 0.06 | a \\| b |',
      '| baseline | 1.5 |',
      '| big | 1,234 | "q" |',
      '',
      'after',
    ].join('\n');
    const found = findPrintedTables(text);
    expect(found.tables).toHaveLength(1);
    const t = found.tables[0]!;
    expect(t).toMatchObject({
      style: 'markdown',
      columns: ['method', 'time (s)', 'note'],
      headerLine: 1,
      lastLine: 5,
      numeric: [false, false, false],
    });
    expect(t.rows.map((r) => [r.line, ...r.cells])).toEqual([
      [3, 'ours', '0.06', 'a | b'],
      [5, 'big', '1,234', '"q"'],
    ]);
    expect(found.skipped.find((s) => s.line === 4)?.reason).toBe('a Markdown row with 2 cells; its table (line 1) has 3');
  });

  it('the paging-robustness write-up table', () => {
    const md =
      '| k  | H_k   | ratio | additive (ratio - H_k) |\n|----|-------|-------|------------------------|\n| 2  | 1.500 | 1.905 | 0.405                  |\n| 16 | 3.381 | 5.536 | 2.155                  |';
    const t = findPrintedTables(md).tables[0]!;
    expect(t.columns).toEqual(['k', 'H_k', 'ratio', 'additive (ratio - H_k)']);
    expect(t.rows.map((r) => r.cells)).toEqual([
      ['2', '1.500', '1.905', '0.405'],
      ['16', '3.381', '5.536', '2.155'],
    ]);
    expect(t.numeric).toEqual([true, true, true, true]);
  });

  it('CRLF line ends and a final line break change nothing', () => {
    expect(cells('k=1 y=2\r\nk=2 y=3\r\n')).toEqual([
      ['1', '2'],
      ['2', '3'],
    ]);
    expect(findPrintedTables('k=1 y=2\nk=2 y=3\n').lineCount).toBe(2);
  });
});

describe('elided outputs', () => {
  // Trackio's form: the first 2,000 characters, the marker, the last 18,000 (shortened here).
  const elided = (head: string, tail: string) => `${head}\n... [5000 chars elided] ...\n${tail}`;

  it('never reads the lines cut by the elision, and marks a key-value table truncated', () => {
    const text = elided('step 0 loss 1.0\nstep 1 loss 0.5\nstep 2 lo', '2 loss 0.01\nstep 99 loss 0.010');
    const found = findPrintedTables(text);
    expect(found.elisions).toEqual([{ line: 4, chars: 5000 }]);
    expect(found.tables).toHaveLength(1);
    expect(found.tables[0]?.truncated).toBe(true);
    expect(found.tables[0]?.rows.map((r) => r.line)).toEqual([1, 2, 6]);
    expect(found.skipped.map((s) => [s.line, s.reason])).toEqual([
      [3, 'cut by the elision at line 4 (only part of this line was kept)'],
      [5, 'cut by the elision at line 4 (only part of this line was kept)'],
    ]);
  });

  it('a cut row that would look whole is not taken ("12 3.5 4.25" cut to "2 3.5 4.25")', () => {
    const found = findPrintedTables(elided('a b c\n1 1.5 2.25\n1', '2 3.5 4.25\n13 3.75 4.5'));
    expect(found.tables[0]?.rows.map((r) => r.cells)).toEqual([
      ['1', '1.5', '2.25'],
      ['13', '3.75', '4.5'],
    ]);
    expect(found.tables[0]?.truncated).toBe(true);
  });

  it('a header-anchored table wholly before or after the elision is whole', () => {
    const after = findPrintedTables(elided('noise', 'tail noise\nk ratio\n2 1.5\n4 2.5'));
    expect(after.tables[0]).toMatchObject({ style: 'columns', truncated: false, headerLine: 4 });
    const before = findPrintedTables(elided('k ratio\n2 1.5\ndone\nmore noise', 'tail'));
    expect(before.tables[0]).toMatchObject({ truncated: false, lastLine: 2 });
    // Rows running up to the elision: the table goes on after it and may be missing rows.
    const across = findPrintedTables(elided('k ratio\n2 1.5\n4 2.', '3.5\n16 4.5\n32 5.5'));
    expect(across.tables[0]).toMatchObject({ truncated: true });
    expect(across.tables[0]?.rows.map((r) => r.cells[0])).toEqual(['2', '16', '32']);
  });

  it('a cut at a line boundary (blank line before the marker) still marks the table truncated', () => {
    // Both cuts fell on line ends: the blank lines around the marker are Trackio's, and the rows go on.
    const found = findPrintedTables('k ratio\n2 1.5\n4 2.5\n\n... [10 chars elided] ...\n\n8 3.5');
    expect(found.tables[0]).toMatchObject({ truncated: true });
    expect(found.tables[0]?.rows.map((r) => r.line)).toEqual([2, 3, 7]);
    expect(found.skipped).toEqual([]);
  });
});

describe('pickPrintedTable and NoTableError', () => {
  const two = 'k=1 y=2\nk=2 y=3\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| 5 | 6 |';

  it('the one asked for, the only one, or the one with most rows (doc example)', () => {
    expect(pickPrintedTable(findPrintedTables('| k |\n|---|\n| 2 |')).table.columns).toEqual(['k']);
    const found = findPrintedTables(two);
    expect(pickPrintedTable(found)).toMatchObject({ number: 2, by: 'most-rows' });
    expect(pickPrintedTable(found, 1)).toMatchObject({ number: 1, by: 'asked' });
    expect(pickPrintedTable(findPrintedTables('k=1 y=2\nk=2 y=3'))).toMatchObject({ number: 1, by: 'only' });
  });

  it('is a typed error with its counts when there is no table or no such table', () => {
    const none = findPrintedTables('hello\n\nworld 1\nk=1 only once');
    try {
      pickPrintedTable(none);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(NoTableError);
      expect(err).toBeInstanceOf(CheckerError);
      expect(err).toMatchObject({ found: 0, asked: null, lineCount: 4, skippedCount: 3 });
      expect((err as Error).message).toMatch(/^recheck\.no-table: no printed table in 4 lines \(3 non-blank lines fit none\)/);
    }
    expect(() => pickPrintedTable(findPrintedTables(two), 3)).toThrow(/table 3 asked, but the text holds 2 tables/);
    expect(() => pickPrintedTable(findPrintedTables(''))).toThrow(NoTableError);
  });
});
