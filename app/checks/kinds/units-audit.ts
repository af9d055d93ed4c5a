/**
 * Check kind `units-audit`: reads a `recheck.units/1` file from the case (param `quantities`) and audits it.
 * `role` says whose ratio the file's claim is:
 * - `assertion` (default): the ratio the claimed falsification asserts. It supports the falsification
 *   when the ratio holds after normalisation, refutes it when it does not (e.g. a unit slip).
 * - `claim`: the paper's claim that the falsification says fails. It refutes the falsification when the
 *   claim holds after normalisation, supports it when it does not.
 * Incommensurable quantities are neutral (the units decide nothing without a linking definition).
 */
import { resolveCasePath, type CheckKind, type CheckResult } from '../kind';
import { auditUnitsFile } from '../../tables/units-file';
import { FLOAT64_U, floatSideGuarantee, relativeMargin } from './float-margin';
import { unitsAuditWords } from './units-audit.words';

export interface UnitsAuditParams {
  quantities: string;
  role?: 'assertion' | 'claim';
}

export const unitsAuditKind: CheckKind<UnitsAuditParams> = {
  kind: 'units-audit',
  words: unitsAuditWords,
  title: 'Normalise quantities through their units and recheck a ratio',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['quantities'],
    properties: {
      quantities: { type: 'string', minLength: 1, casePath: true, description: 'case-relative path of a recheck.units/1 file' },
      role: { enum: ['assertion', 'claim'], description: "whose ratio the file's claim is (default assertion)" },
    },
  },
  example: { quantities: 'sandbox/quantities.json', role: 'assertion' },
  // The quantities are numbers a logbook or paper printed (transcribed into the file): its own numbers.
  basis: 'logbook',
  async run(params, ctx): Promise<CheckResult> {
    ctx.progress({ done: 0, message: 'normalising units (the first units audit loads the units library: a few seconds)' });
    const { input, audit } = await auditUnitsFile(resolveCasePath(ctx, params.quantities), params.quantities);
    const role = params.role ?? 'assertion';
    const evidence: Record<string, unknown> = {
      file: params.quantities,
      role,
      definitions: input.definitions,
      quantities: input.quantities,
      claim: input.claim ?? null,
      ...audit,
    };
    if (!audit.commensurable) return { outcome: 'neutral', summary: `${audit.reason}.`, evidence };
    const c = input.claim;
    if (c === undefined || audit.ratio === undefined || audit.naiveRatio === undefined) {
      return { outcome: 'neutral', summary: `All quantities are in ${audit.unit}; the file states no ratio to check.`, evidence };
    }
    // float64 conversions (checkers/audits/units.ts: a few ulps each): the side of the tolerance is rigorous
    // when the ratio lies far from it. Bound: 8 ulps per quantity and definition, plus the division.
    const tol = c.relTol ?? 0.05;
    const bounds =
      c.relation === 'atLeast'
        ? [c.ratio * (1 - tol)]
        : c.relation === 'atMost'
          ? [c.ratio * (1 + tol)]
          : [c.ratio * (1 - tol), c.ratio * (1 + tol)];
    const errorBound = 8 * FLOAT64_U * (Object.keys(input.quantities).length + input.definitions.length + 2);
    const guarantee = floatSideGuarantee(relativeMargin(audit.ratio, bounds), errorBound, 'the normalised ratio');
    evidence.margin = relativeMargin(audit.ratio, bounds);
    const rel = c.relation === 'atLeast' ? 'at least ' : c.relation === 'atMost' ? 'at most ' : '';
    const stated = `${c.numerator}/${c.denominator} = ${rel}${c.ratio}`;
    const normalized = `${c.numerator}/${c.denominator} = ${fmt(audit.ratio)} in ${audit.unit} (naive ratio of the written numbers: ${fmt(audit.naiveRatio)})`;
    if (role === 'assertion') {
      if (audit.claimHolds)
        return {
          outcome: 'supports',
          guarantee,
          summary: `The asserted ${stated} holds after normalising units: ${normalized}.`,
          evidence,
        };
      const slip = audit.explainedByUnitSlip ? ' The asserted ratio is the naive one: a unit slip.' : '';
      return {
        outcome: 'refutes',
        guarantee,
        summary: `The asserted ${stated} does not hold after normalising units: ${normalized}.${slip}`,
        evidence,
      };
    }
    if (audit.claimHolds)
      return { outcome: 'refutes', guarantee, summary: `The paper's ${stated} holds after normalising units: ${normalized}.`, evidence };
    return { outcome: 'supports', guarantee, summary: `The paper's ${stated} fails after normalising units: ${normalized}.`, evidence };
  },
};

function fmt(v: number): string {
  return String(Number(v.toPrecision(6)));
}
