/** Check kinds with known behaviour, for tests of the registry, runner and transports. */
import type { CheckKind } from '../../app/checks/kind';
import type { CheckOutcome } from '../../common/api/contract';

export const fixedKind: CheckKind<{ outcome: CheckOutcome | 'throw'; steps?: number }> = {
  kind: 'test-fixed',
  title: 'returns the outcome it is given',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['outcome'],
    properties: { outcome: { enum: ['supports', 'refutes', 'neutral', 'throw'] }, steps: { type: 'integer', minimum: 0 } },
  },
  example: { outcome: 'supports' },
  // Stands for a certificate (so that one check decides, as before gates: docs of /work/notes/decisions-gates.md).
  guarantee: { kind: 'exact' },
  basis: 'recomputed',
  async run(params, ctx) {
    const steps = params.steps ?? 3;
    for (let i = 1; i <= steps; i++) {
      if (ctx.signal.aborted) throw new Error('aborted');
      ctx.progress({ done: i, total: steps });
      await new Promise((r) => setTimeout(r, 1));
    }
    if (params.outcome === 'throw') throw new Error('the check broke');
    return { outcome: params.outcome, summary: `fixed ${params.outcome}`, evidence: { steps } };
  },
};
