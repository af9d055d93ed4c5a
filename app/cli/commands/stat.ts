/**
 * `recheck stat TABLE --test NAME --a COL [--b COL]`: one hypothesis test on a CSV table, with its statistic,
 * dof, p (and how accurate it is), interval, effect size and how p was computed. Exit 0 whatever p is (a test's
 * result is not pass or fail); 2 for bad input (a missing column, a non-numeric cell, unequal paired columns),
 * one line naming the file and the line.
 * Example: `recheck stat seeds.csv --test paired-t --a method --b baseline` on the five-seed table of issue 20
 * prints "statistic   t = 17.8885438", "dof         4" and "p           0.0000573928" (test/app/cli/stat.test.ts).
 */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { BadInputError, EXIT } from '../../errors';
import { CheckerError } from '../../../checkers/errors';
import { shown } from '../../text/display';
import type { Alternative, TestName, TestResult } from '../../../checkers/stats/tests/types';

const TESTS = ['paired-t', 'student', 'welch', 'wilcoxon', 'mann-whitney', 'binomial', 'permutation'];
const ALTS = ['two-sided', 'greater', 'less'];

const STATISTIC: Record<TestName, string> = {
  'paired-t': 't',
  student: 't',
  welch: 't',
  wilcoxon: 'W (signed-rank sum, as scipy reports it)',
  'mann-whitney': 'U of a',
  binomial: 'k/n',
  permutation: 'difference of means (a - b)',
};

export const statCommand: Command = {
  name: 'stat',
  summary: 'a hypothesis test on a table: statistic, dof, p (with its accuracy), interval, effect size',
  usage: `usage: recheck stat <table.csv> --test paired-t|student|welch|wilcoxon|mann-whitney|binomial|permutation
       --a COL [--b COL] [--alternative two-sided|greater|less] [--level 0.95] [--method auto|exact|approx]
       [--paired] [--p0 P] [--seed N] [--json]

Runs one test on columns of a CSV table (columns by name; every cell a decimal number), as scipy.stats does:
  paired-t      ttest_rel(a, b)                    wilcoxon      wilcoxon(a, b) (signed ranks of a - b)
  student       ttest_ind(a, b)                    mann-whitney  mannwhitneyu(a, b)
  welch         ttest_ind(a, b, equal_var=False)   binomial      binomtest(#1s in a, len(a), --p0)
  permutation   permutation_test on the difference of means: --paired flips signs within pairs, else
                splits the pooled values; exact for small samples, else Monte Carlo with --seed.
Paired tests read the columns row by row (a blank cell in either is bad input); unpaired tests take groups of
different sizes (a column may end in blank cells). greater: a tends to exceed b. --level is the confidence
level of the interval (default 0.95); --method is the rank tests' (auto: scipy's rule). A one-sided test's
interval has one infinite end, printed as inf (JSON: the strings "Infinity" and "-Infinity").
Prints the test, the statistic, dof (t tests), p with how accurate it is and how it was computed (exact null
law, normal approximation or Monte Carlo), the interval and the effect size. Exit 0 whatever p is.
JSON keys: file, test, alternative, columns {a, b}, n {a, b}, statistic, statisticName, dof, p, pAccuracy,
method {kind, method, seed?, resamples?}, ci {level, low, high, of}, effect {name, value}.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'stat',
      args,
      {
        test: { type: 'string' },
        a: { type: 'string' },
        b: { type: 'string' },
        alternative: { type: 'string' },
        level: { type: 'string' },
        method: { type: 'string' },
        paired: { type: 'boolean' },
        p0: { type: 'string' },
        seed: { type: 'string' },
        json: { type: 'boolean' },
      },
      { min: 1, max: 1, names: '<table.csv>' },
    );
    const file = positionals[0] as string;
    if (values.test === undefined || !TESTS.includes(values.test))
      throw new UsageError(
        'stat',
        `--test must be one of ${TESTS.join(', ')}${values.test !== undefined ? `, got "${shown(values.test, 40)}"` : ''}`,
      );
    const test = values.test as TestName;
    if (values.a === undefined) throw new UsageError('stat', 'give the first column with --a COL');
    if (test === 'binomial' && values.b !== undefined)
      throw new UsageError('stat', 'the binomial test reads one column of 0/1 outcomes (--a), not --b');
    if (test !== 'binomial' && values.b === undefined) throw new UsageError('stat', `the ${test} test compares two columns: give --b COL`);
    const alternative = (values.alternative ?? 'two-sided') as Alternative;
    if (!ALTS.includes(alternative)) throw new UsageError('stat', `--alternative must be one of ${ALTS.join(', ')}`);
    const level = values.level === undefined ? 0.95 : Number(values.level);
    if (!(level > 0 && level < 1))
      throw new UsageError('stat', `--level "${shown(values.level ?? '', 40)}" must be a number between 0 and 1 (e.g. 0.95)`);
    const method = (values.method ?? 'auto') as 'auto' | 'exact' | 'approx';
    if (!['auto', 'exact', 'approx'].includes(method)) throw new UsageError('stat', '--method must be auto, exact or approx');
    const p0 = values.p0 === undefined ? undefined : Number(values.p0);
    if (p0 !== undefined && !(p0 > 0 && p0 < 1)) throw new UsageError('stat', '--p0 must be a number between 0 and 1');
    const seed = values.seed === undefined ? undefined : Number(values.seed);
    if (seed !== undefined && !(Number.isSafeInteger(seed) && seed >= 0 && seed <= 0xffffffff))
      throw new UsageError('stat', '--seed must be an integer from 0 to 4294967295');
    const [{ readCsvFile }, { testSamples, jsonSafe }, { runHypothesisTest }] = await Promise.all([
      import('../../tables/csv'),
      import('../../checks/kinds/hypothesis-test-data'),
      import('../../../checkers/stats/tests/run'),
    ]);
    const table = await readCsvFile(resolve(io.cwd, file), file);
    const paired = test === 'permutation' ? values.paired === true : undefined;
    const samples = testSamples(table, test, values.a, values.b, paired);
    let r: TestResult;
    try {
      r = runHypothesisTest({ test, ...samples, alternative, level, method, p0, paired, seed });
    } catch (err) {
      if (err instanceof CheckerError) throw new BadInputError(table.file, err.message.replace(/^recheck\.[\w-]+: /, ''));
      throw err;
    }
    if (values.json) {
      io.stdout(
        `${JSON.stringify(
          jsonSafe({
            file,
            test: r.test,
            alternative: r.alternative,
            columns: { a: values.a, ...(values.b !== undefined ? { b: values.b } : {}) },
            n: r.n,
            statistic: r.statistic,
            statisticName: STATISTIC[r.test],
            dof: r.dof,
            p: r.p,
            pAccuracy: r.pAccuracy,
            method: r.guarantee,
            ci: r.ci,
            effect: r.effect,
          }),
          null,
          2,
        )}\n`,
      );
    } else io.stdout(formatTestResult(r, file, values.a, values.b));
    return EXIT.ok;
  },
};

/** Nine significant digits, infinities as inf. */
const g = (v: number) => (Number.isFinite(v) ? String(Number(v.toPrecision(9))) : v > 0 ? 'inf' : '-inf');

/** The human report of one test. */
export function formatTestResult(r: TestResult, file: string, a: string, b: string | undefined): string {
  const paired = r.n.b === undefined && b !== undefined;
  const sizes = b === undefined ? `${r.n.a} outcomes in ${a}` : paired ? `${r.n.a} pairs (${a} - ${b})` : `${a}: ${r.n.a}, ${b}: ${r.n.b}`;
  const lines = [
    `test        ${r.test}, ${r.alternative} (${file}; ${sizes})`,
    `statistic   ${STATISTIC[r.test]} = ${g(r.statistic)}`,
    `dof         ${r.dof === null ? '-' : g(r.dof)}`,
    `p           ${r.p.toPrecision(6).replace(/\.?0+(e|$)/, '$1')}`,
    `            accuracy: ${r.pAccuracy}`,
    `            computed: ${r.guarantee.kind} (${r.guarantee.method})`,
    `interval    ${r.ci === null ? '-' : `${Number((r.ci.level * 100).toPrecision(6))}% for the ${r.ci.of}: [${g(r.ci.low)}, ${g(r.ci.high)}]`}`,
    `effect      ${r.effect === null ? '-' : `${r.effect.name} = ${g(r.effect.value)}`}`,
  ];
  return `${lines.join('\n')}\n`;
}
