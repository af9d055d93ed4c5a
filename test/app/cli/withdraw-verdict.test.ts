// Issue 19 item 6: withdraw and edit from the CLI, and `recheck verdict` records a reviewer's verdict headless
// with the UI's rules, so that a workflow without the UI reaches a sendable letter. Exit codes 0 and 2.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAudit } from '../../../app/cases/audit';
import { BUNDLED_CASES_DIR } from '../../../app/paths';
import type { CaseFile } from '../../../app/cases/model';
import { cli } from '../../helpers/cli';
import { copyCase, tempDir } from '../../helpers/temp-case';

function timingCase(): { ws: string; dir: string } {
  const ws = tempDir();
  const dir = copyCase(join(BUNDLED_CASES_DIR, 'timing-normalization'), ws, 't');
  return { ws, dir };
}

const RATIONALE = 'Read the units audit: per batch of 50 against per trajectory.';

describe('recheck verdict', () => {
  it('records an agreeing verdict (0), refuses a short disagreeing one (2), and a run, a checklist answer and a verdict make the letter sendable', async () => {
    const { ws, dir } = timingCase();
    expect((await cli(['run', 't', '--who', 'Ada'], ws)).code).toBe(0);
    const short = await cli(
      ['verdict', 't', '--finding', 'F1', '--verdict', 'confirmed', '--rationale', 'looks right', '--reviewer', 'Ada'],
      ws,
    );
    expect([short.code, short.stdout]).toEqual([2, '']);
    expect(short.stderr).toMatch(
      /^recheck: .*case\.json: F1: a verdict that disagrees with the computed decision needs a rationale of at least 40 characters saying why\n$/,
    );
    // Before the verdict the letter is not ready; the last open question and the verdict are what it waits for.
    expect((await cli(['letter', 't'], ws)).stderr).toMatch(/not ready to send/);
    const answer = await cli(
      [
        'case',
        'checklist',
        't',
        '--falsification',
        'F1',
        '--question',
        'independent',
        '--not-applicable',
        'The refutation is a units slip read from the logbook itself.',
        '--who',
        'Ada',
      ],
      ws,
    );
    expect(answer.code).toBe(0);
    const ok = await cli(['verdict', 't', '--finding', 'F1', '--verdict', 'refuted', '--rationale', RATIONALE, '--reviewer', 'Ada'], ws);
    expect([ok.code, ok.stderr, ok.stdout]).toEqual([0, '', 'recorded refuted on F1 by Ada (computed: refuted)\n']);
    const entry = (await readAudit(dir)).at(-1);
    expect(entry).toMatchObject({
      action: 'decision',
      who: 'Ada',
      falsificationId: 'F1',
      verdict: 'refuted',
      rationale: RATIONALE,
      details: { computedDecision: 'refuted', agreesWithComputed: true },
    });
    const letter = await cli(['letter', 't'], ws);
    expect(letter.code).toBe(0);
    expect(letter.stderr).not.toMatch(/not ready/);
  });

  it('a long disagreeing rationale overrides the computed decision and says so', async () => {
    const { ws } = timingCase();
    await cli(['run', 't', '--who', 'Ada'], ws);
    const r = await cli(
      [
        'verdict',
        't',
        '--finding',
        'F1',
        '--verdict',
        'confirmed',
        '--rationale',
        `${RATIONALE} The baseline was also timed per batch.`,
        '--reviewer',
        'Bo',
        '--json',
      ],
      ws,
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { recorded: { details: Record<string, unknown> }; disagrees: boolean; computedDecision: string };
    expect(out).toMatchObject({
      disagrees: true,
      computedDecision: 'refuted',
      recorded: { details: { overridesComputed: 'refuted', agreesWithComputed: false } },
    });
  });

  it('usage errors are exit 2 with one line', async () => {
    const { ws } = timingCase();
    const r = await cli(['verdict', 't', '--finding', 'F1', '--verdict', 'maybe', '--rationale', 'x'], ws);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--verdict must be one of confirmed, refuted, needs-more-work/);
    expect(
      (await cli(['verdict', 't', '--finding', 'F9', '--verdict', 'refuted', '--rationale', 'x', '--reviewer', 'A'], ws)).stderr,
    ).toMatch(/no finding "F9" \(findings: F1\)/);
  });
});

describe('recheck case withdraw', () => {
  it('withdraws a check with its reason, says the latest decision is stale, and a verdict waits for a new run', async () => {
    const { ws, dir } = timingCase();
    await cli(['run', 't', '--who', 'Ada'], ws);
    const noReason = await cli(['case', 'withdraw', 't', '--check', 'F1/units', '--who', 'Ada'], ws);
    expect([noReason.code, noReason.stderr]).toEqual([
      2,
      'recheck: case withdraw: --reason is required: say why it is withdrawn (see recheck help case withdraw)\n',
    ]);
    const r = await cli(
      ['case', 'withdraw', 't', '--check', 'F1/units', '--reason', 'audited the wrong quantities file', '--who', 'Ada'],
      ws,
    );
    expect([r.code, r.stdout]).toEqual([
      0,
      "withdrew check F1/units; F1's latest decision is stale: the checks changed since this run (check units withdrawn): run again\n",
    ]);
    const file = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as CaseFile;
    expect(file.falsifications[0]?.checks.find((c) => c.id === 'units')?.withdrawn).toMatchObject({
      who: 'Ada',
      reason: 'audited the wrong quantities file',
    });
    // The stale decision keeps a letter from being sent: the letter says why.
    const stale = await cli(['letter', 't'], ws);
    expect(stale.stderr).toMatch(/not ready to send/);
    expect(`${stale.stdout}${stale.stderr}`).toMatch(/F1: the checks changed since this run \(check units withdrawn\): run again/);
    const v = await cli(['verdict', 't', '--finding', 'F1', '--verdict', 'refuted', '--rationale', RATIONALE, '--reviewer', 'Ada'], ws);
    expect(v.code).toBe(2);
    expect(v.stderr).toMatch(/F1: the checks changed since this run \(check units withdrawn\): run again before recording a verdict/);
    const again = JSON.parse((await cli(['run', 't', '--json', '--who', 'Ada'], ws)).stdout) as {
      falsifications: { checks: { checkId: string }[] }[];
    };
    expect(again.falsifications[0]?.checks.map((c) => c.checkId)).toEqual(['claimed-speedup']);
    const twice = await cli(['case', 'withdraw', 't', '--check', 'F1/units', '--reason', 'audited the wrong quantities file'], ws);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/check F1\/units is already withdrawn/);
  });

  it('refuses a claim with findings in force, naming them', async () => {
    const { ws } = timingCase();
    const r = await cli(['case', 'withdraw', 't', '--claim', 'C1', '--reason', 'misquoted from the paper'], ws);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/claim C1 still has findings in force \(F1\): withdraw them first/);
  });
});

describe('recheck case edit-paper', () => {
  it('replaces paper.md atomically and logs its hashes; the same text again is exit 2', async () => {
    const { ws, dir } = timingCase();
    writeFileSync(join(ws, 'new.md'), '# Paper\n\nThe method is 8x faster per trajectory.\n');
    const r = await cli(['case', 'edit-paper', 't', '--file', 'new.md', '--who', 'Ada', '--json'], ws);
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'paper.md'), 'utf8')).toBe('# Paper\n\nThe method is 8x faster per trajectory.\n');
    const { entry } = JSON.parse(r.stdout) as { entry: { hashes: Record<string, string> } };
    expect(Object.keys(entry.hashes)).toEqual(['paper.md@before', 'paper.md']);
    const same = await cli(['case', 'edit-paper', 't', '--file', 'new.md'], ws);
    expect([same.code, same.stderr]).toEqual([2, expect.stringMatching(/paper\.md: no change to save\n$/)]);
  });
});
