// The new edits' boundaries: paper.md replaced through a symlink out of the case, a column check that would read
// a table out of the case, edits racing each other, and hostile arguments at the API table.
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_METHODS } from '../../common/api/methods';
import { readAudit } from '../../app/cases/audit';
import { addCheck } from '../../app/cases/edit';
import { editPaper } from '../../app/cases/paper';
import { withdraw } from '../../app/cases/withdraw';
import { builtinCheckKinds } from '../../app/checks/kinds/index';
import { createCheckRegistry } from '../../app/checks/registry';
import { fixedKind } from '../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../helpers/temp-case';

const registry = createCheckRegistry([...builtinCheckKinds, fixedKind]);

describe('paper.md and withdrawal edits', () => {
  it('never writes through a paper.md symlink that leaves the case', async () => {
    const dir = writeMinimalCase(tempDir());
    const outside = join(tempDir(), 'victim.md');
    writeFileSync(outside, 'precious\n');
    rmSync(join(dir, 'paper.md'));
    symlinkSync(outside, join(dir, 'paper.md'));
    await expect(editPaper(dir, registry, { who: 'Eve' }, { markdown: '# owned\n' })).rejects.toThrow();
    expect(readFileSync(outside, 'utf8')).toBe('precious\n');
  });

  it('a column check does not read a table out of the case', async () => {
    const dir = writeMinimalCase(tempDir());
    await expect(
      addCheck(
        dir,
        registry,
        { who: 'Eve' },
        { falsification: 'F1', kind: 'growth-fit', params: { table: '../../etc/passwd', x: 'root', y: 'x' } },
      ),
    ).rejects.toThrow(/case\.json/);
  });

  it('ten withdrawals and paper edits started at once all land, one hash chain', async () => {
    const dir = writeMinimalCase(tempDir(), 'race', {
      format: 'recheck.case/1',
      id: 'race',
      title: 'R',
      paper: { title: 'P', venueId: 'openreview:r', claims: [{ id: 'C1', text: 'c' }] },
      logbooks: [{ id: 'L1', path: 'logbook', format: 'plain', title: 'L' }],
      falsifications: [
        {
          id: 'F1',
          claim: 'C1',
          logbook: 'L1',
          assertion: 'a',
          checks: Array.from({ length: 5 }, (_, i) => ({ id: `k${i}`, kind: 'test-fixed', title: 'k', params: { outcome: 'supports' } })),
        },
      ],
    });
    await Promise.all([
      ...Array.from({ length: 5 }, (_, i) =>
        withdraw(dir, registry, { who: 'A' }, { item: 'check', finding: 'F1', id: `k${i}`, reason: `reason number ${i}` }),
      ),
      ...Array.from({ length: 5 }, (_, i) => editPaper(dir, registry, { who: 'B' }, { markdown: `# Paper v${i}\n` })),
    ]);
    const file = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as { falsifications: { checks: { withdrawn?: unknown }[] }[] };
    expect(file.falsifications[0]?.checks.every((c) => c.withdrawn !== undefined)).toBe(true);
    const entries = (await readAudit(dir)).filter((e) => e.action === 'edit');
    const caseChain = entries.filter((e) => e.hashes['case.json@before'] !== undefined);
    for (let i = 1; i < caseChain.length; i++) expect(caseChain[i]?.hashes['case.json@before']).toBe(caseChain[i - 1]?.hashes['case.json']);
    const paperChain = entries.filter((e) => e.hashes['paper.md@before'] !== undefined);
    expect(paperChain).toHaveLength(5);
    for (let i = 1; i < paperChain.length; i++)
      expect(paperChain[i]?.hashes['paper.md@before']).toBe(paperChain[i - 1]?.hashes['paper.md']);
  });

  it('the API table refuses hostile arguments in one line', () => {
    expect(() => API_METHODS.withdraw.validate([{ caseId: 'a', item: 'everything', id: 'F1', reason: 'r' }])).toThrow(
      'withdraw: item must be one of claim, finding, check',
    );
    expect(() => API_METHODS.withdraw.validate([{ caseId: 'a', item: 'claim', id: 'C1', finding: 'F1', reason: 'r' }])).toThrow(
      'withdraw: finding names the finding of a check, and only of a check',
    );
    expect(() => API_METHODS.withdraw.validate([{ caseId: 'a', item: 'check', id: '../x', finding: 'F1', reason: 'r' }])).toThrow(
      'withdraw: id must be an identifier',
    );
    expect(() => API_METHODS.withdraw.validate([{ caseId: 'a', item: 'finding', id: 'F1', reason: 'r', extra: 1 }])).toThrow(
      'withdraw: unexpected field(s): extra',
    );
    expect(() => API_METHODS.editPaper.validate([{ caseId: 'a', markdown: 'x', baseSha256: 'nothex' }])).toThrow(
      'editPaper: baseSha256 must be 64 lowercase hex digits',
    );
    expect(() => API_METHODS.editPaper.validate([{ caseId: 'a', markdown: 'x'.repeat(4 * 1024 * 1024 + 1) }])).toThrow(
      /editPaper: markdown is longer than/,
    );
  });
});
