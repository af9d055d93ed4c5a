/**
 * Check kind `hypothesis-test`: does the test the paper's claim is about, run on the case's table, find the
 * difference the claim asserts (or its absence)? The table is a case CSV (columns by name, read as
 * `recheck stat` reads them, app/checks/kinds/hypothesis-test-data.ts); the tests are checkers/stats/tests/
 * (each checked against scipy). When the finding used another test (`findingTest`: an unpaired Welch test where
 * the claim is about paired seeds, a two-sided test for a one-sided claim), that test is run on the same table
 * too and both are named side by side: the mismatch is itself evidence.
 *
 * The deciding test is `claimTest` when given, else `test`/`alternative` (with `paired` for a permutation test);
 * when `claimTest` differs from `test`, `test` is run too and shown (it does not decide).
 * Outcome (docs/decisions.md): p < `decideAt` is a difference. A claim of a difference (`expect: 'difference'`)
 * then stands: the falsification is refuted (`refutes`); p >= decideAt: the claim is not borne out (`supports`
 * the falsification). `expect: 'no-difference'` the other way round. Either only when the design can carry it
 * (hypothesis-test-decide.ts `designGaps`: at least 5 pairs, 3 per group or 5 trials; a rank test's
 * normal-approximation p never decides below 10 pairs; a Monte Carlo p not within 3 standard errors of
 * decideAt; a test that can reach p below decideAt at all); otherwise `neutral`,
 * with why (`insufficient`).
 * Guarantee: `{kind: 'statistical', test, p, dof, level: decideAt}` of the deciding test (approximate when its
 * p is a normal approximation below 10 pairs). Basis: by the table's path (a logbook's table: logbook).
 * Example params: `{ table: 'logbook/seeds.csv', a: 'method', b: 'baseline', test: 'paired-t', alternative:
 * 'two-sided', level: 0.95, decideAt: 0.05, expect: 'difference', findingTest: { test: 'welch', alternative:
 * 'two-sided' } }` on the five-seed table of issue 20 refutes the falsification (paired t = sqrt 320, p =
 * 5.7e-5; Welch p = 0.63, an unpaired test where the claim is about paired seeds).
 */
import { join } from 'node:path';
import { resolveCasePath, type CheckKind, type CheckResult, type Guarantee } from '../kind';
import { BadInputError } from '../../errors';
import { CheckerError } from '../../../checkers/errors';
import { runHypothesisTest, TEST_NAMES } from '../../../checkers/stats/tests/run';
import { ALTERNATIVES, type Alternative, type TestName, type TestResult } from '../../../checkers/stats/tests/types';
import { parseCsv } from '../../tables/csv';
import { deriveParamsSchema, withDerivedColumns, type DeriveParams } from './derived-columns';
import { MAX_TABLE_BYTES, readTextFile } from '../../tables/text-file';
import { sha256 } from '../../fs/hash';
import { printedAgreement } from '../../../checkers/stats/tests/printed-result';
import { num, pval } from '../../text/prose-numbers';
import { isPaired, jsonSafe, testSamples } from './hypothesis-test-data';
import { APPROX_MIN, decide, designGaps, minimumOf, mismatches, testWords, type TestSpecOf } from './hypothesis-test-decide';
import { hypothesisTestWords } from './hypothesis-test.words';

export interface HypothesisTestParams extends DeriveParams {
  table: string;
  a: string;
  b?: string;
  test: TestName;
  alternative: Alternative;
  /** Confidence level of the intervals (0.95). */
  level: number;
  method?: 'auto' | 'exact' | 'approx';
  seed?: number;
  /** Permutation tests: paired (sign flips) or not. */
  paired?: boolean;
  /** Binomial: the null proportion (default 1/2). */
  p0?: number;
  claimTest?: TestSpecOf;
  findingTest?: TestSpecOf;
  /** What the logbook printed for its test (as printed: `0.507`), compared with that test on the table. */
  findingPrinted?: { statistic?: string; p?: string };
  /** The significance level a decision uses (0.05). */
  decideAt: number;
  expect: 'difference' | 'no-difference';
}

/** The statistic's usual letter (as scipy reports it) in sentences. */
const statName = (t: TestName): string =>
  t === 'wilcoxon' ? 'W' : t === 'mann-whitney' ? 'U' : t === 'binomial' ? 'k' : t === 'permutation' ? 'the difference' : 't';

/** A number as a logbook prints it: `0.507`, `-2.1`, `5.7e-05`. */
const PRINTED_NUMBER = '^[-+]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][-+]?[0-9]+)?$';
const COLUMN = { type: 'string', minLength: 1, maxLength: 200, tableColumn: 'table' } as const;
const TEST_SPEC = {
  type: 'object',
  additionalProperties: false,
  required: ['test', 'alternative'],
  properties: {
    test: { enum: [...TEST_NAMES] },
    alternative: { enum: [...ALTERNATIVES] },
    paired: { type: 'boolean', description: 'permutation test: paired (sign flips) or not' },
  },
} as const;

/** One test run on the table, in the role it plays. */
interface Ran {
  role: 'claim' | 'finding' | 'asked';
  spec: TestSpecOf;
  paired: boolean;
  result: TestResult;
}

const sameSpec = (x: TestSpecOf, y: TestSpecOf) =>
  x.test === y.test && x.alternative === y.alternative && (x.test !== 'permutation' || x.paired === y.paired);

const STAT_NAME: Record<TestName, string> = {
  'paired-t': 't',
  student: 't',
  welch: 't',
  wilcoxon: 'W',
  'mann-whitney': 'U',
  binomial: 'k/n',
  permutation: 'difference of means',
};

/** "t = 17.9, 4 dof, p = 5.7e-5". */
export function resultWords(r: TestResult): string {
  return `${STAT_NAME[r.test]} = ${num(r.statistic)}${r.dof !== null ? `, ${num(r.dof)} dof` : ''}, p = ${pval(r.p)}`;
}

export const hypothesisTestKind: CheckKind<HypothesisTestParams> = {
  kind: 'hypothesis-test',
  words: hypothesisTestWords,
  title: "Run the claim's hypothesis test on a table (and the finding's, when it used another) and decide at a stated level",
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['table', 'a', 'test', 'alternative', 'level', 'decideAt', 'expect'],
    properties: {
      table: { type: 'string', minLength: 1, casePath: true, description: 'case-relative CSV holding the samples' },
      a: { ...COLUMN, description: 'column of the first sample (the method; a - b for paired tests; 0/1 outcomes for binomial)' },
      b: { ...COLUMN, description: 'column of the second sample (the baseline); none for binomial' },
      ...deriveParamsSchema('table'),
      test: { enum: [...TEST_NAMES], description: 'the test the check decides by (unless claimTest is given)' },
      alternative: { enum: [...ALTERNATIVES], description: 'greater: a tends to exceed b' },
      level: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, description: 'confidence level of the intervals, e.g. 0.95' },
      method: { enum: ['auto', 'exact', 'approx'], description: "rank tests: scipy's method (auto by default)" },
      seed: { type: 'integer', minimum: 0, maximum: 4294967295, description: 'permutation test: seed of the Monte Carlo resamples' },
      paired: { type: 'boolean', description: 'permutation test: paired (sign flips) or not (pooled values)' },
      p0: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, description: 'binomial: the null proportion (default 0.5)' },
      claimTest: { ...TEST_SPEC, description: "the test the paper's claim is about (default: test and alternative)" },
      findingTest: { ...TEST_SPEC, description: 'the test the logbook used, run beside the claim’s' },
      findingPrinted: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        description:
          "the statistic and p the logbook printed for its test, as printed (e.g. '0.507'): checked against that test on the table",
        properties: {
          statistic: { type: 'string', pattern: PRINTED_NUMBER, maxLength: 40, description: 'the printed statistic (t, W, U, ...)' },
          p: { type: 'string', pattern: PRINTED_NUMBER, maxLength: 40, description: 'the printed p-value' },
        },
      },
      decideAt: { type: 'number', exclusiveMinimum: 0, maximum: 0.5, description: 'significance level of the decision, e.g. 0.05' },
      expect: { enum: ['difference', 'no-difference'], description: 'what the claim asserts' },
    },
  },
  example: {
    table: 'logbook/seeds.csv',
    a: 'method',
    b: 'baseline',
    test: 'paired-t',
    alternative: 'two-sided',
    level: 0.95,
    decideAt: 0.05,
    expect: 'difference',
    findingTest: { test: 'welch', alternative: 'two-sided' },
  },
  guarantee: { kind: 'approximate' },
  async run(params, ctx): Promise<CheckResult> {
    const where = `${join(ctx.caseDir, 'case.json')}: check ${ctx.checkId}`;
    const raw = await readTextFile(resolveCasePath(ctx, params.table), params.table, MAX_TABLE_BYTES);
    // Derived columns (`derive`) are appended first, so a and b may name them (derived-columns.ts).
    const { table, derived } = await withDerivedColumns(parseCsv(raw, params.table), params);
    const base: TestSpecOf = { test: params.test, alternative: params.alternative, paired: params.paired };
    const claimSpec = params.claimTest ?? base;
    const specs: { role: Ran['role']; spec: TestSpecOf }[] = [{ role: 'claim', spec: claimSpec }];
    if (params.findingTest !== undefined && !sameSpec(params.findingTest, claimSpec))
      specs.push({ role: 'finding', spec: params.findingTest });
    if (params.claimTest !== undefined && !sameSpec(base, claimSpec) && !specs.some((s) => sameSpec(s.spec, base)))
      specs.push({ role: 'asked', spec: base });
    const ran: Ran[] = specs.map(({ role, spec }) => {
      if (spec.test === 'permutation' && typeof spec.paired !== 'boolean')
        throw new BadInputError(where, `the ${role}'s permutation test needs "paired": true or false`);
      if ((spec.test === 'binomial') !== (params.b === undefined))
        throw new BadInputError(
          where,
          spec.test === 'binomial' ? 'the binomial test reads one column (a): drop "b"' : `the ${spec.test} test needs "b"`,
        );
      const samples = testSamples(table, spec.test, params.a, params.b, spec.paired);
      try {
        const result = runHypothesisTest({
          test: spec.test,
          a: samples.a,
          ...(samples.b !== undefined ? { b: samples.b } : {}),
          alternative: spec.alternative,
          level: params.level,
          method: params.method,
          p0: params.p0,
          paired: spec.paired,
          seed: params.seed,
        });
        return { role, spec, paired: isPaired(spec.test, spec.paired), result };
      } catch (err) {
        if (err instanceof CheckerError) throw new BadInputError(where, `${table.file}: ${err.message.replace(/^recheck\.[\w-]+: /, '')}`);
        throw err;
      }
    });
    const claim = ran[0] as Ran;
    const finding = ran.find((r) => r.role === 'finding');
    const mismatch = params.findingTest !== undefined ? mismatches(claimSpec, params.findingTest) : [];
    // The logbook's printed numbers against its own test (the finding's, else the claim's when they are one test).
    const printedOf = finding ?? (params.findingTest === undefined || sameSpec(params.findingTest, claimSpec) ? ran[0] : undefined);
    const printed =
      params.findingPrinted === undefined || printedOf === undefined
        ? []
        : (['statistic', 'p'] as const).flatMap((q) => {
            const text = params.findingPrinted?.[q];
            const got = text === undefined ? null : printedAgreement(q, text, printedOf.result[q]);
            return got === null ? [] : [got];
          });
    const differs = printed.filter((x) => x.verdict === 'differs');
    const printedDiffers =
      differs.length > 0 && printedOf !== undefined
        ? [
            `the logbook printed ${differs.map((x) => `${x.quantity === 'p' ? 'p' : statName(printedOf.spec.test)} = ${x.printed}`).join(' and ')} for its ${testWords(printedOf.spec)}, but that test on the table gives ${differs
              .map((x) => `${x.quantity === 'p' ? 'p' : statName(printedOf.spec.test)} = ${x.recomputed.toPrecision(4)}`)
              .join(' and ')} (each printed number stands for ± half a unit in its last digit)`,
          ]
        : [];
    const gaps = designGaps(claim.result, claim.paired, params.decideAt, params.p0);
    const { outcome, difference } = decide(claim.result, params.decideAt, params.expect, gaps);
    const r = claim.result;
    const min = minimumOf(r, claim.paired);
    // A normal-approximation p is a statistical decision from APPROX_MIN observations on (scipy's own rule); below, approximate.
    const approximateP = r.guarantee.kind === 'approximate' && min.have < APPROX_MIN;
    const guarantee: Guarantee = approximateP
      ? { kind: 'approximate', bound: `normal approximation of the ${r.test} null law: ${r.pAccuracy}` }
      : { kind: 'statistical', test: r.test, p: r.p, ...(r.dof !== null ? { dof: r.dof } : {}), level: params.decideAt };
    const onWhat = `${min.have} ${claim.paired ? 'pairs' : r.test === 'binomial' ? 'trials' : `and ${r.n.b ?? 0} observations`}`;
    const said = difference ? `p < ${params.decideAt}: a difference` : `p >= ${params.decideAt}: no difference found`;
    const verdict =
      outcome === 'neutral'
        ? `it cannot decide: ${gaps.join('; ')}`
        : outcome === 'refutes'
          ? `the claim of ${params.expect === 'difference' ? 'a difference' : 'no difference'} stands`
          : `the claim of ${params.expect === 'difference' ? 'a difference' : 'no difference'} is not borne out`;
    const besides = finding !== undefined ? ` The finding's ${testWords(finding.spec)} gives ${resultWords(finding.result)}.` : '';
    const mismatchText = mismatch.length > 0 ? ` Mismatch: ${mismatch.join('; ')}.` : '';
    const printedText = printedDiffers.length > 0 ? ` Printed numbers: ${printedDiffers.join('; ')}.` : '';
    const derivedText = derived
      .filter((d) => d.name === params.a || d.name === params.b)
      .map((d) => ` Derived: ${d.described}.`)
      .join('');
    const capital = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;
    return {
      outcome,
      guarantee,
      dataSha256: sha256(raw),
      ...(outcome === 'neutral' ? { insufficient: `the claim's ${testWords(claimSpec)} cannot decide: ${gaps.join('; ')}` } : {}),
      summary: `${capital(testWords(claimSpec))} on ${onWhat} of ${params.table}: ${resultWords(r)}; ${said}, so ${verdict}.${besides}${mismatchText}${printedText}${derivedText}`,
      evidence: jsonSafe({
        table: params.table,
        tableSha256: sha256(raw),
        columns: { a: params.a, ...(params.b !== undefined ? { b: params.b } : {}) },
        ...(derived.length > 0 ? { derived } : {}),
        decideAt: params.decideAt,
        expect: params.expect,
        difference,
        decides: outcome !== 'neutral',
        gaps,
        minimum: min,
        mismatch,
        ...(printed.length > 0 ? { printed, printedDiffers } : {}),
        tests: ran.map((x) => ({ role: x.role, ...x.spec, paired: x.paired, words: testWords(x.spec), result: x.result })),
      }),
    };
  },
};
