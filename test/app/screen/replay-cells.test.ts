// `recheck screen --replay`: the cheap run cells a finding rests on are replayed in the sandbox; one whose printed
// output its code does not print is flagged with both lines, one that reproduces is not, and a cell that took
// longer than the budget, or that no finding rests on, is not run at all.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayFlags } from '../../../app/screen/replay-cells';
import { readScreenInput } from '../../../app/screen/read';
import { writeTrackioLogbook } from '../../helpers/trackio-writer';
import { pythonCell, readableTempDir } from '../replay/replay-case';

describe('replayFlags', () => {
  it('flags the evidence cell whose code prints another number, and only that one', async () => {
    const dir = join(readableTempDir(), 'lb-1');
    mkdirSync(dir);
    const slow = { ...pythonCell('cell_slow', 'slow.py', 'print("x = 1")', 'x = 2\n'), durationS: 300 };
    writeTrackioLogbook(dir, {
      title: 'Screened',
      pages: [
        {
          slug: 'p',
          title: 'P',
          cells: [
            { type: 'markdown', id: 'cell_claim', body: 'Claim under test: the ratio is 2.' },
            pythonCell('cell_ok', 'ok.py', 'print(f"ratio = {3.0 / 1.5:.2f}")', 'ratio = 2.00\n'),
            pythonCell('cell_bad', 'bad.py', 'print(f"ratio = {3.0 / 1.5:.2f}")', 'ratio = 2.10\n'),
            slow,
            { type: 'markdown', id: 'cell_verdict', body: 'The ratio is 2.10, so the claim is falsified.' },
            pythonCell('cell_after', 'after.py', 'print("y = 1")', 'y = 3\n'),
          ],
        },
      ],
    });
    const input = await readScreenInput(dir);
    const flags = await replayFlags(dir, input.pages, { budgetS: 10 });
    expect(flags).toEqual([
      {
        kind: 'replay-differs',
        page: 'p',
        cell: 'cell_bad',
        finding: 'cell_verdict',
        message: expect.stringContaining('printed "ratio = 2.10", replayed "ratio = 2.00"') as string,
      },
    ]);
  });
});
