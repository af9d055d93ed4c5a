// A finding's run history through the service: every run (whole case or this finding; a cancelled one too), newest
// first, each decision and outcome count equal to what the run's report.json on disk says (read here with
// JSON.parse, independently of the service), a report edited after its run shown and refused as such (its sha256
// differs from the audit log's), and two runs compared (renderer/runs/run-diff.ts): which check changed outcome,
// guarantee and key numbers.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecheckService, type RecheckService } from '../../../app/api/service';
import { createCheckRegistry } from '../../../app/checks/registry';
import type { CaseRunReport, RunEvent } from '../../../common/api/contract';
import { API_METHODS } from '../../../common/api/methods';
import { diffRuns } from '../../../renderer/runs/run-diff';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

function until(service: RecheckService, type: RunEvent['type']): Promise<RunEvent> {
  return new Promise((resolve) => {
    const off = service.onRunEvent((e) => {
      if (e.type === type) {
        off();
        resolve(e);
      }
    });
  });
}

function setChecks(dir: string, checks: { id: string; outcome: string; steps?: number }[]): void {
  const path = join(dir, 'case.json');
  const j = JSON.parse(readFileSync(path, 'utf8'));
  j.falsifications[0].checks = checks.map((c) => ({
    id: c.id,
    kind: 'test-fixed',
    title: `check ${c.id}`,
    params: { outcome: c.outcome, ...(c.steps !== undefined ? { steps: c.steps } : {}) },
  }));
  writeFileSync(path, JSON.stringify(j));
}

async function run(service: RecheckService, fid: string | null): Promise<string> {
  const done = until(service, 'finished');
  const { runId } = await service.runChecks('mini', fid);
  await done;
  return runId;
}

const onDisk = (dir: string, runId: string): CaseRunReport =>
  JSON.parse(readFileSync(join(dir, 'runs', runId, 'report.json'), 'utf8')) as CaseRunReport;

describe('run history of a finding', () => {
  it('lists every run newest first as its report says, compares two, and refuses a report changed after its run', async () => {
    const ws = tempDir();
    const dir = writeMinimalCase(ws, 'mini');
    const service = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]), who: 'Ada' });
    expect(await service.listRunHistory('mini', 'F1')).toEqual([]);

    setChecks(dir, [
      { id: 'c1', outcome: 'supports', steps: 3 },
      { id: 'c2', outcome: 'supports', steps: 2 },
    ]);
    const first = await run(service, null);
    setChecks(dir, [
      { id: 'c1', outcome: 'refutes', steps: 3 },
      { id: 'c2', outcome: 'supports', steps: 5 },
      { id: 'c3', outcome: 'neutral' },
    ]);
    const second = await run(service, 'F1');
    // A cancelled third run.
    setChecks(dir, [{ id: 'c1', outcome: 'supports', steps: 100000 }]);
    const cancelled = until(service, 'cancelled');
    const { runId: third } = await service.runChecks('mini', 'F1');
    await new Promise((r) => setTimeout(r, 20));
    await service.cancelRun(third);
    await cancelled;

    const history = await service.listRunHistory('mini', 'F1');
    expect(history.map((h) => [h.runId, h.scope, h.cancelled === true])).toEqual([
      [third, 'finding', true],
      [second, 'finding', false],
      [first, 'case', false],
    ]);
    for (const h of history.slice(1)) {
      const f = onDisk(dir, h.runId).falsifications.find((x) => x.falsificationId === 'F1')!;
      expect(h.decision).toBe(f.decision);
      expect(h.at).toBe(onDisk(dir, h.runId).finishedAt);
      expect(h.who).toBe('Ada');
      expect(h.outcomes).toEqual({
        supports: f.checks.filter((c) => c.outcome === 'supports').length,
        refutes: f.checks.filter((c) => c.outcome === 'refutes').length,
        neutral: f.checks.filter((c) => c.outcome === 'neutral').length,
        error: f.checks.filter((c) => c.outcome === 'error').length,
      });
    }
    expect(history[0]!.decision).toBeUndefined();

    // Two runs side by side: c1 changed outcome, c2's evidence.steps changed, c3 is new.
    const a = await service.readRunReport('mini', first, 'F1');
    const b = await service.readRunReport('mini', second, 'F1');
    expect(a.checks).toEqual(onDisk(dir, first).falsifications[0]!.checks);
    const d = diffRuns(a, b);
    expect(d.decision).toEqual({ a: a.decision, b: b.decision, changed: a.decision !== b.decision });
    expect(d.checks.map((c) => [c.checkId, c.outcome.a, c.outcome.b, c.outcome.changed])).toEqual([
      ['c1', 'supports', 'refutes', true],
      ['c2', 'supports', 'supports', false],
      ['c3', undefined, 'neutral', true],
    ]);
    expect(d.changedOutcomes).toBe(2);
    expect(d.checks[1]!.numbers).toEqual([{ path: 'steps', a: 2, b: 5, changed: true }]);
    expect(d.checks[0]!.guarantee).toEqual({ a: 'exact', b: 'exact', changed: false });
    await expect(service.readRunReport('mini', third, 'F1')).rejects.toThrow(/cancelled: it has no report/);
    await expect(service.readRunReport('mini', 'nope', 'F1')).rejects.toThrow(/^mini\/runs\/nope: no run nope of F1 in the audit log$/);

    // A report edited after its run: listed with its problem, and never compared.
    const path = join(dir, 'runs', first, 'report.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace('"supports"', '"refutes"'));
    const after = await service.listRunHistory('mini', 'F1');
    expect(after[2]).toMatchObject({
      runId: first,
      problem: expect.stringMatching(/not the report the audit log recorded \(sha256 differs\)/),
    });
    expect(after[2]!.decision).toBeUndefined();
    await expect(service.readRunReport('mini', first, 'F1')).rejects.toThrow(/sha256 differs/);
    service.dispose();
  });

  it('validates its arguments', () => {
    expect(() => API_METHODS.listRunHistory.validate(['mini'])).toThrow(/listRunHistory: expected 2 argument/);
    expect(() => API_METHODS.readRunReport.validate(['mini', '../x', 'F1'])).toThrow('readRunReport: runId must be an identifier');
  });
});
