/**
 * `recheck calc "<expression>" [--digits N] [--exact] [--interval] [--rounding MODE] [--json]` (checkers/calc),
 * and `recheck calc --assert "lhs REL rhs" [--max-bits N] [--digits N] [--json]` (calc-assert.ts).
 */
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { BadInputError, EXIT } from '../../errors';
import { ROUNDING_MODES, isRoundingMode } from '../../../checkers/exact/rounding-modes';
import { runAssertion, UNDECIDED_EXIT } from './calc-assert';

export const calcCommand: Command = {
  name: 'calc',
  summary: 'evaluate an expression from a paper exactly, to N correct digits, or as a rigorous enclosure',
  usage: `usage: recheck calc "<expression>" [--digits N] [--exact] [--interval] [--rounding MODE] [--json]
       recheck calc --assert "<lhs> <relation> <rhs>" [--max-bits N] [--digits N] [--json]

Numbers are read exactly (0.1 is 1/10, 1e-5 is 1/100000). Operators + - * / and ^ (right-associative;
-2^2 is -4), parentheses, exp, ln, log(x) (natural), log(x, base), log2, log10, sqrt, cbrt, root(x, n), abs,
floor, ceil, the constants pi and e, sum(expr, k, lo, hi) over the integers lo..hi, and harmonic numbers
H(n) or H_n (at most 1,000,000 terms in all).
When every step is exact (roots and powers of perfect powers, log of exact powers, sums, H_n) the result
is the exact rational p/q and its decimal (repeating, as 0.1(6), when the period is short); otherwise the
value correctly rounded to N significant digits (default 20) in MODE, proven by interval arithmetic at
rising precision (pi from MPFR's correctly rounded constant).
--exact: exit 1 with the reason when the value is not known to be rational.
--interval: also an enclosure [lo, hi] with ends rounded outward to N digits.
--rounding: ${ROUNDING_MODES.join(', ')} (default half-even).
A bad expression is exit 2 with one line naming the column.
JSON: {expression, exact?: "p/q", decimal, digits, rounding, interval?: {lo, hi}, notExact?}.

--assert: an equality or inequality of two expressions, the relation one of <, <=, =, !=, >=, > (== is =),
e.g. "H_1024 - ln(1024) < 0.58". Decided without floats: exactly when both sides are exact rationals (guarantee
exact), else by rigorous enclosures of lhs - rhs at 64, 128, 256, ... bits up to --max-bits (default 8192,
at most 1000000) until the enclosure is on one side of 0 (guarantee enclosure). When it never is, the answer
is "cannot tell" with the reason: equality of values not both known exactly (sqrt(2)^2 = 2, pi = pi) can never
be proven by an enclosure; a value beyond MPFR's exponent range; a divisor never separated from 0.
Printed: holds / fails / cannot tell, the guarantee, the enclosures of lhs, rhs and lhs - rhs (ends rounded
outward to --digits significant digits, default 20, at most 1000) and the reason.
Exit: 0 holds, 1 fails, ${UNDECIDED_EXIT} cannot tell (neither proven nor disproven), 2 bad input (one line naming
the column; write --assert="-1 < 0" for an assertion that starts with "-").
JSON: {assertion, relation, holds: true | false | "cannot tell", guarantee: "exact" | "enclosure", lhs, rhs
({lo, hi, exact: "p/q" | null}), difference ({lo, hi}), bits (null when exact), maxBits, reason}.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'calc',
      args,
      {
        digits: { type: 'string' },
        exact: { type: 'boolean' },
        interval: { type: 'boolean' },
        rounding: { type: 'string' },
        json: { type: 'boolean' },
        assert: { type: 'string' },
        'max-bits': { type: 'string' },
      },
      { min: minExpressions(args), max: 1, names: '"<expression>"', dashPositionals: true },
    );
    if (values.assert !== undefined) {
      if (positionals.length > 0) throw new UsageError('calc', 'give an expression or --assert "<lhs> <relation> <rhs>", not both');
      for (const flag of ['exact', 'interval', 'rounding'] as const)
        if (values[flag] !== undefined) throw new UsageError('calc', `--${flag} does not apply to --assert`);
      return runAssertion(io, values.assert, {
        ...(values['max-bits'] !== undefined ? { maxBits: boundedInteger('max-bits', values['max-bits'], 64, 1_000_000) } : {}),
        ...(values.digits !== undefined ? { digits: boundedInteger('digits', values.digits, 1, 1000) } : {}),
        json: values.json === true,
      });
    }
    if (values['max-bits'] !== undefined) throw new UsageError('calc', '--max-bits applies only to --assert');
    const digits = values.digits === undefined ? 20 : Number(values.digits);
    if (!/^\d+$/.test(values.digits ?? '20') || digits < 1 || digits > 100_000)
      throw new UsageError('calc', `--digits must be an integer from 1 to 100000, got "${values.digits}"`);
    const rounding = values.rounding ?? 'half-even';
    if (!isRoundingMode(rounding)) throw new UsageError('calc', `--rounding must be one of ${ROUNDING_MODES.join(', ')}`);
    const expression = positionals[0] as string;
    const [{ loadMpfr }, { evaluateCalc }, { CalcError }] = await Promise.all([
      import('../../../checkers/precise/mpfr'),
      import('../../../checkers/calc/evaluate'),
      import('../../../checkers/calc/calc-error'),
    ]);
    const mpfr = await loadMpfr();
    let r;
    try {
      r = evaluateCalc(mpfr, expression, { digits, rounding, interval: values.interval === true });
    } catch (e) {
      if (e instanceof CalcError) throw new BadInputError('calc', e.problem, `column ${e.column}`);
      throw e;
    }
    if (values.exact && r.exact === null) {
      io.stderr(`recheck: calc: not exact: ${r.notExact ?? ''}\n`);
      return EXIT.doesNotHold;
    }
    if (values.json) {
      const doc = {
        expression,
        ...(r.exact !== null ? { exact: r.exact.toString() } : {}),
        decimal: r.decimal,
        digits,
        rounding,
        ...(r.interval !== null ? { interval: r.interval } : {}),
        ...(r.notExact !== null ? { notExact: r.notExact } : {}),
      };
      io.stdout(`${JSON.stringify(doc, null, 2)}\n`);
      return EXIT.ok;
    }
    const lines: string[] = [];
    if (r.exact !== null) {
      lines.push(`exact     ${r.exact.toString()}`);
      const repeating = repeatingOrNull(r.exact);
      if (repeating !== null && repeating !== r.exact.toString()) lines.push(`decimal   ${repeating}  (exactly)`);
      else if (repeating === null) lines.push(`decimal   ${r.decimal}  (${digits} digits, ${rounding})`);
      // Asked for fewer digits than the exact value has: its rounding too, by the mode's own rule (ties included).
      if (repeating !== null && values.digits !== undefined && Number(r.decimal) !== Number(repeating.replace(/\(.*$/, ''))) {
        lines.push(`rounded   ${r.decimal}  (${digits} digit${digits === 1 ? '' : 's'}, ${rounding})`);
      }
    } else {
      lines.push(`decimal   ${r.decimal}  (${digits} correct digits, ${rounding})`);
      lines.push(`not exact ${r.notExact ?? ''}`);
    }
    if (r.interval !== null) lines.push(`interval  [${r.interval.lo}, ${r.interval.hi}]`);
    io.stdout(`${lines.join('\n')}\n`);
    return EXIT.ok;
  },
};

/** With --assert the expression positional is absent; otherwise it is required. */
function minExpressions(args: readonly string[]): number {
  return args.some((a) => a === '--assert' || a.startsWith('--assert=')) ? 0 : 1;
}

/** An integer flag value in [lo, hi], else a usage error naming the flag. */
function boundedInteger(flag: string, text: string, lo: number, hi: number): number {
  const v = Number(text);
  if (!/^\d+$/.test(text) || v < lo || v > hi)
    throw new UsageError('calc', `--${flag} must be an integer from ${lo} to ${hi}, got "${text}"`);
  return v;
}

/** The repeating decimal of x when it is at most 80 characters long, else null. */
function repeatingOrNull(x: { toRepeatingDecimal(max?: number): string }): string | null {
  try {
    return x.toRepeatingDecimal(78);
  } catch {
    return null;
  }
}
