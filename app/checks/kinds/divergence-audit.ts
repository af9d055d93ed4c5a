/**
 * Check kind `divergence-audit`: classifies a loss module from the logbook (run in the sandbox, see
 * `recheck audit divergence`) and compares it with the divergence the paper's theory analyses.
 * With respect to a falsification that says "the code computes a different divergence than the theory":
 * supports when the code is a known candidate other than the theory's, refutes when it is the theory's,
 * neutral when it matches no candidate (the audit cannot say what it is).
 * A module that misbehaves in the sandbox (files, network, processes, timeout) fails the check as bad input.
 */
import { resolveCasePath, type CheckKind, type CheckResult } from '../kind';
import { DIVERGENCE_CANDIDATES, type DivergenceCandidate } from '../../../checkers/divergence/candidates';
import { auditDivergence } from '../../sandbox/audit/divergence';
import { divergenceAuditWords } from './divergence-audit.words';

export interface DivergenceAuditParams {
  module: string;
  theory: DivergenceCandidate;
  probes?: number;
  seed?: number;
  tolerance?: number;
  timeoutSeconds?: number;
}

export const divergenceAuditKind: CheckKind<DivergenceAuditParams> = {
  kind: 'divergence-audit',
  words: divergenceAuditWords,
  title: 'Classify a loss module (sandboxed) as forward/reverse KL, cross-entropy or JS and compare with the theory',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['module', 'theory'],
    properties: {
      module: {
        type: 'string',
        minLength: 1,
        casePath: true,
        description: 'case-relative path of an ES module exporting (p, q) => number',
      },
      theory: { enum: [...DIVERGENCE_CANDIDATES], description: 'the divergence the theory analyses' },
      probes: { type: 'integer', minimum: 4, maximum: 10000 },
      seed: { type: 'integer', minimum: 0, maximum: 4294967295 },
      tolerance: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      timeoutSeconds: { type: 'number', exclusiveMinimum: 0, maximum: 3600 },
    },
  },
  example: { module: 'logbook/loss.mjs', theory: 'reverse-kl', probes: 64, seed: 20261129 },
  // Recheck runs the released code now (a replay), against references it computes at 40 digits.
  basis: 'recomputed',
  // Matching a candidate on finitely many probes identifies it only approximately; a mismatch is a witness
  // (below), so results that support state their own guarantee.
  guarantee: { kind: 'approximate', bound: 'identification by agreement within the tolerance on the probes' },
  async run(params, ctx): Promise<CheckResult> {
    ctx.log(`auditing ${params.module} in the sandbox`);
    const audit = await auditDivergence({
      modulePath: resolveCasePath(ctx, params.module),
      label: params.module,
      theory: params.theory,
      ...(params.probes !== undefined ? { probes: params.probes } : {}),
      ...(params.seed !== undefined ? { seed: params.seed } : {}),
      ...(params.tolerance !== undefined ? { tolerance: params.tolerance } : {}),
      timeoutMs: (params.timeoutSeconds ?? 30) * 1000,
      runner: await ctx.sandbox(),
      signal: ctx.signal,
      onMessage: (m) => {
        if (m.type === 'progress') ctx.progress({ done: m.done, ...(m.total !== undefined ? { total: m.total } : {}), message: 'probing' });
      },
    });
    const evidence = { module: params.module, ...audit };
    const best = audit.candidates[0];
    const fit = (name: string) => audit.candidates.find((c) => c.name === name)?.maxRelError;
    const err = (x: number | null | undefined) => (x === null || x === undefined ? 'infinite' : x.toExponential(1));
    if (audit.verdict === 'unknown') {
      return {
        outcome: 'neutral',
        summary: `${params.module} matches no candidate within ${audit.tolerance} (nearest ${best?.name}, worst relative error ${err(best?.maxRelError)} over ${audit.probes} probes).`,
        evidence,
      };
    }
    const detail = `worst relative error ${err(fit(audit.verdict))} over ${audit.probes} probes against 40-digit references; ${params.theory} is off by ${err(fit(params.theory))}`;
    if (audit.mismatch) {
      // Rigorous: the module's own outputs differ from 40-digit references of the theory's divergence by more
      // than the tolerance at some probe (worst relative error above), far beyond the references' error.
      return {
        outcome: 'supports',
        guarantee: { kind: 'enclosure' },
        summary: `${params.module} computes ${audit.verdict}, not the ${params.theory} the theory analyses (${detail}).`,
        evidence,
      };
    }
    return {
      outcome: 'refutes',
      summary: `${params.module} computes ${audit.verdict}, as the theory says (worst relative error ${err(fit(audit.verdict))} over ${audit.probes} probes).`,
      evidence,
    };
  },
};
