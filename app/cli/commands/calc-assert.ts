/**
 * `recheck calc --assert "lhs REL rhs"`: an equality or inequality of calculator expressions decided exactly
 * or by rigorous enclosures at rising precision (checkers/calc/assertion.ts), never by a float.
 * Exit codes: 0 holds, 1 fails, 5 cannot tell (UNDECIDED_EXIT: neither proven nor disproven up to --max-bits;
 * distinct from 1 so that a script never reads "not proven" as "false"), 2 bad input (one line naming the column).
 * Example: `recheck calc --assert "H_1024 - ln(1024) < 0.58"` prints "holds" with its enclosure and exits 0.
 */
import type { CliIO } from '../command';
import { BadInputError, EXIT } from '../../errors';
import type { AssertionResult } from '../../../checkers/calc/assertion';

/**
 * The exit code of an assertion that is neither proven nor disproven (cannot tell). Not in app/errors.ts EXIT
 * yet (5 is the first free code after busy = 4); `recheck calc --assert` is its only user.
 */
export const UNDECIDED_EXIT = EXIT.undecided;

export interface AssertOptions {
  readonly maxBits?: number;
  readonly digits?: number;
  readonly json: boolean;
}

/** Decides `assertion` and prints it; returns the exit code (0 holds, 1 fails, 5 cannot tell). */
export async function runAssertion(io: CliIO, assertion: string, o: AssertOptions): Promise<number> {
  const [{ loadMpfr }, { decideAssertion }, { CalcError }] = await Promise.all([
    import('../../../checkers/precise/mpfr'),
    import('../../../checkers/calc/assertion'),
    import('../../../checkers/calc/calc-error'),
  ]);
  const mpfr = await loadMpfr();
  let r: AssertionResult;
  try {
    r = decideAssertion(mpfr, assertion, {
      ...(o.maxBits !== undefined ? { maxBits: o.maxBits } : {}),
      ...(o.digits !== undefined ? { digits: o.digits } : {}),
    });
  } catch (e) {
    if (e instanceof CalcError) throw new BadInputError('calc --assert', e.problem, `column ${e.column}`);
    throw e;
  }
  if (o.json) io.stdout(`${JSON.stringify(r, null, 2)}\n`);
  else io.stdout(formatAssertion(r));
  return r.holds === true ? EXIT.ok : r.holds === false ? EXIT.doesNotHold : UNDECIDED_EXIT;
}

/** What was decided, then how (the guarantee), the enclosures and the reason. */
export function formatAssertion(r: AssertionResult): string {
  const verdict = r.holds === true ? 'holds' : r.holds === false ? 'fails' : 'cannot tell';
  const how =
    r.holds === 'cannot tell'
      ? `undecided: no proof either way with enclosures up to ${r.maxBits} bits`
      : r.guarantee === 'exact'
        ? 'exact: both sides are rational, decided in exact arithmetic'
        : `proven by a rigorous enclosure at ${r.bits ?? r.maxBits} bits`;
  const bounds = (b: { lo: string; hi: string; exact?: string | null }) =>
    b.exact !== undefined && b.exact !== null ? `${b.exact}${b.lo === b.hi ? '' : `  in [${b.lo}, ${b.hi}]`}` : `[${b.lo}, ${b.hi}]`;
  const lines = [
    `${verdict.padEnd(9)} ${r.assertion.trim()}`,
    `guarantee ${how}`,
    `lhs       ${bounds(r.lhs)}`,
    `rhs       ${bounds(r.rhs)}`,
    `lhs - rhs ${bounds(r.difference)}`,
    `reason    ${r.reason}`,
  ];
  return `${lines.join('\n')}\n`;
}
