// The printed-consistency check kind on the Trackio fixtures of test/fixtures/printed-fit (make_fixture.py):
// the hidden-style logbook's "fitted b = 0.41 +- 0.07" is flagged against its own 4-row table (refit b = 0.0945),
// every correctly printed statistic of the control logbook is not, and bad params are one-line errors.
import { describe, it, expect, beforeAll } from 'vitest';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printedConsistencyKind, type PrintedConsistencyParams } from '../../../../app/checks/kinds/printed-consistency';
import { loadCase } from '../../../../app/cases/load';
import { runCase } from '../../../../app/checks/run-case';
import { defaultRegistry } from '../../../../app/cli/registry';
import { BadInputError } from '../../../../app/errors';
import { makeTestContext } from '../../../helpers/check-context';
import { figuresFor } from '../../../../common/figures/registry';

const FIXTURES = join(__dirname, '../../../fixtures/printed-fit');

/** A fresh copy of a fixture case (runs write under the case folder). */
function copyOf(name: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'recheck-printed-fit-')), name);
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  return dir;
}

const SLOPE: PrintedConsistencyParams['method'] = { method: 'fit-slope', law: 'log', x: 'k', y: 'y' };

describe('printed-consistency on the hidden-style paging logbook', () => {
  let dir: string;
  beforeAll(() => {
    dir = copyOf('paging-verified');
  });

  it('flags fitted b = 0.41 +- 0.07 against the refit of its own table, and refutes the finding that quotes it', async () => {
    const r = await printedConsistencyKind.run(
      { statistic: { cell: 'cell_table', after: 'fitted b' }, method: SLOPE },
      makeTestContext(dir),
    );
    expect(r.outcome).toBe('refutes');
    expect(r.basis).toBe('logbook');
    expect(r.guarantee).toEqual({ kind: 'enclosure' });
    expect(r.evidence.verdict).toBe('inconsistent');
    expect(r.insufficient).toMatch(/^the statistic it quotes does not follow from the table it printed \(printed b = 0.41 ± 0.07; /);
    const recomputed = r.evidence.recomputed as { value: number; se: number };
    expect(recomputed.value).toBeCloseTo(0.0944965251782271, 12); // scipy.stats.linregress on the printed rows
    expect(recomputed.se).toBeCloseTo(0.018308533338909833, 12);
    expect(r.summary).toContain('Printed b = 0.41 ± 0.07; recomputed from the 4 printed rows (log law, OLS): b = 0.094 ± 0.018');
    expect(r.summary).toContain('4.5 printed SE and 17 recomputed SE away: inconsistent');
    expect(r.evidence.tableSource).toMatchObject({ logbook: 'bound', page: 'bound', cell: 'cell_table', table: 1, rowLines: [2, 3, 4, 5] });
    // The table's hash is the one `recheck extract` gives its CSV: a fit of the extracted table examines the same data.
    expect(r.dataSha256).toBe(createHash('sha256').update('k,y\n2,0.2931\n4,0.4030\n8,0.4616\n16,0.4919\n').digest('hex'));
    const [figure] = figuresFor('printed-consistency', JSON.parse(JSON.stringify(r.evidence)) as Record<string, unknown>);
    expect(figure).toMatchObject({
      type: 'bars',
      categories: ['printed', 'recomputed'],
      series: [{ values: [0.41, null], intervals: [[0.41 - 0.07, 0.41 + 0.07], null] }, { values: [null, recomputed.value] }],
    });
    expect(figure?.caption).toMatch(
      /^Printed b = 0.41 ± 0.07; recomputed 0.0945 ± 0.0183, 0.0944 to 0.0946 over the rounding of the printed cells: inconsistent\.$/,
    );
  });

  it('reads the same statistic from the Markdown verdict cell, by field or as a verified quote, with the table of another cell', async () => {
    const ctx = makeTestContext(dir);
    const byField = await printedConsistencyKind.run(
      { statistic: { cell: 'cell_verdict', page: 'bound', field: 'b' }, printedTable: { cell: 'cell_table' }, method: SLOPE },
      ctx,
    );
    expect(byField.evidence.verdict).toBe('inconsistent');
    const quoted = await printedConsistencyKind.run(
      { statistic: { cell: 'cell_verdict', quote: 'Fitted b = 0.41 +- 0.07' }, printedTable: { cell: 'cell_table' }, method: SLOPE },
      ctx,
    );
    expect(quoted.evidence.verdict).toBe('inconsistent');
    expect(quoted.evidence.statisticSource).toMatchObject({ cell: 'cell_verdict', quote: 'Fitted b = 0.41 +- 0.07' });
  });

  it('is neutral when the finding does not rest on the statistic', async () => {
    const r = await printedConsistencyKind.run(
      { statistic: { cell: 'cell_table', after: 'fitted b' }, method: SLOPE, findingQuotesIt: false },
      makeTestContext(dir),
    );
    expect(r.outcome).toBe('neutral');
    expect(r.evidence.verdict).toBe('inconsistent');
    expect(r.insufficient).toBeUndefined();
  });

  it('does not flag the true b printed with 2 or 3 digits (a quote of the value alone), nor against a case CSV', async () => {
    const ctx = makeTestContext(dir);
    for (const quote of ['b = 0.094 +- 0.018', 'b = 0.0945 ± 0.0183', 'b = 0.09', 'b = 0.0945(183)', 'b = 0.094 (se 0.018)']) {
      const r = await printedConsistencyKind.run({ statistic: { quote }, printedTable: { cell: 'cell_table' }, method: SLOPE }, ctx);
      expect([quote, r.evidence.verdict, r.outcome]).toEqual([quote, 'consistent', 'neutral']);
    }
    writeFileSync(join(dir, 'table.csv'), 'k,y\n2,0.2931\n4,0.4030\n8,0.4616\n16,0.4919\n');
    const csv = await printedConsistencyKind.run({ statistic: { quote: 'b = 0.41 +- 0.07' }, table: 'table.csv', method: SLOPE }, ctx);
    expect(csv.evidence.verdict).toBe('inconsistent');
    expect(csv.evidence.tableSource).toMatchObject({ file: 'table.csv', rows: 4 });
  });

  it('refuses what it cannot read, in one line naming the check', async () => {
    const ctx = makeTestContext(dir);
    const bad = async (params: PrintedConsistencyParams, message: RegExp) => {
      const err = await printedConsistencyKind.run(params, ctx).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BadInputError);
      expect((err as Error).message).toMatch(message);
      expect((err as Error).message).not.toContain('\n');
    };
    await bad({ statistic: { cell: 'cell_tabel', after: 'fitted b' }, method: SLOPE }, /no cell "cell_tabel".*nearest: cell_table/);
    await bad({ statistic: { cell: 'cell_table', field: 'c' }, method: SLOPE }, /no field "c" in cell cell_table/);
    await bad(
      { statistic: { cell: 'cell_verdict', quote: 'b = 0.42' }, printedTable: { cell: 'cell_table' }, method: SLOPE },
      /quote "b = 0.42" is not printed in cell cell_verdict/,
    );
    await bad({ statistic: { cell: 'cell_table', page: 'index', after: 'fitted b' }, method: SLOPE }, /on page "bound", not "index"/);
    await bad({ statistic: { cell: 'cell_verdict', field: 'b' }, method: SLOPE }, /cell_verdict block 1: no printed table/);
    await bad(
      { statistic: { cell: 'cell_table', after: 'fitted b' }, method: { method: 'mean', column: 'ratio' } },
      /no column "ratio" \(columns: k, y\)/,
    );
  });
});

describe('printed-consistency through recheck run (the case loader validates the params)', () => {
  it('the hidden-style case: the printed fit is inconsistent; the control case: nine correctly printed statistics are consistent', async () => {
    const registry = defaultRegistry();
    const dir = copyOf('paging-verified');
    const report = await runCase(await loadCase(dir, registry), registry, { record: false, who: 'test' });
    const check = report.falsifications[0]?.checks[0];
    expect(check?.outcome).toBe('refutes');
    expect(check?.summary).toMatch(/inconsistent/);

    const control = copyOf('paging-verified-control');
    const c = await runCase(await loadCase(control, registry), registry, { record: false, who: 'test' });
    const checks = c.falsifications[0]?.checks ?? [];
    expect(checks).toHaveLength(9);
    for (const k of checks)
      expect([k.checkId, k.evidence.verdict, k.outcome, k.summary]).toEqual([k.checkId, 'consistent', 'neutral', k.summary]);
  });
});
