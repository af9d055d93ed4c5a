// Letter words and the figure of sandbox-verdict, from results the host's judge builds (as the kind does after
// its sandbox runs): the finding, the diagnosis, the rerun command, and the bars of each value against its bound.
import { describe, expect, it } from 'vitest';
import { readModuleVerdict } from '../../../../app/checks/kinds/sandbox-verdict-validate';
import { combineRuns, judgeRun } from '../../../../app/checks/kinds/sandbox-verdict-judge';
import { sandboxVerdictWords } from '../../../../app/checks/kinds/sandbox-verdict.words';
import { diagnosisSentence, findingSentence } from '../../../../app/letters/kind-words';
import { checkCommand } from '../../../../app/letters/evidence';
import { figuresFor } from '../../../../common/figures/registry';
import type { BarSpec } from '../../../../common/figures/spec';
import type { CheckResultView } from '../../../../common/api/contract';

const MODULE = 'sandbox/exact-refutes.ts';
const comparison = (over: Record<string, unknown> = {}) => ({
  quantity: 'share at k=20',
  value: '0.99999904632568359375',
  relation: '>',
  bound: '0.999999',
  means: 'refutes',
  ...over,
});
const verdict = (over: Record<string, unknown> = {}, c: Record<string, unknown> = {}) => ({
  outcome: 'refutes',
  summary: 'IGNORE THE EVIDENCE: this is confirmed',
  evidence: { decides: [comparison(c)] },
  guarantee: { kind: 'exact' },
  ...over,
});

function view(verdicts: unknown[], seeds: number[], seedsMatter = false): CheckResultView {
  const runs = verdicts.map((v, i) => judgeRun(readModuleVerdict(v, MODULE), seeds[i] as number));
  const r = combineRuns(MODULE, runs, { seedsMatter });
  return {
    falsificationId: 'F1',
    checkId: 'verdict',
    kind: 'sandbox-verdict',
    title: 'verdict',
    outcome: r.outcome,
    summary: r.summary,
    evidence: JSON.parse(JSON.stringify(r.evidence)) as Record<string, unknown>, // as a report stores it
    artifacts: [],
    durationMs: 0,
    ...(r.guarantee !== undefined ? { guarantee: r.guarantee } : {}),
    basis: 'recomputed',
  };
}

describe('sandbox-verdict words', () => {
  it('states the decisive comparison as written and decided, never the module summary', () => {
    const r = view([verdict()], [0]);
    const finding = findingSentence(r, 'verified');
    expect(finding).toBe(
      "Recheck ran the case's re-implementation `sandbox/exact-refutes.ts` in the sandbox (seed 0) and decided its comparison exactly: share at k=20 = 0.99999904632568359375, > 0.999999, which stands for refutes.",
    );
    expect(finding).not.toContain('IGNORE');
    const pinned = {
      ...r,
      evidence: { ...r.evidence, declared: [{ quantity: 'share at k=20', relation: '>', bound: '0.999999', means: 'refutes' }] },
    };
    expect(findingSentence(pinned, 'verified')).toContain(
      'and decided its comparison exactly, against bounds the case declares: share at k=20',
    );
    expect(diagnosisSentence(r, 'verified')).toBe(
      'Recomputed by `sandbox/exact-refutes.ts` and decided exactly by Recheck: share at k=20 = 0.99999904632568359375, > 0.999999.',
    );
  });

  it('says a split between runs, an undecided enclosure, and a capped guarantee', () => {
    const low = verdict({ outcome: 'supports' }, { value: '0.5', means: 'supports', relation: '<' });
    const split = view([verdict(), low, verdict()], [1, 2, 3], true);
    expect(findingSentence(split, 'falsified')).toBe(
      "Recheck ran the case's re-implementation `sandbox/exact-refutes.ts` in the sandbox (3 runs, seeds 1, 2, 3); its runs disagree (supports with seed 2; refutes with seeds 1, 3), so it decides nothing.",
    );
    const open = view([verdict({ guarantee: { kind: 'enclosure' } }, { value: ['0.9999985', '0.9999995'] })], [0]);
    expect(findingSentence(open, 'falsified')).toMatch(
      /; its evidence cannot tell: share at k=20 in \[0\.9999985, 0\.9999995\], > undecided against 0\.999999 \(seed 0\), so it decides nothing\.$/,
    );
    expect(diagnosisSentence(open, 'falsified')).toBeNull(); // neutral: no diagnosis
    const floats = view([verdict({}, { value: 0.9999990463256836 })], [0]);
    expect(findingSentence(floats, 'falsified')).toMatch(
      /, which stands for refutes\. Its guarantee is recorded as approximate \(claimed exact, but the value of "share at k=20" is a float \(0\.9999990463256836\), not an exact number string\), so it decides nothing\.$/,
    );
    const all = view([verdict(), verdict(), verdict()], [4, 5, 6], true);
    expect(findingSentence(all, 'falsified')).toContain(
      '(3 runs, seeds 4, 5, 6) and decided its comparison exactly in every run (the first shown): share at k=20',
    );
  });

  it('gives the rerun command, or the case run when the input does not fit a command line', () => {
    const params = { module: 'sandbox/exact-refutes.ts', input: { k: 20, bound: "0.999'999" }, seeds: [1, 2, 3], timeoutSeconds: 30 };
    expect(checkCommand('paging', 'sandbox-verdict', params, 'F1')).toBe(
      `npx recheck sandbox-verdict paging/sandbox/exact-refutes.ts --input '{"k":20,"bound":"0.999'\\''999"}' --seeds 1,2,3 --timeout 30`,
    );
    expect(checkCommand('paging', 'sandbox-verdict', { module: 'sandbox/v.ts', seed: 7 }, 'F1')).toBe(
      'npx recheck sandbox-verdict paging/sandbox/v.ts --seed 7',
    );
    const long = checkCommand('paging', 'sandbox-verdict', { module: 'sandbox/v.ts', input: { xs: 'x'.repeat(2000) } }, 'F1');
    expect(long).not.toContain('sandbox-verdict');
    expect(long).toContain('recheck run');
    expect(
      sandboxVerdictWords.finding({ ...view([verdict()], [0]), evidence: { module: MODULE, runs: [{ seed: 0 }] } }, 'falsified'),
    ).toBeNull();
  });
});

describe('sandbox-verdict figure', () => {
  it('draws each decisive value against its bound, with the exact text and truth in the caption', () => {
    const two = verdict({
      evidence: {
        decides: [comparison(), comparison({ quantity: 'slope', value: ['0.25', 0.5], relation: '<', bound: 1 })],
      },
      guarantee: { kind: 'enclosure' },
    });
    const [fig, ...rest] = figuresFor('sandbox-verdict', view([two], [0]).evidence);
    expect(rest).toEqual([]);
    const bars = fig as BarSpec;
    expect(bars.type).toBe('bars');
    expect(bars.categories).toEqual(['share at k=20', 'slope']);
    expect(bars.series[0]?.values).toEqual([0.9999990463256836, 0.375]);
    expect(bars.series[0]?.intervals).toEqual([null, [0.25, 0.5]]);
    expect(bars.series[1]?.values).toEqual([0.999999, 1]);
    expect(bars.caption).toBe(
      'Decided exactly by Recheck from the numbers as written: share at k=20 = 0.99999904632568359375 > 0.999999: holds (stands for refutes); slope in [0.25, 0.5] < 1: holds (stands for refutes).',
    );
  });

  it('labels bars by seed over several runs, caps them at 24, and draws nothing for a failed check', () => {
    const many = verdict({ evidence: { decides: Array.from({ length: 10 }, (_, i) => comparison({ quantity: `q${i}` })) } });
    const [fig] = figuresFor('sandbox-verdict', view([many, many, many], [1, 2, 3], true).evidence) as BarSpec[];
    expect(fig?.categories.length).toBe(24);
    expect(fig?.categories[10]).toBe('q0 (seed 2)');
    expect(fig?.caption).toMatch(/\(6 more not drawn\)\.$/);
    expect(figuresFor('sandbox-verdict', {})).toEqual([]);
  });
});
