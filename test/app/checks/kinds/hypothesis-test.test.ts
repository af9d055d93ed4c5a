// The hypothesis-test check kind on case folders built in a temp dir: the five-seed table of issue 20 (the
// claim's paired t against the finding's Welch test) refutes the falsification with the mismatch named and
// both p against scipy; the design gates (too few pairs, a normal-approximation rank p below 10 pairs, a test
// that cannot reach the level); bad params as validation errors or one-line bad input; and, over random
// tables (fast-check), never a decision below the minimum n, and always the one p and decideAt imply.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { hypothesisTestKind, type HypothesisTestParams } from '../../../../app/checks/kinds/hypothesis-test';
import { MIN_PAIRS, MIN_PER_GROUP } from '../../../../app/checks/kinds/hypothesis-test-decide';
import { builtinCheckKinds } from '../../../../app/checks/kinds';
import { createCheckRegistry } from '../../../../app/checks/registry';
import { makeTestContext } from '../../../helpers/check-context';
import { cli } from '../../../helpers/cli';
import { checkCommand } from '../../../../app/letters/evidence';
import { tempDir } from '../../../helpers/temp-case';
import { PYTHON, pythonModules } from '../../../helpers/required';

const scipy = pythonModules(['scipy.stats']);
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

interface TestEv {
  role: string;
  test: string;
  words: string;
  result: { p: number; statistic: number; dof: number | null };
}

describe('hypothesis-test: the five-seed table of issue 20', () => {
  const dir = tempDir();
  const ctx = makeTestContext(dir);
  let ref: { rel: [number, number]; ind: [number, number] } = { rel: [0, 0], ind: [0, 0] };
  beforeAll(() => {
    mkdirSync(join(dir, 'logbook'), { recursive: true });
    writeFileSync(join(dir, 'logbook', 'seeds.csv'), csv(method, baseline));
    if (scipy === '')
      ref = JSON.parse(
        execFileSync(
          PYTHON,
          [
            '-c',
            `import json, sys
from scipy import stats
a, b = json.loads(sys.argv[1])
r, w = stats.ttest_rel(a, b), stats.ttest_ind(a, b, equal_var=False)
print(json.dumps({'rel': [float(r.statistic), float(r.pvalue)], 'ind': [float(w.statistic), float(w.pvalue)]}))`,
            JSON.stringify([method, baseline]),
          ],
          { encoding: 'utf8' },
        ),
      ) as typeof ref;
  });

  it.skipIf(scipy !== '')(
    'refutes the falsification: paired t = sqrt 320, p = 5.74e-5; the unpaired Welch test of the finding named beside it',
    async () => {
      const r = await hypothesisTestKind.run(base, ctx);
      expect(r.outcome).toBe('refutes');
      const tests = r.evidence.tests as TestEv[];
      expect(tests.map((t) => [t.role, t.test])).toEqual([
        ['claim', 'paired-t'],
        ['finding', 'welch'],
      ]);
      const [claim, finding] = tests as [TestEv, TestEv];
      expect(Math.abs(claim.result.statistic - Math.sqrt(320))).toBeLessThan(1e-12 * Math.sqrt(320));
      expect(Math.abs(claim.result.statistic - ref.rel[0])).toBeLessThan(1e-9 * ref.rel[0]);
      expect(Math.abs(claim.result.p - ref.rel[1])).toBeLessThan(1e-10 * ref.rel[1]);
      expect(Math.abs(finding.result.p - ref.ind[1])).toBeLessThan(1e-10 * ref.ind[1]);
      expect(claim.result.p).toBeCloseTo(5.74e-5, 7);
      expect(finding.result.p).toBeCloseTo(0.63, 2);
      expect(r.evidence.mismatch).toEqual([
        'the finding used an unpaired test (Welch t test (two-sided)) where the claim is about paired observations (paired t test (two-sided))',
      ]);
      expect(r.guarantee).toEqual({ kind: 'statistical', test: 'paired-t', p: claim.result.p, dof: 4, level: 0.05 });
      expect(r.insufficient).toBeUndefined();
      expect(r.summary).toMatch(
        /^Paired t test \(two-sided\) on 5 pairs of logbook\/seeds\.csv: t = 17\.9, 4 dof, p = 5\.7e-5; p < 0\.05: a difference, so the claim of a difference stands\. The finding's Welch t test \(two-sided\) gives t = 0\.502, 7\.99 dof, p = 0\.63\. Mismatch: the finding used an unpaired test/,
      );
      expect(r.dataSha256).toMatch(/^[0-9a-f]{64}$/);
    },
  );

  it("the letter's recompute command is `recheck stat` on the claim's test, and it prints the kind's p", async () => {
    const params = { ...base, test: 'welch' as const, claimTest: { test: 'paired-t' as const, alternative: 'two-sided' as const } };
    const command = checkCommand(basename(dir), 'hypothesis-test', params as unknown as Record<string, unknown>, 'F1');
    expect(command).toBe(`npx recheck stat ${basename(dir)}/logbook/seeds.csv --test paired-t --a method --b baseline`);
    const r = await hypothesisTestKind.run(params, ctx);
    const claim = (r.evidence.tests as TestEv[]).find((t) => t.role === 'claim')!;
    const printed = await cli([...command.split(' ').slice(2), '--json'], dirname(dir));
    expect(printed.code).toBe(0);
    expect((JSON.parse(printed.stdout) as { p: number }).p).toBe(claim.result.p);
  });

  it('a one-sided finding against a two-sided claim, and opposite directions, are named', async () => {
    const one = await hypothesisTestKind.run({ ...base, findingTest: { test: 'paired-t', alternative: 'greater' } }, ctx);
    expect(one.evidence.mismatch).toEqual(["the finding's test is one-sided where the claim's is two-sided"]);
    const opposite = await hypothesisTestKind.run(
      { ...base, alternative: 'greater', findingTest: { test: 'paired-t', alternative: 'less' } },
      ctx,
    );
    expect(opposite.evidence.mismatch).toEqual([
      "the finding's test looks for a difference in the opposite direction (less, the claim greater)",
    ]);
    const same = await hypothesisTestKind.run({ ...base, findingTest: { test: 'paired-t', alternative: 'two-sided' } }, ctx);
    expect(same.evidence.mismatch).toEqual([]);
    expect((same.evidence.tests as TestEv[]).map((t) => t.role)).toEqual(['claim']);
  });

  it('claimTest decides; test is then run beside it', async () => {
    const r = await hypothesisTestKind.run(
      { ...base, test: 'welch', claimTest: { test: 'paired-t', alternative: 'two-sided' }, findingTest: undefined },
      ctx,
    );
    expect(r.outcome).toBe('refutes');
    expect((r.evidence.tests as TestEv[]).map((t) => [t.role, t.test])).toEqual([
      ['claim', 'paired-t'],
      ['asked', 'welch'],
    ]);
  });

  it('a claim of no difference fails on the same table (supports the falsification)', async () => {
    const r = await hypothesisTestKind.run({ ...base, expect: 'no-difference' }, ctx);
    expect(r.outcome).toBe('supports');
  });

  it('five pairs of a rank test: the normal-approximation p does not decide; the exact test cannot reach 0.05', async () => {
    const approx = await hypothesisTestKind.run({ ...base, test: 'wilcoxon', findingTest: undefined }, ctx);
    expect(approx.outcome).toBe('neutral');
    expect(approx.guarantee?.kind).toBe('approximate');
    expect(approx.evidence.gaps).toEqual(
      expect.arrayContaining([expect.stringMatching(/normal approximation on 5 pairs \(below 10\): use method exact/)]),
    );
    expect(approx.insufficient).toMatch(/^the claim's Wilcoxon signed-rank test \(two-sided\) cannot decide/);
    const exact = await hypothesisTestKind.run({ ...base, test: 'wilcoxon', method: 'exact', findingTest: undefined }, ctx);
    expect(exact.outcome).toBe('neutral');
    expect(exact.evidence.gaps).toEqual([
      'no wilcoxon test of 5 pairs can give p below 0.0625: at the level 0.05 it can never find a difference',
    ]);
    // At 0.1 the exact test of five pairs reaches its floor 2/32 and decides.
    const at10 = await hypothesisTestKind.run({ ...base, test: 'wilcoxon', method: 'exact', decideAt: 0.1, findingTest: undefined }, ctx);
    expect(at10.outcome).toBe('refutes');
    expect(at10.guarantee).toEqual({ kind: 'statistical', test: 'wilcoxon', p: 0.0625, level: 0.1 });
  });

  it('four pairs are below the minimum: no decision, whichever way p falls', async () => {
    writeFileSync(join(dir, 'four.csv'), csv(method.slice(0, 4), baseline.slice(0, 4)));
    for (const expectWhat of ['difference', 'no-difference'] as const) {
      const r = await hypothesisTestKind.run({ ...base, table: 'four.csv', expect: expectWhat }, ctx);
      expect(r.outcome).toBe('neutral');
      expect(r.evidence.gaps).toEqual(['4 pairs, below the minimum of 5 for a test to decide']);
    }
  });
});

describe('hypothesis-test: bad params', () => {
  const registry = createCheckRegistry(builtinCheckKinds);
  it.each([
    ['no expect', { ...base, expect: undefined }],
    ['unknown test', { ...base, test: 'anova' }],
    ['decideAt above 0.5', { ...base, decideAt: 0.7 }],
    ['level 95', { ...base, level: 95 }],
    ['unknown param', { ...base, tails: 2 }],
    ['findingTest without alternative', { ...base, findingTest: { test: 'welch' } }],
    ['expect maybe', { ...base, expect: 'maybe' }],
    ['table outside schema type', { ...base, table: 3 }],
  ])('%s: a validation error', (_name, params) => {
    const clean = JSON.parse(JSON.stringify(params)) as unknown;
    expect(registry.validateParams('hypothesis-test', clean)).not.toBeNull();
  });
  it('the example is valid', () => {
    expect(registry.validateParams('hypothesis-test', hypothesisTestKind.example)).toBeNull();
  });

  const dir = tempDir();
  const ctx = makeTestContext(dir);
  it('bad tables and inconsistent params: one line naming the file and the line', async () => {
    writeFileSync(join(dir, 'bad.csv'), 'method,baseline\n1,2\n3,n/a\n4,5\n5,6\n6,8\n');
    writeFileSync(join(dir, 'short.csv'), 'method,baseline\n1,2\n3,4\n4,5\n5,6\n6,\n');
    writeFileSync(join(dir, 'ok.csv'), csv(method, baseline));
    await expect(hypothesisTestKind.run({ ...base, table: 'bad.csv' }, ctx)).rejects.toThrow(
      /^bad\.csv: line 3: column "baseline": "n\/a" is not a finite number$/,
    );
    await expect(hypothesisTestKind.run({ ...base, table: 'short.csv' }, ctx)).rejects.toThrow(
      /^short\.csv: line 6: unequal paired columns/,
    );
    await expect(hypothesisTestKind.run({ ...base, table: 'ok.csv', b: 'nope' }, ctx)).rejects.toThrow(
      /^ok\.csv: line 1: no column "nope"/,
    );
    await expect(hypothesisTestKind.run({ ...base, table: 'ok.csv', test: 'permutation', findingTest: undefined }, ctx)).rejects.toThrow(
      /case\.json: check check: the claim's permutation test needs "paired": true or false/,
    );
    await expect(hypothesisTestKind.run({ ...base, table: 'ok.csv', test: 'binomial', findingTest: undefined }, ctx)).rejects.toThrow(
      /the binomial test reads one column \(a\): drop "b"/,
    );
    await expect(hypothesisTestKind.run({ ...base, table: '../outside.csv' }, ctx)).rejects.toThrow();
  });
});

describe('hypothesis-test: decisions over random tables (fast-check)', () => {
  const dir = tempDir();
  const ctx = makeTestContext(dir);
  let file = 0;
  const seen = { decided: 0, belowMinimum: 0 };
  it('never decides below the minimum n; when it decides, the outcome is the one p, decideAt and expect imply', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: -300, max: 300 }), { minLength: 2, maxLength: 14 }),
        fc.array(fc.integer({ min: -300, max: 300 }), { minLength: 2, maxLength: 14 }),
        fc.integer({ min: -200, max: 200 }),
        fc.constantFrom('paired-t', 'student', 'welch', 'wilcoxon', 'mann-whitney', 'permutation') as fc.Arbitrary<
          HypothesisTestParams['test']
        >,
        fc.constantFrom('two-sided', 'greater', 'less') as fc.Arbitrary<HypothesisTestParams['alternative']>,
        fc.constantFrom('difference', 'no-difference') as fc.Arbitrary<HypothesisTestParams['expect']>,
        fc.constantFrom(0.01, 0.05, 0.1),
        fc.boolean(),
        async (xa, xb, shift, test, alternative, expectWhat, decideAt, paired) => {
          const pairedTest = test === 'paired-t' || test === 'wilcoxon' || (test === 'permutation' && paired);
          const a = xa.map((x) => x / 10);
          const b = (pairedTest ? xa.map((_, i) => xb[i % xb.length]! + shift) : xb.map((x) => x + shift)).map((x) => x / 10);
          const name = `t${file++}.csv`;
          writeFileSync(join(dir, name), csv(a, b));
          const params: HypothesisTestParams = {
            ...base,
            table: name,
            test,
            alternative,
            expect: expectWhat,
            decideAt,
            findingTest: undefined,
            seed: 1,
          };
          if (test === 'permutation') params.paired = paired;
          let r;
          try {
            r = await hypothesisTestKind.run(params, ctx);
          } catch (err) {
            // Degenerate samples (no spread): bad input naming the file, never a decision.
            expect(String(err)).toMatch(new RegExp(`${name}`));
            return;
          }
          const n = pairedTest ? a.length : Math.min(a.length, b.length);
          const min = pairedTest ? MIN_PAIRS : MIN_PER_GROUP;
          if (n < min) {
            seen.belowMinimum++;
            expect(r.outcome).toBe('neutral');
          }
          if (r.outcome !== 'neutral') {
            const p = (r.evidence.tests as TestEv[])[0]!.result.p;
            expect(r.evidence.gaps).toEqual([]);
            expect(r.outcome).toBe(p < decideAt === (expectWhat === 'difference') ? 'refutes' : 'supports');
            expect(r.guarantee?.kind).toBe('statistical');
            seen.decided++;
          } else expect(r.insufficient).toMatch(/cannot decide/);
        },
      ),
      { numRuns: 150, seed: 20 },
    );
    // The property saw both sides of the gate.
    expect(seen.decided).toBeGreaterThan(20);
    expect(seen.belowMinimum).toBeGreaterThan(10);
  });
});
