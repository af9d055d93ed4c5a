// The metric-claim kind's letter words, from its evidence only: the finding sentence (seeds, mean, sd, interval,
// region, decision with its deciding test), the diagnosis (the reason as the check wrote it, or why the seeds
// cannot tell, with the case's reason for fewer seeds quoted), every number a sentence prints found in the
// evidence (test/app/letters/claim-check.ts) on the worked cases and on random inline seeds (fast-check), and the
// rerun command, run through the CLI from the folder holding the case, reaching the kind's decision.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckResultView } from '../../../../common/api/contract';
import { metricClaimKind, type MetricClaimParams } from '../../../../app/checks/kinds/metric-claim';
import type { CheckResult } from '../../../../app/checks/kind';
import { diagnosisSentence, findingSentence } from '../../../../app/letters/kind-words';
import { checkCommand } from '../../../../app/letters/evidence';
import { makeTestContext } from '../../../helpers/check-context';
import { tempDir } from '../../../helpers/temp-case';
import { cli } from '../../../helpers/cli';
import { letterProblems, resultView } from '../../../helpers/letter-words';
import { seedsCsv } from './metric-claim-fixture';

const view = (r: CheckResult) => resultView('metric-claim', 'The claimed gain.', r);
const problems = (r: CheckResultView) => letterProblems(r);

const base: MetricClaimParams = {
  table: 'logbook/seeds.csv',
  column: 'gain',
  claimed: 4,
  direction: 'at-least',
  claimUnit: 'pp',
  valuesUnit: 'fraction',
  scale: 100,
};

describe('metric-claim letter words', () => {
  const root = tempDir();
  const dir = join(root, 'gain-case');
  mkdirSync(join(dir, 'logbook'), { recursive: true });
  writeFileSync(join(dir, 'logbook', 'seeds.csv'), seedsCsv());
  writeFileSync(join(dir, 'logbook', 'two.csv'), seedsCsv(2));
  const ctx = makeTestContext(dir);

  it('reproduced against a falsification: the finding with its numbers, the diagnosis the interval inside the region', async () => {
    const r = view(await metricClaimKind.run(base, ctx));
    expect(findingSentence(r, 'falsified')).toBe(
      "Over 5 seeds (column `gain` of `logbook/seeds.csv`, values in fraction times 100 give pp), the mean is 4.59 (sd 0.172) and its 95% interval is [4.38, 4.8]; the claim allows at least 4: the claim's number is reproduced (one-sided t test: the mean lies at or above the boundary, p = 0.00078 with 4 dof, level 0.025).",
    );
    expect(diagnosisSentence(r, 'falsified')).toBe(
      "The seeds reproduce the claim's number: the 95% interval [4.37602, 4.80398] of the mean 4.59 lies within the claim's region (at least 4).",
    );
    expect(problems(r)).toEqual([]);
  });

  it('not reproduced supports (no diagnosis); 2 seeds without a reason cannot tell; with one, the reason is quoted', async () => {
    const far = view(await metricClaimKind.run({ ...base, claimed: 5 }, ctx));
    expect(far.outcome).toBe('supports');
    expect(findingSentence(far, 'falsified')).toMatch(
      /: the claim's number is not reproduced \(one-sided t test: the mean lies outside the region, p = /,
    );
    expect(diagnosisSentence(far, 'falsified')).toBeNull();
    expect(problems(far)).toEqual([]);
    const silent = view(await metricClaimKind.run({ ...base, table: 'logbook/two.csv', claimed: 3 }, ctx));
    expect(findingSentence(silent, 'falsified')).toMatch(
      /the seeds cannot tell \(2 seeds, below the minimum of 3, with no reason stated for fewer\)\.$/,
    );
    expect(diagnosisSentence(silent, 'falsified')).toMatch(
      /^The seeds cannot tell whether the claim's number is reproduced: 2 seeds, below the minimum of 3/,
    );
    expect(problems(silent)).toEqual([]);
    const said = view(
      await metricClaimKind.run(
        { ...base, table: 'logbook/two.csv', claimed: 3, fewerSeedsBecause: 'each run costs 4,000 GPU hours' },
        ctx,
      ),
    );
    expect(findingSentence(said, 'falsified')).toMatch(
      /Only 2 seeds decide here, below the minimum of 3, because the case says: “each run costs 4,000 GPU hours”\.$/,
    );
    expect(problems(said)).toEqual([]);
  });

  it('random inline seeds and claims: every number a sentence prints is in the evidence', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom('equal', 'at-least', 'at-most'),
        fc.double({ min: -50, max: 50, noNaN: true }),
        fc.double({ min: 0.01, max: 20, noNaN: true }),
        fc.constantFrom(0.8, 0.9, 0.95, 0.99),
        async (values, direction, claimed, width, confidence) => {
          const p: MetricClaimParams =
            direction === 'equal'
              ? { values, claimed, direction, tolerance: { kind: 'abs', value: width }, confidence }
              : { values, claimed, direction, margin: width, confidence };
          const r = view(await metricClaimKind.run(p, ctx));
          expect(findingSentence(r, 'falsified')).not.toBe(r.summary);
          expect(problems(r)).toEqual([]);
        },
      ),
      { seed: 3, numRuns: 150 },
    );
  });

  it('the rerun command reaches the same decision through the CLI', async () => {
    for (const [params, code] of [
      [base, 0],
      [{ ...base, claimed: 5 }, 1],
      [{ ...base, claimed: 4.5, confidence: 0.99 }, 5],
      [{ ...base, claimed: -1, direction: 'equal', tolerance: { kind: 'rel', value: 0.5 } }, 1],
    ] as [MetricClaimParams, number][]) {
      const command = checkCommand('gain-case', 'metric-claim', params as unknown as Record<string, unknown>, 'F1');
      expect(command).toMatch(/^npx recheck claim gain-case\/logbook\/seeds\.csv --column=gain --claimed=/);
      const run = await cli(command.split(' ').slice(2), root);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(code);
    }
    expect(checkCommand('gain-case', 'metric-claim', { ...base, derive: ['d = method - baseline'] }, 'F1')).toMatch(/^npx recheck run /);
  });
});
