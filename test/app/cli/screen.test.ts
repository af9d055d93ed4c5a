// `recheck screen` at its edges: bad input (one line naming the file, exit 2), the replay seam, and the bundled
// cases' logbooks screened as a smoke test (Trackio logbooks screened; Markdown write-ups are unreadable-logbook flags).
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';
import { writeTrackioLogbook } from '../../helpers/trackio-writer';
import { pythonCell } from '../replay/replay-case';

interface Out {
  logbooks: { logbook: string; flags: { kind: string; message: string }[] }[];
}

describe('recheck screen: bad input and the bundled cases', () => {
  const dir = tempDir();

  it('a missing folder or ledger is one line naming it, exit 2; a verdict file needs --logbooks', async () => {
    const r = await cli(['screen', 'nowhere'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('nowhere: no such file or folder');
    writeFileSync(join(dir, 'v.csv'), 'paper,claim,logbook,verdict\nP,C,L,maybe\n');
    const bad = await cli(['screen', 'v.csv', '--logbooks', '.'], dir);
    expect([bad.code, bad.stderr.trim().split('\n').length]).toEqual([2, 1]);
    expect(bad.stderr).toContain('v.csv');
    expect((await cli(['screen', 'v.csv'], dir)).code).toBe(2);
    expect((await cli(['screen', '.', '--replay', '--budget', 'soon'], dir)).stderr).toContain('--budget must be seconds');
  });

  it("screens the bundled cases' logbooks: the timing slip is flagged, folders without a Trackio logbook are flags", async () => {
    const root = join(dir, 'cases-logbooks');
    const cases = join(import.meta.dirname, '../../../cases');
    for (const c of readdirSync(cases))
      if (existsSync(join(cases, c, 'logbook'))) cpSync(join(cases, c, 'logbook'), join(root, c), { recursive: true });
    const r = await cli(['screen', '.', '--logbooks', 'cases-logbooks', '--json', '--jobs', '1'], dir);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Out;
    const kinds = Object.fromEntries(out.logbooks.map((l) => [l.logbook, l.flags.map((f) => f.kind)]));
    expect(kinds['timing-normalization']).toEqual(['units-mismatch']);
    expect(kinds['quantization-stability']).toEqual([]);
    expect(kinds['paging-robustness']).toEqual(['unreadable-logbook']);
    expect(out.logbooks.find((l) => l.logbook === 'timing-normalization')?.flags[0]?.message).toContain('a ratio of 0.04, not the 2');
  });

  it('a folder of case folders is screened by the logbooks each case declares, named case/path; a path out of the case is not followed', async () => {
    const root = join(dir, 'cases-copy');
    cpSync(join(import.meta.dirname, '../../../cases'), root, { recursive: true });
    const caseJson = join(root, 'timing-normalization', 'case.json');
    const file = JSON.parse(readFileSync(caseJson, 'utf8')) as { logbooks: { path: string }[] };
    file.logbooks.push({ ...file.logbooks[0]!, path: '../kl-direction' });
    writeFileSync(caseJson, JSON.stringify(file));
    const r = await cli(['screen', 'cases-copy', '--logbooks', 'cases-copy', '--json', '--jobs', '1'], dir);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Out;
    const kinds = Object.fromEntries(out.logbooks.map((l) => [l.logbook, l.flags.map((f) => f.kind)]));
    expect(kinds['timing-normalization/logbook']).toEqual(['units-mismatch']);
    expect(kinds['quantization-stability/logbook']).toEqual([]);
    expect(kinds['paging-robustness/logbook']).toEqual(['unreadable-logbook']);
    expect(Object.keys(kinds).filter((k) => k.includes('..'))).toEqual([]);
  });

  it('--replay flags an evidence cell whose code does not print what the logbook printed; without it, nothing is run', async () => {
    const root = join(dir, 'replay-challenge');
    writeTrackioLogbook(join(root, 'logbooks', 'lb-1'), {
      title: 'Screened',
      pages: [
        {
          slug: 'p',
          title: 'P',
          cells: [
            { type: 'markdown', id: 'cell_claim', body: 'Claim under test: the ratio is 2.' },
            pythonCell('cell_bad', 'bad.py', 'print(f"ratio = {3.0 / 1.5:.2f}")', 'ratio = 2.10\n'),
            { type: 'markdown', id: 'cell_verdict', body: 'The ratio is 2.10, so the claim is falsified.' },
          ],
        },
      ],
    });
    const plain = await cli(['screen', 'replay-challenge', '--json', '--jobs', '1'], dir);
    expect(plain.code).toBe(0);
    expect((JSON.parse(plain.stdout) as Out).logbooks[0]!.flags).toEqual([]);
    const r = await cli(['screen', 'replay-challenge', '--json', '--jobs', '1', '--replay', '--budget', '5'], dir);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const flags = (JSON.parse(r.stdout) as Out).logbooks[0]!.flags;
    expect(flags.map((f) => f.kind)).toEqual(['replay-differs']);
    expect(flags[0]!.message).toContain('printed "ratio = 2.10", replayed "ratio = 2.00"');
    expect((await cli(['screen', 'replay-challenge', '--budget', '5'], dir)).code).toBe(2);
  });
});
