// Issue 22: "Add a check on this table" pre-filled y=additive, se=se from growth-fit's example on a table with
// columns k, ratio, H_k, and the core accepted them: the check then errored on every run. addCheck now refuses a
// column the table lacks, for every kind whose params schema marks columns with `tableColumn`.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCheck } from '../../../app/cases/edit';
import { columnParams, missingColumn } from '../../../app/cases/table-columns';
import { createCheckRegistry } from '../../../app/checks/registry';
import { builtinCheckKinds } from '../../../app/checks/kinds/index';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

const registry = createCheckRegistry([...builtinCheckKinds, fixedKind]);
const who = { who: 'Ada' };

function pagingLike(): string {
  const dir = writeMinimalCase(tempDir());
  mkdirSync(join(dir, 'tables'), { recursive: true });
  writeFileSync(join(dir, 'tables', 'sweep.csv'), 'k,ratio,H_k\n2,1.5,1.5\n4,2.1,2.083\n8,2.7,2.718\n16,3.4,3.381\n');
  return dir;
}

describe('addCheck refuses a column the table does not have', () => {
  it("growth-fit with the kind's example columns on a k,ratio,H_k table: one line naming the column and the table's columns", async () => {
    const dir = pagingLike();
    const before = readFileSync(join(dir, 'case.json'), 'utf8');
    await expect(addCheck(dir, registry, who, { falsification: 'F1', kind: 'growth-fit', params: { table: 'tables/sweep.csv', x: 'k', y: 'additive', se: 'se', asserts: 'growth' } })).rejects.toThrow(
      /check kind growth-fit: param y: no column "additive" in tables\/sweep.csv \(columns: k, ratio, H_k\)$/,
    );
    await expect(addCheck(dir, registry, who, { falsification: 'F1', kind: 'growth-fit', params: { table: 'tables/sweep.csv', x: 'k', y: 'ratio', se: 'se' } })).rejects.toThrow(/param se: no column "se"/);
    expect(readFileSync(join(dir, 'case.json'), 'utf8')).toBe(before);
    const ok = await addCheck(dir, registry, who, { falsification: 'F1', kind: 'growth-fit', params: { table: 'tables/sweep.csv', x: 'k', y: 'ratio' } });
    expect(ok.id).toBe('growth-fit-1');
  });

  it('printed-consistency: the method columns and the exact/rounded lists are checked against its table', async () => {
    const dir = pagingLike();
    const statistic = { quote: 'fitted b = 0.41 +- 0.07', field: 'b' };
    await expect(addCheck(dir, registry, who, { falsification: 'F1', kind: 'printed-consistency', params: { statistic, table: 'tables/sweep.csv', method: { method: 'fit-slope', law: 'log', x: 'k', y: 'additive' } } })).rejects.toThrow(
      /param method.y: no column "additive" in tables\/sweep.csv \(columns: k, ratio, H_k\)/,
    );
    await expect(addCheck(dir, registry, who, { falsification: 'F1', kind: 'printed-consistency', params: { statistic, table: 'tables/sweep.csv', method: { method: 'fit-slope', law: 'log', x: 'k', y: 'ratio' }, exact: ['k', 'K'] } })).rejects.toThrow(/param exact.1: no column "K"/);
  });

  it('a table computed at run time (a sweep) or not written yet is not checked here', async () => {
    const dir = pagingLike();
    expect(await missingColumn(dir, registry.get('growth-fit')?.paramsSchema ?? {}, { table: 'tables/later.csv', x: 'k', y: 'nope' })).toBeNull();
    expect(await missingColumn(dir, registry.get('growth-fit')?.paramsSchema ?? {}, { sweep: { program: 'sandbox/p.ts', grid: { k: [2] } }, x: 'k', y: 'nope' })).toBeNull();
  });

  it('a column is refused exactly when the header lacks it (property, growth-fit)', async () => {
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,6}$/);
    const schema = registry.get('growth-fit')?.paramsSchema ?? {};
    const dir = writeMinimalCase(tempDir());
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(name, { minLength: 1, maxLength: 6 }), name, name, async (header, x, y) => {
        writeFileSync(join(dir, 't.csv'), `${header.join(',')}\n${header.map(() => '1').join(',')}\n`);
        const problem = await missingColumn(dir, schema, { table: 't.csv', x, y });
        const firstMissing = [x, y].find((c) => !header.includes(c));
        expect(problem === null).toBe(firstMissing === undefined);
        if (firstMissing !== undefined) expect(problem).toContain(`no column "${firstMissing}" in t.csv (columns: ${header.join(', ')})`);
      }),
      { numRuns: 60 },
    );
  });

  it('columnParams lists the annotated params with their table param', () => {
    expect(columnParams(registry.get('growth-fit')?.paramsSchema ?? {}, { table: 't.csv', x: 'k', y: 'v', se: 's' })).toEqual([
      { pointer: '/x', column: 'k', tableParam: 'table' },
      { pointer: '/y', column: 'v', tableParam: 'table' },
      { pointer: '/se', column: 's', tableParam: 'table' },
    ]);
  });
});
