// Attack: a power-loss style truncation of an append-only log (audit.jsonl, points.jsonl) in the middle of
// its last line, then the next append. Before the fix the new line was glued to the fragment and lost on
// read, and a sweep resume said "complete" with a point missing on disk.
import { mkdirSync, readdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../common/api/contract';
import { appendAudit, AUDIT_FILE, readAudit, readAuditLog } from '../../app/cases/audit';
import { readTornRecords, tornFragment } from '../../app/fs/log';
import { appendPoint, POINTS_FILE, readCheckpoint } from '../../app/runs/checkpoint';
import type { PointRecord } from '../../app/runs/record';
import { runSweep } from '../../app/runs/sweep';
import { nodeChildRunner } from '../../app/sandbox/runner';
import { cli } from '../helpers/cli';
import { tempDir } from '../helpers/temp-case';
import { confinementOrSkip } from '../app/sandbox/harness';

const c = await confinementOrSkip();

const entry = (at: string): AuditEntry => ({ at, who: 'tester', action: 'run', caseId: 'x', hashes: { 'case.json': 'h' } });
const rec = (index: number, value: unknown = index * 10): PointRecord => ({
  index,
  params: { t: index + 1 },
  seed: 7,
  inputSha256: 'x',
  outcome: 'ok',
  value,
  wallMs: 1,
  finishedAt: '2026-01-01T00:00:00.000Z',
});

/** Cuts `file` in the middle of its last line (as a crash between a write and its fsync can); returns the fragment left. */
function tearLastLine(file: string): string {
  const text = readFileSync(file, 'utf8');
  const lastStart = text.lastIndexOf('\n', text.length - 2) + 1;
  const cut = lastStart + Math.floor((text.length - 1 - lastStart) / 2);
  truncateSync(file, Buffer.byteLength(text.slice(0, cut)));
  return text.slice(lastStart, cut);
}

describe('torn audit log', () => {
  it('an entry appended after a torn tail is read back; the fragment is kept in audit.jsonl.torn, exactly', async () => {
    const dir = tempDir();
    await appendAudit(dir, entry('t1'));
    await appendAudit(dir, entry('t2'));
    const fragment = tearLastLine(join(dir, AUDIT_FILE));
    const torn = await appendAudit(dir, entry('t3'));
    expect(torn).toMatchObject({ reason: 'no-newline', bytes: Buffer.byteLength(fragment) });
    expect((await readAudit(dir)).map((e) => e.at)).toEqual(['t1', 't3']);
    expect((await readTornRecords(join(dir, AUDIT_FILE))).map((r) => tornFragment(r).toString('utf8'))).toEqual([fragment]);
    expect((await readAuditLog(dir)).tornLines).toBe(1);
  });
});

describe('torn sweep checkpoint', () => {
  it('a point appended after a torn tail is read back', async () => {
    const dir = tempDir();
    await appendPoint(dir, rec(0));
    await appendPoint(dir, rec(1));
    const fragment = tearLastLine(join(dir, POINTS_FILE));
    expect((await appendPoint(dir, rec(2)))?.reason).toBe('no-newline');
    const cp = await readCheckpoint(dir);
    expect([...cp.points.keys()].sort()).toEqual([0, 2]);
    expect(cp).toMatchObject({ skippedLines: 0, tornLines: 1 });
    expect((await readTornRecords(join(dir, POINTS_FILE))).map((r) => tornFragment(r).toString('utf8'))).toEqual([fragment]);
  });

  it('property: appended points survive truncations at random bytes unless cut themselves; none is invented', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.record({ value: fc.jsonValue({ maxDepth: 2 }) }), fc.double({ min: 0, max: 1, noNaN: true })), {
          minLength: 1,
          maxLength: 10,
        }),
        async (ops) => {
          const dir = tempDir('recheck-cp-prop-');
          const file = join(dir, POINTS_FILE);
          let next = 0;
          for (const op of ops) {
            if (typeof op === 'number') {
              let size = 0;
              try {
                size = readFileSync(file).length;
              } catch {
                continue;
              }
              truncateSync(file, Math.floor(op * size));
            } else {
              await appendPoint(dir, rec(next++, op.value));
            }
          }
          let whole: string[] = [];
          try {
            const bytes = readFileSync(file);
            whole = bytes
              .subarray(0, bytes.lastIndexOf(0x0a) + 1)
              .toString('utf8')
              .split('\n')
              .filter((l) => l !== '');
          } catch {
            /* nothing appended */
          }
          const expected = whole.map((l) => JSON.parse(l) as PointRecord);
          const cp = await readCheckpoint(dir);
          expect([...cp.points.values()]).toEqual(expected);
          for (const r of cp.points.values()) expect(r.index).toBeLessThan(next);
        },
      ),
      { numRuns: 50, seed: 11 },
    );
  });
});

describe.skipIf(c === null)('torn checkpoint of a real sweep', () => {
  it('a resume after a torn tail recomputes the point and never reports complete with a point missing on disk', async () => {
    const root = tempDir();
    const modulePath = join(root, 'square.mjs');
    writeFileSync(modulePath, 'export default ({ t }) => ({ t, square: t * t });');
    const base = { modulePath, spec: { horizon: 4 }, seed: 1, jobs: 1, runsDir: join(root, 'runs'), runner: nodeChildRunner(c!) };
    const first = await runSweep(base);
    expect(first.status).toBe('complete');
    const fragment = tearLastLine(join(first.dir, POINTS_FILE));
    const second = await runSweep(base);
    expect(second).toMatchObject({ status: 'complete', resumed: 3, done: 4 });
    const cp = await readCheckpoint(second.dir);
    expect([...cp.points.keys()].sort()).toEqual([0, 1, 2, 3]);
    expect((await readTornRecords(join(second.dir, POINTS_FILE))).map((r) => tornFragment(r).toString('utf8'))).toEqual([fragment]);
  });

  it('the CLI shows the repair once on stderr and resumes', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'sandbox'));
    writeFileSync(join(root, 'case.json'), '{}');
    writeFileSync(join(root, 'sandbox', 'f.mjs'), 'export default ({ t }) => ({ t });');
    const args = ['sweep', 'sandbox/f.mjs', '--horizon', '3', '--jobs', '1', '--id', 'torn'];
    expect((await cli(args, root)).code).toBe(0);
    tearLastLine(join(root, 'runs', 'torn', POINTS_FILE));
    const r = await cli(args, root);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^recheck: .*points\.jsonl: a torn last line \(\d+ bytes at byte \d+, cut off without its newline\) was moved to points\.jsonl\.torn\n$/,
    );
    expect(r.stdout).toMatch(/complete, 3\/3 points .*2 from the checkpoint/);
    const again = await cli(args, root);
    expect(again.stderr).toBe('');
  });
});

describe.skipIf(c === null)('sweep folder inside a case', () => {
  it('a runs/ symlink out of the case is refused with one line, nothing written outside', async () => {
    const root = tempDir();
    const outside = tempDir();
    mkdirSync(join(root, 'sandbox'));
    writeFileSync(join(root, 'case.json'), '{}');
    writeFileSync(join(root, 'sandbox', 'f.mjs'), 'export default ({ t }) => t;');
    symlinkSync(outside, join(root, 'runs'));
    const r = await cli(['sweep', 'sandbox/f.mjs', '--horizon', '2'], root);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/"runs" is a symlink that leaves the case folder/);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('--runs DIR is the root: an id cannot climb out of it', async () => {
    const root = tempDir();
    writeFileSync(join(root, 'f.mjs'), 'export default ({ t }) => t;');
    const r = await cli(['sweep', 'f.mjs', '--horizon', '2', '--runs', 'out', '--id', '../../x'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/sweep id "\.\.\/\.\.\/x": must be one folder name/);
    expect(readdirSync(root)).toEqual(['f.mjs']);
  });
});
