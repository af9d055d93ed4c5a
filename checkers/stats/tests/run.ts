/**
 * One entry point for the tests by name, for the `hypothesis-test` check kind and `recheck stat TABLE --test
 * NAME --a COL [--b COL]`: the columns come in as `a` and `b`, the test's name picks the function, and every
 * option the tests take passes through. The binomial test reads its column `a` as outcomes, each 0 or 1
 * (k = the number of 1s, n = the column's length); the permutation test needs `paired` said explicitly.
 *
 * Example: `runHypothesisTest({ test: 'welch', a: [1, 2, 3, 4], b: [3, 4, 5, 6, 7] }).p` is 0.034938...;
 * `runHypothesisTest({ test: 'binomial', a: [1, 1, 0, 1, 1, 1], alternative: 'greater' }).p` is 7/64.
 */
import { DomainError } from '../../errors';
import { binomialExactTest } from './binomial';
import { mannWhitneyTest } from './mann-whitney';
import { pairedTTest } from './paired-t';
import { permutationTest } from './permutation';
import { checkSample } from './samples';
import { studentTTest } from './student';
import type { Alternative, RankTestOptions, TestName, TestResult } from './types';
import { welchTTest } from './welch';
import { wilcoxonTest } from './wilcoxon';

/** Every test name, in the order `recheck stat --help` lists them. */
export const TEST_NAMES: readonly TestName[] = ['paired-t', 'student', 'welch', 'wilcoxon', 'mann-whitney', 'binomial', 'permutation'];

/** Which tests compare paired observations (the same seed, item or subject in a and b). */
export const PAIRED_TESTS: readonly TestName[] = ['paired-t', 'wilcoxon'];

export interface HypothesisTestSpec {
  readonly test: TestName;
  readonly a: readonly number[];
  readonly b?: readonly number[];
  readonly alternative?: Alternative;
  readonly level?: number;
  /** Rank tests: 'auto' (default), 'exact' or 'approx'. */
  readonly method?: RankTestOptions['method'];
  /** Binomial: the null proportion (default 1/2). */
  readonly p0?: number;
  /** Permutation: paired (swap within pairs) or independent (split the pooled values). Required there. */
  readonly paired?: boolean;
  readonly maxExact?: number;
  readonly resamples?: number;
  readonly seed?: number;
}

const TEST = 'runHypothesisTest';

/** Runs the named test on the spec's samples. */
export function runHypothesisTest(spec: HypothesisTestSpec): TestResult {
  const { test, a, b } = spec;
  if (!TEST_NAMES.includes(test)) throw new DomainError(TEST, `test must be one of ${TEST_NAMES.join(', ')}, got ${String(test)}`);
  const options = { alternative: spec.alternative, level: spec.level };
  if (test === 'binomial') {
    if (b !== undefined) throw new DomainError(TEST, 'the binomial test reads one column of 0/1 outcomes (a), not two');
    checkSample('binomialExactTest', 'a', a, 1);
    const bad = a.findIndex((x) => x !== 0 && x !== 1);
    if (bad >= 0) throw new DomainError('binomialExactTest', `a[${bad}] is ${a[bad]}, not an outcome 0 or 1`);
    return binomialExactTest(a.filter((x) => x === 1).length, a.length, { ...options, p0: spec.p0 });
  }
  if (b === undefined) throw new DomainError(TEST, `the ${test} test compares two columns: give b`);
  switch (test) {
    case 'paired-t':
      return pairedTTest(a, b, options);
    case 'student':
      return studentTTest(a, b, options);
    case 'welch':
      return welchTTest(a, b, options);
    case 'wilcoxon':
      return wilcoxonTest(a, b, { ...options, method: spec.method });
    case 'mann-whitney':
      return mannWhitneyTest(a, b, { ...options, method: spec.method });
    default:
      if (typeof spec.paired !== 'boolean')
        throw new DomainError(TEST, 'the permutation test needs paired: true (swap within pairs) or false (split the pooled values)');
      return permutationTest(a, b, {
        ...options,
        paired: spec.paired,
        maxExact: spec.maxExact,
        resamples: spec.resamples,
        seed: spec.seed,
      });
  }
}
