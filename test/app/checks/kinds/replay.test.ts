/**
 * The `replay` check kind, for real in the sandbox: a reproducing replay is neutral, exact and recomputed; a
 * differing one says the finding's printed evidence is not what its code prints (`insufficient`), so a verified
 * finding resting on it is premature and a falsification resting on it alone is inconclusive. Its letter words,
 * rerun command and figure come from its evidence.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckResultView, LatestFalsificationReport } from '../../../../common/api/contract';
import { replayKind, type ReplayParams } from '../../../../app/checks/kinds/replay';
import { replayWords } from '../../../../app/checks/kinds/replay.words';
import type { CheckResult } from '../../../../app/checks/kind';
import { decide } from '../../../../app/checks/decide';
import { checkCommand } from '../../../../app/letters/evidence';
import { diagnosisSentence, findingSentence } from '../../../../app/letters/kind-words';
import { createCheckRegistry } from '../../../../app/checks/registry';
import { builtinCheckKinds } from '../../../../app/checks/kinds/index';
import { figuresFor } from '../../../../common/figures/registry';
import { sha256 } from '../../../../app/fs/hash';
import { makeTestContext } from '../../../helpers/check-context';
import { claimProblems } from '../../letters/claim-check';
import { pythonCell, readableTempDir, replayCase, SWEEP_OUT, SWEEP_PY } from '../../replay/replay-case';

const TIMING = resolve('cases/timing-normalization');
const BENCH = 'cell_cad14a3ec345';

const view = (r: CheckResult, checkId = 'replay-bench'): CheckResultView => ({
  falsificationId: 'F1',
  checkId,
  kind: 'replay',
  title: 'Replay of bench.py.',
  outcome: r.outcome,
  summary: r.summary,
  evidence: r.evidence,
  artifacts: r.artifacts ?? [],
  durationMs: 1,
  basis: r.basis ?? 'logbook',
  ...(r.guarantee !== undefined ? { guarantee: r.guarantee } : {}),
  ...(r.insufficient !== undefined ? { insufficient: r.insufficient } : {}),
  ...(r.dataSha256 !== undefined ? { dataSha256: r.dataSha256 } : {}),
});
const report = (r: CheckResultView): LatestFalsificationReport => ({
  falsificationId: 'F1',
  claim: 'C1',
  assertion: '',
  decision: 'inconclusive',
  reason: '',
  runId: 'r',
  finishedAt: '',
  checks: [r],
});

function planted(): string {
  const dir = join(readableTempDir(), 'timing');
  cpSync(TIMING, dir, { recursive: true });
  const page = join(dir, 'logbook/.trackio/logbook/pages/timing-comparison/page.md');
  writeFileSync(page, readFileSync(page, 'utf8').replace('ratio method/baseline = 2.00\n\n````', 'ratio method/baseline = 2.50\n\n````'));
  return dir;
}

describe('replay check kind', () => {
  it('is registered, and its example validates', () => {
    const registry = createCheckRegistry(builtinCheckKinds);
    expect(registry.get('replay')).toBe(replayKind);
    expect(replayKind.example).toEqual({ cell: 'cell_cad14a3ec345', tolerance: 'printed' });
    expect(registry.validateParams('replay', replayKind.example)).toBeNull();
    expect(registry.validateParams('replay', { cell: BENCH, set: ['KS=[2, 4]'], env: { K: '1' }, timeoutSeconds: 5 })).toBeNull();
    expect(registry.validateParams('replay', { cell: BENCH, tolerance: 'abs:1e-9 ; rm' })).not.toBeNull();
    expect(registry.validateParams('replay', { cell: BENCH, python: 'python3' })).not.toBeNull();
    expect(registry.validateParams('replay', {})).not.toBeNull();
  });

  it('reproduces: neutral, exact, recomputed, no insufficient; the stdout hash is its data', async () => {
    const r = await replayKind.run({ cell: BENCH }, makeTestContext(TIMING));
    expect(r).toMatchObject({ outcome: 'neutral', guarantee: { kind: 'exact' }, basis: 'recomputed' });
    expect(r.insufficient).toBeUndefined();
    expect(r.dataSha256).toBe(
      sha256('method: 3.0 s per batch (batch = 50 trajectories)\nbaseline: 1.5 s per trajectory\nratio method/baseline = 2.00\n'),
    );
    expect(r.evidence).toMatchObject({
      result: 'reproduces',
      command: ['python3', 'bench.py'],
      interpreter: 'python',
      run: { exitCode: 0, ended: 'exited', confined: true },
    });
    const v = view(r);
    expect(findingSentence(v, 'falsified')).toBe(
      "Replayed in Recheck's sandbox, run cell `cell_cad14a3ec345` (`python3 bench.py`) prints what the logbook shows: 3 lines and 4 numbers agree within the printed rounding (half a unit in the last printed digit).",
    );
    expect(diagnosisSentence(v, 'falsified')).toBeNull();
    expect(claimProblems(`1. **Replay of bench.py.** ${findingSentence(v, 'falsified')}`, [report(v)], [])).toEqual([]);
    expect(decide([v], { says: 'falsified' }).decision).toBe('inconclusive');
    const [fig] = figuresFor('replay', r.evidence);
    expect(fig).toMatchObject({ type: 'xy', id: 'replay-differences', hlines: [{ y: 1 }] });
    expect(fig?.caption).toMatch(/^4 numbers compared, .*all agree/);
  });

  it('differs: the finding rests on output its code does not print, so a verification is premature', async () => {
    const r = await replayKind.run({ cell: BENCH }, makeTestContext(planted()));
    expect(r).toMatchObject({ outcome: 'neutral', guarantee: { kind: 'exact' }, basis: 'recomputed' });
    expect(r.insufficient).toBe(
      'the logbook\'s printed output is not what its code prints: cell cell_cad14a3ec345, printed line 3 "ratio method/baseline = 2.50" against "ratio method/baseline = 2.00" replayed',
    );
    const v = view(r);
    expect(decide([v], { says: 'verified' }).decision).toBe('premature');
    const f = decide([v], { says: 'falsified' });
    expect(f.decision).toBe('inconclusive');
    expect(f.reason).toMatch(
      /the finding's evidence cannot carry it: replay-bench: the logbook's printed output is not what its code prints/,
    );
    const finding = findingSentence(v, 'falsified');
    expect(finding).toBe(
      'Replayed in Recheck\'s sandbox, run cell `cell_cad14a3ec345` (`python3 bench.py`) does not print what the logbook shows: at line 3 of its output the logbook shows "ratio method/baseline = 2.50" where the code prints "ratio method/baseline = 2.00" (a difference of 0.5, where 0.005 is allowed).',
    );
    expect(diagnosisSentence(v, 'falsified')).toMatch(
      /^The finding rests on printed output that its own code does not reproduce\. Replayed/,
    );
    expect(claimProblems(`1. **Replay of bench.py.** ${finding}`, [report(v)], [])).toEqual([]);
    expect(figuresFor('replay', r.evidence)[0]?.caption).toMatch(/1 differ, the first at printed line 3 \(2\.50 printed, 2\.00 replayed\)/);
  });

  it('an overridden run writes its tables into the artifact folder and compares nothing', async () => {
    const dir = replayCase([pythonCell('cell_sweep', 'sweep.py', SWEEP_PY, SWEEP_OUT)]);
    const ctx = makeTestContext(dir);
    const params: ReplayParams = { cell: 'cell_sweep', set: ['KS=[2, 4, 8, 16, 32, 64]'] };
    const r = await replayKind.run(params, ctx);
    expect(r).toMatchObject({ outcome: 'neutral', guarantee: { kind: 'approximate' }, evidence: { result: 'ran' } });
    const csvPath = (r.artifacts ?? []).find((a) => a.endsWith('table-1.csv'));
    expect(csvPath).toBeDefined();
    expect(
      readFileSync(join(dir, csvPath as string), 'utf8')
        .trim()
        .split('\n'),
    ).toHaveLength(7);
    expect(findingSentence(view(r), 'falsified')).toBe(r.summary);
  });

  it('rerun: the recheck replay command from the params, or none for an overridden run', () => {
    expect(checkCommand('timing', 'replay', { cell: BENCH }, 'F1')).toBe(`npx recheck replay timing --cell ${BENCH}`);
    expect(checkCommand('timing', 'replay', { cell: BENCH, logbook: 'repro', tolerance: 'rel:1e-6' }, 'F1')).toBe(
      `npx recheck replay timing --cell ${BENCH} --logbook repro --tolerance rel:1e-6`,
    );
    expect(replayWords.rerun?.({ cell: BENCH, set: ['K=1'] }, { file: () => `timing/${BENCH}`, arg: (v) => String(v) })).toBeNull();
  });

  it('a bad tolerance or override in the params is bad input naming the check', async () => {
    await expect(replayKind.run({ cell: BENCH, set: ['K=os.system'] }, makeTestContext(TIMING))).rejects.toThrow(
      /case.json: check check: K: "os.system" is not a number/,
    );
  });
});
