// "Extract table" in the UI: which cells offer it and what the dialog lists, against the core's own extraction
// of the same fixture logbook (service.extractTable), and the reading of its elision refusal.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LogbookCell } from '../../../common/api/contract';
import { createRecheckService } from '../../../app/api/service';
import {
  cellPrintsTable,
  defaultBlockIndex,
  defaultTable,
  defaultTablePath,
  isElisionRefusal,
  refusalInDialogWords,
  tablesOfBlock,
} from '../../../renderer/intake/extract';
import { tempDir } from '../../helpers/temp-case';
import { uploadFolder } from '../../helpers/upload-folder';

const LOGBOOK = join(import.meta.dirname, '../../fixtures/printed/paging-printed/logbook');

async function fixtureCase() {
  const service = await createRecheckService({ workspaceDir: tempDir() });
  await service.importLogbook({ caseId: 'paging', files: uploadFolder(LOGBOOK), newCase: { paperMarkdown: '# Paging\n' } });
  const detail = await service.openCase('paging');
  const cells = detail.logbooks[0]!.pages.flatMap((p) => p.cells);
  const cell = (id: string): LogbookCell => cells.find((c) => c.id === id)!;
  return { service, cells, cell };
}

describe('extract table in the UI', () => {
  it('offers the action on exactly the run cells the core extracts a table from by default', async () => {
    const { service, cells } = await fixtureCase();
    const offered = cells.filter(cellPrintsTable).map((c) => c.id);
    expect(offered).toEqual(['cell_sweep_kv', 'cell_columns', 'cell_long', 'cell_two_tables']);
    // Markdown cells are quoted, not extracted from: the action is for what a run printed.
    for (const c of cells.filter((x) => x.type === 'code')) {
      const ok = await service.extractTable({ caseId: 'paging', cell: c.id, out: `tables/${c.id}.csv`, allowElided: true }).then(
        () => true,
        () => false,
      );
      expect([c.id, ok]).toEqual([c.id, offered.includes(c.id)]);
    }
  });

  it('lists the tables of a block as the core numbers them, marking those elision may have cut', async () => {
    const { service, cell } = await fixtureCase();
    const long = cell('cell_long');
    if (long.type !== 'code') throw new Error('cell_long is a code cell');
    const block = long.blocks[defaultBlockIndex(long.blocks)]!;
    const tables = tablesOfBlock(block);
    expect(tables.map((t) => [t.number, t.style, t.columns.join(','), t.mayBeCut])).toEqual([
      [1, 'key-value', 'step,loss,lr', true],
      [2, 'markdown', 'k,additive,se', false],
    ]);
    // The core refuses the cut one by default and takes the whole one, with as many rows as listed here.
    expect(defaultTable(tables)?.number).toBe(1);
    const refusal = await service.extractTable({ caseId: 'paging', cell: 'cell_long', out: 'tables/long.csv' }).then(
      () => '',
      (e: Error) => e.message,
    );
    expect(isElisionRefusal(refusal)).toBe(true);
    const whole = await service.extractTable({ caseId: 'paging', cell: 'cell_long', table: 2, out: 'tables/long2.csv' });
    expect([whole.columns, whole.rows]).toEqual([[...tables[1]!.columns], tables[1]!.rows]);
    const cut = await service.extractTable({ caseId: 'paging', cell: 'cell_long', out: 'tables/long1.csv', allowElided: true });
    expect(cut.rows).toBe(tables[0]!.rows);
    expect(cut.notes.some((n) => /^warning: .*may be missing rows/.test(n))).toBe(true);
  });

  it('names the table the core takes by default', async () => {
    const { service, cell } = await fixtureCase();
    for (const id of ['cell_sweep_kv', 'cell_columns', 'cell_two_tables']) {
      const c = cell(id);
      if (c.type !== 'code') throw new Error(`${id} is a code cell`);
      const mine = defaultTable(tablesOfBlock(c.blocks[defaultBlockIndex(c.blocks)]!))!;
      const core = await service.extractTable({ caseId: 'paging', cell: id, out: `tables/${id}.csv` });
      expect([id, core.columns, core.rows]).toEqual([id, [...mine.columns], mine.rows]);
    }
  });

  it('does not take other refusals for an elision', async () => {
    const { service } = await fixtureCase();
    const other = await service.extractTable({ caseId: 'paging', cell: 'cell_md_intro', out: 'tables/x.csv' }).then(
      () => '',
      (e: Error) => e.message,
    );
    expect(other).not.toBe('');
    expect(isElisionRefusal(other)).toBe(false);
  });

  it('words the refusal by the dialog’s fields', () => {
    const line =
      'paging: 123037 characters were elided from cell cell_long block 3 (output) (at line 61), and table 1 (key-value: step, loss, lr; 554 rows, lines 1-557) may be missing rows there; extract what is there with --allow-elided (recorded in the sidecar); whole: table 2 (markdown: k, additive, se; 4 rows, lines 559-564), take one with --table N';
    expect(refusalInDialogWords(line)).toBe(
      line.replace('--allow-elided', '“Allow elided rows”').replace('take one with --table N', 'choose it under Table'),
    );
    expect(refusalInDialogWords('warning: table 1 may be missing rows there; extracted what is there (--allow-elided)')).toBe(
      'warning: table 1 may be missing rows there; extracted what is there (“Allow elided rows”)',
    );
  });

  it('does not offer it on a run that printed no table, or printed one only in its code', () => {
    const code = (blocks: { lang: string; text: string }[]): LogbookCell => ({
      id: 'c',
      type: 'code',
      title: '',
      command: ['python3', 'x.py'],
      exitCode: 0,
      durationS: 1,
      blocks,
    });
    expect(cellPrintsTable(code([{ lang: 'output', text: 'done in 3 s\n' }]))).toBe(false);
    expect(cellPrintsTable(code([{ lang: 'python', text: 'k=2 r=1.5\nk=4 r=2.0\n' }]))).toBe(false);
    expect(cellPrintsTable(code([{ lang: 'result', text: 'k=2 r=1.5\nk=4 r=2.0\n' }]))).toBe(true);
  });

  it('defaults the output to tables/<cell id>.csv, a path the contract takes', () => {
    expect(defaultTablePath('cell_sweep_kv')).toBe('tables/cell_sweep_kv.csv');
    expect(defaultTablePath('a/b c')).toBe('tables/a-b-c.csv');
    expect(defaultTablePath('..')).toBe('tables/table.csv');
  });
});
