// `recheck run` and the workspace settings: a case in the workspace computes its sweeps where the workspace's
// settings.json says (so one that does not read stops the run with one line naming it, exit 2), a case folder
// elsewhere ignores them and runs on this machine.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';

const TIMING = resolve(import.meta.dirname, '../../../cases/timing-normalization');
const BROKEN = '{"format": "recheck.settings/1", "sweeps": {"backend": "slurm",}}';

describe('recheck run with workspace settings', () => {
  it("reads the workspace's settings for a case in the workspace: a broken settings.json is exit 2, one line naming it", async () => {
    const ws = tempDir();
    cpSync(TIMING, join(ws, 'timing-normalization'), { recursive: true });
    writeFileSync(join(ws, 'settings.json'), BROKEN);
    const r = await cli(['run', join(ws, 'timing-normalization'), '--workspace', ws, '--no-record'], ws);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(
      new RegExp(
        `^recheck: ${join(ws, 'settings.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: malformed JSON at line 1, column \\d+ \\([^\\n]*\\)$`,
      ),
    );
  });

  it('ignores them for a case folder outside the workspace', async () => {
    const ws = tempDir();
    writeFileSync(join(ws, 'settings.json'), BROKEN);
    const elsewhere = tempDir();
    mkdirSync(join(elsewhere, 'cases'));
    cpSync(TIMING, join(elsewhere, 'cases', 'timing-normalization'), { recursive: true });
    const r = await cli(['run', join(elsewhere, 'cases', 'timing-normalization'), '--workspace', ws, '--no-record', '--json'], elsewhere);
    expect(r.stderr).not.toContain('settings.json');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { caseId: string }).caseId).toBe('timing-normalization');
  });
});
