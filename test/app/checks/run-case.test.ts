import { describe, it, expect } from 'vitest';
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCase } from '../../../app/cases/load';
import { createCheckRegistry } from '../../../app/checks/registry';
import { runCase } from '../../../app/checks/run-case';
import { readAudit } from '../../../app/cases/audit';
import { sha256 } from '../../../app/fs/hash';
import { CancelledError } from '../../../app/errors';
import type { RunEvent } from '../../../common/api/contract';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

const registry = createCheckRegistry([fixedKind]);

function caseWith(outcomes: string[]): string {
  const dir = writeMinimalCase(tempDir());
  const path = join(dir, 'case.json');
  const j = JSON.parse(readFileSync(path, 'utf8'));
  j.falsifications[0].checks = outcomes.map((o, i) => ({ id: `c${i}`, kind: 'test-fixed', title: `check ${i}`, params: { outcome: o } }));
  writeFileSync(path, JSON.stringify(j));
  return dir;
}

describe('runCase', () => {
  it('computes the decision, emits events, records the report and a hashed audit entry', async () => {
    const dir = caseWith(['supports', 'neutral']);
    const events: RunEvent[] = [];
    const report = await runCase(await loadCase(dir, registry), registry, { onEvent: (e) => events.push(e), who: 'tester' });
    expect(report.falsifications[0]?.decision).toBe('confirmed');
    expect(events.map((e) => e.type)).toContain('progress');
    expect(events.at(0)?.type).toBe('started');
    expect(events.at(-1)?.type).toBe('finished');
    const reportPath = join(dir, 'runs', report.runId, 'report.json');
    expect(JSON.parse(readFileSync(reportPath, 'utf8'))).toEqual(report);
    const audit = await readAudit(dir);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.who).toBe('tester');
    expect(audit[0]?.hashes['case.json']).toBe(sha256(readFileSync(join(dir, 'case.json'))));
    expect(audit[0]?.hashes[`runs/${report.runId}/report.json`]).toBe(sha256(readFileSync(reportPath)));
    expect(audit[0]?.hashes['sandbox/model.ts']).toBeDefined();
  });

  it('says which check it starts before the check reports anything (issue 11, defect 5: a silent 8 s)', async () => {
    const dir = caseWith(['supports', 'neutral']);
    const events: RunEvent[] = [];
    await runCase(await loadCase(dir, registry), registry, { onEvent: (e) => events.push(e), who: 'tester', record: false });
    const started = events.find((e) => e.type === 'started');
    expect(started).toMatchObject({ falsificationId: null, who: 'tester', checks: 2 });
    for (const id of ['c0', 'c1']) {
      const first = events.find(
        (e) =>
          (e.type === 'progress' || e.type === 'check') && ('checkId' in e ? e.checkId : e.type === 'check' ? e.result.checkId : '') === id,
      );
      expect(first).toMatchObject({ type: 'progress', checkId: id, done: 0, message: `F1: check ${id.slice(1)}` });
    }
  });

  it('turns a failing check into an error result and an inconclusive decision', async () => {
    const dir = caseWith(['supports', 'throw']);
    const report = await runCase(await loadCase(dir, registry), registry, { record: false });
    const f = report.falsifications[0]!;
    expect(f.decision).toBe('inconclusive');
    expect(f.checks[1]?.outcome).toBe('error');
    expect(f.checks[1]?.summary).toBe('the check broke');
    expect(existsSync(join(dir, 'runs', report.runId))).toBe(false);
  });

  it('stops on cancel with no report or decision, and logs the cancelled run', async () => {
    const dir = caseWith(['supports', 'refutes']);
    const controller = new AbortController();
    const run = runCase(await loadCase(dir, registry), registry, {
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'check') controller.abort();
      },
    });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    const audit = await readAudit(dir);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toEqual({ cancelled: true, finishedChecks: ['F1/c0'] });
    expect(existsSync(join(dir, 'runs', audit[0]!.runId!, 'report.json'))).toBe(false);
  });

  it('runs one falsification when asked', async () => {
    const dir = caseWith(['refutes']);
    const report = await runCase(await loadCase(dir, registry), registry, { falsificationId: 'F1', record: false });
    expect(report.falsifications.map((f) => f.decision)).toEqual(['refuted']);
    await expect(runCase(await loadCase(dir, registry), registry, { falsificationId: 'F7', record: false })).rejects.toThrow(
      /no falsification "F7"/,
    );
  });
});
