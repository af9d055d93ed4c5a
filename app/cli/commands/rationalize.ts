/** `recheck rationalize <value>... [--tol T] [--json]`: the exact values behind printed floats (checkers/exact/rationalize.ts). */
import type { Command } from '../command';
import { parseCommandArgs } from '../args';
import { EXIT } from '../../errors';
import type { Rationalization } from '../../../checkers/exact/rationalize';

export const rationalizeCommand: Command = {
  name: 'rationalize',
  summary: 'exact values behind printed floats: the nearest double, the printed decimal, the simplest rational',
  usage: `usage: recheck rationalize <value>... [--tol T] [--json]

For each printed float (a decimal such as 0.1, 3.8726, -2.5e-3 or 16), three exact rationals:
  (a) double    the IEEE-754 binary64 double nearest to it (round to nearest, ties to even) as p/2^k: what a
                program reading these digits holds (float("0.1")); "infinity" beyond the largest double
  (b) decimal   the decimal as printed, p/10^k reduced
  (c) simplest  the rational with the smallest denominator (then the smallest |numerator|) within T of the
                printed decimal, by continued fractions
and one sentence saying where they differ. All arithmetic is exact (BigInt).
--tol T: a decimal or p/q, at least 0 (default: half a unit in the last printed digit, so 3.8726 gives 5e-5:
every number that prints as those digits lies within it; Python's repr prints the shortest digits that
round-trip, so for repr output a tolerance about the size of (a) - (b) is the meaningful one).
Negative values may be written as they are (recheck rationalize -0.5), or after --.
NaN and infinities have no rational value: bad input (exit 2), as is anything that is not a decimal.
JSON: {"values": [{printed, double, doubleShortest, decimal, tolerance, toleranceFrom, simplest, doubleError,
simplestError, doubleIsDecimal, simplestIsDecimal, summary}]}, rationals as "p/q" strings (double and
doubleError null when the value overflows to infinity); doubleShortest is the shortest decimal that reads back
as the same double.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'rationalize',
      splitNegativeValues(args),
      { tol: { type: 'string' }, json: { type: 'boolean' } },
      { min: 1, max: Infinity, names: '<value>' },
    );
    const { describeRationalization, rationalize } = await import('../../../checkers/exact/rationalize');
    const results = positionals.map((p) => rationalize(p, values.tol));
    const summaries = results.map(describeRationalization);
    if (values.json) io.stdout(`${JSON.stringify({ values: results.map((r, i) => toJson(r, summaries[i] as string)) }, null, 2)}\n`);
    else io.stdout(results.map((r, i) => formatRationalization(r, summaries[i] as string)).join('\n'));
    return EXIT.ok;
  },
};

/**
 * Arguments with every value moved after `--`, so that `-0.5` is a value and not an option, and `--tol -1e-3`
 * becomes `--tol=-1e-3` (node:util parseArgs refuses an option value starting with a dash).
 */
function splitNegativeValues(args: readonly string[]): string[] {
  const options: string[] = [];
  const values: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--') {
      values.push(...args.slice(i + 1));
      break;
    }
    if (a === '--tol' && i + 1 < args.length) {
      options.push(`--tol=${args[i + 1] as string}`);
      i++;
    } else if (a.startsWith('-') && !/^-(?:\d|\.\d|nan$|inf)/i.test(a)) options.push(a);
    else values.push(a);
  }
  return [...options, '--', ...values];
}

/** `summary` is describeRationalization(r). */
function toJson(r: Rationalization, summary: string) {
  return {
    printed: r.printed,
    double: r.double?.toString() ?? null,
    doubleShortest: Object.is(r.doubleNumber, -0) ? '-0' : String(r.doubleNumber),
    decimal: r.decimal.toString(),
    tolerance: r.tolerance.toString(),
    toleranceFrom: r.toleranceFrom,
    simplest: r.simplest.toString(),
    doubleError: r.doubleError?.toString() ?? null,
    simplestError: r.simplestError.toString(),
    doubleIsDecimal: r.double !== null && r.double.equals(r.decimal),
    simplestIsDecimal: r.simplest.equals(r.decimal),
    summary,
  };
}

/** Human-readable report of one value; `summary` is describeRationalization(r). */
export function formatRationalization(r: Rationalization, summary: string): string {
  const double =
    r.double === null
      ? `${r.doubleNumber > 0 ? '' : '-'}infinity (beyond the largest double)`
      : `${r.double}  (reads back as ${Object.is(r.doubleNumber, -0) ? '-0' : String(r.doubleNumber)})`;
  const tol = `${r.tolerance}${r.toleranceFrom === 'last-digit' ? ', half a unit in the last printed digit' : ''}`;
  return [
    `${r.printed}`,
    `  (a) double    ${double}`,
    `  (b) decimal   ${r.decimal}`,
    `  (c) simplest  ${r.simplest}  (within ${tol})`,
    `  ${summary}`,
    '',
  ].join('\n');
}
