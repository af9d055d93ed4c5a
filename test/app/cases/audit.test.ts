import { symlinkSync, truncateSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../common/api/contract';
import { appendAudit, AUDIT_FILE, readAudit, readAuditLog, repairAudit } from '../../../app/cases/audit';
import { readTornRecords, tornFragment } from '../../../app/fs/log';
import { tempDir } from '../../helpers/temp-case';

const entry = (at: string, extra: Partial<AuditEntry> = {}): AuditEntry => ({ at, who: 'tester', action: 'decision', caseId: 'c', hashes: { 'case.json': 'h' }, ...extra });

describe('audit log', () => {
  it('reads an absent log as empty and clean', async () => {
    expect(await readAuditLog(tempDir())).toEqual({ entries: [], skippedLines: 0, tornLines: 0, notice: null });
  });

  it('after a torn tail: the reader skips it and says so; the next append moves it aside once; the reader then counts it as set aside', async () => {
    const dir = tempDir();
    await appendAudit(dir, entry('t1'));
    await appendAudit(dir, entry('t2', { rationale: 'long enough to cut in the middle' }));
    const file = join(dir, AUDIT_FILE);
    truncateSync(file, readFileSync(file).length - 25);
    const before = await readAuditLog(dir);
    expect(before.entries.map((e) => e.at)).toEqual(['t1']);
    expect(before).toMatchObject({ skippedLines: 1, tornLines: 0 });
    expect(before.notice).toMatch(/1 line of audit\.jsonl could not be read and was skipped/);

    const torn = await appendAudit(dir, entry('t3'));
    expect(torn?.message).toMatch(/audit\.jsonl: a torn last line .* was moved to audit\.jsonl\.torn/);
    expect(await appendAudit(dir, entry('t4'))).toBeNull();
    const after = await readAuditLog(dir);
    expect(after.entries.map((e) => e.at)).toEqual(['t1', 't3', 't4']);
    expect(after).toMatchObject({ skippedLines: 0, tornLines: 1 });
    expect(after.notice).toBe('audit log: 1 torn line left by a crash was set aside in audit.jsonl.torn');
    expect(await readAudit(dir)).toEqual(after.entries);
  });

  it('repairAudit moves a torn tail aside without appending (a writer opening the case)', async () => {
    const dir = tempDir();
    await appendAudit(dir, entry('t1'));
    writeFileSync(join(dir, AUDIT_FILE), `${readFileSync(join(dir, AUDIT_FILE), 'utf8')}{"at":"t2"`);
    expect((await repairAudit(dir))?.reason).toBe('no-newline');
    expect(await repairAudit(dir)).toBeNull();
    expect(readFileSync(join(dir, AUDIT_FILE), 'utf8')).toBe(`${JSON.stringify(entry('t1'))}\n`);
  });

  it("a stranger's log: lines nested 200,000 deep or not entries are skipped, a symlinked log is refused", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, AUDIT_FILE), `${JSON.stringify(entry('t1'))}\n${'['.repeat(200_000)}${']'.repeat(200_000)}\n[1,2]\n"text"\n${JSON.stringify(entry('t2'))}\n`);
    const log = await readAuditLog(dir);
    expect(log.entries.map((e) => e.at)).toEqual(['t1', 't2']);
    expect(log.skippedLines).toBe(3);
    const other = tempDir();
    writeFileSync(join(other, 'secret.jsonl'), `${JSON.stringify(entry('secret'))}\n`);
    const linked = tempDir();
    symlinkSync(join(other, 'secret.jsonl'), join(linked, AUDIT_FILE));
    await expect(readAuditLog(linked)).rejects.toThrow(/audit\.jsonl: is a symlink/);
    await expect(appendAudit(linked, entry('t3'))).rejects.toThrow(/symlink/);
    expect(readFileSync(join(other, 'secret.jsonl'), 'utf8')).toBe(`${JSON.stringify(entry('secret'))}\n`);
  });

  it('property: appends and truncations at random bytes never lose a whole entry nor invent one', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }).map((r) => ({ rationale: r })), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 10 }),
        async (ops) => {
          const dir = tempDir('recheck-audit-prop-');
          const file = join(dir, AUDIT_FILE);
          let kept: string[] = []; // `at` of entries whose whole line is on disk
          let n = 0;
          for (const op of ops) {
            if (typeof op === 'number') {
              let size = 0;
              try {
                size = readFileSync(file).length;
              } catch {
                continue;
              }
              const at = Math.floor(op * size);
              truncateSync(file, at);
              // Entries whose line (with its newline) ends at or before the cut survive.
              const text = readFileSync(file);
              const whole = text.subarray(0, text.lastIndexOf(0x0a) + 1).toString('utf8');
              kept = whole.split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as AuditEntry).at);
            } else {
              const at = `t${n++}`;
              await appendAudit(dir, entry(at, op));
              kept.push(at);
            }
          }
          expect((await readAudit(dir)).map((e) => e.at)).toEqual(kept);
          // What was set aside are prefixes of entries that were appended, never whole lines.
          for (const r of await readTornRecords(file)) expect(tornFragment(r).toString('latin1')).not.toContain('\n');
        },
      ),
      { numRuns: 60, seed: 9 },
    );
  });
});
