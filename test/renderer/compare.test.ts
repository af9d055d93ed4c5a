// Compare logbooks and check params in the UI: where a setting was printed, resolved against the logbook the
// core read it from (compareLogbooks on two real logbooks), and the case-file params of a check.
import { describe, expect, it } from 'vitest';
import type { LogbookView } from '../../common/api/contract';
import { createRecheckService } from '../../app/api/service';
import { casePathParams } from '../../renderer/intake/check-params';
import { COMPARISON_MARK, defaultPair, resolveWhere } from '../../renderer/lib/compare';
import { tempDir } from '../helpers/temp-case';
import { writeTrackioLogbook } from '../helpers/trackio-writer';
import { uploadFolder } from '../helpers/upload-folder';

function logbook(pages: LogbookView['pages'], files: LogbookView['files'] = []): LogbookView {
  return { id: 'L1', title: 'L', format: 'trackio', tags: [], pages, files, traceCount: 0, problems: [] };
}

describe('resolveWhere', () => {
  it('links every value compareLogbooks gives for two real logbooks to a cell of its logbook', async () => {
    const service = await createRecheckService({ workspaceDir: tempDir() });
    const short = writeTrackioLogbook(tempDir(), {
      title: 'Short',
      pages: [
        {
          slug: 'run',
          title: 'Run',
          cells: [
            {
              type: 'run',
              id: 'c1',
              command: ['python3', 'fw.py', '--horizon', '300', '--seed', '7'],
              exitCode: 0,
              durationS: 1,
              output: 'float32, no exit\n',
            },
          ],
        },
      ],
    });
    const long = writeTrackioLogbook(tempDir(), {
      title: 'Long',
      pages: [
        {
          slug: 'run',
          title: 'Run',
          cells: [
            {
              type: 'run',
              id: 'c9',
              command: ['python3', 'long.py', '--horizon', '6416', '--seed', '7'],
              exitCode: 0,
              durationS: 9,
              output: 'exit at step 6416 (exact, Fraction)\n',
            },
          ],
        },
      ],
    });
    await service.importLogbook({ caseId: 'fw', files: uploadFolder(short), newCase: { paperMarkdown: '# FW\n' } });
    await service.importLogbook({ caseId: 'fw', files: uploadFolder(long) });
    const detail = await service.openCase('fw');
    const cmp = await service.compareLogbooks('fw', 'L1', 'L2');
    const [a, b] = [detail.logbooks.find((l) => l.id === 'L1')!, detail.logbooks.find((l) => l.id === 'L2')!];
    const values = cmp.rows.flatMap((r) => [...r.a.map((v) => ({ v, lb: a })), ...r.b.map((v) => ({ v, lb: b }))]);
    expect(values.length).toBeGreaterThan(3);
    for (const { v, lb } of values) {
      const place = resolveWhere(v.where, lb);
      expect(place.type === 'cell' || place.type === 'file', v.where).toBe(true);
      if (place.type === 'cell') expect(`${place.page}/${place.cell}`).toBe(v.where);
    }
    expect(resolveWhere('run/c9', b)).toMatchObject({ type: 'cell', page: 'run', cell: 'c9', pageTitle: 'Run' });
  });

  it('takes page slugs with "/" and falls back to a file, then to the text', () => {
    const lb = logbook(
      [
        { slug: 'a', title: 'A', depth: 0, cells: [{ id: 'b/c', type: 'markdown', title: '', markdown: 'x' }] },
        { slug: 'a/b', title: 'AB', depth: 1, cells: [{ id: 'c', type: 'markdown', title: 'T', markdown: 'y' }] },
      ],
      [{ path: 'src/run.py', size: 3, text: 'x=1' }],
    );
    expect(resolveWhere('a/b/c', lb)).toMatchObject({ type: 'cell', page: 'a', cell: 'b/c', cellTitle: 'b/c' });
    expect(resolveWhere('a/b/c', { ...lb, pages: [lb.pages[1]!] })).toMatchObject({ type: 'cell', page: 'a/b', cell: 'c', cellTitle: 'T' });
    expect(resolveWhere('src/run.py', lb)).toEqual({ type: 'file', path: 'src/run.py' });
    expect(resolveWhere('gone/x', lb)).toEqual({ type: 'unknown', where: 'gone/x' });
  });
});

describe('comparison marks and the pair compared', () => {
  it('marks every comparison with a word and a symbol, differences distinctly', () => {
    const words = Object.values(COMPARISON_MARK).map((m) => m.word);
    expect(new Set(words).size).toBe(5);
    for (const m of Object.values(COMPARISON_MARK)) expect(m.symbol).not.toBe('');
    expect(COMPARISON_MARK.differs).toMatchObject({ word: 'differs', symbol: '≠' });
  });

  it('compares the first two logbooks unless two others are chosen', () => {
    const l = (id: string) => ({ ...logbook([]), id });
    expect(defaultPair([l('L1')], null)).toBeNull();
    expect(defaultPair([l('L1'), l('L2'), l('L3')], null)).toEqual(['L1', 'L2']);
    expect(defaultPair([l('L1'), l('L2'), l('L3')], ['L3', 'L1'])).toEqual(['L3', 'L1']);
    expect(defaultPair([l('L1'), l('L2')], ['L3', 'L1'])).toEqual(['L1', 'L2']);
    expect(defaultPair([l('L1'), l('L2')], ['L1', 'L1'])).toEqual(['L1', 'L2']);
  });
});

describe('casePathParams', () => {
  it('gives the params marked casePath in the kinds’ own schemas, nested ones too', async () => {
    const kinds = await (await createRecheckService({ workspaceDir: tempDir() })).listKinds();
    const schema = (k: string) => kinds.find((x) => x.kind === k)!.paramsSchema;
    expect(casePathParams({ table: 'tables/s.csv', x: 'k', y: 'additive', asserts: 'growth' }, schema('growth-fit'))).toEqual([
      { name: 'table', path: 'tables/s.csv' },
    ]);
    expect(casePathParams({ sweep: { program: 'sandbox/p.ts', grid: { k: [2] }, seed: 1 }, x: 'k', y: 'r' }, schema('growth-fit'))).toEqual(
      [{ name: 'sweep.program', path: 'sandbox/p.ts' }],
    );
    expect(casePathParams({ quantities: 'sandbox/q.json', role: 'assertion' }, schema('units-audit'))).toEqual([
      { name: 'quantities', path: 'sandbox/q.json' },
    ]);
    // Every kind whose schema declares case paths names at least one case file in its example (each reads one), except
    // a kind that reads a logbook's own cells by id (printed-consistency: the statistic and the table the logbook
    // printed); a kind that reads no file (calc-assertion: the assertion is its whole input) declares none.
    for (const k of kinds) {
      const found = casePathParams(k.example as Record<string, unknown>, k.paramsSchema);
      const readsCells = JSON.stringify(k.example).includes('"cell"');
      const declaresPaths = JSON.stringify(k.paramsSchema).includes('"casePath":true');
      if (declaresPaths && !readsCells) expect(found.length, k.kind).toBeGreaterThan(0);
      if (!declaresPaths) expect(found, k.kind).toEqual([]);
    }
    expect(JSON.stringify(schema('calc-assertion')).includes('"casePath":true')).toBe(false);
    expect(casePathParams({ table: 't.csv' }, undefined)).toEqual([]);
  });
});
