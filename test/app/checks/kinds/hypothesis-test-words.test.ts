// The hypothesis-test kind's letter words, from its evidence only: on the five-seed table of issue 20 the
// finding sentence names the claim's paired t and the finding's Welch test with their numbers, the diagnosis
// the mismatch; over random tables (fast-check), every number a sentence prints is in the check's evidence and
// what it says of p against the level is what the evidence holds (test/app/letters/claim-check.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckResultView } from '../../../../common/api/contract';
import { hypothesisTestKind, type HypothesisTestParams } from '../../../../app/checks/kinds/hypothesis-test';
import type { CheckResult } from '../../../../app/checks/kind';
import { diagnosisSentence, findingSentence } from '../../../../app/letters/kind-words';
import { makeTestContext } from '../../../helpers/check-context';
import { tempDir } from '../../../helpers/temp-case';
import { letterProblems, reportOf, resultView } from '../../../helpers/letter-words';
import { claimProblems } from '../../letters/claim-check';

const baseline = [71.4, 67.62, 75.78, 70.26, 73.44];
const method = [72.525, 68.495, 76.905, 71.135, 74.44];
const csv = (a: readonly number[], b: readonly number[]) =>
  `method,baseline\n${Array.from({ length: Math.max(a.length, b.length) }, (_, i) => `${a[i] ?? ''},${b[i] ?? ''}`).join('\n')}\n`;
const base: HypothesisTestParams = {
  table: 'logbook/seeds.csv',
  a: 'method',
  b: 'baseline',
  test: 'paired-t',
  alternative: 'two-sided',
  level: 0.95,
  decideAt: 0.05,
  expect: 'difference',
  findingTest: { test: 'welch', alternative: 'two-sided' },
};

const view = (r: CheckResult) => resultView('hypothesis-test', 'The test.', r);
/** The problems of the lines a letter would print for this result: its finding and its diagnosis. */
const problems = (r: CheckResultView) => letterProblems(r);

describe('hypothesis-test letter words', () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'logbook'));
  writeFileSync(join(dir, 'logbook', 'seeds.csv'), csv(method, baseline));
  const ctx = makeTestContext(dir);

  it('the five-seed table: both tests with their numbers, the mismatch as the diagnosis', async () => {
    const r = view(await hypothesisTestKind.run(base, ctx));
    expect(findingSentence(r, 'falsified')).toBe(
      "On the 5 pairs of `logbook/seeds.csv` (`method` against `baseline`), the claim's paired t test (two-sided) gives t = 17.9 with 4 dof, p = 5.7e-5, below the level 0.05; the finding's Welch t test (two-sided) gives t = 0.502 with 7.99 dof, p = 0.63.",
    );
    expect(diagnosisSentence(r, 'falsified')).toBe(
      "The finding's test does not match the claim: the finding used an unpaired test (Welch t test (two-sided)) where the claim is about paired observations (paired t test (two-sided)).",
    );
    expect(problems(r)).toEqual([]);
  });

  it("the logbook's printed Welch numbers (t = 0.507, p = 0.626) do not follow from its own table: said in the diagnosis, with the recomputed ones", async () => {
    const raw = await hypothesisTestKind.run({ ...base, findingPrinted: { statistic: '0.507', p: '0.626' } }, ctx);
    const printed = raw.evidence.printed as { quantity: string; verdict: string; recomputed: number; rounding: number }[];
    expect(printed.map((x) => [x.quantity, x.verdict])).toEqual([
      ['statistic', 'differs'],
      ['p', 'differs'],
    ]);
    expect(printed[0]!.rounding).toBe(0.0005);
    const r = view(raw);
    expect(diagnosisSentence(r, 'falsified')).toContain(
      "The logbook's printed numbers do not follow from its own table: the logbook printed t = 0.507 and p = 0.626 for its Welch t test (two-sided), but that test on the table gives t = 0.5020 and p = 0.6292",
    );
    expect(r.summary).toContain('Printed numbers:');
    expect(problems(r)).toEqual([]);
    // Numbers printed as the test gives them, rounded as printed, agree and add nothing to the letter.
    const agree = await hypothesisTestKind.run({ ...base, findingPrinted: { statistic: '0.502', p: '0.63' } }, ctx);
    expect((agree.evidence.printed as { verdict: string }[]).map((x) => x.verdict)).toEqual(['agrees', 'agrees']);
    expect(agree.evidence.printedDiffers).toEqual([]);
    expect(diagnosisSentence(view(agree), 'falsified')).not.toContain('printed numbers');
  });

  it('the claim-sentence check catches a sentence that misstates the side of the level or prints a foreign number', async () => {
    const r = view(await hypothesisTestKind.run(base, ctx));
    const wrong = findingSentence(r, 'falsified').replace('below the level', 'not below the level');
    expect(claimProblems(`1. **The test.** ${wrong}`, [reportOf(r)], [])).toEqual([expect.stringMatching(/says p is not below the level/)]);
    const foreign = findingSentence(r, 'falsified').replace('17.9', '18.2');
    expect(claimProblems(`1. **The test.** ${foreign}`, [reportOf(r)], [])).toEqual([
      expect.stringMatching(/18\.2 is not in its evidence/),
    ]);
  });

  it('a result that cannot decide says why, from its gaps', async () => {
    writeFileSync(join(dir, 'four.csv'), csv(method.slice(0, 4), baseline.slice(0, 4)));
    const r = view(await hypothesisTestKind.run({ ...base, table: 'four.csv', findingTest: undefined }, ctx));
    expect(r.outcome).toBe('neutral');
    expect(diagnosisSentence(r, 'falsified')).toBe(
      "The claim's test decides nothing on this table: 4 pairs, below the minimum of 5 for a test to decide.",
    );
    expect(problems(r)).toEqual([]);
  });

  it('over random tables and tests, every sentence is drawn from the evidence (fast-check)', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: -5000, max: 5000 }), { minLength: 3, maxLength: 12 }),
        fc.array(fc.integer({ min: -5000, max: 5000 }), { minLength: 3, maxLength: 12 }),
        fc.constantFrom('paired-t', 'student', 'welch', 'wilcoxon', 'mann-whitney') as fc.Arbitrary<HypothesisTestParams['test']>,
        fc.constantFrom('paired-t', 'student', 'welch', 'wilcoxon', 'mann-whitney') as fc.Arbitrary<HypothesisTestParams['test']>,
        fc.constantFrom('two-sided', 'greater', 'less') as fc.Arbitrary<HypothesisTestParams['alternative']>,
        fc.constantFrom('two-sided', 'greater', 'less') as fc.Arbitrary<HypothesisTestParams['alternative']>,
        fc.constantFrom(0.01, 0.05, 0.1),
        async (xa, xb, test, findingTest, alternative, findingAlt, decideAt) => {
          const len = Math.min(xa.length, xb.length);
          const name = `w${n++}.csv`;
          writeFileSync(
            join(dir, name),
            csv(
              xa.slice(0, len).map((x) => x / 100),
              xb.slice(0, len).map((x) => x / 100),
            ),
          );
          let r: CheckResult;
          try {
            r = await hypothesisTestKind.run(
              { ...base, table: name, test, alternative, decideAt, findingTest: { test: findingTest, alternative: findingAlt } },
              ctx,
            );
          } catch {
            return; // degenerate samples are bad input (hypothesis-test.test.ts)
          }
          expect(problems(view(r))).toEqual([]);
          expect(findingSentence(view(r), 'falsified')).toMatch(/^On /);
        },
      ),
      { numRuns: 120, seed: 7 },
    );
  });
});
