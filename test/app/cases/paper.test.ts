// Issue 19 item 6: paper.md is editable: one atomic write, logged with sha256 of paper.md before and after
// (checked against Python's hashlib), refusing a lost update (baseSha256), empty text, NUL and no change.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../../../app/cases/audit';
import { editPaper } from '../../../app/cases/paper';
import { createCheckRegistry } from '../../../app/checks/registry';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

const registry = createCheckRegistry([fixedKind]);
const NEW = '# Paper\n\nClaim 1: the additive term is $O(1)$ — not $c \\ln k$.\n';
let oracle: { before: string; after: string };

describe('editPaper', () => {
  let dir = '';
  beforeAll(() => {
    dir = writeMinimalCase(tempDir());
    // Independent oracle: Python's hashlib over the bytes on disk and the new text's UTF-8.
    const py = 'import hashlib,sys,json; b=open(sys.argv[1],"rb").read(); print(json.dumps({"before": hashlib.sha256(b).hexdigest(), "after": hashlib.sha256(sys.argv[2].encode("utf-8")).hexdigest()}))';
    oracle = JSON.parse(execFileSync('/usr/bin/python3', ['-c', py, join(dir, 'paper.md'), NEW], { encoding: 'utf8' })) as typeof oracle;
  });

  it('writes paper.md and logs the hashes before and after', async () => {
    const entry = await editPaper(dir, registry, { who: 'Ada' }, { markdown: NEW, baseSha256: oracle.before });
    expect(readFileSync(join(dir, 'paper.md'), 'utf8')).toBe(NEW);
    expect(entry).toMatchObject({ action: 'edit', who: 'Ada', caseId: 'mini', hashes: { 'paper.md@before': oracle.before, 'paper.md': oracle.after }, details: { edit: 'edit-paper' } });
    expect((await readAudit(dir)).at(-1)).toEqual(entry);
  });

  it('refuses a lost update, no change, empty text and NUL; paper.md is unchanged', async () => {
    await expect(editPaper(dir, registry, { who: 'Bo' }, { markdown: '# Other\n', baseSha256: oracle.before })).rejects.toThrow(/paper.md: paper.md changed since you opened it/);
    await expect(editPaper(dir, registry, { who: 'Bo' }, { markdown: NEW })).rejects.toThrow(/no change to save/);
    await expect(editPaper(dir, registry, { who: 'Bo' }, { markdown: ' \n ' })).rejects.toThrow(/paper.md would be empty/);
    await expect(editPaper(dir, registry, { who: 'Bo' }, { markdown: 'a\u0000b' })).rejects.toThrow(/NUL character/);
    expect(readFileSync(join(dir, 'paper.md'), 'utf8')).toBe(NEW);
    expect((await readAudit(dir)).filter((e) => e.details?.edit === 'edit-paper')).toHaveLength(1);
  });
});
