import { describe, it, expect } from 'vitest';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic, appendLineDurable } from '../../../app/fs/atomic';
import { readAudit } from '../../../app/cases/audit';
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

describe('append-only audit log', () => {
  it('skips a torn last line left by a crash and keeps appending', async () => {
    const dir = tempDir();
    const log = join(dir, 'audit.jsonl');
    await appendLineDurable(log, JSON.stringify({ at: 't1', who: 'a', action: 'run', caseId: 'x', hashes: {} }));
    writeFileSync(log, `${readFileSync(log, 'utf8')}{"at":"t2","who":`, { flag: 'w' });
    expect((await readAudit(dir)).map((e) => e.at)).toEqual(['t1']);
    await expect(appendLineDurable(log, 'a\nb')).rejects.toThrow(/newline/);
  });
});
