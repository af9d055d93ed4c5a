// A workspace case is named by its folder (listCases, openCase, every API call), but its case.json carries an id
// of its own, which a copied or renamed folder does not change. The run events, the live runs and the audit
// must name the case as the API does, or the UI cannot match a run to the case it started it on.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRecheckService } from '../../../app/api/service';
import { createCheckRegistry } from '../../../app/checks/registry';
import type { RunEvent } from '../../../common/api/contract';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

const caseJson = {
  format: 'recheck.case/1',
  id: 'original-id',
  title: 'A renamed case',
  paper: { title: 'A paper', venueId: 'openreview:renamed', claims: [{ id: 'C1', text: 'The bound holds.' }] },
  logbooks: [{ id: 'L1', path: 'logbook', format: 'plain', title: 'A logbook' }],
  falsifications: [
    {
      id: 'F1',
      claim: 'C1',
      logbook: 'L1',
      assertion: 'The bound fails.',
      checks: [{ id: 'c1', kind: 'test-fixed', title: 'one', params: { outcome: 'supports' } }],
    },
  ],
};

describe('a case folder renamed away from its case.json id', () => {
  it('is named by its folder in run events, live runs, the report and the audit log', async () => {
    const ws = tempDir();
    const dir = writeMinimalCase(ws, 'renamed-copy', caseJson);
    const service = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]), who: 'Grace' });
    expect((await service.listCases()).map((c) => c.id)).toEqual(['renamed-copy']);
    const events: RunEvent[] = [];
    const done = new Promise<void>((resolve) => {
      const off = service.onRunEvent((e) => {
        events.push(e);
        if (e.type === 'finished' || e.type === 'failed') {
          off();
          resolve();
        }
      });
    });
    const { runId } = await service.runChecks('renamed-copy', null);
    expect((await service.listRuns()).map((r) => r.caseId)).toContain('renamed-copy');
    await done;
    const started = events.find((e) => e.type === 'started');
    expect(started && 'caseId' in started ? started.caseId : null).toBe('renamed-copy');
    const finished = events.find((e) => e.type === 'finished');
    expect(finished && finished.type === 'finished' ? finished.report.caseId : null).toBe('renamed-copy');
    const audit = readFileSync(join(dir, 'audit.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { caseId?: string; runId?: string });
    expect(audit.find((a) => a.runId === runId)?.caseId).toBe('renamed-copy');
    expect((await service.openCase('renamed-copy')).lastRun?.runId).toBe(runId);
  });
});
