// Issue 11, defect 2: re-running one falsification erased the others' decisions (the case list badge, the
// detail and the letter read only the newest run). A falsification's decision is the one from its own latest run.
import { describe, it, expect } from 'vitest';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createRecheckService } from '../../../app/api/service';
import { createCheckRegistry } from '../../../app/checks/registry';
import type { RunEvent } from '../../../common/api/contract';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

const twoFalsifications = {
  format: 'recheck.case/1',
  id: 'two',
  title: 'Two falsifications',
  paper: {
    title: 'A paper',
    venueId: 'openreview:two',
    claims: [
      { id: 'C1', text: 'The bound holds.' },
      { id: 'C2', text: 'The rate holds.' },
    ],
  },
  logbooks: [{ id: 'L1', path: 'logbook', format: 'plain', title: 'A logbook' }],
  falsifications: [
    {
      id: 'F1',
      claim: 'C1',
      logbook: 'L1',
      assertion: 'The bound fails.',
      checks: [{ id: 'c1', kind: 'test-fixed', title: 'one', params: { outcome: 'supports' } }],
    },
    {
      id: 'F2',
      claim: 'C2',
      logbook: 'L1',
      assertion: 'The rate fails.',
      checks: [{ id: 'c2', kind: 'test-fixed', title: 'two', params: { outcome: 'refutes' } }],
    },
  ],
};

async function setup() {
  const ws = tempDir();
  const dir = writeMinimalCase(ws, 'two', twoFalsifications);
  const service = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]), who: 'Grace' });
  const run = async (fid: string | null): Promise<string> => {
    const done = new Promise<RunEvent>((resolve) => {
      const off = service.onRunEvent((e) => {
        if (e.type === 'finished' || e.type === 'failed') {
          off();
          resolve(e);
        }
      });
    });
    const { runId } = await service.runChecks('two', fid);
    expect((await done).type).toBe('finished');
    return runId;
  };
  return { ws, dir, service, run };
}

describe('each falsification keeps the decision of its own latest run', () => {
  it('a re-run of F2 leaves F1 decided, in the detail, the case list and the letter', async () => {
    const { service, run } = await setup();
    const first = await run(null);
    const second = await run('F2');
    const detail = await service.openCase('two');
    expect(detail.lastRun?.runId).toBe(second);
    expect(detail.latest.map((r) => [r.falsificationId, r.decision, r.runId])).toEqual([
      ['F1', 'confirmed', first],
      ['F2', 'refuted', second],
    ]);
    expect((await service.listCases())[0]?.lastDecisions).toEqual({ F1: 'confirmed', F2: 'refuted' });
    const letter = (await service.draftLetter('two')).markdown;
    expect(letter).not.toMatch(/no claimed falsification stands/);
    expect(letter).toMatch(/The bound fails\.[\s\S]*Re-check result/);
    const entry = await service.recordVerdict({
      caseId: 'two',
      falsificationId: 'F1',
      verdict: 'confirmed',
      rationale: 'Seen.',
      reviewer: 'Ada',
    });
    expect(entry.runId).toBe(first);
    expect(entry.details).toMatchObject({ computedDecision: 'confirmed' });
  });

  it('a removed report lets the older run speak for its falsification', async () => {
    const { dir, service, run } = await setup();
    const first = await run(null);
    const second = await run('F1');
    rmSync(join(dir, 'runs', second), { recursive: true });
    const detail = await service.openCase('two');
    expect(detail.latest.map((r) => r.runId)).toEqual([first, first]);
  });
});

describe('the reviewer named in the UI is the one the audit log names', () => {
  it('runs and sandbox edits carry the reviewer given with the request', async () => {
    const { service, run, dir } = await setup();
    void run;
    const done = new Promise<void>((resolve) => {
      const off = service.onRunEvent((e) => {
        if (e.type === 'finished') {
          off();
          resolve();
        }
      });
    });
    await service.runChecks('two', null, { reviewer: 'Ada Lovelace' });
    await done;
    const edit = await service.saveSandboxFile({
      caseId: 'two',
      path: 'sandbox/model.ts',
      text: 'export const k = 3;\n',
      reviewer: 'Ada Lovelace',
    });
    expect(edit.who).toBe('Ada Lovelace');
    const detail = await service.openCase('two');
    expect(detail.audit.map((e) => [e.action, e.who])).toEqual([
      ['run', 'Ada Lovelace'],
      ['edit', 'Ada Lovelace'],
    ]);
    void dir;
  });
});

describe('live runs are listed by the core (a reloaded page re-attaches to them)', () => {
  it('lists a run while it goes, with what it runs and who started it, refuses a second run of the case, and forgets it when it ends', async () => {
    const ws = tempDir();
    const slow = structuredClone(twoFalsifications) as typeof twoFalsifications & {
      falsifications: { checks: { params: Record<string, unknown> }[] }[];
    };
    slow.falsifications[0]!.checks[0]!.params.steps = 400;
    writeMinimalCase(ws, 'two', slow);
    const service = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]) });
    const progressed = new Promise<void>((resolve) => {
      const off = service.onRunEvent((e) => {
        if (e.type === 'progress' && e.done >= 2) {
          off();
          resolve();
        }
      });
    });
    const ended = new Promise<RunEvent>((resolve) => {
      const off = service.onRunEvent((e) => {
        if (e.type === 'cancelled' || e.type === 'finished') {
          off();
          resolve(e);
        }
      });
    });
    const { runId } = await service.runChecks('two', 'F1', { reviewer: 'Ada' });
    await progressed;
    const live = await service.listRuns();
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ runId, caseId: 'two', falsificationId: 'F1', who: 'Ada', checks: 1 });
    expect(live[0]?.progress?.checkId).toBe('c1');
    await expect(service.runChecks('two', null)).rejects.toThrow(/case "two" is already running \(run .*, started by Ada\)/);
    await service.cancelRun(runId);
    expect((await ended).type).toBe('cancelled');
    expect(await service.listRuns()).toEqual([]);
  });
});
