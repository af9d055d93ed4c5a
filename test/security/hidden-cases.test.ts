// Issue 24, finding 7: one hostile case hid every case. An audit.jsonl that is a symlink, a fifo, a folder or
// over 64 MiB made `listCases` (and `verdictQueue`) throw for the whole workspace, so the UI showed 0 cases;
// a legitimate log past 64 MiB made its own case unopenable. Now each case's failure stays in its own row,
// named in one line, and a large log is read by streaming (its tail, the newest entries, included).
import { execFileSync } from 'node:child_process';
import { mkdirSync, openSync, closeSync, symlinkSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../common/api/contract';
import { createRecheckService } from '../../app/api/service';
import { readAuditLog } from '../../app/cases/audit';
import { createCheckRegistry } from '../../app/checks/registry';
import { fixedKind } from '../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../helpers/temp-case';

const MIB = 1024 * 1024;
const registry = createCheckRegistry([fixedKind]);
const entry = (caseId: string, n: number): AuditEntry => ({
  at: `2026-12-01T00:00:${String(n).padStart(2, '0')}.000Z`,
  who: 'ada',
  action: 'edit',
  caseId,
  hashes: {},
  details: { edit: 'add-file', n },
});

/** A log of `mib` MiB: one entry first, JSON lines that are not entries (skipped, never kept), one entry last. */
function writeLargeLog(file: string, caseId: string, mib: number): void {
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, `${JSON.stringify(entry(caseId, 1))}\n`);
    const pad = Buffer.from(`${JSON.stringify({ note: 'x'.repeat(64 * 1024 - 14) })}\n`);
    const block = Buffer.concat(Array.from({ length: 16 }, () => pad));
    for (let written = 0; written < mib * MIB; written += block.length) writeSync(fd, block);
    writeSync(fd, `${JSON.stringify(entry(caseId, 2))}\n`);
  } finally {
    closeSync(fd);
  }
}

let ws: string;

beforeAll(() => {
  ws = tempDir();
  writeMinimalCase(ws, 'a-good');
  writeFileSync(join(ws, 'a-good', 'audit.jsonl'), `${JSON.stringify(entry('a-good', 1))}\n`);
  symlinkSync(join(ws, 'a-good', 'audit.jsonl'), join(writeMinimalCase(ws, 'b-symlink'), 'audit.jsonl'));
  execFileSync('mkfifo', [join(writeMinimalCase(ws, 'c-fifo'), 'audit.jsonl')]);
  mkdirSync(join(writeMinimalCase(ws, 'd-folder'), 'audit.jsonl'));
  const sparse = join(writeMinimalCase(ws, 'e-sparse'), 'audit.jsonl');
  writeFileSync(sparse, '');
  truncateSync(sparse, 65 * MIB); // 65 MiB of NUL bytes and no newline: one torn "line"
  writeLargeLog(join(writeMinimalCase(ws, 'f-large'), 'audit.jsonl'), 'f-large', 65);
  const tornFifo = writeMinimalCase(ws, 'g-torn-fifo');
  writeFileSync(join(tornFifo, 'audit.jsonl'), `${JSON.stringify(entry('g-torn-fifo', 1))}\n`);
  execFileSync('mkfifo', [join(tornFifo, 'audit.jsonl.torn')]);
  writeMinimalCase(ws, 'z-good');
});

describe('one hostile case cannot hide another (issue 24, finding 7)', () => {
  it('listCases lists every case; a hostile audit.jsonl is one line in its own row only', async () => {
    const api = await createRecheckService({ workspaceDir: ws, registry, who: 'tester' });
    const rows = await api.listCases();
    expect(rows.map((r) => r.id)).toEqual(['a-good', 'b-symlink', 'c-fifo', 'd-folder', 'e-sparse', 'f-large', 'g-torn-fifo', 'z-good']);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ['a-good', 'e-sparse', 'f-large', 'g-torn-fifo', 'z-good']) expect(byId.get(id)?.error, id).toBeUndefined();
    for (const [id, what] of [
      ['b-symlink', /symlink/],
      ['c-fifo', /fifo/],
      ['d-folder', /folder/],
    ] as const) {
      const error = byId.get(id)?.error ?? '';
      expect(error, id).toMatch(/audit\.jsonl/);
      expect(error, id).toMatch(what);
      expect(error, id).not.toMatch(/\n/);
      expect(error, id).not.toContain(ws); // named inside the workspace
    }
  });

  it('a legitimate log past 64 MiB opens, with its newest entry (streamed, not refused)', async () => {
    const log = await readAuditLog(join(ws, 'f-large'));
    expect(log.entries.map((e) => e.details?.n)).toEqual([1, 2]);
    expect(log.skippedLines).toBeGreaterThan(1000);
    const api = await createRecheckService({ workspaceDir: ws, registry, who: 'tester' });
    const detail = await api.openCase('f-large');
    expect(detail.audit.at(-1)?.details?.n).toBe(2);
  });

  it("a torn-line file that is a fifo is said in the case's notice, and the case still opens", async () => {
    const api = await createRecheckService({ workspaceDir: ws, registry, who: 'tester' });
    const detail = await api.openCase('g-torn-fifo');
    expect(detail.audit).toHaveLength(1);
    expect(detail.auditNotice).toMatch(/audit\.jsonl\.torn is a fifo/);
  });

  it('a 65 MiB log without a newline is one skipped line, read in bounded memory', async () => {
    const before = process.memoryUsage().rss;
    const log = await readAuditLog(join(ws, 'e-sparse'));
    expect(log).toMatchObject({ entries: [], skippedLines: 1 });
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * MIB);
  });

  // verdictQueue confines each case's work (its audit log included) with `confineCaseFailure` too.
  it('verdictQueue lists the good cases and names the hostile ones under problems', async () => {
    const api = await createRecheckService({ workspaceDir: ws, registry, who: 'tester' });
    const queue = await api.verdictQueue();
    expect(new Set(queue.rows.map((r) => r.caseId))).toEqual(new Set(['a-good', 'e-sparse', 'f-large', 'g-torn-fifo', 'z-good']));
    expect(queue.problems.map((p) => p.caseId).sort()).toEqual(['b-symlink', 'c-fifo', 'd-folder']);
  });
});
