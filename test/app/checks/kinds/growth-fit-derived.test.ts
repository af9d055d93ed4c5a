// Issue 20, item 6: a growth-fit check declares a derived column (`derive: ['additive = ratio - `H_k`']`) and
// fits it, computed by the code `recheck fit --derive` uses; it decides exactly as the same check on a table whose
// additive column was derived beforehand (by Python's decimal, an independent exact subtraction), with the same
// numbers. The evidence records the expression and whether every cell is exact. Bad expressions are refused when
// the check is added (one line naming the kind, the param and the derived column) and are bad input at run time.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { growthFitKind, type GrowthFitParams } from '../../../../app/checks/kinds/growth-fit';
import { growthFitWords } from '../../../../app/checks/kinds/growth-fit.words';
import { hypothesisTestKind } from '../../../../app/checks/kinds/hypothesis-test';
import { hypothesisTestWords } from '../../../../app/checks/kinds/hypothesis-test.words';
import { metricClaimKind } from '../../../../app/checks/kinds/metric-claim';
import { addCheck } from '../../../../app/cases/edit';
import { createCheckRegistry } from '../../../../app/checks/registry';
import { builtinCheckKinds } from '../../../../app/checks/kinds/index';
import { BadInputError } from '../../../../app/errors';
import { makeTestContext } from '../../../helpers/check-context';
import { tempDir, writeMinimalCase } from '../../../helpers/temp-case';
import { fixedKind } from '../../../helpers/fake-kinds';
import { PYTHON, pythonModules } from '../../../helpers/required';
import type { DerivedColumnEvidence } from '../../../../app/checks/kinds/derived-columns';

const python = pythonModules(['decimal']);
const ks = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];

/** ratio = H_k + 0.4 ln k + a small wobble, printed with 8 decimals; H_k printed with 8 decimals (a logbook's table). */
function rawTable(): string {
  const h = (k: number) => Array.from({ length: k }, (_, i) => 1 / (i + 1)).reduce((a, b) => a + b, 0);
  const rows = ks.map((k, i) => {
    const hk = h(k);
    const ratio = hk + 0.4 * Math.log(k) + 0.01 * Math.sin(3 * i);
    return `${k},${ratio.toFixed(8)},${hk.toFixed(8)}`;
  });
  return `k,ratio,H_k\n${rows.join('\n')}\n`;
}

describe.skipIf(python !== '')('growth-fit with a derived column', () => {
  const dir = tempDir();
  const raw = rawTable();
  let derivedBefore = '';
  beforeAll(() => {
    writeFileSync(join(dir, 'raw.csv'), raw);
    // The oracle: the same subtraction in Python's decimal (exact for these 8-decimal numbers).
    derivedBefore = execFileSync(
      PYTHON,
      [
        '-c',
        [
          'import sys, csv',
          'from decimal import Decimal, getcontext',
          'getcontext().prec = 50',
          'rows = list(csv.DictReader(sys.stdin))',
          'print("k,additive")',
          'for r in rows: print(r["k"] + "," + str(Decimal(r["ratio"]) - Decimal(r["H_k"])))',
        ].join('\n'),
      ],
      { input: raw, encoding: 'utf8' },
    );
    writeFileSync(join(dir, 'derived.csv'), derivedBefore);
  });

  it('decides as the check on a pre-derived table does, with the same numbers, and records the expression as exact', async () => {
    const onRaw: GrowthFitParams = { table: 'raw.csv', derive: ['additive = ratio - `H_k`'], x: 'k', y: 'additive' };
    const a = await growthFitKind.run(onRaw, makeTestContext(dir));
    const b = await growthFitKind.run({ table: 'derived.csv', x: 'k', y: 'additive' }, makeTestContext(dir));
    expect(a.outcome).toBe(b.outcome);
    expect(a.guarantee).toEqual(b.guarantee);
    // The same numbers fitted: the data hash the gates compare, the points, every law's fit and the conclusion.
    expect(a.dataSha256).toBe(b.dataSha256);
    expect(a.evidence.points).toEqual(b.evidence.points);
    expect(a.evidence.models).toEqual(b.evidence.models);
    expect(a.evidence.conclusion).toEqual(b.evidence.conclusion);
    expect(a.summary.startsWith(b.summary)).toBe(true);
    expect(a.summary.slice(b.summary.length)).toBe(' Derived: additive = ratio - `H_k` (from ratio, H_k; exact in all 10 rows).');
    const derived = a.evidence.derived as DerivedColumnEvidence[];
    expect(derived).toEqual([
      {
        name: 'additive',
        expression: 'ratio - `H_k`',
        inputs: ['ratio', 'H_k'],
        digits: 20,
        exactCells: 10,
        roundedCells: 0,
        exact: true,
        described: 'additive = ratio - `H_k` (from ratio, H_k; exact in all 10 rows)',
      },
    ]);
    expect(b.evidence.derived).toBeUndefined();
    // The table's hash is the file's as read (the derived column is computed, not written).
    expect(a.evidence.tableSha256).not.toBe(b.evidence.tableSha256);
  });

  it('an expression whose cells are not exact decimals says so (correctly rounded to deriveDigits)', async () => {
    const r = await growthFitKind.run(
      { table: 'raw.csv', derive: ['gap = ratio - H(k)'], deriveDigits: 12, x: 'k', y: 'gap' },
      makeTestContext(dir),
    );
    const [d] = r.evidence.derived as DerivedColumnEvidence[];
    // H(2) = 3/2 terminates; H(4) = 25/12 and the others do not.
    expect(d).toMatchObject({ name: 'gap', exact: false, digits: 12, exactCells: 1, roundedCells: 9 });
    expect(r.summary).toContain('Derived: gap = ratio - H(k) (from ratio, k; not exact in 9 of 10 rows: correctly rounded to 12 digits');
  });

  it('a derived column may read an earlier one, and x or se may name one', async () => {
    const r = await growthFitKind.run(
      { table: 'raw.csv', derive: ['additive = ratio - `H_k`', 'twice = 2 * additive', 'lnk = ln(k)'], x: 'k', y: 'twice' },
      makeTestContext(dir),
    );
    const base = await growthFitKind.run({ table: 'derived.csv', x: 'k', y: 'additive' }, makeTestContext(dir));
    const models = (e: Record<string, unknown>) => e.models as { name: string; params: Record<string, number> }[];
    // Doubling y doubles the log law's slope: the same fit of the same numbers, scaled.
    const b2 = models(r.evidence).find((m) => m.name === 'log')?.params.b as number;
    const b1 = models(base.evidence).find((m) => m.name === 'log')?.params.b as number;
    expect(b2 / b1).toBeCloseTo(2, 12);
    expect(r.outcome).toBe(base.outcome);
  });

  it.each([
    [
      'an unknown column',
      ['additive = ratio - Hk'],
      /^raw\.csv: derived column "additive" \(ratio - Hk\): unknown column "Hk" \(columns: "k", "ratio", "H_k"\)/,
    ],
    [
      'a name the table has',
      ['ratio = ratio * 2'],
      /^raw\.csv: derived column "ratio" \(ratio \* 2\): the table already has a column "ratio"/,
    ],
    ['no NAME =', ['ratio - `H_k`'], /^param derive: "ratio - `H_k`": expected NAME = EXPRESSION/],
    ['a syntax error', ['additive = ratio - (H_k'], /^raw\.csv: derived column "additive" \(ratio - \(H_k\): .*at character/],
    ['H_k both a column and H(k)', ['additive = ratio - H_k'], /"H_k" is both a column and the harmonic number H\(k\)/],
  ])('%s is bad input at run time, in one line', async (_what, derive, message) => {
    const run = growthFitKind.run({ table: 'raw.csv', derive, x: 'k', y: 'additive' }, makeTestContext(dir));
    await expect(run).rejects.toBeInstanceOf(BadInputError);
    await expect(run).rejects.toThrow(message);
  });
});

describe.skipIf(python !== '')('hypothesis-test with derived columns', () => {
  const dir = tempDir();
  // Percentages printed by a logbook, five seeds; the test reads fractions derived from them.
  const pct = 'seed,m_pct,b_pct\n1,91.2,90.1\n2,90.7,90.3\n3,91.9,90.6\n4,91.1,90.2\n5,92.3,90.8\n';
  beforeAll(() => {
    writeFileSync(join(dir, 'pct.csv'), pct);
    const fractions = execFileSync(
      PYTHON,
      [
        '-c',
        [
          'import sys, csv',
          'from decimal import Decimal',
          'rows = list(csv.DictReader(sys.stdin))',
          'print("method,baseline")',
          'for r in rows: print(str(Decimal(r["m_pct"]) / 100) + "," + str(Decimal(r["b_pct"]) / 100))',
        ].join('\n'),
      ],
      { input: pct, encoding: 'utf8' },
    );
    writeFileSync(join(dir, 'fractions.csv'), fractions);
  });
  const test = {
    a: 'method',
    b: 'baseline',
    test: 'paired-t',
    alternative: 'two-sided',
    level: 0.95,
    decideAt: 0.05,
    expect: 'difference',
  } as const;

  it('decides on the derived fractions as on a table of the same fractions, the same numbers', async () => {
    const derive = ['method = m_pct / 100', 'baseline = b_pct / 100'];
    const a = await hypothesisTestKind.run({ ...test, table: 'pct.csv', derive }, makeTestContext(dir));
    const b = await hypothesisTestKind.run({ ...test, table: 'fractions.csv' }, makeTestContext(dir));
    expect(a.outcome).toBe(b.outcome);
    expect(a.evidence.tests).toEqual(b.evidence.tests);
    expect((a.evidence.derived as DerivedColumnEvidence[]).map((d) => [d.name, d.exact])).toEqual([
      ['method', true],
      ['baseline', true],
    ]);
    expect(a.summary).toContain('Derived: method = m_pct / 100 (from m_pct; exact in all 5 rows). Derived: baseline = b_pct / 100');
    expect(
      hypothesisTestWords.rerun?.(
        { ...test, table: 'pct.csv', derive },
        { file: () => 'c/pct.csv', arg: (v) => (typeof v === 'string' ? v : null) },
      ),
    ).toBeNull();
  });
});

describe('addCheck checks derived columns against the table', () => {
  const registry = createCheckRegistry([...builtinCheckKinds, fixedKind]);
  const who = { who: 'Ada' };
  const caseDir = () => {
    const dir = writeMinimalCase(tempDir());
    mkdirSync(join(dir, 'tables'), { recursive: true });
    writeFileSync(join(dir, 'tables', 'sweep.csv'), 'k,ratio,H_k\n2,1.9,1.5\n4,3.2,2.08\n8,4.5,2.72\n16,5.5,3.38\n');
    return dir;
  };
  const growth = (params: Record<string, unknown>) => ({
    falsification: 'F1',
    kind: 'growth-fit',
    params: { table: 'tables/sweep.csv', x: 'k', y: 'additive', ...params },
  });

  it('accepts a derived column and a column param naming it', async () => {
    const dir = caseDir();
    const r = await addCheck(dir, registry, who, growth({ derive: ['additive = ratio - `H_k`'] }));
    expect(r.id).toBe('growth-fit-1');
    const saved = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as { falsifications: { checks: { params: unknown }[] }[] };
    expect(saved.falsifications[0]?.checks.at(-1)?.params).toEqual({
      table: 'tables/sweep.csv',
      x: 'k',
      y: 'additive',
      derive: ['additive = ratio - `H_k`'],
    });
  });

  it.each([
    [
      'an unknown column',
      ['additive = ratio - Hk'],
      'check kind growth-fit: param derive.0: derived column "additive" (ratio - Hk): unknown column "Hk" (columns: "k", "ratio", "H_k") (at character 9 of "ratio - Hk")',
    ],
    [
      'a name the table has',
      ['ratio = ratio * 2', 'additive = ratio'],
      'check kind growth-fit: param derive.0: derived column "ratio" (ratio * 2): the table already has a column "ratio"; choose another name',
    ],
    [
      'a name derived twice',
      ['additive = ratio', 'additive = k'],
      'check kind growth-fit: param derive.1: derived column "additive" (k): the table already has a column "additive"; choose another name',
    ],
    ['no NAME =', ['ratio - H_k'], /check kind growth-fit: param derive\.0: "ratio - H_k": expected NAME = EXPRESSION/],
    [
      'a syntax error',
      ['additive = ratio -'],
      /check kind growth-fit: param derive\.0: derived column "additive" \(ratio -\): .*\(at character/,
    ],
    [
      'an ambiguous H_k',
      ['additive = ratio - H_k'],
      /param derive\.0: derived column "additive" \(ratio - H_k\): "H_k" is both a column and the harmonic number/,
    ],
    [
      'y naming no column, derived or not',
      ['extra = ratio * 2'],
      'check kind growth-fit: param y: no column "additive" in tables/sweep.csv (columns: k, ratio, H_k, extra)',
    ],
  ])('refuses %s in one line naming the kind, the param and the column, and leaves case.json as it was', async (_what, derive, message) => {
    const dir = caseDir();
    const before = readFileSync(join(dir, 'case.json'), 'utf8');
    const add = addCheck(dir, registry, who, growth({ derive }));
    await expect(add).rejects.toBeInstanceOf(BadInputError);
    await expect(add).rejects.toThrow(message);
    const err = (await add.catch((e: unknown) => e)) as Error;
    expect(err.message.split('\n')).toHaveLength(1);
    expect(readFileSync(join(dir, 'case.json'), 'utf8')).toBe(before);
  });

  it('without a table to read (a sweep, or a file not there yet) only the form NAME = EXPR is checked', async () => {
    const dir = caseDir();
    const later = { table: 'tables/later.csv', x: 'k', y: 'additive' };
    await expect(
      addCheck(dir, registry, who, { falsification: 'F1', kind: 'growth-fit', params: { ...later, derive: ['ratio'] } }),
    ).rejects.toThrow(/param derive\.0: "ratio": expected NAME = EXPRESSION/);
    const ok = await addCheck(dir, registry, who, {
      falsification: 'F1',
      kind: 'growth-fit',
      params: { ...later, derive: ['additive = ratio - Hk'] },
    });
    expect(ok.id).toBe('growth-fit-1');
  });

  it("a letter's rerun command is the case's recheck run (an expression is not a plain word on a command line)", () => {
    const at = {
      file: (k: string) => (k === 'table' ? 'c/tables/sweep.csv' : null),
      arg: (v: unknown) => (typeof v === 'string' ? v : null),
    };
    const params = { table: 'tables/sweep.csv', x: 'k', y: 'additive' };
    expect(growthFitWords.rerun?.(params, at)).toBe('npx recheck fit c/tables/sweep.csv --x k --y additive');
    expect(growthFitWords.rerun?.({ ...params, derive: ['additive = ratio - `H_k`'] }, at)).toBeNull();
  });

  it('the kinds that read a table by column name share the param and its annotation', () => {
    for (const kind of [growthFitKind, metricClaimKind, hypothesisTestKind]) {
      const props = kind.paramsSchema.properties as Record<string, Record<string, unknown>>;
      expect(props.derive, kind.kind).toMatchObject({ type: 'array', derivedColumns: 'table' });
      expect(props.deriveDigits, kind.kind).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000 });
    }
  });
});
