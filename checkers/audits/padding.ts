/**
 * Padding audit of per-position evaluation losses: how much of a reported perplexity comes from
 * end-of-sequence padding positions that a model predicts almost for free.
 *
 * Input: `nll` is a natural-log loss -ln p, so finite and at least 0; `pos` an integer at least 0. Anything
 * else is a DomainError naming the row.
 * Rule: within each (model, seq), positions sorted by `pos`; a position whose token is the pad id counts
 * as padding when an earlier position of that sequence already had the pad id (the first pad is the real
 * end-of-sequence prediction and stays). Row order carries no meaning.
 *
 * perplexity = exp(mean nll) (natural-log losses). deflation = perplexityNoPad / perplexityAll (how many
 * times the padded figure understates the real one). Guarantee: approximate; sums are compensated
 * (Neumaier), so the relative error of a mean is a few ulps times the condition of the sum.
 */
import { DomainError } from '../errors';

export interface PositionRow {
  /** Model name; rows without one belong to the model named `default`. */
  model?: string;
  seq: string;
  pos: number;
  token: string;
  /** Natural-log loss at this position. */
  nll: number;
  /** Where the row came from (e.g. `line 12`), used in error messages. */
  source?: string;
}

export interface ModelPaddingAudit {
  name: string;
  positions: number;
  padPositions: number;
  padFraction: number;
  perplexityAll: number;
  perplexityNoPad: number;
  deflation: number;
}

export interface QualityCost {
  model: string;
  /** ppl_model / ppl_baseline - 1, over all positions. */
  costAll: number;
  /** The same over non-padding positions. */
  costNoPad: number;
}

export interface PaddingAudit {
  padToken: string;
  models: ModelPaddingAudit[];
  baseline?: string;
  qualityCost?: QualityCost[];
}

/**
 * Audits the rows for padding. Models appear in order of first appearance.
 * Example: one sequence with tokens [5, 0, 0, 0] (pad 0) and nll [2, 0.5, 0, 0] has 2 padding positions,
 * perplexityAll = exp(2.5/4), perplexityNoPad = exp(2.5/2).
 */
export function auditPadding(rows: readonly PositionRow[], padToken: string, baseline?: string): PaddingAudit {
  const byModel = new Map<string, Map<string, PositionRow[]>>();
  for (const row of rows) {
    if (!Number.isFinite(row.nll)) throw new DomainError('audit padding', `${where(row)}nll ${row.nll} is not a finite number`);
    // A negative log-likelihood of a token is -ln p with p <= 1: never negative.
    if (row.nll < 0)
      throw new DomainError('audit padding', `${where(row)}nll ${row.nll} is negative; a natural-log loss -ln p is at least 0`);
    if (!Number.isSafeInteger(row.pos)) throw new DomainError('audit padding', `${where(row)}pos ${row.pos} is not an integer`);
    if (row.pos < 0) throw new DomainError('audit padding', `${where(row)}pos ${row.pos} is negative; positions count from 0`);
    const model = row.model ?? 'default';
    let seqs = byModel.get(model);
    if (seqs === undefined) byModel.set(model, (seqs = new Map()));
    let seq = seqs.get(row.seq);
    if (seq === undefined) seqs.set(row.seq, (seq = []));
    seq.push(row);
  }
  if (byModel.size === 0) throw new DomainError('audit padding', 'no rows');

  const models: ModelPaddingAudit[] = [];
  for (const [name, seqs] of byModel) models.push(auditModel(name, seqs, padToken));

  if (baseline === undefined) return { padToken, models };
  const base = models.find((m) => m.name === baseline);
  if (base === undefined)
    throw new DomainError(
      'audit padding',
      `baseline model ${JSON.stringify(baseline)} not among ${models.map((m) => JSON.stringify(m.name)).join(', ')}`,
    );
  const qualityCost = models
    .filter((m) => m.name !== baseline)
    .map((m) => ({
      model: m.name,
      costAll: m.perplexityAll / base.perplexityAll - 1,
      costNoPad: m.perplexityNoPad / base.perplexityNoPad - 1,
    }));
  return { padToken, models, baseline, qualityCost };
}

function auditModel(name: string, seqs: Map<string, PositionRow[]>, padToken: string): ModelPaddingAudit {
  const all = new CompensatedSum();
  const noPad = new CompensatedSum();
  let positions = 0;
  let padPositions = 0;
  for (const [seqId, seqRows] of seqs) {
    const sorted = [...seqRows].sort((a, b) => a.pos - b.pos);
    let seenPad = false;
    for (let i = 0; i < sorted.length; i++) {
      const row = sorted[i] as PositionRow;
      const prev = sorted[i - 1];
      if (prev !== undefined && prev.pos === row.pos) {
        throw new DomainError(
          'audit padding',
          `${where(row)}model ${JSON.stringify(name)}, seq ${JSON.stringify(seqId)}: position ${row.pos} appears twice`,
        );
      }
      positions += 1;
      all.add(row.nll);
      const isPad = row.token === padToken;
      if (isPad && seenPad) {
        padPositions += 1;
        continue;
      }
      if (isPad) seenPad = true;
      noPad.add(row.nll);
    }
  }
  const kept = positions - padPositions;
  const perplexityAll = Math.exp(all.value() / positions);
  const perplexityNoPad = kept > 0 ? Math.exp(noPad.value() / kept) : Number.NaN;
  if (!Number.isFinite(perplexityAll) || !Number.isFinite(perplexityNoPad)) {
    throw new DomainError(
      'audit padding',
      `model ${JSON.stringify(name)}: mean nll above ln(Number.MAX_VALUE) = 709.78, so the perplexity overflows float64`,
    );
  }
  return {
    name,
    positions,
    padPositions,
    padFraction: padPositions / positions,
    perplexityAll,
    perplexityNoPad,
    deflation: perplexityNoPad / perplexityAll,
  };
}

function where(row: PositionRow): string {
  return row.source !== undefined ? `${row.source}: ` : '';
}

/** Neumaier's compensated summation. */
class CompensatedSum {
  private sum = 0;
  private comp = 0;
  add(x: number): void {
    const t = this.sum + x;
    if (Math.abs(this.sum) >= Math.abs(x)) this.comp += this.sum - t + x;
    else this.comp += x - t + this.sum;
    this.sum = t;
  }
  value(): number {
    return this.sum + this.comp;
  }
}
