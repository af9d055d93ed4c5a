// `recheck extract` in process through the CLI entry, on copies of the printed-table fixture case
// (test/fixtures/printed, a Trackio logbook whose run cells print their tables) and of bundled cases:
// exact CSV strings, the provenance sidecar and audit entry, elided outputs, `fit` on the result, bad input.
import { describe, it, expect } from 'vitest';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cli } from '../../helpers/cli';
import { copyCase, tempDir } from '../../helpers/temp-case';
import { sha256 } from '../../../app/fs/hash';
import { readLogbook } from '../../../app/logbook/read';
import { parseCsv } from '../../../app/tables/csv';
import { nearestIds, readerProblem, tableCsv } from '../../../app/logbook/extract-table';
import type { LogbookBlock } from '../../../common/api/contract';

const ROOT = resolve(import.meta.dirname, '../../..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'printed', 'paging-printed');
const CASES = join(ROOT, 'cases');

const oneLine = (s: string) => s.trim().split('\n').length === 1;

describe('recheck extract', () => {
  const root = tempDir();
  const pp = copyCase(FIXTURE, root, 'pp');

  it('writes the k=... lines of a run cell as CSV with the exact strings, a sidecar and an audit entry; fit and run read it', async () => {
    const r = await cli(['extract', 'pp', '--cell', 'cell_sweep_kv', '--out', 'pp/sandbox/sweep.csv', '--who', 'tester'], root);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^pp\/sandbox\/sweep\.csv: 10 rows, columns k, H_k, ratio, additive, se \(table 1 of 1, key-value, lines 2-20 of pp: cell cell_sweep_kv block 3 \(output\)\)\nprovenance: pp\/sandbox\/sweep\.csv\.provenance\.json \(and audit\.jsonl\)\n$/,
    );
    const csv = readFileSync(join(pp, 'sandbox', 'sweep.csv'), 'utf8');
    expect(csv.split('\n').slice(0, 3)).toEqual([
      'k,H_k,ratio,additive,se',
      '2,1.5000,2.3759,0.8759,0.0200',
      '4,2.0833,3.3551,1.2718,0.0210',
    ]);
    expect(csv.split('\n')[10]).toBe('1024,7.5092,12.1081,4.5989,0.0290');

    // The sidecar: where the table came from, the block's hash as the reader returns the block, row lines.
    const prov = JSON.parse(readFileSync(join(pp, 'sandbox', 'sweep.csv.provenance.json'), 'utf8'));
    const view = await readLogbook(pp, { id: 'sweep', path: 'logbook', format: 'trackio', title: '' });
    const cell = view.pages.flatMap((p) => p.cells).find((c) => c.id === 'cell_sweep_kv');
    const block = (cell as { blocks: LogbookBlock[] }).blocks[2]!;
    expect(prov).toMatchObject({
      format: 'recheck.extract/1',
      who: 'tester',
      caseId: 'paging-printed',
      source: {
        logbook: 'sweep',
        logbookPath: 'logbook',
        page: 'sweep',
        cell: 'cell_sweep_kv',
        cellType: 'code',
        block: 3,
        blockLang: 'output',
        blockSha256: sha256(block.text),
        blockLines: 21,
      },
      table: {
        number: 1,
        of: 1,
        pickedBy: 'only',
        style: 'key-value',
        columns: ['k', 'H_k', 'ratio', 'additive', 'se'],
        headerLine: null,
        rows: 10,
        rowLines: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20],
      },
      elision: null,
      skippedInTableCount: 9,
      skippedLines: 11,
      csv: { file: 'sweep.csv', sha256: sha256(csv), rows: 10 },
    });
    expect(block.text.split('\n')[prov.table.rowLines[9] - 1]).toBe('k=1024 H_k=7.5092 ratio=12.1081 additive=4.5989 se=0.0290');

    // The audit entry: an import with the hashes of the block, the CSV and the sidecar.
    const audit = readFileSync(join(pp, 'audit.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      who: 'tester',
      action: 'import',
      caseId: 'paging-printed',
      hashes: {
        'logbook#cell_sweep_kv/block-3': sha256(block.text),
        'sandbox/sweep.csv': sha256(csv),
        'sandbox/sweep.csv.provenance.json': sha256(readFileSync(join(pp, 'sandbox', 'sweep.csv.provenance.json'))),
      },
      details: { command: 'extract', logbook: 'sweep', cell: 'cell_sweep_kv', block: 3, table: 1, style: 'key-value', rows: 10 },
    });

    const fit = await cli(['fit', 'pp/sandbox/sweep.csv', '--x', 'k', '--y', 'additive', '--se', 'se', '--json'], root);
    expect(fit.code).toBe(0);
    const doc = JSON.parse(fit.stdout);
    expect(doc.n).toBe(10);
    expect(doc.preferred).toBe('log');
    expect(doc.models[1].params.b).toBeCloseTo(0.6, 2);
    // The fixture case's own check fits the extracted table: the logbook's own numbers, which may support the
    // finding but never decide it alone (docs/decisions.md, "Gates"): inconclusive, naming the gate it misses.
    const run = await cli(['run', 'pp', '--no-record', '--json'], root);
    expect(run.code).toBe(0);
    const f1 = JSON.parse(run.stdout).falsifications[0];
    expect(f1.checks[0].outcome).toBe('supports');
    expect(f1.checks[0].basis).toBe('logbook');
    expect(f1.decision).toBe('inconclusive');
    expect(f1.gate).toMatchObject({ passed: false, missing: expect.stringMatching(/only the logbook's own numbers/) });
  });

  it('reads aligned columns; with two tables takes the one with most rows and says so; --table picks', async () => {
    const cols = await cli(['extract', 'pp', '--cell', 'cell_columns', '--out', 'cols.csv'], root);
    expect(cols.code).toBe(0);
    expect(readFileSync(join(root, 'cols.csv'), 'utf8')).toBe(
      'k,ratio,H_k,gap\n2,2.3298,1.5000,8.298e-01\n4,3.3428,2.0833,1.260e+00\n8,4.4071,2.7179,1.689e+00\n16,5.4997,3.3807,2.119e+00\n',
    );
    const two = await cli(['extract', 'pp', '--cell', 'cell_two_tables', '--out', 'two.csv'], root);
    expect(two.code).toBe(0);
    expect(two.stderr).toBe(
      'recheck: note: 2 tables in the text; took table 2 (key-value: seed, k, ratio; 3 rows, lines 6-8), the one with the most rows; others: 1 (columns: k, exact_ratio; 2 rows, lines 1-3); choose with --table N\n',
    );
    expect(JSON.parse(readFileSync(join(root, 'two.csv.provenance.json'), 'utf8')).table).toMatchObject({
      number: 2,
      of: 2,
      pickedBy: 'most-rows',
    });
    const first = await cli(['extract', 'pp', '--cell', 'cell_two_tables', '--table', '1', '--out', 'two.csv', '--json'], root);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('');
    expect(JSON.parse(first.stdout)).toMatchObject({
      csv: 'two.csv',
      provenanceFile: 'two.csv.provenance.json',
      provenance: { table: { number: 1, pickedBy: 'asked', style: 'columns' } },
      notes: [],
    });
    expect(readFileSync(join(root, 'two.csv'), 'utf8')).toBe('k,exact_ratio\n2,1.9047619\n4,3.2539683\n');
    // Outside the case: the sidecar alone records it, the case's audit log is untouched.
    expect(readFileSync(join(pp, 'audit.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('the bundled paging-robustness write-up table feeds recheck fit', async () => {
    const dir = copyCase(join(CASES, 'paging-robustness'), root, 'paging');
    const r = await cli(['extract', 'paging', '--cell', 'writeup.md', '--out', 'paging-table.csv'], root);
    expect(r.code).toBe(0);
    expect(readFileSync(join(root, 'paging-table.csv'), 'utf8')).toBe(
      'k,H_k,ratio,additive (ratio - H_k)\n2,1.500,1.905,0.405\n4,2.083,3.155,1.071\n8,2.718,4.524,1.806\n16,3.381,5.536,2.155\n',
    );
    expect(existsSync(join(dir, 'audit.jsonl'))).toBe(false);
    const fit = await cli(['fit', 'paging-table.csv', '--x', 'k', '--y', 'additive (ratio - H_k)', '--json'], root);
    expect(fit.code).toBe(0);
    // The logbook's own claim: b = 0.86 +- 0.09.
    const log = JSON.parse(fit.stdout).models[1];
    expect(log.params.b).toBeCloseTo(0.86, 2);
    expect(log.se.b).toBeCloseTo(0.09, 2);
  });

  it('an elided output: refused when rows may be missing, extracted with --allow-elided and a recorded warning', async () => {
    const tn = copyCase(join(CASES, 'timing-normalization'), root, 'tn');
    const refused = await cli(['extract', 'tn', '--cell', 'cell_059559c6c361', '--out', 'tn/sandbox/log.csv'], root);
    expect(refused.code).toBe(2);
    expect(oneLine(refused.stderr)).toBe(true);
    expect(refused.stderr).toMatch(
      /^recheck: tn: 139000 characters were elided from cell cell_059559c6c361 block 3 \(output\) \(at line 39\), and table 1 \(key-value: step, loss, lr, grad_norm; 376 rows, lines 1-379\) may be missing rows there; extract what is there with --allow-elided/,
    );
    expect(existsSync(join(tn, 'sandbox', 'log.csv'))).toBe(false);

    const allowed = await cli(['extract', 'tn', '--cell', 'cell_059559c6c361', '--out', 'tn/sandbox/log.csv', '--allow-elided'], root);
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toMatch(
      /^recheck: warning: 139000 characters were elided .*: table 1 may be missing rows there; extracted what is there \(--allow-elided\)\n$/,
    );
    const prov = JSON.parse(readFileSync(join(tn, 'sandbox', 'log.csv.provenance.json'), 'utf8'));
    expect(prov.elision).toEqual({ elidedChars: 139000, markerLines: [39], rowsMayBeMissing: true });
    expect(prov.skippedInTable.map((s: { line: number }) => s.line)).toEqual([38, 40]);
    // Rows on both sides of the gap, none from the cut lines.
    expect(prov.table.rowLines.slice(36, 38)).toEqual([37, 41]);
    const rows = parseCsv(readFileSync(join(tn, 'sandbox', 'log.csv'), 'utf8'), 'log.csv').rows;
    expect(rows[36]?.values).toEqual(['36', '0.027027', '0.001000', '0.600']);
    expect(rows[37]?.values).toEqual(['2661', '0.000376', '0.001000', '0.600']);
    const audit = JSON.parse(readFileSync(join(tn, 'audit.jsonl'), 'utf8').trim());
    expect(audit.details).toMatchObject({ elidedChars: 139000, rowsMayBeMissing: true });

    // A table wholly after the elision is whole: extracted with a note, no flag needed.
    const whole = await cli(['extract', 'pp', '--cell', 'cell_long', '--table', '2', '--out', 'summary.csv'], root);
    expect(whole.code).toBe(0);
    expect(whole.stderr).toMatch(
      /^recheck: note: \d+ characters were elided .*; table 2 lies wholly outside the elided part, so none of its rows were elided\n$/,
    );
    expect(JSON.parse(readFileSync(join(root, 'summary.csv.provenance.json'), 'utf8')).elision).toMatchObject({ rowsMayBeMissing: false });
    expect(readFileSync(join(root, 'summary.csv'), 'utf8')).toBe(
      'k,additive,se\n2,0.8659,0.0200\n16,2.1135,0.0230\n128,3.3612,0.0260\n1024,4.6090,0.0290\n',
    );
    const suggest = await cli(['extract', 'pp', '--cell', 'cell_long', '--out', 'x.csv'], root);
    expect(suggest.code).toBe(2);
    expect(suggest.stderr).toMatch(/; whole: table 2 \(markdown: k, additive, se; 4 rows, lines \d+-\d+\), take one with --table N\n$/);
  });

  it('one line, exit 2: no such cell (nearest ids), logbook, block or table; no table; a bad --out', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['--cell', 'cell_sweep_k', '--out', 'x.csv'],
        /^recheck: pp: no cell "cell_sweep_k" in logbook sweep \(6 cells\); nearest: cell_sweep_kv \(sweep\/sweep\), /,
      ],
      [['--cell', 'cell_sweep_kv', '--logbook', 'nope', '--out', 'x.csv'], /^recheck: pp: no logbook "nope" \(logbooks: sweep\)\n$/],
      [
        ['--cell', 'cell_sweep_kv', '--block', '9', '--out', 'x.csv'],
        /^recheck: pp: cell cell_sweep_kv has 3 blocks \(1 bash, 2 python sweep\.py, 3 output\): there is no block 9\n$/,
      ],
      [['--cell', 'cell_sweep_kv', '--block', '0', '--out', 'x.csv'], /--block must be a positive integer, counted from 1 \(got "0"\)/],
      [
        ['--cell', 'cell_sweep_kv', '--block', '1', '--out', 'x.csv'],
        /^recheck: pp: cell cell_sweep_kv block 1 \(bash\): no printed table in 1 line \(1 non-blank line fit none\)/,
      ],
      [
        ['--cell', 'cell_sweep_kv', '--table', '2', '--out', 'x.csv'],
        /table 2 asked, but the text holds 1 table \(numbered from 1\); tables: 1 \(key-value: k, H_k, ratio, additive, se; 10 rows, lines 2-20\)\n$/,
      ],
      [['--cell', 'cell_md_intro', '--out', 'x.csv'], /^recheck: pp: cell cell_md_intro block 1 \(markdown\): no printed table in /],
      [
        ['--cell', 'cell_md_intro', '--block', '2', '--out', 'x.csv'],
        /is a Markdown cell: its text is its only block \(block 1\), there is no block 2/,
      ],
      [['--cell', 'cell_sweep_kv', '--out', 'x.txt'], /--out must name a \.csv file/],
      [
        ['--cell', 'cell_sweep_kv', '--out', 'pp/logbook/x.csv'],
        /^recheck: pp: --out logbook\/x\.csv is inside logbook folder "logbook": the logbook under review is never written to/,
      ],
      [['--cell', 'cell_sweep_kv'], /--out FILE\.csv is required/],
      [['--out', 'x.csv'], /--cell CELL-ID is required/],
    ];
    for (const [args, expected] of cases) {
      const r = await cli(['extract', 'pp', ...args], root);
      expect(r.code, args.join(' ')).toBe(2);
      expect(oneLine(r.stderr), r.stderr).toBe(true);
      expect(r.stderr, args.join(' ')).toMatch(expected);
      expect(r.stdout).toBe('');
    }
    expect(existsSync(join(root, 'x.csv'))).toBe(false);
    const notCase = await cli(['extract', '.', '--cell', 'c', '--out', 'x.csv'], root);
    expect(notCase.code).toBe(2);
    expect(notCase.stderr).toMatch(/not a case folder/);
  });

  it('an --out inside the case never follows a symlink out of it', async () => {
    const dir = copyCase(FIXTURE, root, 'linked');
    const outside = join(root, 'elsewhere');
    mkdirSync(outside);
    symlinkSync(outside, join(dir, 'sandbox'));
    const r = await cli(['extract', 'linked', '--cell', 'cell_sweep_kv', '--out', 'linked/sandbox/sweep.csv'], root);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(true);
    expect(r.stderr).toMatch(/symlink that leaves the case folder/);
    expect(existsSync(join(outside, 'sweep.csv'))).toBe(false);
    expect(existsSync(join(outside, 'sweep.csv.provenance.json'))).toBe(false);
  });

  it('--list shows the blocks, the tables and what was skipped', async () => {
    const r = await cli(['extract', 'pp', '--cell', 'cell_long', '--list'], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^pp: cell cell_long block 3 \(output\): \d+ lines, \d+ characters elided\nblocks of the cell: 1 bash, 2 python, 3 output\ntable 1: key-value: step, loss, lr; \d+ rows, lines 1-\d+ \(rows may be missing: elided output\)\n/,
    );
    const j = await cli(['extract', 'pp', '--cell', 'cell_columns', '--list', '--json'], root);
    const doc = JSON.parse(j.stdout);
    expect(doc).toMatchObject({ cell: 'cell_columns', block: 3, lang: 'output', elidedChars: null, lineCount: 6, elisions: [] });
    expect(doc.tables[0].columns).toEqual(['k', 'ratio', 'H_k', 'gap']);
  });
});

describe('extract helpers', () => {
  it('CSV quoting reads back the same strings (doc example)', () => {
    const text = tableCsv({ columns: ['k', 'note'], rows: [{ line: 1, cells: ['2', 'a, b'] }] });
    expect(text).toBe('k,note\n2,"a, b"\n');
    const tricky = {
      columns: ['a b', 'q"', 'x,y'],
      rows: [
        { line: 1, cells: ['', '"', '1,234'] },
        { line: 2, cells: ['-inf', 'nan', "'s'"] },
      ],
    };
    const back = parseCsv(tableCsv(tricky), 't.csv');
    expect(back.columns).toEqual(tricky.columns);
    expect(back.rows.map((r) => r.values)).toEqual(tricky.rows.map((r) => r.cells));
  });

  it("a cell's reader problem is passed on", () => {
    const cell = { type: 'markdown' as const, id: 'c', title: '', markdown: '' };
    expect(readerProblem(cell)).toBeUndefined();
    expect(readerProblem({ ...cell, problem: 'the cell header is not closed' })).toBe('the cell header is not closed');
  });

  it('nearest ids (doc example)', () => {
    expect(nearestIds('cell_ab', ['cell_abc', 'other', 'cell_xy'], 2)).toEqual(['cell_abc', 'cell_xy']);
  });
});
