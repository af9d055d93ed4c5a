import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFileAtomic, writeFileAtomic } from '../../../app/fs/atomic';
import {
  appendLineDurable,
  readLogLines,
  readTornRecords,
  repairLogTail,
  tornFileOf,
  tornFragment,
  countTornLines,
} from '../../../app/fs/log';
import { readAudit } from '../../../app/cases/audit';
import { ConfinementError } from '../../../app/fs/confine';
import { tempDir } from '../../helpers/temp-case';

describe('writeFileAtomic', () => {
  it('replaces the file whole and leaves no temporary behind', async () => {
    const dir = tempDir();
    const path = join(dir, 'case.json');
    writeFileSync(path, 'old');
    await writeFileAtomic(path, 'new content');
    expect(readFileSync(path, 'utf8')).toBe('new content');
    expect(readdirSync(dir)).toEqual(['case.json']);
  });

  it('keeps the old file and cleans up when the final rename fails', async () => {
    const dir = tempDir();
    const target = join(dir, 'target');
    mkdirSync(join(target, 'occupied'), { recursive: true }); // renaming a file over a non-empty folder fails
    await expect(writeFileAtomic(target, 'data')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['target']);
    expect(readdirSync(target)).toEqual(['occupied']);
  });
});

describe('createFileAtomic (files that are never rewritten)', () => {
  it('creates an absent file whole and leaves no temporary behind', async () => {
    const dir = tempDir();
    expect(await createFileAtomic(join(dir, 'v1.md'), 'first')).toBe(true);
    expect(readFileSync(join(dir, 'v1.md'), 'utf8')).toBe('first');
    expect(readdirSync(dir)).toEqual(['v1.md']);
  });

  it('never replaces a name that is taken: a file, a folder, a symlink (dangling or not); nothing written through it', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'file'), 'kept');
    mkdirSync(join(dir, 'folder'));
    writeFileSync(join(dir, 'target'), 'target kept');
    symlinkSync(join(dir, 'target'), join(dir, 'link'));
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling'));
    for (const name of ['file', 'folder', 'link', 'dangling']) expect(await createFileAtomic(join(dir, name), 'new'), name).toBe(false);
    expect(readFileSync(join(dir, 'file'), 'utf8')).toBe('kept');
    expect(readFileSync(join(dir, 'target'), 'utf8')).toBe('target kept');
    expect(existsSync(join(dir, 'nowhere'))).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(['dangling', 'file', 'folder', 'link', 'target']);
  });

  it('of creators racing for one name, exactly one wins and the file holds its bytes (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ minLength: 0, maxLength: 64 }), { minLength: 2, maxLength: 20 }), async (contents) => {
        const dir = tempDir();
        const won = await Promise.all(contents.map((c) => createFileAtomic(join(dir, 'v1.md'), c)));
        expect(won.filter(Boolean)).toHaveLength(1);
        expect(Buffer.from(readFileSync(join(dir, 'v1.md'))).equals(Buffer.from(contents[won.indexOf(true)]!))).toBe(true);
        expect(readdirSync(dir)).toEqual(['v1.md']);
      }),
      { numRuns: 25, seed: 24 },
    );
  });
});

/** Complete lines of a log as the reader sees them. */
async function completeLines(path: string): Promise<string[]> {
  const out: string[] = [];
  await readLogLines(path, (line, complete) => {
    if (complete) out.push(line);
  });
  return out;
}

describe('append-only log', () => {
  it('skips a torn last line on read, moves it aside before the next append, and reports that once', async () => {
    const dir = tempDir();
    const log = join(dir, 'audit.jsonl');
    expect(await appendLineDurable(log, JSON.stringify({ at: 't1', who: 'a', action: 'run', caseId: 'x', hashes: {} }))).toBeNull();
    writeFileSync(log, `${readFileSync(log, 'utf8')}{"at":"t2","who":`, { flag: 'w' });
    expect((await readAudit(dir)).map((e) => e.at)).toEqual(['t1']);
    const torn = await appendLineDurable(log, '{"at":"t3","action":"run"}');
    expect(torn).toMatchObject({ reason: 'no-newline', bytes: 17, tornFile: `${log}.torn` });
    expect(torn?.message).toMatch(
      /audit\.jsonl: a torn last line \(17 bytes at byte \d+, cut off without its newline\) was moved to audit\.jsonl\.torn$/,
    );
    expect(await appendLineDurable(log, '{"at":"t4","action":"run"}')).toBeNull(); // reported once
    expect((await readAudit(dir)).map((e) => e.at)).toEqual(['t1', 't3', 't4']);
    expect((await readTornRecords(log)).map((r) => tornFragment(r).toString())).toEqual(['{"at":"t2","who":']);
    await expect(appendLineDurable(log, 'a\nb')).rejects.toThrow(/newline/);
  });

  it('a last line that ends but is not JSON (a glued line) is moved aside too; earlier bad lines stay and are skipped', async () => {
    const dir = tempDir();
    const log = join(dir, 'points.jsonl');
    writeFileSync(log, '{"a":1}\nnot json\n{"a":2}\n{"a":3{"a":4}\n');
    const torn = await repairLogTail(log);
    expect(torn).toMatchObject({ reason: 'not-json', bytes: '{"a":3{"a":4}'.length });
    expect(readFileSync(log, 'utf8')).toBe('{"a":1}\nnot json\n{"a":2}\n');
    expect(await repairLogTail(log)).toBeNull();
    expect(await completeLines(log)).toEqual(['{"a":1}', 'not json', '{"a":2}']);
  });

  it('a blank or absent log needs no repair, and repair never creates one', async () => {
    const dir = tempDir();
    expect(await repairLogTail(join(dir, 'none.jsonl'))).toBeNull();
    expect(existsSync(join(dir, 'none.jsonl'))).toBe(false);
    writeFileSync(join(dir, 'blank.jsonl'), '{"a":1}\n\n');
    expect(await repairLogTail(join(dir, 'blank.jsonl'))).toBeNull();
  });

  it('keeps the exact bytes of a fragment cut inside a UTF-8 character (base64 in the record)', async () => {
    const dir = tempDir();
    const log = join(dir, 'audit.jsonl');
    await appendLineDurable(log, JSON.stringify({ who: 'Zoë 🙂' }));
    const whole = readFileSync(log);
    truncateSync(log, whole.length - 4); // inside the 4-byte emoji
    const fragment = whole.subarray(0, whole.length - 4);
    await appendLineDurable(log, '{"b":1}');
    const [record] = await readTornRecords(log);
    expect(record?.base64).toBeDefined();
    expect(record && tornFragment(record).equals(fragment)).toBe(true);
    expect(readFileSync(log, 'utf8')).toBe('{"b":1}\n');
  });

  it('never appends or repairs through a symlink, also not the .torn file', async () => {
    const dir = tempDir();
    const outside = join(tempDir(), 'bashrc');
    writeFileSync(outside, 'original\n');
    symlinkSync(outside, join(dir, 'audit.jsonl'));
    await expect(appendLineDurable(join(dir, 'audit.jsonl'), '{"x":1}')).rejects.toThrow(ConfinementError);
    await expect(repairLogTail(join(dir, 'audit.jsonl'))).rejects.toThrow(/symlink/);
    await expect(readLogLines(join(dir, 'audit.jsonl'), () => undefined)).rejects.toThrow(/symlink/);

    const log = join(dir, 'points.jsonl');
    writeFileSync(log, '{"a":1}\n{"a":');
    symlinkSync(outside, tornFileOf(log));
    await expect(appendLineDurable(log, '{"a":2}')).rejects.toThrow(/points\.jsonl\.torn: is a symlink/);
    expect(readFileSync(outside, 'utf8')).toBe('original\n');
    expect(readFileSync(log, 'utf8')).toBe('{"a":1}\n{"a":'); // nothing moved, nothing truncated
  });

  it('refuses a fifo without blocking', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'audit.jsonl');
    try {
      execFileSync('mkfifo', [fifo]);
    } catch {
      return; // no mkfifo here
    }
    await expect(appendLineDurable(fifo, '{}')).rejects.toThrow(/not a regular file|fifo/);
    await expect(readLogLines(fifo, () => undefined)).rejects.toThrow(/not a regular file|fifo/);
  });

  it('concurrent appends in one process never take each other for a torn line', async () => {
    const dir = tempDir();
    const log = join(dir, 'points.jsonl');
    // Lines of 256 kB span many pages: a repair racing an unfinished write would see a torn tail.
    const lines = Array.from({ length: 32 }, (_, i) => JSON.stringify({ i, pad: 'x'.repeat(256_000 + i) }));
    const repairs = await Promise.all(lines.map((l) => appendLineDurable(log, l)));
    expect(repairs.every((r) => r === null)).toBe(true);
    expect((await completeLines(log)).sort()).toEqual([...lines].sort());
    expect(existsSync(tornFileOf(log))).toBe(false);
  });

  it('concurrent appends after a torn tail: the fragment is moved aside once and every line survives', async () => {
    const dir = tempDir();
    const log = join(dir, 'points.jsonl');
    writeFileSync(log, '{"i":-1}\n{"i":-2,"pa');
    const lines = Array.from({ length: 12 }, (_, i) => JSON.stringify({ i }));
    const repairs = await Promise.all(lines.map((l) => appendLineDurable(log, l)));
    expect(repairs.filter((r) => r !== null)).toHaveLength(1);
    expect((await completeLines(log)).sort()).toEqual(['{"i":-1}', ...lines].sort());
    expect((await readTornRecords(log)).map((r) => tornFragment(r).toString())).toEqual(['{"i":-2,"pa']);
  });
});

// A random history of appends, power-loss truncations at any byte and explicit repairs, against a model of
// the file's bytes. The model repairs like the log must: a non-empty file not ending in a newline has its
// last line moved aside (the only torn form truncation can make, since every appended line is JSON).
type Op = { kind: 'append'; line: string } | { kind: 'truncate'; at: number } | { kind: 'repair' };

const lineArb = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ unit: 'binary', maxLength: 40 }).map((s) => JSON.stringify({ s })),
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: lineArb.map((line) => ({ kind: 'append' as const, line })) },
  { weight: 2, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }).map((at) => ({ kind: 'truncate' as const, at })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'repair' as const }) },
);

function modelRepair(bytes: Buffer, fragments: Buffer[]): Buffer {
  if (bytes.length === 0 || bytes[bytes.length - 1] === 0x0a) return bytes;
  const start = bytes.lastIndexOf(0x0a) + 1;
  fragments.push(Buffer.from(bytes.subarray(start)));
  return bytes.subarray(0, start);
}

describe('append-only log under random truncations (property)', () => {
  it('never loses a complete line, never yields a line that was not appended, and .torn holds exactly the fragments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const dir = tempDir('recheck-prop-');
        const log = join(dir, 'log.jsonl');
        let model: Buffer = Buffer.alloc(0);
        const fragments: Buffer[] = [];
        const appended = new Set<string>();
        for (const op of ops) {
          if (op.kind === 'append') {
            model = modelRepair(model, fragments);
            model = Buffer.concat([model, Buffer.from(`${op.line}\n`, 'utf8')]);
            appended.add(op.line);
            await appendLineDurable(log, op.line);
          } else if (op.kind === 'truncate') {
            if (!existsSync(log)) continue;
            const at = Math.floor(op.at * model.length);
            model = model.subarray(0, at);
            truncateSync(log, at);
          } else {
            model = modelRepair(model, fragments);
            await repairLogTail(log);
          }
        }
        const onDisk = existsSync(log) ? readFileSync(log) : Buffer.alloc(0);
        expect(onDisk.equals(model)).toBe(true);
        // Every complete line of the model is read back, and nothing else.
        const expected = model
          .toString('utf8')
          .split('\n')
          .slice(0, -1)
          .filter((l) => l.trim() !== '');
        const read = await completeLines(log);
        expect(read).toEqual(expected);
        for (const line of read) expect(appended.has(line)).toBe(true);
        const torn = (await readTornRecords(log)).map(tornFragment);
        expect(torn.length).toBe(fragments.length);
        torn.forEach((f, i) => expect(f.equals(fragments[i] as Buffer)).toBe(true));
        expect(await countTornLines(log)).toBe(fragments.length);
      }),
      { numRuns: 150, seed: 20261130 },
    );
  });
});
