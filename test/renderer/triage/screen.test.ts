// The screen queue's pure pieces (renderer/triage/screen.ts) on the core's own screen of planted flips and a
// generated challenge: where a row opens (the flagged cell, present in the logbook the core reads back), which
// logbook a row becomes a case from, the judge's counts as table rows (each row summing to its verdicts), and the
// words for horizons and progress.
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecheckService, type RecheckService } from '../../../app/api/service';
import type { ScreenQueueRowView, ScreenResultView } from '../../../common/api/screen';
import {
  caseLogbook,
  flagCountWords,
  horizonWords,
  judgeRows,
  openTarget,
  progressWords,
  SUPPORT_WORDS,
} from '../../../renderer/triage/screen';
import { tempDir } from '../../helpers/temp-case';
import { generateChallenge, HIDDEN_PAGING } from '../../support/challenge/generate';
import { FLIP_LEDGER, FLIP_LOGBOOKS, writeFlipChallenge } from '../../app/screen/flips';

async function screened(service: RecheckService, folder: string): Promise<ScreenResultView> {
  const { screenId } = await service.startScreen(folder);
  for (;;) {
    const p = await service.screenProgress(screenId);
    if (p.status === 'done') return p.result!;
    if (p.status !== 'running') throw new Error(`${p.status}: ${p.error}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the screen queue in the UI', () => {
  const ws = tempDir();
  let service: RecheckService;
  let challenge: ScreenResultView;
  let flips: ScreenResultView;
  beforeAll(async () => {
    await generateChallenge(join(ws, 'challenge'), { count: 40, seed: 77 });
    writeFlipChallenge(join(ws, 'flips'), FLIP_LOGBOOKS, FLIP_LEDGER);
    service = await createRecheckService({ workspaceDir: ws });
    challenge = await screened(service, 'challenge');
    flips = await screened(service, 'flips');
  }, 120_000);

  it('opens the paging row at its printed fit, a cell the logbook holds', async () => {
    const row = challenge.queue[0]!;
    const t = openTarget(row)!;
    expect(t.logbook).toBe(HIDDEN_PAGING);
    expect(t.flag.kind).toBe('printed-inconsistent');
    const lb = await service.readScreenedLogbook('challenge', t.logbook);
    expect(lb.pages.find((p) => p.slug === t.page)?.cells.map((c) => c.id)).toContain(t.cell);
    expect(caseLogbook(row)).toBe(HIDDEN_PAGING);
  });

  it('opens every flagged row at a flag with a cell, and a row without one nowhere', () => {
    for (const row of challenge.queue) {
      const t = openTarget(row);
      const withCell = row.logbooks.some((l) => l.screened !== null && l.flags.some((f) => f.cell !== ''));
      expect([row.position, t !== null]).toEqual([row.position, withCell]);
    }
    const contestedOnly: ScreenQueueRowView = {
      ...challenge.queue[0]!,
      logbooks: challenge.queue[0]!.logbooks.map((l) => ({ ...l, flags: [] })),
    };
    expect(openTarget(contestedOnly)).toBeNull();
    expect(caseLogbook(contestedOnly)).toBe(HIDDEN_PAGING);
  });

  it('lays out the judge counts: one row per verdict kind used, each summing to its verdicts', () => {
    const rows = judgeRows(flips.judge.counts);
    expect(rows.map((r) => [r.verdict, r.total, r.cells])).toEqual([
      ['verified', 7, [5, 0, 1, 0, 1]],
      ['falsified', 5, [4, 1, 0, 0, 0]],
      ['inconclusive', 1, [0, 0, 0, 1, 0]],
    ]);
    for (const r of judgeRows(challenge.judge.counts)) expect(r.cells.reduce((a, b) => a + b, 0)).toBe(r.total);
    expect(SUPPORT_WORDS.map((s) => s.key)).toEqual(['supported', 'contradicted', 'cannot-carry', 'no-decision', 'unscreened']);
  });

  it('words horizons, progress and flag counts', () => {
    const f1 = flips.judge.flips.find((f) => f.paper === 'F1')!;
    expect(f1.logbooks.map((l) => horizonWords(l.horizon))).toEqual([
      'k up to 16 (4 rows)',
      'k up to 256 (8 rows)',
      'k up to 1024 (10 rows)',
    ]);
    expect(horizonWords(null)).toBe('no table');
    expect(progressWords(0, 0)).toBe('Listing the logbooks…');
    expect(progressWords(1234, 7001)).toBe('Screened 1,234 of 7,001 logbooks');
    expect(flagCountWords({ 'failed-run': 2, 'printed-inconsistent': 3, 'missing-artifact': 2 })).toBe(
      'printed-inconsistent 3, failed-run 2, missing-artifact 2',
    );
    fc.assert(
      fc.property(fc.dictionary(fc.stringMatching(/^[a-z-]{1,12}$/), fc.integer({ min: 1, max: 99 })), (counts) => {
        const words = flagCountWords(counts);
        const parsed = words === '' ? [] : words.split(', ').map((p) => Number(p.slice(p.lastIndexOf(' ') + 1)));
        expect(parsed.length).toBe(Object.keys(counts).length);
        expect(parsed.every((n, i) => i === 0 || (parsed[i - 1] as number) >= n)).toBe(true);
      }),
    );
  });
});
