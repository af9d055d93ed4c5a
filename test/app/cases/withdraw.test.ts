// Issue 19 item 6 / issue 22: a wrong check, finding or claim can be withdrawn (kept in case.json and the audit
// log with who, when and why; out of runs, decisions, the review queue), and a finding's latest report whose
// checks changed since its run is stale.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAudit } from '../../../app/cases/audit';
import { addCheck, addFalsification } from '../../../app/cases/edit';
import { addFinding } from '../../../app/cases/add-finding';
import { loadCase } from '../../../app/cases/load';
import type { CaseFile } from '../../../app/cases/model';
import { withdraw } from '../../../app/cases/withdraw';
import { createCheckRegistry } from '../../../app/checks/registry';
import { runCase } from '../../../app/checks/run-case';
import { verdictQueue } from '../../../app/queue/queue';
import { recordVerdict } from '../../../app/verdicts/record';
import { latestCaseReports, staleness } from '../../../app/checks/latest';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

const registry = createCheckRegistry([fixedKind]);
const who = { who: 'Ada' };
const check = (id: string, outcome: string) => ({ id, kind: 'test-fixed', title: id, params: { outcome, steps: 0 } });

function twoFindings(): string {
  return writeMinimalCase(tempDir(), 'w', {
    format: 'recheck.case/1',
    id: 'w',
    title: 'W',
    paper: { title: 'P', venueId: 'openreview:w', claims: [{ id: 'C1', text: 'The bound holds.' }, { id: 'C2', text: 'Another claim.' }] },
    logbooks: [{ id: 'L1', path: 'logbook', format: 'plain', title: 'L' }],
    falsifications: [
      { id: 'F1', claim: 'C1', logbook: 'L1', assertion: 'It fails.', checks: [check('good', 'supports'), check('wrong', 'refutes')] },
      { id: 'F2', claim: 'C1', logbook: 'L1', assertion: 'It fails too.', checks: [check('c', 'supports')] },
    ],
  });
}

const caseJson = (dir: string) => JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as CaseFile;
const at = () => new Date('2026-12-02T02:30:00.000Z');

describe('withdrawing a check', () => {
  it('keeps it in case.json with who, when and why, logs it, leaves it out of the next run, and marks the older report stale', async () => {
    const dir = twoFindings();
    const first = await runCase(await loadCase(dir, registry), registry, { who: 'Ada' });
    expect(first.falsifications[0]?.decision).toBe('contested');
    await withdraw(dir, registry, who, { item: 'check', finding: 'F1', id: 'wrong', reason: 'names a column the table does not have' }, at);
    const f1 = caseJson(dir).falsifications[0];
    expect(f1?.checks.map((c) => [c.id, c.withdrawn ?? null])).toEqual([
      ['good', null],
      ['wrong', { at: '2026-12-02T02:30:00.000Z', who: 'Ada', reason: 'names a column the table does not have' }],
    ]);
    const entry = (await readAudit(dir)).at(-1);
    expect(entry).toMatchObject({ action: 'edit', who: 'Ada', details: { edit: 'withdraw-check', withdrawn: { item: 'check', finding: 'F1', id: 'wrong' }, reason: 'names a column the table does not have' } });
    // The old run's decision (contested, from a withdrawn check) is stale; F2's is untouched.
    const latest = (await latestCaseReports(dir, caseJson(dir))).reports;
    expect(latest.map((r) => [r.falsificationId, r.decision, r.stale ?? null])).toEqual([
      ['F1', 'contested', 'the checks changed since this run (check wrong withdrawn): run again'],
      ['F2', 'confirmed', null],
    ]);
    // A verdict may not be recorded against the stale decision (needs-more-work may).
    const loaded = await loadCase(dir, registry);
    await expect(recordVerdict(loaded, 'w', { falsificationId: 'F1', verdict: 'confirmed', rationale: 'ok', reviewer: 'Ada' })).rejects.toThrow(/F1: the checks changed since this run \(check wrong withdrawn\): run again before recording a verdict/);
    const nmw = await recordVerdict(loaded, 'w', { falsificationId: 'F1', verdict: 'needs-more-work', rationale: 'rerun after the withdrawal', reviewer: 'Ada' });
    expect(nmw.details?.computedDecision).toBeNull();
    // The review queue lists F1 as not run (its stale decision is no decision), F2 as awaiting a verdict.
    const queue = await verdictQueue(join(dir, '..'), registry, []);
    expect(queue.rows.map((r) => [r.falsificationId, r.state, r.computed?.decision ?? null])).toEqual([
      ['F2', 'awaiting-verdict', 'confirmed'],
      ['F1', 'not-run', null],
    ]);
    // The next run skips the withdrawn check: F1 is decided by `good` alone, and is current again.
    const second = await runCase(await loadCase(dir, registry), registry, { who: 'Ada', falsificationId: 'F1' });
    expect(second.falsifications[0]?.checks.map((c) => c.checkId)).toEqual(['good']);
    expect(second.falsifications[0]?.decision).toBe('confirmed');
    expect((await latestCaseReports(dir, caseJson(dir))).reports.map((r) => r.stale ?? null)).toEqual([null, null]);
  });

  it('marks a report stale when a check is added after its run', async () => {
    const dir = twoFindings();
    await runCase(await loadCase(dir, registry), registry, { who: 'Ada' });
    await addCheck(dir, registry, who, { falsification: 'F2', id: 'more', kind: 'test-fixed', params: { outcome: 'refutes' } });
    const r = (await latestCaseReports(dir, caseJson(dir))).reports.find((x) => x.falsificationId === 'F2');
    expect(r?.stale).toBe('the checks changed since this run (check more added): run again');
  });

  it('refuses without a reason, an unknown or already withdrawn check, and a check of a withdrawn finding; the case is unchanged', async () => {
    const dir = twoFindings();
    const before = readFileSync(join(dir, 'case.json'), 'utf8');
    await expect(withdraw(dir, registry, who, { item: 'check', finding: 'F1', id: 'wrong', reason: '  wrong ' })).rejects.toThrow(/withdrawing check F1\/wrong needs a reason of at least 10 characters/);
    await expect(withdraw(dir, registry, who, { item: 'check', finding: 'F1', id: 'nope', reason: 'a reason long enough' })).rejects.toThrow(/no check "nope" in F1 \(checks: good, wrong\)/);
    expect(readFileSync(join(dir, 'case.json'), 'utf8')).toBe(before);
    await withdraw(dir, registry, who, { item: 'check', finding: 'F1', id: 'wrong', reason: 'a reason long enough' });
    await expect(withdraw(dir, registry, who, { item: 'check', finding: 'F1', id: 'wrong', reason: 'a reason long enough' })).rejects.toThrow(/check F1\/wrong is already withdrawn \(a reason long enough\)/);
    await withdraw(dir, registry, who, { item: 'finding', id: 'F1', reason: 'quoted from the wrong cell' });
    await expect(withdraw(dir, registry, who, { item: 'check', finding: 'F1', id: 'good', reason: 'a reason long enough' })).rejects.toThrow(/finding F1 is withdrawn: its checks went with it/);
    await expect(addCheck(dir, registry, who, { falsification: 'F1', kind: 'test-fixed', params: { outcome: 'supports' } })).rejects.toThrow(/finding F1 is withdrawn \(quoted from the wrong cell\)/);
  });
});

describe('withdrawing a finding and a claim', () => {
  it('leaves a withdrawn finding out of runs, the queue and verdicts; refuses a claim while a finding in force is about it', async () => {
    const dir = twoFindings();
    await runCase(await loadCase(dir, registry), registry, { who: 'Ada' });
    await expect(withdraw(dir, registry, who, { item: 'claim', id: 'C1', reason: 'misquoted from the paper' })).rejects.toThrow(/claim C1 still has findings in force \(F1, F2\): withdraw them first/);
    await withdraw(dir, registry, who, { item: 'finding', id: 'F1', reason: 'the logbook retracted it' });
    const run = await runCase(await loadCase(dir, registry), registry, { who: 'Ada' });
    expect(run.falsifications.map((f) => f.falsificationId)).toEqual(['F2']);
    await expect(runCase(await loadCase(dir, registry), registry, { falsificationId: 'F1' })).rejects.toThrow(/finding F1 is withdrawn \(the logbook retracted it\): it is not run/);
    expect((await latestCaseReports(dir, caseJson(dir))).reports.map((r) => r.falsificationId)).toEqual(['F2']);
    expect((await verdictQueue(join(dir, '..'), registry, [])).rows.map((r) => r.falsificationId)).toEqual(['F2']);
    await expect(recordVerdict(await loadCase(dir, registry), 'w', { falsificationId: 'F1', verdict: 'confirmed', rationale: 'x', reviewer: 'Ada' })).rejects.toThrow(/F1 is withdrawn \(the logbook retracted it\): a withdrawn finding takes no verdict/);
    await withdraw(dir, registry, who, { item: 'finding', id: 'F2', reason: 'the logbook retracted it too' });
    await withdraw(dir, registry, who, { item: 'claim', id: 'C1', reason: 'misquoted from the paper' });
    const file = caseJson(dir);
    expect(file.paper.claims.map((c) => c.withdrawn?.reason ?? null)).toEqual(['misquoted from the paper', null]);
    expect(file.falsifications.map((f) => f.withdrawn?.who)).toEqual(['Ada', 'Ada']);
    await expect(runCase(await loadCase(dir, registry), registry, {})).rejects.toThrow(/every finding of the case is withdrawn/);
    // No new finding on a withdrawn claim, by either edit that adds one.
    await expect(addFinding(dir, registry, who, { claim: 'C1', logbook: 'L1', says: 'verified', assertion: 'It holds.' })).rejects.toThrow(/claim C1 is withdrawn \(misquoted from the paper\): a finding cannot be about it/);
    await expect(addFalsification(dir, registry, who, { claim: 'C1', logbook: 'L1', assertion: 'It fails.' })).rejects.toThrow(/claim C1 is withdrawn \(misquoted from the paper\)/);
    const edits = (await readAudit(dir)).filter((e) => e.action === 'edit').map((e) => e.details?.edit);
    expect(edits).toEqual(['withdraw-finding', 'withdraw-finding', 'withdraw-claim']);
  });
});

describe('staleness', () => {
  it('is null exactly when the checks in force are the checks the run ran (property)', () => {
    const ids = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 5 });
    fc.assert(
      fc.property(ids, ids, fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), (declared, ran, out) => {
        const checks = declared.map((id, i) => ({ id, kind: 'k', title: id, params: {}, ...(out[i] ? { withdrawn: { at: 't', who: 'w', reason: 'r' } } : {}) }));
        const active = new Set(checks.filter((c) => c.withdrawn === undefined).map((c) => c.id));
        const same = active.size === ran.length && ran.every((id) => active.has(id));
        const why = staleness({ checks }, { checks: ran.map((checkId) => ({ checkId }) as never) });
        expect(why === null).toBe(same);
        for (const id of ran.filter((x) => !active.has(x))) expect(why).toContain(`check ${id} ${declared.includes(id) ? 'withdrawn' : 'removed'}`);
        for (const id of [...active].filter((x) => !ran.includes(x))) expect(why).toContain(`check ${id} added`);
      }),
    );
  });
});
