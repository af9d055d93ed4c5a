// Premature verifications in the triage queue (issue 19, item 2): a logbook's "verified" finding whose own
// printed table a growth fit shows below the minimums is decided `verification premature`, and `recheck ledger
// --workspace` then queues the claim beside the contested ones, naming why; the same function orders the app's
// triage view. Built with the case commands only, on the bundled paging case's logbook (k = 2..16, 4 rows).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { casePrematureVerifications } from '../../../app/verdicts/premature';
import { BUNDLED_CASES_DIR } from '../../../app/paths';
import type { CaseFile } from '../../../app/cases/model';
import type { LatestFalsificationReport } from '../../../common/api/contract';
import { cli } from '../../helpers/cli';
import { copyCase, tempDir } from '../../helpers/temp-case';

async function ok(args: string[], cwd: string) {
  const r = await cli(args[0] === 'ledger' ? args : [...args, '--who', 'Ada'], cwd);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
}

describe('premature verifications', () => {
  it("a verified finding on the logbook's 4-row table is premature, and the ledger queues it beside contested claims", async () => {
    const ws = tempDir();
    copyCase(join(BUNDLED_CASES_DIR, 'paging-robustness'), ws, 'paging');
    await ok(
      [
        'case',
        'add-finding',
        'paging',
        '--claim',
        'C1',
        '--logbook',
        'sweep16',
        '--says',
        'verified',
        '--assertion',
        'verified at this scale: the additive term is bounded for k <= 16',
      ],
      ws,
    );
    await ok(
      [
        'case',
        'add-check',
        'paging',
        '--falsification',
        'F2',
        '--kind',
        'growth-fit',
        '--id',
        'logbook-fit',
        '--param',
        'table=logbook/sweep-k16.csv',
        '--param',
        'x=k',
        '--param',
        'y=additive',
        '--param',
        'asserts=noGrowth',
      ],
      ws,
    );
    const run = JSON.parse((await ok(['run', 'paging', '--falsification', 'F2', '--json'], ws)).stdout) as {
      falsifications: {
        says: string;
        decision: string;
        reason: string;
        gate: { passed: boolean };
        checks: { insufficient?: string; basis: string }[];
      }[];
    };
    const f2 = run.falsifications[0];
    expect(f2).toMatchObject({ says: 'verified', decision: 'premature', gate: { passed: true } });
    expect(f2?.checks[0]?.basis).toBe('logbook');
    expect(f2?.checks[0]?.insufficient).toBeDefined();
    expect(f2?.reason.startsWith('the evidence cannot carry the verification: logbook-fit: ')).toBe(true);

    const csv = join(ws, 'verdicts.csv');
    writeFileSync(
      csv,
      [
        'paper,claim,logbook,verdict',
        'openreview:example-follow-then-mark,C1,sweep16,verified',
        'openreview:other,C1,x,verified',
        'openreview:other,C1,y,falsified',
        'openreview:other,C2,x,toy',
        'openreview:third,C1,x,verified',
        '',
      ].join('\n'),
    );
    const plain = JSON.parse((await ok(['ledger', csv, '--json'], ws)).stdout) as { queue: { tier: string; paper: string }[] };
    expect(plain.queue.map((r) => [r.tier, r.paper])).toEqual([
      ['contested', 'openreview:other'],
      ['toy', 'openreview:other'],
    ]);
    const withCases = JSON.parse((await ok(['ledger', csv, '--json', '--workspace', ws], ws)).stdout) as {
      queue: { tier: string; paper: string; premature?: { logbook: string; reason: string }[] }[];
    };
    expect(withCases.queue.map((r) => [r.tier, r.paper])).toEqual([
      ['contested', 'openreview:other'],
      ['premature', 'openreview:example-follow-then-mark'],
      ['toy', 'openreview:other'],
    ]);
    expect(withCases.queue[1]?.premature?.[0]?.reason.startsWith('paging/F2: the evidence cannot carry the verification')).toBe(true);
    const text = (await ok(['ledger', csv, '--workspace', ws], ws)).stdout;
    expect(text).toContain(
      'work queue (claimed falsifications, then contested claims and premature verifications, then toy-only support):',
    );
    expect(text).toContain('  2. [premature] openreview:example-follow-then-mark C1: sweep16 verified');
  });

  it('names the claim by id, text and position and the logbook by id, folder and title; only premature verifications', () => {
    const c = {
      format: 'recheck.case/1',
      id: 'c',
      title: 't',
      paper: {
        title: 'p',
        venueId: 'openreview:x',
        claims: [
          { id: 'C1', text: 'first' },
          { id: 'C2', text: 'The bound holds.' },
        ],
      },
      logbooks: [{ id: 'L1', path: 'logbook', format: 'plain', title: 'alice/repro' }],
      falsifications: [
        { id: 'F1', claim: 'C2', logbook: 'L1', says: 'verified', assertion: 'a', checks: [] },
        { id: 'F2', claim: 'C2', logbook: 'L1', assertion: 'b', checks: [] },
        { id: 'F3', claim: 'C1', logbook: 'L1', says: 'verified', assertion: 'c', checks: [] },
      ],
    } as CaseFile;
    const report = (id: string, decision: LatestFalsificationReport['decision']): LatestFalsificationReport => ({
      falsificationId: id,
      claim: '',
      assertion: '',
      decision,
      reason: 'why',
      checks: [],
      runId: 'r',
      finishedAt: '',
    });
    expect(casePrematureVerifications(c, [report('F1', 'premature'), report('F2', 'inconclusive'), report('F3', 'upheld')])).toEqual([
      { paper: 'openreview:x', claims: ['C2', 'The bound holds.', '#2'], logbooks: ['L1', 'logbook', 'alice/repro'], reason: 'c/F1: why' },
    ]);
  });
});
