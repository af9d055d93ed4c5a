// Issue 24 item 10: `recheck sweep --grid FILE` read the file with a plain readFile: a fifo hung the command, and
// /dev/zero grew to 616 MB before failing. It now goes through the shared bounded reader (a regular file only,
// opened without blocking, at most MAX_JSON_BYTES, strict UTF-8, bounded JSON): exit 2, one line naming the file.
import { execFileSync } from 'node:child_process';
import { mkdirSync, openSync, closeSync, constants, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli';
import { tempDir } from '../helpers/temp-case';
import { MAX_JSON_BYTES } from '../../app/tables/text-file';

function sweepCase(): string {
  const root = tempDir('recheck-grid-');
  mkdirSync(join(root, 'sandbox'));
  writeFileSync(join(root, 'case.json'), '{}');
  writeFileSync(join(root, 'sandbox', 'f.mjs'), 'export default ({ a }) => ({ a });');
  return root;
}

/** The command with --grid `grid`; a fifo left without a writer is unblocked after 5 s so a hang fails, not wedges. */
async function sweepWithGrid(root: string, grid: string, fifo = false) {
  let unblock: ReturnType<typeof setTimeout> | undefined;
  if (fifo) unblock = setTimeout(() => closeSync(openSync(grid, constants.O_WRONLY | constants.O_NONBLOCK)), 5_000);
  const started = performance.now();
  try {
    const r = await cli(['sweep', 'sandbox/f.mjs', '--grid', grid, '--json'], root);
    return { ...r, ms: performance.now() - started };
  } finally {
    clearTimeout(unblock);
  }
}

function oneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0] as string;
}

describe('sweep --grid reads through the bounded reader', () => {
  it('a fifo is refused at once (exit 2, one line), never waited on', async () => {
    const root = sweepCase();
    const fifo = join(root, 'grid.json');
    execFileSync('mkfifo', [fifo]);
    const r = await sweepWithGrid(root, 'grid.json', true);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/grid\.json.*not a regular file/);
    expect(r.ms).toBeLessThan(4_000);
  }, 20_000);

  it('/dev/zero is refused without reading it', async () => {
    const root = sweepCase();
    const before = process.memoryUsage().rss;
    const r = await sweepWithGrid(root, '/dev/zero');
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/\/dev\/zero.*not a regular file/);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  }, 60_000);

  it('a file over the cap is refused by its size', async () => {
    const root = sweepCase();
    writeFileSync(join(root, 'big.json'), `{"parameters":{"a":[${'0,'.repeat(MAX_JSON_BYTES / 2)}0]}}`);
    const r = await sweepWithGrid(root, 'big.json');
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(new RegExp(`big\\.json.*over the limit of ${MAX_JSON_BYTES}`));
  }, 60_000);

  it('invalid UTF-8 and nesting beyond the JSON limits are bad input naming the file', async () => {
    const root = sweepCase();
    writeFileSync(join(root, 'bad.json'), Buffer.from([0x7b, 0xff, 0x7d]));
    const bad = await sweepWithGrid(root, 'bad.json');
    expect(bad.code).toBe(2);
    expect(oneLine(bad.stderr)).toMatch(/bad\.json: line 1: invalid UTF-8/);
    writeFileSync(join(root, 'deep.json'), `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    const deep = await sweepWithGrid(root, 'deep.json');
    expect(deep.code).toBe(2);
    expect(oneLine(deep.stderr)).toMatch(/deep\.json/);
  });

  it('a missing grid file is one line naming it', async () => {
    const root = sweepCase();
    const r = await sweepWithGrid(root, 'nope.json');
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/nope\.json: no such file/);
  });
});
