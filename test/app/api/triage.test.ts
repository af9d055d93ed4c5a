// Triage from the verdict ledger and contested claims side by side, through the API contract.
import { describe, expect, it } from 'vitest';
import { createRecheckService } from '../../../app/api/service';
import { API_METHODS } from '../../../common/api/methods';
import { tempDir } from '../../helpers/temp-case';
import { writeTrackioLogbook } from '../../helpers/trackio-writer';
import { uploadFolder } from '../../helpers/upload-folder';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('triage and contested claims', () => {
  it('reads a CSV ledger into the re-check queue and links rows to the cases about their paper', async () => {
    const ws = tempDir();
    const service = await createRecheckService({ workspaceDir: ws });
    await service.createCase({ caseId: 'paging', paperMarkdown: '# Paging\n', venueId: 'openreview:Pag1ng' });
    const csv =
      'paper,claim,logbook,verdict\nopenreview:Pag1ng,C1,alice/repro,verified\nopenreview:Pag1ng,C1,bob/repro,falsified\nopenreview:Other,C2,carol/repro,falsified\nopenreview:Other,C3,carol/repro,toy\n';
    const [input] = API_METHODS.triageLedger.validate([{ name: 'verdicts.csv', base64: b64(csv) }]);
    const t = await service.triageLedger(input);
    expect(t).toMatchObject({ papers: 2, claims: 3, logbooks: 3 });
    expect(t.queue.map((r) => [r.tier, r.paper, r.claim, r.caseIds])).toEqual([
      ['falsified', 'openreview:Other', 'C2', []],
      ['contested', 'openreview:Pag1ng', 'C1', ['paging']],
      ['toy', 'openreview:Other', 'C3', []],
    ]);
    expect(t.queue[1]?.logbookVerdicts).toEqual([
      { logbook: 'alice/repro', verdict: 'verified' },
      { logbook: 'bob/repro', verdict: 'falsified' },
    ]);
  });

  it('refuses invalid UTF-8 in a ledger rather than merging names (one line naming the file)', async () => {
    const service = await createRecheckService({ workspaceDir: tempDir() });
    const bad = Buffer.concat([Buffer.from('paper,claim,logbook,verdict\np\xff,C1,a,verified\n', 'latin1')]).toString('base64');
    await expect(service.triageLedger({ name: 'v.csv', base64: bad })).rejects.toThrow(/v\.csv: .*invalid UTF-8/);
  });

  it('lines up the settings of two logbooks on the same claim', async () => {
    const ws = tempDir();
    const service = await createRecheckService({ workspaceDir: ws });
    const short = writeTrackioLogbook(tempDir(), {
      title: 'Short check',
      pages: [
        {
          slug: 'run',
          title: 'Run',
          cells: [
            {
              type: 'run',
              id: 'c1',
              command: ['python3', 'fw.py', '--horizon', '300', '--seed', '7'],
              exitCode: 0,
              durationS: 1,
              output: 'no exit in float32\n',
            },
          ],
        },
      ],
    });
    const long = writeTrackioLogbook(tempDir(), {
      title: 'Long run',
      pages: [
        {
          slug: 'run',
          title: 'Run',
          cells: [
            {
              type: 'run',
              id: 'c9',
              command: ['python3', 'long.py', '--horizon', '6416', '--seed', '7'],
              exitCode: 0,
              durationS: 9,
              output: 'exit at step 6416 (exact, Fraction)\n',
            },
          ],
        },
      ],
    });
    await service.importLogbook({ caseId: 'fw', files: uploadFolder(short), newCase: { paperMarkdown: '# FW\n' } });
    await service.importLogbook({ caseId: 'fw', files: uploadFolder(long) });
    const cmp = await service.compareLogbooks('fw', 'L1', 'L2');
    const horizon = cmp.rows.find((r) => r.name === 'horizon');
    expect(horizon).toMatchObject({
      comparison: 'differs',
      a: [{ value: '300', where: 'run/c1' }],
      b: [{ value: '6416', where: 'run/c9' }],
    });
    expect(cmp.rows.find((r) => r.name === 'seed')?.comparison).toBe('same');
    await expect(service.compareLogbooks('fw', 'L1', 'L9')).rejects.toThrow(/no logbook "L9" \(logbooks: L1, L2\)/);
  });
});
