// The replay capability's methods read a cell's script to list its literals: a command naming a script outside
// the case, or a script that is a symlink out of it, is not read (nothing of the outside file comes back), and a
// grid's expansion is bounded (a progression of more than 100,000 values is refused in words, not built).
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecheckService } from '../../app/api/service';
import { pythonCell, readableTempDir, replayCase } from '../app/replay/replay-case';

describe('replayLiterals on hostile cells', () => {
  it('reads no script outside the case: a path out of it, or a symlink out of it', async () => {
    const outside = join(readableTempDir(), 'secret.py');
    writeFileSync(outside, 'SECRET_TOKEN = 424242\n');
    const dir = replayCase([
      pythonCell('cell_up', '../secret.py', '', 'x\n', {
        embed: false,
        command: ['python3', `../../${basename(dirname(outside))}/secret.py`],
      }),
      pythonCell('cell_link', 'link.py', '', 'x\n', { embed: false }),
    ]);
    mkdirSync(join(dir, 'logbook'), { recursive: true });
    symlinkSync(outside, join(dir, 'logbook', 'link.py'));
    const api = await createRecheckService({ workspaceDir: dirname(dir) });
    for (const cell of ['cell_up', 'cell_link']) {
      const v = await api.replayLiterals({ caseId: basename(dir), cell });
      expect(v.literals).toEqual([]);
      expect(JSON.stringify(v)).not.toMatch(/SECRET_TOKEN|424242/);
      expect(v.why).toMatch(/cannot run|cannot be read/);
    }
  });

  it('refuses a progression beyond 100,000 values in words', async () => {
    const dir = replayCase([pythonCell('cell_ks', 'ks.py', 'KS = [1]\nprint(1)\n', '1\n')]);
    const api = await createRecheckService({ workspaceDir: dirname(dir) });
    const g = await api.checkReplayGrid({ caseId: basename(dir), cell: 'cell_ks', name: 'KS', values: '1,2,3,...,1000000000' });
    expect(g).toEqual({ ok: false, problem: 'the progression has more than 100000 values' });
  });
});
