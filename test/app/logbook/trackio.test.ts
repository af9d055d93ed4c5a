// The Trackio reader on the real logbook shipped in the timing-normalization case (written by Trackio 0.36).
import { describe, it, expect } from 'vitest';
import { resolve } from 'node:path';
import { readLogbook } from '../../../app/logbook/read';
import { parseBlocks, parsePage } from '../../../app/logbook/trackio';
import { BadInputError } from '../../../app/errors';
import { tempDir } from '../../helpers/temp-case';

const CASE = resolve(import.meta.dirname, '../../../cases/timing-normalization');

describe('Trackio logbook reader', () => {
  it('reads the page tree, cells and run metadata of a real logbook', async () => {
    const lb = await readLogbook(CASE, { id: 'repro', path: 'logbook', format: 'trackio', title: '' });
    expect(lb.title).toBe('Reproduction: batched rollout speed claim');
    expect(lb.paper).toBe('openreview:example-rollouts');
    expect(lb.tags).toEqual(['repro', 'timing']);
    expect(lb.pages.map((p) => [p.slug, p.depth])).toEqual([['index', 0], ['timing-comparison', 1], ['long-log', 1]]);
    const timing = lb.pages[1]!;
    expect(timing.cells.map((c) => c.type)).toEqual(['markdown', 'code', 'markdown']);
    const run = timing.cells[1]!;
    if (run.type !== 'code') throw new Error('expected a code cell');
    expect(run.command).toEqual(['python3', 'bench.py']);
    expect(run.exitCode).toBe(0);
    expect(run.durationS).toBe(0.091);
    expect(run.blocks.map((b) => b.lang)).toEqual(['bash', 'python', 'output']);
    expect(run.blocks[1]?.title).toBe('bench.py');
    expect(run.blocks[2]?.text).toContain('ratio method/baseline = 2.00');
    expect(timing.cells[2]?.type === 'markdown' && timing.cells[2].markdown).toMatch(/\*\*2x slower\*\*/);
    expect(lb.files.map((f) => f.path)).toEqual(['bench.py', 'noisy.py']);
  });

  it('reports the characters Trackio elided from a long output', async () => {
    const lb = await readLogbook(CASE, { id: 'repro', path: 'logbook', format: 'trackio', title: '' });
    const cell = lb.pages[2]!.cells[0]!;
    if (cell.type !== 'code') throw new Error('expected a code cell');
    const output = cell.blocks.find((b) => b.lang === 'output')!;
    expect(output.elidedChars).toBe(139000);
    expect(output.text.startsWith('step     0 loss 1.000000')).toBe(true);
    expect(output.text.trimEnd().endsWith('step  2999 loss 0.000333 lr 0.001000 grad_norm 0.800')).toBe(true);
  });

  it('parses cells and fences independently of the fixture', () => {
    const page = '# T\n\n\n---\n<!-- trackio-cell\n{"type": "markdown", "id": "a", "title": "x"}\n-->\nHello $x$.\n\n\n---\n<!-- trackio-cell\n{"type": "code", "id": "b", "title": "Run", "command": ["ls"], "exit_code": 2, "duration_s": 1.5}\n-->\n````output\nline\n... [12 chars elided] ...\nend\n````\n';
    const cells = parsePage(page);
    expect(cells).toHaveLength(2);
    expect(cells[0]).toMatchObject({ type: 'markdown', id: 'a', markdown: 'Hello $x$.' });
    expect(cells[1]).toMatchObject({ type: 'code', exitCode: 2, durationS: 1.5, blocks: [{ lang: 'output', elidedChars: 12 }] });
    expect(parseBlocks('no fences here')).toEqual([]);
  });

  it('refuses a folder that is not a Trackio logbook, naming the file', async () => {
    const dir = tempDir();
    await expect(readLogbook(dir, { id: 'x', path: '.', format: 'trackio', title: 'x' })).rejects.toThrow(BadInputError);
    await expect(readLogbook(dir, { id: 'x', path: '.', format: 'trackio', title: 'x' })).rejects.toThrow(/logbook\.json: not a Trackio logbook/);
  });
});
