/**
 * Check kind `perceptual-verdict`: what blind reviewers judged of the images of each condition, against the
 * falsification's declared threshold.
 *
 * Per complete review (the newest per reviewer) and condition, the share of the condition's images judged
 * unusable, from each pair's first showing (repeats measure consistency and are not counted twice), with a
 * Wilson or Clopper-Pearson interval:
 * - rate-right mode: the image rated is the one on the right; it counts as unusable when the answer is one of
 *   `unusable` (e.g. ["unusable"], or ["degraded", "unusable"] for "unusable or worse");
 * - compare mode: an image counts as judged worse when the other side was chosen ("same" is not worse).
 *
 * The falsification asserts that, for every condition in `conditions`, the share lies above `threshold`
 * (direction "above", the default: "the images are unusable at 2 bits") or below it ("below"). It supports the
 * falsification when every reviewer's interval of every declared condition lies on the asserted side; it refutes
 * it when, for some declared condition, every reviewer's interval lies on the other side; otherwise it is
 * neutral and names the condition whose interval holds the threshold.
 *
 * Gate: the same consistency assessment as review-consistency (params `consistency`); an inconsistent set of
 * reviews makes this check neutral, saying why. With no complete review: neutral, "Waiting for review".
 */
import { join } from 'node:path';
import { resolveCasePath, type CheckKind, type CheckResult, type Guarantee } from '../kind';
import { binomialCdf, binomialUpperTail } from '../../../checkers/stats/binomial';
import { BadInputError } from '../../errors';
import { assessConsistency, CONSISTENCY_SCHEMA_PROPERTIES, type ConsistencyThresholds } from '../../perceptual/consistency';
import { readCaseReviews, WAITING_FOR_REVIEW, waitingForReview, type CompletedReview } from '../../perceptual/judgments';
import { LEFT_ANSWER, RIGHT_ANSWER } from '../../cases/perceptual-settings';
import { proportionInterval } from '../../../checkers/stats/proportion-interval';
import { consistencyEvidence, PAIRS_PARAM, reviewLists } from './review-consistency';

export interface PerceptualVerdictParams {
  /** The image-pair table (case.json's perceptual.pairs) whose reviews are read. */
  pairs: string;
  /** The conditions the falsification is about (e.g. ["q2-nodither", "q2-dither"]). */
  conditions: string[];
  /** Rate-right mode: the answer values that count as unusable (or worse). */
  unusable?: string[];
  /** The declared share. */
  threshold: number;
  /** Which side of the threshold the falsification asserts (default above). */
  direction?: 'above' | 'below';
  /** Default wilson. */
  interval?: 'wilson' | 'exact';
  /** Default 0.95. */
  confidence?: number;
  consistency?: ConsistencyThresholds;
}

/** One row of the evidence's table (and of its figure): a reviewer's share for a condition with its interval. */
export interface ConditionShare {
  condition: string;
  reviewer: string;
  reviewId: string;
  /** Declared in `conditions`. */
  declared: boolean;
  /** Images of the condition judged. */
  n: number;
  /** Of them, judged unusable (or worse). */
  unusable: number;
  share: number;
  low: number;
  high: number;
  /** Where the interval lies against the threshold. */
  side: 'above' | 'below' | 'holds-threshold';
  /** Pairs whose image of the condition was judged unusable (for a gallery). */
  pairs: string[];
}

export const perceptualVerdictKind: CheckKind<PerceptualVerdictParams> = {
  kind: 'perceptual-verdict',
  title: 'Share of images judged unusable per condition in blind review, with its confidence interval, against a declared threshold',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['pairs', 'conditions', 'threshold'],
    properties: {
      pairs: PAIRS_PARAM,
      conditions: {
        type: 'array',
        minItems: 1,
        items: { type: 'string', minLength: 1 },
        description: 'the conditions the falsification is about',
      },
      unusable: {
        type: 'array',
        minItems: 1,
        items: { type: 'string', minLength: 1 },
        description: 'rate-right mode: answer values counted as unusable (or worse)',
      },
      threshold: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, description: 'the declared share of unusable images' },
      direction: {
        enum: ['above', 'below'],
        description: 'the falsification asserts the share lies above (default) or below the threshold',
      },
      interval: { enum: ['wilson', 'exact'], description: 'Wilson score (default) or Clopper-Pearson exact interval' },
      confidence: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, description: 'confidence level (default 0.95)' },
      consistency: {
        type: 'object',
        additionalProperties: false,
        properties: CONSISTENCY_SCHEMA_PROPERTIES,
        description: 'thresholds of the consistency gate (as review-consistency)',
      },
    },
  },
  example: {
    pairs: 'images/pairs.csv',
    conditions: ['q2-nodither'],
    unusable: ['unusable'],
    threshold: 0.5,
    direction: 'above',
    interval: 'wilson',
    confidence: 0.95,
  },
  // Judgments made blind in Recheck; a deciding result states its exact binomial p (sideGuarantee).
  basis: 'recomputed',
  guarantee: { kind: 'approximate', bound: 'no deciding share' },
  async run(params, ctx): Promise<CheckResult> {
    resolveCasePath(ctx, params.pairs);
    const reviews = await readCaseReviews(ctx.caseDir, params.pairs);
    const direction = params.direction ?? 'above';
    const method = params.interval ?? 'wilson';
    const confidence = params.confidence ?? 0.95;
    const settings = {
      pairs: params.pairs,
      conditions: params.conditions,
      unusable: params.unusable ?? null,
      threshold: params.threshold,
      direction,
      interval: method,
      confidence,
    };
    const waiting = waitingForReview(reviews);
    if (waiting !== null)
      return {
        outcome: 'neutral',
        summary: waiting,
        waitingFor: WAITING_FOR_REVIEW,
        evidence: { waiting: true, ...settings, rows: [], ...reviewLists(reviews) },
      };

    const missingUnusable = reviews.complete.find(
      (r) => r.settings.mode === 'rate-right' && (params.unusable === undefined || params.unusable.length === 0),
    );
    if (missingUnusable !== undefined)
      throw new BadInputError(
        join(ctx.caseDir, 'case.json'),
        `check ${ctx.checkId}: a rate-right review needs the param "unusable" (the answer values counted as unusable)`,
      );
    const rows = reviews.complete.flatMap((r) => conditionShares(r, params, method, confidence));
    const assessment = assessConsistency(reviews.complete, params.consistency ?? {});
    const evidence = { waiting: false, ...settings, rows, consistency: consistencyEvidence(assessment), ...reviewLists(reviews) };
    if (!assessment.consistent)
      return { outcome: 'neutral', summary: `Inconclusive: the reviews are inconsistent (${assessment.flags.join('; ')}).`, evidence };

    const declared = rows.filter((x) => x.declared);
    const unseen = params.conditions.filter((c) => !declared.some((x) => x.condition === c));
    if (unseen.length > 0)
      return {
        outcome: 'neutral',
        summary: `No image of ${unseen.map((c) => `"${c}"`).join(', ')} was judged: the declared condition(s) are not in the reviewed pairs.`,
        evidence,
      };
    const asserted = direction;
    const against = asserted === 'above' ? 'below' : 'above';
    const line = (x: ConditionShare) =>
      `${x.reviewer}: ${x.condition} ${x.unusable}/${x.n} = ${pct(x.share)} (${pct(confidence)} ${method === 'wilson' ? 'Wilson' : 'exact'} CI ${pct(x.low)} to ${pct(x.high)})`;
    const refuting = params.conditions.find((c) => declared.filter((x) => x.condition === c).every((x) => x.side === against));
    if (refuting !== undefined) {
      const xs = declared.filter((x) => x.condition === refuting);
      return {
        outcome: 'refutes',
        guarantee: sideGuarantee(xs, params.threshold, against, confidence),
        sources: new Set(xs.map((x) => x.reviewer)).size,
        summary: `Judged unusable ${against} the declared ${pct(params.threshold)} at ${refuting}, where the falsification asserts ${asserted}: ${xs.map(line).join('; ')}.`,
        evidence,
      };
    }
    if (declared.every((x) => x.side === asserted)) {
      // Each reviewer's shares all lie on the asserted side: distinct reviewers are independent sources.
      return {
        outcome: 'supports',
        guarantee: sideGuarantee(declared, params.threshold, asserted, confidence),
        sources: new Set(declared.map((x) => x.reviewer)).size,
        summary: `Judged unusable ${asserted} the declared ${pct(params.threshold)} for every declared condition: ${declared.map(line).join('; ')}.`,
        evidence,
      };
    }
    const open = declared.filter((x) => x.side !== asserted);
    return {
      outcome: 'neutral',
      summary: `Undecided at the declared ${pct(params.threshold)}: ${open.map((x) => `${line(x)} ${x.side === 'holds-threshold' ? 'holds the threshold' : `lies ${x.side}`}`).join('; ')}.`,
      evidence,
    };
  },
};

/** A review's share of unusable (or worse) images per condition, from first showings. */
export function conditionShares(
  r: CompletedReview,
  params: PerceptualVerdictParams,
  method: 'wilson' | 'exact',
  confidence: number,
): ConditionShare[] {
  const tally = new Map<string, { n: number; unusable: number; pairs: string[] }>();
  const count = (condition: string, worse: boolean, pair: string) => {
    const t = tally.get(condition) ?? { n: 0, unusable: 0, pairs: [] };
    t.n++;
    if (worse) {
      t.unusable++;
      t.pairs.push(pair);
    }
    tally.set(condition, t);
  };
  const unusable = new Set(params.unusable ?? []);
  for (const j of r.judgments) {
    if (j.repeatOf !== undefined) continue;
    if (r.settings.mode === 'rate-right') count(j.shownRight, unusable.has(j.answer), j.pair);
    else {
      count(j.shownLeft, j.answer === RIGHT_ANSWER, j.pair);
      count(j.shownRight, j.answer === LEFT_ANSWER, j.pair);
    }
  }
  return [...tally.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([condition, t]) => {
      const ci = proportionInterval(t.unusable, t.n, confidence, method);
      const side = ci.low > params.threshold ? 'above' : ci.high < params.threshold ? 'below' : 'holds-threshold';
      return {
        condition,
        reviewer: r.reviewer,
        reviewId: r.reviewId,
        declared: params.conditions.includes(condition),
        n: t.n,
        unusable: t.unusable,
        share: ci.share,
        low: ci.low,
        high: ci.high,
        side,
        pairs: t.pairs,
      };
    });
}

function pct(x: number): string {
  return `${Number((x * 100).toPrecision(3))}%`;
}

/**
 * The guarantee of shares read as lying `side` of the threshold: the largest (weakest) exact one-sided binomial
 * p-value among them (H0: the share is at most, resp. at least, the threshold), at the one-sided level the
 * interval's confidence implies. Example: 18 of 20 above 0.5 gives p = P(X >= 18 | 20, 0.5) = 2.0e-4.
 */
export function sideGuarantee(
  rows: readonly Pick<ConditionShare, 'unusable' | 'n'>[],
  threshold: number,
  side: 'above' | 'below',
  confidence: number,
): Guarantee {
  const p = Math.max(
    0,
    ...rows.map((x) => (side === 'above' ? binomialUpperTail(x.unusable, x.n, threshold) : binomialCdf(x.unusable, x.n, threshold))),
  );
  return { kind: 'statistical', test: `exact one-sided binomial test of the share ${side} ${threshold}`, p, level: (1 - confidence) / 2 };
}
