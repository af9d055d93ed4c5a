// metrics-series letter words, from its evidence only: the sentences for the reverse-KL finding of issue 20, the
// stays-finite window, the trend test (with its numbers) and a run too short to test; every number a sentence prints
// is in the evidence and what it says of the onset, pattern, eval, compared run and trend is what the evidence holds
// (test/app/letters/claim-check.ts), which catches each of those misstated.
import { beforeAll, describe, expect, it } from 'vitest';
import { metricsSeriesKind, type MetricsSeriesParams } from '../../../../app/checks/kinds/metrics-series';
import { diagnosisSentence, findingSentence } from '../../../../app/letters/kind-words';
import { makeTestContext } from '../../../helpers/check-context';
import { tempDir } from '../../../helpers/temp-case';
import { problems, view, writeKlDatabase } from './metrics-series-fixture';

const finding: MetricsSeriesParams = {
  database: 'logbook/trackio.db',
  run: 'reverse-kl',
  metric: 'train/loss',
  expect: 'non-finite',
  onsetStep: 150,
  pattern: 'alternation',
  evalMetric: 'eval/ppl',
  compareRun: 'forward-kl',
};

describe('metrics-series letter words', () => {
  const dir = tempDir();
  const ctx = makeTestContext(dir);
  beforeAll(() => void writeKlDatabase(dir));
  const run = async (p: Partial<MetricsSeriesParams>) =>
    view(await metricsSeriesKind.run({ ...finding, ...p } as MetricsSeriesParams, ctx));

  it('the reverse-KL finding: onset, pattern, eval and the forward run, with their counts; no diagnosis', async () => {
    const r = await run({});
    expect(findingSentence(r, 'falsified')).toBe(
      'In run `reverse-kl` of `logbook/trackio.db`, `train/loss` is finite up to its first non-finite value at step 150 (+Inf): strict alternation +Inf, NaN throughout from step 150 to 399 (125 pairs). Over those steps `eval/ppl` stays finite at all 25 of its points (steps 150..390). Run `forward-kl` is finite at all 400 steps both runs logged; `reverse-kl` is non-finite at 250 of them.',
    );
    expect(diagnosisSentence(r, 'falsified')).toBeNull();
    expect(problems(r)).toEqual([]);
  });

  it('the claim-sentence check catches a wrong onset, a pattern, eval or the compared run misstated, a foreign number', async () => {
    const r = await run({});
    const s = findingSentence(r, 'falsified');
    const check = (text: string) => problems(r, [text]);
    // 399 is a number of the evidence (the last step): only the onset rule can catch it.
    expect(check(s.replace('value at step 150', 'value at step 399'))).toEqual([
      expect.stringMatching(/first non-finite value is at step 399, its evidence 150/),
    ]);
    expect(check(s.replace('125 pairs', '126 pairs'))).toEqual([expect.stringMatching(/126 is not in its evidence/)]);
    const broken = await run({ run: 'reverse-eval-nan', compareRun: undefined });
    expect(problems(broken, [s.split('. Run')[0]!])).toEqual(
      expect.arrayContaining([expect.stringMatching(/says eval stays finite, its evidence not-finite/)]),
    );
    const self = await run({ compareRun: 'reverse-kl' });
    expect(problems(self, [s])).toEqual(expect.arrayContaining([expect.stringMatching(/compared run is finite at every common step/)]));
    const forward = await run({
      run: 'forward-kl',
      compareRun: undefined,
      evalMetric: undefined,
      pattern: undefined,
      onsetStep: undefined,
    });
    expect(problems(forward, ['`train/loss` is a strict alternation of +Inf and NaN.'])).toEqual([
      expect.stringMatching(/says strict alternation/),
    ]);
  });

  it('refuted parts are the diagnosis, as the check wrote them', async () => {
    const r = await run({ run: 'reverse-eval-nan', compareRun: undefined, onsetStep: 149 });
    expect(r.outcome).toBe('refutes');
    expect(diagnosisSentence(r, 'falsified')).toBe(
      'The recorded series does not show what the finding says: its first non-finite value is at step 150, not at step 149 as asserted; eval/ppl is not finite there: NaN at step 300.',
    );
    expect(findingSentence(r, 'falsified')).toContain('Over those steps `eval/ppl` is not finite: NaN at step 300.');
    expect(problems(r)).toEqual([]);
  });

  it('stays-finite over a window, and over all steps', async () => {
    const base = {
      onsetStep: undefined,
      pattern: undefined,
      evalMetric: undefined,
      compareRun: undefined,
      expect: 'stays-finite' as const,
    };
    const before = await run({ ...base, window: { toStep: 149 } });
    expect(findingSentence(before, 'verified')).toBe(
      'In run `reverse-kl` of `logbook/trackio.db`, over steps from the first..149, `train/loss` is finite at all 150 recorded points.',
    );
    const all = await run(base);
    expect(findingSentence(all, 'verified')).toBe(
      'In run `reverse-kl` of `logbook/trackio.db`, over all its steps, `train/loss` has 250 non-finite values among 400, the first +Inf at step 150.',
    );
    expect(problems(before)).toEqual([]);
    expect(problems(all)).toEqual([]);
  });

  it('the trend test: slope, se, AR(1) adjustment, t, dof and p against the level; a short run says why there is no test', async () => {
    const base = { onsetStep: undefined, pattern: undefined, evalMetric: undefined, compareRun: undefined, expect: 'diverges' as const };
    const rising = await run({ ...base, run: 'rising' });
    const s = findingSentence(rising, 'falsified');
    expect(s).toMatch(
      /^Over 120 finite points of `train\/loss` \(run `rising`\), the slope of the value on step is 0\.0\d+ \(se 0\.00\d+, adjusted for AR\(1\) errors \(lag-1 autocorrelation 0\.\d+, effective n \d+(\.\d+)?\)\), t = \d+(\.\d+)? with \d+(\.\d+)? dof, one-sided p = \d\.\de-\d+, below the level 0\.05: a significant increasing trend\.$/,
    );
    expect(problems(rising)).toEqual([]);
    expect(problems(rising, [s.replace('below the level', 'not below the level')])).toEqual(
      expect.arrayContaining([expect.stringMatching(/says p is not below the level/)]),
    );
    expect(problems(rising, [s.replace('a significant', 'no significant')])).toEqual([
      expect.stringMatching(/says not-significant, its evidence diverging/),
    ]);
    const flat = await run({ ...base, run: 'stationary' });
    expect(findingSentence(flat, 'falsified')).toMatch(/not below the level 0\.05: no significant increasing trend\.$/);
    expect(diagnosisSentence(flat, 'falsified')).toMatch(
      /^The recorded series cannot carry the finding: train\/loss shows no significant increasing trend at level 0\.05/,
    );
    expect(problems(flat)).toEqual([]);
    const short = await run({ ...base, run: 'short' });
    expect(findingSentence(short, 'falsified')).toBe(
      'No trend test on `train/loss` (run `short`): 5 finite points in the window, fewer than the stated minimum of 8.',
    );
    expect(problems(short)).toEqual([]);
    const constant = await run({ ...base, run: 'constant', window: { fromStep: 2, toStep: 15 } });
    expect(findingSentence(constant, 'falsified')).toBe(
      '`train/loss` (run `constant`, steps 2..15) is constant at all 14 finite points: no trend.',
    );
    expect(problems(constant)).toEqual([]);
  });
});
