// The Trackio reader on the real logbook shipped in the timing-normalization case (written by Trackio 0.36),
// and on logbooks written here by Trackio's format rules (test/helpers/trackio-writer.ts): a failing run, a
// truncated output, LaTeX, two pages, a missing page, a malformed header, a Space download, schema 1.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { readLogbook } from '../../../app/logbook/read';
import { paperIdOf, readTrackioLogbook } from '../../../app/logbook/trackio';
import { figureImages, outputElision, parseBlocks, parsePage } from '../../../app/logbook/trackio-page';
import { BadInputError } from '../../../app/errors';
import { tempDir } from '../../helpers/temp-case';
import { truncateLikeTrackio, writeTrackioLogbook, type TestCell } from '../../helpers/trackio-writer';

const CASE = resolve(import.meta.dirname, '../../../cases/timing-normalization');

describe('Trackio logbook reader: the real logbook', () => {
  it('reads the page tree, cells and run metadata', async () => {
    const lb = await readLogbook(CASE, { id: 'repro', path: 'logbook', format: 'trackio', title: '' });
    expect(lb.title).toBe('Reproduction: batched rollout speed claim');
    expect(lb.paper).toBe('openreview:example-rollouts');
    expect(lb.tags).toEqual(['repro', 'timing']);
    expect(lb.schemaVersion).toBe(2);
    expect(lb.problems).toEqual([]);
    expect(lb.pages.map((p) => [p.slug, p.depth])).toEqual([
      ['index', 0],
      ['timing-comparison', 1],
      ['long-log', 1],
    ]);
    const timing = lb.pages[1]!;
    expect(timing.cells.map((c) => c.type)).toEqual(['markdown', 'code', 'markdown']);
    const run = timing.cells[1]!;
    if (run.type !== 'code') throw new Error('expected a code cell');
    expect(run).toMatchObject({ id: 'cell_cad14a3ec345', command: ['python3', 'bench.py'], exitCode: 0, durationS: 0.091 });
    expect(run.blocks.map((b) => b.lang)).toEqual(['bash', 'python', 'output']);
    expect(run.blocks[1]?.title).toBe('bench.py');
    expect(run.blocks[2]?.text).toBe(
      'method: 3.0 s per batch (batch = 50 trajectories)\nbaseline: 1.5 s per trajectory\nratio method/baseline = 2.00\n',
    );
    expect(timing.cells[2]?.type === 'markdown' && timing.cells[2].markdown).toMatch(/\*\*2x slower\*\*/);
    expect(lb.files.map((f) => f.path)).toEqual(['bench.py', 'noisy.py']);
  });

  it('reports the characters Trackio elided from a long output, and keeps head and tail verbatim', async () => {
    const lb = await readLogbook(CASE, { id: 'repro', path: 'logbook', format: 'trackio', title: '' });
    const cell = lb.pages[2]!.cells[0]!;
    if (cell.type !== 'code') throw new Error('expected a code cell');
    const output = cell.blocks.find((b) => b.lang === 'output')!;
    expect(output.elidedChars).toBe(139000);
    // The oracle: what noisy.py prints (3000 lines), truncated by Trackio's rule.
    const printed = Array.from(
      { length: 3000 },
      (_, i) => `step ${String(i).padStart(5)} loss ${(1 / (i + 1)).toFixed(6)} lr 0.001000 grad_norm ${(0.5 + (i % 7) / 10).toFixed(3)}\n`,
    ).join('');
    expect(output.text).toBe(truncateLikeTrackio(printed));
  });
});

/** A logbook with everything a reviewer meets, written by Trackio's rules. */
function richLogbook(dir: string, layout: 'workspace' | 'space' = 'workspace'): string {
  const longOutput = Array.from({ length: 1500 }, (_, i) => `k=${i} ratio=${(1 + Math.log(i + 1)).toFixed(4)}\n`).join('');
  const cells: TestCell[] = [
    { type: 'markdown', id: 'cell_md1', title: 'Claim', body: 'The bound is $O(\\ln k)$ and\n\n$$\\sum_{i=1}^k \\frac{1}{i} = H_k$$' },
    {
      type: 'run',
      id: 'cell_fail',
      command: ['python3', 'sweep.py', '--k', '1024'],
      exitCode: 1,
      durationS: 12.345,
      scripts: [{ name: 'sweep.py', lang: 'python', text: 'raise SystemExit(1)' }],
      output: 'Traceback (most recent call last):\nSystemExit: 1\n',
    },
    { type: 'run', id: 'cell_long', command: ['python3', 'long.py'], exitCode: 0, durationS: 3.2, output: longOutput },
    { type: 'raw', text: '\n\n---\n<!-- trackio-cell\n{"type": "code", "id": "cell_bad", "title": oops}\n-->\nbody of a broken cell\n' },
  ];
  return writeTrackioLogbook(dir, {
    title: 'Re-run of the paging bound',
    layout,
    tags: ['repro'],
    paper: layout === 'space' ? { openreview_id: 'Pag1ng' } : null,
    metadata: { paper: { openreview_id: 'Pag1ng' }, tags: ['repro', 'paging'] },
    pages: [
      { slug: 'sweep', title: 'Sweep', cells },
      { slug: 'notes', title: 'Notes', cells: [{ type: 'markdown', id: 'cell_n', body: 'Second page.' }] },
      { slug: 'lost', title: 'Lost page', cells: [], missing: true },
    ],
  });
}

describe("Trackio logbook reader: logbooks written by Trackio's rules", () => {
  it('reads a failing run, a truncated output, LaTeX, two pages; lists a missing page and a malformed header', async () => {
    const lb = await readTrackioLogbook(richLogbook(tempDir()));
    expect(lb.layout).toBe('workspace');
    expect(lb.paper).toBe('openreview:Pag1ng'); // metadata.json's {"openreview_id": ...}
    expect(lb.tags).toEqual(['repro', 'paging']);
    expect(lb.pages.map((p) => p.slug)).toEqual(['index', 'sweep', 'notes', 'lost']);
    const [md, fail, long, bad] = lb.pages[1]!.cells;
    expect(md).toMatchObject({ type: 'markdown', markdown: expect.stringContaining('$$\\sum_{i=1}^k \\frac{1}{i} = H_k$$') });
    expect(fail).toMatchObject({ type: 'code', exitCode: 1, durationS: 12.345, command: ['python3', 'sweep.py', '--k', '1024'] });
    const out = long?.type === 'code' ? long.blocks.find((b) => b.lang === 'output') : undefined;
    expect(out?.elidedChars).toBeGreaterThan(0);
    expect(bad).toMatchObject({
      type: 'markdown',
      id: 'sweep:cell-4',
      markdown: 'body of a broken cell',
      problem: expect.stringMatching(/not valid JSON/),
    });
    expect(lb.problems).toEqual([
      { page: 'sweep', cell: 'sweep:cell-4', problem: expect.stringMatching(/^the cell header is not valid JSON/) },
      { page: 'lost', problem: 'pages/lost/page.md: no such file' },
    ]);
  });

  it('reads a downloaded Space the same way (files at the root, paper id in logbook.json as an object)', async () => {
    const lb = await readTrackioLogbook(richLogbook(tempDir(), 'space'));
    expect(lb.layout).toBe('space');
    expect(lb.paper).toBe('openreview:Pag1ng');
    expect(lb.pages.map((p) => p.slug)).toEqual(['index', 'sweep', 'notes', 'lost']);
  });

  it('reads schema version 1, and rebuilds the page tree when logbook.json is missing (saying so)', async () => {
    const v1 = writeTrackioLogbook(tempDir(), {
      title: 'Old',
      schemaVersion: 1,
      pages: [{ slug: 'a', title: 'A', cells: [{ type: 'markdown', id: 'x', body: 'hi' }] }],
    });
    const old = await readTrackioLogbook(v1);
    expect(old.schemaVersion).toBe(1);
    expect(old.problems).toEqual([]);
    const bare = tempDir();
    mkdirSync(join(bare, 'pages', 'a'), { recursive: true });
    writeFileSync(join(bare, 'pages', 'index.md'), '# Bare\n');
    writeFileSync(
      join(bare, 'pages', 'a', 'page.md'),
      '# A\n\n\n---\n<!-- trackio-cell\n{"type": "markdown", "id": "m", "title": "t"}\n-->\ntext\n',
    );
    const rebuilt = await readTrackioLogbook(bare);
    expect(rebuilt.pages.map((p) => [p.slug, p.title])).toEqual([
      ['index', 'Bare'],
      ['a', 'A'],
    ]);
    expect(rebuilt.problems).toEqual([{ problem: 'no logbook.json: the page tree was rebuilt from pages/' }]);
  });

  it('refuses a folder that is not a Trackio logbook, naming it', async () => {
    const dir = tempDir();
    await expect(readLogbook(dir, { id: 'x', path: '.', format: 'trackio', title: 'x' })).rejects.toThrow(BadInputError);
    await expect(readLogbook(dir, { id: 'x', path: '.', format: 'trackio', title: 'x' })).rejects.toThrow(/not a Trackio logbook/);
  });
});

describe('Trackio pages and cells', () => {
  it('keeps figure images (data URIs only), artifacts and dashboards', () => {
    const page = [
      '# P',
      '',
      '---\n<!-- trackio-cell\n{"type": "figure", "id": "f", "title": "Figure"}\n-->\n````html\n<div><img src="data:image/png;base64,iVBORw0KGgo="><img src="https://evil.example/x.png"><script>alert(1)</script></div>\n````',
      '',
      '---\n<!-- trackio-cell\n{"type": "artifact", "id": "a", "title": "Artifact", "artifact": "proj/model:v3", "artifact_type": "model"}\n-->\n**📦 Artifact** `proj/model:v3`\n\ntrackio-artifact://proj/model:v3',
      '',
      '---\n<!-- trackio-cell\n{"type": "dashboard", "id": "d", "title": "Dashboard", "dashboard_project": "paging"}\n-->\n**🎯 Trackio dashboard** `paging`\n\nhttps://huggingface.co/spaces/u/paging',
    ].join('\n');
    const { cells } = parsePage(page, 'p');
    expect(cells[0]).toEqual({ type: 'figure', id: 'f', title: 'Figure', images: ['data:image/png;base64,iVBORw0KGgo='], omitted: 2 });
    expect(cells[1]).toEqual({
      type: 'artifact',
      id: 'a',
      title: 'Artifact',
      ref: 'proj/model:v3',
      artifactType: 'model',
      uri: 'trackio-artifact://proj/model:v3',
    });
    expect(cells[2]).toEqual({
      type: 'dashboard',
      id: 'd',
      title: 'Dashboard',
      project: 'paging',
      url: 'https://huggingface.co/spaces/u/paging',
    });
    expect(figureImages("<img src='data:image/svg+xml;utf8,<svg/>'>").images).toHaveLength(1);
  });

  it('trusts an elision marker only where Trackio writes one', () => {
    const good = `${'a'.repeat(2000)}\n... [77 chars elided] ...\n${'b'.repeat(18000)}`;
    expect(outputElision(good)).toEqual({ elidedChars: 77 });
    const printed = 'x\n... [5 chars elided] ...\ny';
    expect(outputElision(printed)).toMatchObject({ elidedChars: 5, problem: expect.stringMatching(/where Trackio would not write one/) });
    expect(outputElision('plain')).toEqual({});
  });

  it('counts elided characters in code points, as Python does', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'é', '😀', '\n'), { minLength: 20_001, maxLength: 20_400 }), (chars) => {
        const out = chars.join('');
        expect(outputElision(truncateLikeTrackio(out)).elidedChars).toBe(chars.length - 20_000);
      }),
      { seed: 5, numRuns: 20 },
    );
  });

  it('fences of three or four backticks or tildes; an unclosed one runs to the end', () => {
    expect(parseBlocks('~~~python\nx = 1\n~~~')).toEqual([{ lang: 'python', text: 'x = 1' }]);
    expect(parseBlocks('```\n```py\n```')).toEqual([{ lang: '', text: '```py' }]);
    expect(parseBlocks('````output\nunclosed')).toEqual([{ lang: 'output', text: 'unclosed' }]);
    expect(parseBlocks('no fences here')).toEqual([]);
  });

  it('normalises the paper id a logbook wrote', () => {
    expect(paperIdOf('openreview:abc')).toEqual({ paper: 'openreview:abc' });
    expect(paperIdOf({ openreview_id: 'abc' })).toEqual({ paper: 'openreview:abc' });
    expect(paperIdOf({ arxiv_id: '2401.00001' })).toEqual({ paper: 'arxiv:2401.00001' });
    expect(paperIdOf(null)).toEqual({});
    expect(paperIdOf([1])).toMatchObject({ problem: expect.stringMatching(/neither a string nor/) });
  });
});
