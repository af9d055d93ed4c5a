/**
 * Check kind `padding-audit`: audits a per-position evaluation table (`model,seq,pos,token,nll`) for
 * end-of-sequence padding and compares figures with the corrected (padding excluded) numbers.
 * - `claim`: the paper's figures (perplexity per model, quality cost per model against `baseline`). When
 *   every one holds on the corrected numbers the check refutes the falsification; when one fails, it
 *   supports it. Without `claim` the check is neutral (it reports the corrected numbers).
 * - `logbook`: the falsification's own figures; the evidence says whether the padded numbers reproduce them
 *   (`explainedByPadding`).
 * Figures match within relTol (default 0.05) as ratios: perplexities p/q, costs (1 + c)/(1 + d).
 */
import { resolveCasePath, type CheckKind, type CheckResult } from '../kind';
import type { PaddingAudit } from '../../../checkers/audits/padding';
import { readCsvFile } from '../../tables/csv';
import { auditPaddingTable } from '../../tables/padding-table';
import { BadInputError } from '../../errors';
import type { Guarantee } from '../kind';
import { FLOAT64_U, floatSideGuarantee, relativeMargin } from './float-margin';
import { paddingAuditWords } from './padding-audit.words';

interface Figures {
  perplexity?: Record<string, number>;
  qualityCost?: Record<string, number>;
  relTol?: number;
}

export interface PaddingAuditParams {
  positions: string;
  padToken: string;
  baseline?: string;
  claim?: Figures;
  logbook?: Figures;
}

interface Comparison {
  figure: 'perplexity' | 'qualityCost';
  model: string;
  stated: number;
  corrected: number;
  padded: number;
  matchesCorrected: boolean;
  matchesPadded: boolean;
}

const figuresSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    perplexity: { type: 'object', additionalProperties: { type: 'number', exclusiveMinimum: 0 } },
    qualityCost: { type: 'object', additionalProperties: { type: 'number', exclusiveMinimum: -1 } },
    relTol: { type: 'number', minimum: 0 },
  },
};

export const paddingAuditKind: CheckKind<PaddingAuditParams> = {
  kind: 'padding-audit',
  words: paddingAuditWords,
  title: 'Perplexity with and without end-of-sequence padding positions',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['positions', 'padToken'],
    properties: {
      positions: { type: 'string', minLength: 1, casePath: true, description: 'case-relative CSV with columns [model,]seq,pos,token,nll' },
      padToken: { type: 'string', minLength: 1 },
      baseline: { type: 'string', minLength: 1 },
      claim: figuresSchema,
      logbook: figuresSchema,
    },
  },
  example: { positions: 'logbook/eval/positions.csv', padToken: '0', claim: { perplexity: { teacher: 5.2, student: 6.8 }, relTol: 0.05 } },
  // The per-position losses are the logbook's own numbers (its evaluation output), recombined here.
  basis: 'logbook',
  async run(params, ctx): Promise<CheckResult> {
    const table = await readCsvFile(resolveCasePath(ctx, params.positions), params.positions);
    const audit = auditPaddingTable(table, params.padToken, params.baseline);
    const claim = params.claim ? compare(audit, params.claim, params.positions) : [];
    const logbook = params.logbook ? compare(audit, params.logbook, params.positions) : [];
    const evidence: Record<string, unknown> = {
      file: params.positions,
      ...audit,
      claimComparison: claim,
      logbookComparison: logbook,
      explainedByPadding: logbook.length > 0 ? logbook.every((c) => c.matchesPadded && !c.matchesCorrected) : null,
    };
    const corrected = audit.models
      .map((m) => `${m.name} ${fmt(m.perplexityNoPad)} (padded ${fmt(m.perplexityAll)}, ${pct(m.padFraction)} of positions are padding)`)
      .join('; ');
    const costs = (audit.qualityCost ?? [])
      .map((c) => `${c.model} vs ${audit.baseline}: ${pct(c.costNoPad)} corrected, ${pct(c.costAll)} padded`)
      .join('; ');
    const numbers = `Corrected perplexities: ${corrected}.${costs ? ` Quality cost: ${costs}.` : ''}`;
    if (claim.length === 0) return { outcome: 'neutral', summary: numbers, evidence };
    const guarantee = comparisonGuarantee(audit, claim, params.claim?.relTol ?? 0.05);
    const failing = claim.filter((c) => !c.matchesCorrected);
    const padNote = evidence.explainedByPadding === true ? ' The logbook figures are the padded ones.' : '';
    if (failing.length === 0)
      return {
        outcome: 'refutes',
        guarantee,
        summary: `The paper's figures hold once padding is excluded. ${numbers}${padNote}`,
        evidence,
      };
    const which = failing.map((c) => `${c.figure} of ${c.model} (stated ${fmt(c.stated)}, corrected ${fmt(c.corrected)})`).join(', ');
    return { outcome: 'supports', guarantee, summary: `The paper's ${which} fails even with padding excluded. ${numbers}`, evidence };
  },
};

/**
 * Whether every comparison with the paper's figures lies on its side of the tolerance rigorously: perplexity is
 * exp(mean nll) over n float64 terms (relative error at most about 4 (1 + ln ppl) n u), a quality cost the
 * ratio of two of them (twice that).
 */
function comparisonGuarantee(audit: PaddingAudit, claim: readonly Comparison[], tol: number): Guarantee {
  const n = audit.models.reduce((s, m) => s + m.positions, 0);
  const lnPpl = Math.max(0, ...audit.models.map((m) => Math.log(Math.max(m.perplexityAll, m.perplexityNoPad))));
  const bound = 8 * (1 + lnPpl) * n * FLOAT64_U;
  const margin = Math.min(
    ...claim.map((c) =>
      c.figure === 'perplexity'
        ? relativeMargin(c.corrected, [c.stated * (1 - tol), c.stated * (1 + tol)])
        : relativeMargin(1 + c.corrected, [(1 + c.stated) * (1 - tol), (1 + c.stated) * (1 + tol)]),
    ),
  );
  return floatSideGuarantee(margin, bound, 'the corrected figures');
}

function compare(audit: PaddingAudit, figures: Figures, file: string): Comparison[] {
  const tol = figures.relTol ?? 0.05;
  const near = (a: number, b: number) => Math.abs(a / b - 1) <= tol;
  const out: Comparison[] = [];
  for (const [model, stated] of Object.entries(figures.perplexity ?? {})) {
    const m = audit.models.find((x) => x.name === model);
    if (m === undefined) throw new BadInputError(file, `no model ${JSON.stringify(model)} in the table`);
    out.push({
      figure: 'perplexity',
      model,
      stated,
      corrected: m.perplexityNoPad,
      padded: m.perplexityAll,
      matchesCorrected: near(m.perplexityNoPad, stated),
      matchesPadded: near(m.perplexityAll, stated),
    });
  }
  for (const [model, stated] of Object.entries(figures.qualityCost ?? {})) {
    const c = audit.qualityCost?.find((x) => x.model === model);
    if (c === undefined) throw new BadInputError(file, `no quality cost for ${JSON.stringify(model)} (set baseline to another model)`);
    out.push({
      figure: 'qualityCost',
      model,
      stated,
      corrected: c.costNoPad,
      padded: c.costAll,
      matchesCorrected: near(1 + c.costNoPad, 1 + stated),
      matchesPadded: near(1 + c.costAll, 1 + stated),
    });
  }
  return out;
}

function fmt(v: number): string {
  return String(Number(v.toPrecision(4)));
}

function pct(v: number): string {
  return `${(100 * v).toFixed(1)}%`;
}
