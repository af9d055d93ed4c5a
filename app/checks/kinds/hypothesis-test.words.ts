/**
 * Letter words of `hypothesis-test`, from its evidence only: the claim's test with its statistic, dof and p
 * against the level, the finding's test beside it when it used another, and (diagnosis) how the finding's test
 * differs from the claim's, or why the claim's test cannot decide on this table.
 * Example: on the five-seed table of issue 20, `hypothesisTestWords.finding(result, 'falsified')` is "On the 5
 * pairs of `seeds.csv` (`method` against `baseline`), the claim's paired t test (two-sided) gives t = 17.9 with
 * 4 dof, p = 5.7e-5, below the level 0.05; the finding's Welch t test (two-sided) gives t = 0.502 with 7.99
 * dof, p = 0.63." and its diagnosis "The finding's test does not match the claim: the finding used an unpaired
 * test (Welch t test (two-sided)) where the claim is about paired observations (paired t test (two-sided))."
 */
import type { CheckResultView } from '../../../common/api/contract';
import { arrayAt, num, numberAt, objectAt, pval, stringAt } from '../../text/prose-numbers';
import type { KindLetterWords } from '../kind-words';

const STAT_NAME: Readonly<Record<string, string>> = {
  'paired-t': 't',
  student: 't',
  welch: 't',
  wilcoxon: 'W',
  'mann-whitney': 'U',
  binomial: 'k/n',
  permutation: 'the difference of means',
};

/** "paired t test (two-sided) gives t = 17.9 with 4 dof, p = 5.7e-5", or null when the evidence lacks a number. */
function testSentence(t: unknown): string | null {
  const words = stringAt(t, 'words');
  const test = stringAt(t, 'test');
  const result = objectAt(t, 'result');
  const statistic = numberAt(result, 'statistic');
  const p = numberAt(result, 'p');
  const dof = numberAt(result, 'dof');
  if (words === null || test === null || statistic === null || p === null || STAT_NAME[test] === undefined) return null;
  return `${words} gives ${STAT_NAME[test]} = ${num(statistic)}${dof !== null ? ` with ${num(dof)} dof` : ''}, p = ${pval(p)}`;
}

function finding(r: CheckResultView): string | null {
  const ev = r.evidence;
  const tests = arrayAt(ev, 'tests');
  const claim = tests.find((t) => stringAt(t, 'role') === 'claim');
  const other = tests.find((t) => stringAt(t, 'role') === 'finding');
  const claimText = testSentence(claim);
  const decideAt = numberAt(ev, 'decideAt');
  const table = stringAt(ev, 'table');
  const p = numberAt(objectAt(claim, 'result'), 'p');
  const n = objectAt(objectAt(claim, 'result'), 'n');
  const na = numberAt(n, 'a');
  const a = stringAt(objectAt(ev, 'columns'), 'a');
  if (claimText === null || decideAt === null || table === null || p === null || na === null || a === null) return null;
  const b = stringAt(objectAt(ev, 'columns'), 'b');
  const nb = numberAt(n, 'b');
  const paired = typeof claim === 'object' && claim !== null && (claim as Record<string, unknown>).paired === true;
  const on =
    b === null
      ? `On the ${na} outcomes in \`${a}\` of \`${table}\``
      : paired
        ? `On the ${na} pairs of \`${table}\` (\`${a}\` against \`${b}\`)`
        : `On \`${a}\` (${na} values) and \`${b}\` (${nb ?? '?'} values) of \`${table}\``;
  const side = p < decideAt ? `below the level ${decideAt}` : `not below the level ${decideAt}`;
  const otherText = testSentence(other);
  return `${on}, the claim's ${claimText}, ${side}${otherText !== null ? `; the finding's ${otherText}` : ''}.`;
}

export const hypothesisTestWords: KindLetterWords = {
  rerun: (params, at) => {
    // A derived column's expression is not a plain word on a command line: the letter then gives `recheck run`.
    if (params.derive !== undefined) return null;
    // The claim's test (the one that decides), as `recheck stat` runs it.
    const claim =
      typeof params.claimTest === 'object' && params.claimTest !== null ? (params.claimTest as Record<string, unknown>) : params;
    const test = at.arg(claim.test ?? params.test);
    const alternative = at.arg(claim.alternative ?? params.alternative);
    const b = params.b === undefined ? '' : at.arg(params.b) !== null ? ` --b ${at.arg(params.b)}` : null;
    const flags = [
      alternative !== null && alternative !== 'two-sided' ? ` --alternative ${alternative}` : '',
      at.arg(params.method) !== null && params.method !== 'auto' ? ` --method ${at.arg(params.method)}` : '',
      (claim.paired ?? params.paired) === true ? ' --paired' : '',
      typeof params.p0 === 'number' ? ` --p0 ${params.p0}` : '',
      Number.isInteger(params.seed) ? ` --seed ${params.seed as number}` : '',
    ].join('');
    if (at.file('table') === null || at.arg(params.a) === null || test === null || b === null) return null;
    return `npx recheck stat ${at.file('table')} --test ${test} --a ${at.arg(params.a)}${b}${flags}`;
  },
  finding,
  diagnosis(r) {
    const mismatch = arrayAt(r.evidence, 'mismatch').filter((m): m is string => typeof m === 'string');
    const gaps = arrayAt(r.evidence, 'gaps').filter((g): g is string => typeof g === 'string');
    const parts: string[] = [];
    if (mismatch.length > 0) parts.push(`The finding's test does not match the claim: ${mismatch.join('; ')}.`);
    const printedDiffers = arrayAt(r.evidence, 'printedDiffers').filter((m): m is string => typeof m === 'string');
    if (printedDiffers.length > 0)
      parts.push(`The logbook's printed numbers do not follow from its own table: ${printedDiffers.join('; ')}.`);
    if (r.evidence.decides === false && gaps.length > 0) parts.push(`The claim's test decides nothing on this table: ${gaps.join('; ')}.`);
    return parts.length > 0 ? parts.join(' ') : null;
  },
};
