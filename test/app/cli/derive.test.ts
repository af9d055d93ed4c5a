// `--derive 'NAME = EXPR'` on `recheck extract` and `recheck fit`, in process through the CLI entry: derived
// cells against Python's Fraction (exact values, and their 20-digit half-even rounding by Python's decimal
// module), the sidecar's record, a fit of a derived column identical to a fit of the oracle's column written
// out, rounded cells marked (also when read from a rounded derived cell), and bad derivations as exit 2 naming
// the file and the line.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { copyCase, tempDir } from '../../helpers/temp-case';
import { PYTHON, pythonModules } from '../../helpers/required';
import { sha256 } from '../../../app/fs/hash';

const missing = pythonModules(['fractions', 'decimal']);
const ROOT = resolve(import.meta.dirname, '../../..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'printed', 'paging-printed');

/**
 * Per table: for each row, "p/q d t" of ratio - H(k) and of ratio * k / 8: the exact value, its 20-digit
 * half-even rounding, and 1 when that decimal is the exact value.
 */
const ORACLE = String.raw`
import json, sys, decimal
from fractions import Fraction as F
ctx = decimal.Context(prec=20, rounding=decimal.ROUND_HALF_EVEN)
def H(n): return sum(F(1, j) for j in range(1, n + 1))
def cell(x):
    d = ctx.divide(decimal.Decimal(x.numerator), decimal.Decimal(x.denominator))
    return '%d/%d %s %d' % (x.numerator, x.denominator, d, int(F(d) == x))
out = []
for rows in json.load(sys.stdin):
    out.append([[cell(F(r) - H(int(k))), cell(F(r) * int(k) / 8)] for k, r in rows])
print(json.dumps(out))
`;

/** A sweep-like table: k = 2, 4, ..., 2^m and a decimal ratio per row. */
const table = fc
  .tuple(fc.integer({ min: 6, max: 10 }), fc.array(fc.tuple(fc.nat(20), fc.nat(9999)), { minLength: 10, maxLength: 10 }))
  .map(([m, cells]) =>
    Array.from({ length: m }, (_, i) => [String(2 ** (i + 1)), `${cells[i]![0] + i}.${cells[i]![1]}`] as [string, string]),
  );

const root = tempDir();
let tables: Array<Array<[string, string]>> = [];
let reference: string[][][] = [];
beforeAll(() => {
  tables = fc.sample(table, { seed: 2026_12_02, numRuns: 12 });
  if (missing === '') {
    const r = spawnSync(PYTHON, ['-c', ORACLE], { input: JSON.stringify(tables), encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`Fraction oracle failed: ${r.stderr}`);
    reference = JSON.parse(r.stdout) as string[][][];
  }
});

const csvOf = (header: string[], rows: string[][]) => `${[header, ...rows].map((r) => r.join(',')).join('\n')}\n`;

describe.skipIf(missing !== '')('recheck fit --derive', () => {
  it('12 random sweeps: the fit of a derived column is the fit of the oracle’s column; the report says which cells are exact', async () => {
    for (const [t, rows] of tables.entries()) {
      const want = reference[t]!;
      writeFileSync(join(root, 'in.csv'), csvOf(['k', 'ratio'], rows));
      // The oracle's columns written out: its 20-digit roundings (what a CSV cell can hold).
      const oracleRows = rows.map((r, i) => [...r, want[i]![0]!.split(' ')[1]!, want[i]![1]!.split(' ')[1]!]);
      writeFileSync(join(root, 'oracle.csv'), csvOf(['k', 'ratio', 'additive', 'scaled'], oracleRows));
      const derived = await cli(
        [
          'fit',
          'in.csv',
          '--x',
          'k',
          '--y',
          'additive',
          '--se',
          'scaled',
          '--derive',
          'additive = ratio - H_k',
          '--derive',
          'scaled = ratio * k / 8',
          '--json',
        ],
        root,
      );
      expect([derived.code, derived.stderr]).toEqual([0, '']);
      const plain = await cli(['fit', 'oracle.csv', '--x', 'k', '--y', 'additive', '--se', 'scaled', '--json'], root);
      expect(plain.code).toBe(0);
      const { file: _a, derived: records, ...a } = JSON.parse(derived.stdout);
      const { file: _b, ...b } = JSON.parse(plain.stdout);
      expect(a).toEqual(b);
      // Exact where the oracle's decimal is the whole value (it terminates within 20 digits), else rounded.
      const terminates = (j: number) => want.filter((c) => c[j]!.split(' ')[2] === '1').length;
      expect(records).toEqual([
        {
          name: 'additive',
          expression: 'ratio - H_k',
          inputs: ['ratio', 'k'],
          digits: 20,
          exactCells: terminates(0),
          roundedCells: rows.length - terminates(0),
        },
        { name: 'scaled', expression: 'ratio * k / 8', inputs: ['ratio', 'k'], digits: 20, exactCells: rows.length, roundedCells: 0 },
      ]);
      const text = await cli(
        ['fit', 'in.csv', '--x', 'k', '--y', 'additive', '--derive', 'additive = ratio - H_k', '--derive-digits', '30'],
        root,
      );
      expect(text.stdout).toContain(
        `derived: additive = ratio - H_k (from ratio, k; not exact in ${rows.length - 1} of ${rows.length} rows: correctly rounded to 30 digits, or read from such a cell)\n`,
      );
    }
  });
});

describe('recheck fit --derive: bad input', () => {
  it('exit 2, one line naming the file and the line of the row; usage errors for the flags', async () => {
    writeFileSync(join(root, 'bad.csv'), 'k,ratio,H_k\n2,1.6,1.5\n4,2.2,x\n8,2.9,2.7\n');
    const cases: Array<[string[], RegExp]> = [
      [['--derive', 'd = ratio / (k - 4)'], /^recheck: bad\.csv: line 3: derived column "d" \(ratio \/ \(k - 4\)\): division by zero/],
      [
        ['--derive', 'd = `H_k` - 1'],
        /^recheck: bad\.csv: line 3: derived column "d" \(`H_k` - 1\): column "H_k" holds "x", not a finite decimal number/,
      ],
      [
        ['--derive', 'd = nope + 1'],
        /^recheck: bad\.csv: derived column "d" \(nope \+ 1\): unknown column "nope" \(columns: "k", "ratio", "H_k"\)/,
      ],
      [['--derive', 'd = ratio - H_k'], /"H_k" is both a column and the harmonic number H\(k\)/],
      [['--derive', 'k = ratio'], /the table already has a column "k"/],
      [['--derive', 'just text'], /^recheck: --derive: "just text": expected NAME = EXPRESSION/],
      [['--derive', 'd = ratio', '--derive-digits', '0'], /--derive-digits must be an integer from 1 to 1000/],
      [['--derive-digits', '5'], /--derive-digits applies only with --derive/],
    ];
    for (const [extra, message] of cases) {
      const r = await cli(['fit', 'bad.csv', '--x', 'k', '--y', 'd', ...extra], root);
      expect([r.code, r.stdout, r.stderr.trim().split('\n').length], extra.join(' ')).toEqual([2, '', 1]);
      expect(r.stderr, extra.join(' ')).toMatch(message);
    }
  });
});

describe('recheck extract --derive', () => {
  const pp = copyCase(FIXTURE, root, 'pp');

  it('appends the derived columns after the printed ones, exact from the printed strings, and records them in the sidecar and the audit', async () => {
    const r = await cli(
      [
        'extract',
        'pp',
        '--cell',
        'cell_sweep_kv',
        '--out',
        'pp/sandbox/d.csv',
        '--derive',
        'gap = ratio - `H_k` - additive',
        '--derive',
        'exactH = ratio - H(k)',
        '--derive',
        'again = exactH + 0',
        '--derive-digits',
        '8',
        '--who',
        'tester',
      ],
      root,
    );
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('derived: gap = ratio - `H_k` - additive (from ratio, H_k, additive; exact in all 10 rows)\n');
    // H(2) = 3/2 is exact; H(4), ... are not decimals: rounded to 8 digits, and `again` reads them.
    expect(r.stdout).toContain(
      'derived: exactH = ratio - H(k) (from ratio, k; not exact in 9 of 10 rows: correctly rounded to 8 digits, or read from such a cell)\n',
    );
    expect(r.stdout).toContain('derived: again = exactH + 0 (from exactH; not exact in 9 of 10 rows');
    const csv = readFileSync(join(pp, 'sandbox', 'd.csv'), 'utf8')
      .trim()
      .split('\n');
    expect(csv[0]).toBe('k,H_k,ratio,additive,se,gap,exactH,again');
    // The logbook printed additive = ratio - H_k to 4 digits: its own rows agree exactly (gap 0) or by 1e-4.
    for (const line of csv.slice(1)) {
      const [k, hk, ratio, additive, , gap, exactH, again] = line.split(',') as string[];
      expect(Decimal(ratio!).minus(hk!).minus(additive!).eq(gap!), line).toBe(true);
      let h = new Decimal(0);
      for (let j = 1; j <= Number(k); j++) h = h.plus(Decimal(1).div(j));
      expect(Decimal(exactH!).minus(Decimal(ratio!).minus(h)).abs().lte(Decimal(exactH!).abs().times('5e-8')), line).toBe(true);
      expect(again, line).toBe(exactH);
    }
    const prov = JSON.parse(readFileSync(join(pp, 'sandbox', 'd.csv.provenance.json'), 'utf8'));
    expect(prov.table.columns).toEqual(['k', 'H_k', 'ratio', 'additive', 'se']);
    expect(prov.csv.sha256).toBe(sha256(`${csv.join('\n')}\n`));
    expect(prov.derived).toEqual([
      {
        name: 'gap',
        expression: 'ratio - `H_k` - additive',
        inputs: ['ratio', 'H_k', 'additive'],
        digits: 8,
        exactCells: 10,
        roundedCells: 0,
      },
      { name: 'exactH', expression: 'ratio - H(k)', inputs: ['ratio', 'k'], digits: 8, exactCells: 1, roundedCells: 9 },
      { name: 'again', expression: 'exactH + 0', inputs: ['exactH'], digits: 8, exactCells: 1, roundedCells: 9 },
    ]);
    const audit = JSON.parse(readFileSync(join(pp, 'audit.jsonl'), 'utf8').trim().split('\n').at(-1)!);
    expect(audit.details.derived).toEqual(['gap = ratio - `H_k` - additive', 'exactH = ratio - H(k)', 'again = exactH + 0']);
    // Without --derive the sidecar has no derived key (sidecars written before it stay as they were).
    await cli(['extract', 'pp', '--cell', 'cell_sweep_kv', '--out', 'plain.csv'], root);
    expect(JSON.parse(readFileSync(join(root, 'plain.csv.provenance.json'), 'utf8'))).not.toHaveProperty('derived');
  });

  it('a bad derivation: exit 2 naming the cell and the block line of the row, nothing written', async () => {
    const r = await cli(['extract', 'pp', '--cell', 'cell_sweep_kv', '--out', 'bad-out.csv', '--derive', 'd = ratio / (k - 8)'], root);
    expect([r.code, r.stdout]).toEqual([2, '']);
    // k = 8 is the third row, printed on block line 6.
    expect(r.stderr).toBe(
      'recheck: pp: cell cell_sweep_kv block 3 (output): line 6: derived column "d" (ratio / (k - 8)): division by zero (at character 7 of "ratio / (k - 8)")\n',
    );
    expect(() => readFileSync(join(root, 'bad-out.csv'))).toThrow();
    const list = await cli(['extract', 'pp', '--cell', 'cell_sweep_kv', '--list', '--derive', 'd = k'], root);
    expect([list.code, list.stderr]).toEqual([
      2,
      'recheck: extract: --derive applies when writing (--out), not to --list (see recheck help extract)\n',
    ]);
  });
});
