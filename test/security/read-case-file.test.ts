/**
 * readCaseFile is a new boundary: a path from the UI names a file of a case folder, which is itself untrusted
 * data. Each attack must end in one line of bad input, read nothing outside the case and never hang: a path
 * out of the case (refused by the argument validator and again by the core), a symlink (out of the case or
 * not), a fifo, a file too large, invalid UTF-8 where text is needed, and an image whose bytes lie about it.
 * A hostile SVG must reach the page only as an <img> source (where scripts never run), never as markup.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { API_METHODS, ApiArgumentError } from '../../common/api/methods';
import { createRecheckService } from '../../app/api/service';
import { MAX_VIEW_BYTES } from '../../app/cases/read-file';
import { createCheckRegistry } from '../../app/checks/registry';
import { viewer } from '../renderer/evidence-viewer/components';
import { fixedKind } from '../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../helpers/temp-case';

function workspace() {
  const root = tempDir('recheck-read-hostile-');
  const ws = join(root, 'workspace');
  mkdirSync(ws);
  const dir = writeMinimalCase(ws, 'mini');
  const outside = join(root, 'outside');
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.txt'), 'TOKEN=hunter2\n');
  return { ws, dir, outside };
}

async function service(ws: string) {
  return createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]) });
}

/** The call as it crosses the boundary: validated like every API call, then made. */
async function read(ws: string, ...args: unknown[]) {
  const s = await service(ws);
  try {
    const [caseId, path] = API_METHODS.readCaseFile.validate(args);
    return await s.readCaseFile(caseId, path);
  } finally {
    s.dispose();
  }
}

const oneLine = (e: unknown) => {
  expect(e).toBeInstanceOf(Error);
  expect((e as Error).message).not.toContain('\n');
  expect((e as Error).message).not.toContain('hunter2');
  return (e as Error).message;
};

describe('readCaseFile against a hostile path or case folder', () => {
  it('refuses paths that leave the case before touching the disk', async () => {
    const { ws } = workspace();
    for (const p of [
      '../outside/secret.txt',
      '/etc/passwd',
      'logbook/../../outside/secret.txt',
      'a\\..\\b',
      'x\u0000y',
      './paper.md',
      '',
    ]) {
      const err = await read(ws, 'mini', p).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiArgumentError);
      expect(oneLine(err)).toMatch(/^readCaseFile: path must/);
    }
  });

  it('refuses a case id that is not an identifier (no path through the case id either)', async () => {
    const { ws } = workspace();
    const err = await read(ws, '../outside', 'secret.txt').catch((e: unknown) => e);
    expect(oneLine(err)).toBe('readCaseFile: caseId must be an identifier');
  });

  it('refuses a symlink to a file outside the case, and a symlink inside it', async () => {
    const { ws, dir, outside } = workspace();
    symlinkSync(join(outside, 'secret.txt'), join(dir, 'evidence.csv'));
    symlinkSync(join(dir, 'paper.md'), join(dir, 'alias.md'));
    expect(oneLine(await read(ws, 'mini', 'evidence.csv').catch((e: unknown) => e))).toBe(
      'mini/evidence.csv: path "evidence.csv" is a symlink that leaves the case folder',
    );
    expect(oneLine(await read(ws, 'mini', 'alias.md').catch((e: unknown) => e))).toBe(
      'mini/alias.md: is a symlink: links in a case are not followed',
    );
  });

  it('refuses a file under a symlinked folder that leaves the case', async () => {
    const { ws, dir, outside } = workspace();
    symlinkSync(outside, join(dir, 'tables'));
    const msg = oneLine(await read(ws, 'mini', 'tables/secret.txt').catch((e: unknown) => e));
    expect(msg).toMatch(/symlink that leaves the case folder/);
  });

  it('refuses a fifo at once instead of blocking on it', async () => {
    const { ws, dir } = workspace();
    execFileSync('mkfifo', [join(dir, 'positions.csv')]);
    const t0 = Date.now();
    const msg = oneLine(await read(ws, 'mini', 'positions.csv').catch((e: unknown) => e));
    expect(msg).toMatch(/is a fifo, not a regular file$/);
    expect(Date.now() - t0).toBeLessThan(10_000);
  });

  it('refuses a file over the cap without reading it', async () => {
    const { ws, dir } = workspace();
    writeFileSync(join(dir, 'huge.csv'), '');
    truncateSync(join(dir, 'huge.csv'), MAX_VIEW_BYTES + 1);
    expect(oneLine(await read(ws, 'mini', 'huge.csv').catch((e: unknown) => e))).toMatch(
      new RegExp(`huge\\.csv: is ${MAX_VIEW_BYTES + 1} bytes, over the limit of ${MAX_VIEW_BYTES}$`),
    );
  });

  it('refuses invalid UTF-8 where text is needed, and an image whose bytes are something else', async () => {
    const { ws, dir } = workspace();
    writeFileSync(join(dir, 'notes.txt'), Buffer.from([0x6f, 0x6b, 0x0a, 0xc0, 0xaf]));
    writeFileSync(join(dir, 'figure.png'), '<html><script>alert(1)</script></html>');
    expect(oneLine(await read(ws, 'mini', 'notes.txt').catch((e: unknown) => e))).toMatch(
      /^mini\/notes\.txt: line 2: invalid UTF-8 at byte 3/,
    );
    expect(oneLine(await read(ws, 'mini', 'figure.png').catch((e: unknown) => e))).toBe(
      'mini/figure.png: is named .png but its bytes are not a PNG image',
    );
  });

  it('shows a hostile SVG only as an <img> data: source, never as markup in the page', async () => {
    const { ws, dir } = workspace();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="top.pwned=1"><script>top.pwned=2</script><foreignObject><iframe src="javascript:top.pwned=3"/></foreignObject></svg>';
    writeFileSync(join(dir, 'figure.svg'), svg);
    const file = await read(ws, 'mini', 'figure.svg');
    expect(file.kind).toBe('image');
    if (file.kind !== 'image') return;
    const html = renderToStaticMarkup(createElement(await viewer.ImageView(), { file }));
    // Exactly one element that loads anything: an <img> whose source is the base64 of the bytes.
    expect(html.match(/<[a-z]+/g)?.filter((t) => t !== '<div' && t !== '<span')).toEqual(['<img']);
    expect(html).not.toMatch(/<svg|<script|onload|<iframe|javascript:/i);
    const src = /<img[^>]* src="([^"]+)"/.exec(html)?.[1];
    expect(src).toBe(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`);
  });
});
