/**
 * Check kind `calc-assertion`: an equality or inequality of calculator expressions (`recheck calc --assert`,
 * checkers/calc/assertion.ts), decided exactly when both sides are exact rationals, else by rigorous
 * enclosures at rising precision up to `maxBits` (default 8192); approximate values never decide it.
 * Params:
 * - `assertion`: `lhs REL rhs`, REL one of <, <=, =, !=, >=, > (e.g. "H_1024 - ln(1024) < 0.58");
 * - `meaning`: what the assertion's truth means for the finding the check is declared under, in the words
 *   every outcome uses (docs/decisions.md, "Findings and their polarity": `supports` = agrees with what the
 *   finding says; for a falsified, toy or inconclusive finding, evidence that the claim fails):
 *   `supports-if-true` (true: supports, false: refutes) or `refutes-if-true` (true: refutes, false: supports).
 *   Write the assertion so that it is what the finding says (or its negation): its falsity then contradicts
 *   what its truth would support. A check kind does not see the finding's polarity, so the meaning is stated
 *   relative to the finding, as growth-fit's `asserts` and units-audit's `role` are;
 * - `maxBits` (64 to 1000000): the highest precision tried;
 * - `basis` (optional): `logbook` when the assertion only compares numbers the logbook printed, `recomputed`
 *   when Recheck computes the deciding values. Default: `logbook` when the assertion holds nothing but numbers
 *   and + - * / ^ (it compares given numbers, as printed-consistency does), else `recomputed` (it names a
 *   function, a constant, a harmonic number or a sum that Recheck evaluates).
 * Outcome: by `meaning` when the assertion holds or fails; `cannot tell` (an equality of values not both known
 * exactly, a divisor never separated from 0, a value beyond MPFR's range) is neutral, with the reason.
 * Guarantee: `exact` (decided in rationals) or `enclosure` (decided, or left undecided, by rigorous enclosures).
 * Example: `{ assertion: "H_1024 - ln(1024) < 0.58", meaning: "supports-if-true" }` supports (guarantee
 * enclosure: lhs - rhs lies in [-0.0022961333213194434983, -0.0022961333213190093295] at 64 bits; basis recomputed).
 */
import { join } from 'node:path';
import type { CheckKind, CheckResult, EvidenceBasis, Guarantee } from '../kind';
import { BadInputError } from '../../errors';
import { shown } from '../../text/display';
import { calcAssertionWords } from './calc-assertion.words';

export type AssertionMeaning = 'supports-if-true' | 'refutes-if-true';

export interface CalcAssertionParams {
  assertion: string;
  meaning: AssertionMeaning;
  maxBits?: number;
  basis?: EvidenceBasis;
}

export const calcAssertionKind: CheckKind<CalcAssertionParams> = {
  kind: 'calc-assertion',
  words: calcAssertionWords,
  title: 'Decide an equality or inequality of calculator expressions exactly or by rigorous enclosures',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['assertion', 'meaning'],
    properties: {
      assertion: {
        type: 'string',
        minLength: 3,
        maxLength: 10_000,
        description: 'lhs REL rhs in the calc grammar, REL one of <, <=, =, !=, >=, > (e.g. H_1024 - ln(1024) < 0.58)',
      },
      meaning: {
        enum: ['supports-if-true', 'refutes-if-true'],
        description: 'what the assertion being true means for the finding (false: the opposite; cannot tell: neutral)',
      },
      maxBits: { type: 'integer', minimum: 64, maximum: 1_000_000, description: 'highest precision of the enclosures (default 8192)' },
      basis: {
        enum: ['logbook', 'recomputed'],
        description: 'logbook: it compares numbers the logbook printed; default: logbook for numbers and + - * / ^ only, else recomputed',
      },
    },
  },
  example: { assertion: 'H_1024 - ln(1024) < 0.58', meaning: 'supports-if-true' },
  basisFor: (params) => params.basis ?? defaultBasis(params.assertion),
  async run(params, ctx): Promise<CheckResult> {
    const [{ loadMpfr }, { decideAssertion }, { CalcError }] = await Promise.all([
      import('../../../checkers/precise/mpfr'),
      import('../../../checkers/calc/assertion'),
      import('../../../checkers/calc/calc-error'),
    ]);
    ctx.progress({ done: 0, total: 1, message: 'deciding the assertion' });
    let r;
    try {
      r = decideAssertion(await loadMpfr(), params.assertion, params.maxBits !== undefined ? { maxBits: params.maxBits } : {});
    } catch (e) {
      if (e instanceof CalcError)
        throw new BadInputError(
          join(ctx.caseDir, 'case.json'),
          `${e.problem} (in "${shown(params.assertion, 120)}")`,
          `check ${ctx.checkId}: params.assertion column ${e.column}`,
        );
      throw e;
    }
    ctx.progress({ done: 1, total: 1 });
    const guarantee: Guarantee = { kind: r.guarantee };
    const evidence: Record<string, unknown> = { ...r, meaning: params.meaning };
    const how = r.guarantee === 'exact' ? 'exactly (both sides are rational)' : `by a rigorous enclosure at ${r.bits} bits`;
    if (r.holds === 'cannot tell')
      return {
        outcome: 'neutral',
        guarantee,
        summary: `Undecided: \`${r.assertion.trim()}\` is neither proven nor disproven with enclosures up to ${r.maxBits} bits (lhs - rhs in [${r.difference.lo}, ${r.difference.hi}]): ${r.reason}.`,
        evidence,
      };
    const agrees = (r.holds === true) === (params.meaning === 'supports-if-true');
    return {
      outcome: agrees ? 'supports' : 'refutes',
      guarantee,
      summary: `\`${r.assertion.trim()}\` ${r.holds ? 'holds' : 'fails'}, proven ${how}: lhs - rhs ${r.difference.lo === r.difference.hi ? `= ${r.difference.lo}` : `lies in [${r.difference.lo}, ${r.difference.hi}]`}.`,
      evidence,
    };
  },
};

/**
 * `logbook` when the assertion holds only numbers and arithmetic (nothing Recheck evaluates beyond the numbers
 * given), else `recomputed`. Example: `defaultBasis("0.626 > 0.05")` is logbook, `defaultBasis("H_10 > 2.9")` recomputed.
 */
export function defaultBasis(assertion: string): EvidenceBasis {
  // A name token is a function, a constant, a harmonic number or a sum's variable; exponents (1e-5) are numbers.
  const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/g;
  return /[A-Za-z_]/.test(assertion.replace(NUMBER, ' ')) ? 'recomputed' : 'logbook';
}
