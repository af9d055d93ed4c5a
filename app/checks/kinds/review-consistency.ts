/**
 * Check kind `review-consistency`: can the blind perceptual reviews of the case's image pairs be trusted?
 * Per complete review (app/perceptual/judgments.ts: every item answered, the newest per reviewer): agreement on
 * repeated pairs with swapped sides mapped back, position bias (compare mode, exact binomial test), the share of
 * too-fast answers; and between reviewers, Cohen's or Fleiss' kappa with its interval. Thresholds are params.
 *
 * It never decides the falsification itself: the outcome is always neutral. Its summary says whether the reviews
 * are consistent and, when not, why; perceptual-verdict applies the same assessment and is inconclusive on an
 * inconsistent set. With no complete review it says "Waiting for review".
 */
import { resolveCasePath, type CheckKind, type CheckResult } from '../kind';
import {
  assessConsistency,
  CONSISTENCY_SCHEMA_PROPERTIES,
  type ConsistencyAssessment,
  type ConsistencyThresholds,
} from '../../perceptual/consistency';
import { readCaseReviews, WAITING_FOR_REVIEW, waitingForReview, type CaseReviews } from '../../perceptual/judgments';

export interface ReviewConsistencyParams extends ConsistencyThresholds {
  /** The image-pair table (case.json's perceptual.pairs) whose reviews are read. */
  pairs: string;
}

/** The `pairs` param: the table whose reviews a perceptual check reads. */
export const PAIRS_PARAM = {
  type: 'string',
  minLength: 1,
  casePath: true,
  description: "case-relative path of the image-pair table whose reviews are read (case.json's perceptual.pairs)",
} as const;

export const reviewConsistencyKind: CheckKind<ReviewConsistencyParams> = {
  kind: 'review-consistency',
  title: 'Check that blind perceptual reviews are consistent (repeats, position bias, speed, agreement between reviewers)',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['pairs'],
    properties: { pairs: PAIRS_PARAM, ...CONSISTENCY_SCHEMA_PROPERTIES },
  },
  example: { pairs: 'images/pairs.csv', minRepeatAgreement: 0.8, positionBiasAlpha: 0.01, maxFastShare: 0.1, minKappa: 0.4 },
  // Agreement statistics of reviews made in Recheck; always neutral (a gate for perceptual-verdict).
  basis: 'recomputed',
  guarantee: { kind: 'approximate', bound: 'descriptive agreement statistics; decides nothing' },
  async run(params, ctx): Promise<CheckResult> {
    resolveCasePath(ctx, params.pairs);
    const reviews = await readCaseReviews(ctx.caseDir, params.pairs);
    const waiting = waitingForReview(reviews);
    if (waiting !== null)
      return { outcome: 'neutral', summary: waiting, waitingFor: WAITING_FOR_REVIEW, evidence: { waiting: true, ...reviewLists(reviews) } };
    const { pairs: _pairs, ...thresholds } = params;
    const a = assessConsistency(reviews.complete, thresholds);
    const evidence = { waiting: false, ...consistencyEvidence(a), ...reviewLists(reviews) };
    if (!a.consistent) {
      return {
        outcome: 'neutral',
        summary: `Inconsistent review, so the perceptual verdict is inconclusive: ${a.flags.join('; ')}.`,
        evidence,
      };
    }
    return { outcome: 'neutral', summary: `Consistent: ${describe(a)}.`, evidence };
  },
};

/** What was left out of the assessment and why (for the evidence). */
export function reviewLists(r: CaseReviews): Record<string, unknown> {
  return {
    counted: r.complete.map((x) => ({ reviewId: x.reviewId, reviewer: x.reviewer })),
    superseded: r.superseded,
    inProgress: r.inProgress,
    unreadable: r.unreadable,
  };
}

/** The assessment as JSON evidence: per review, and between reviewers. */
export function consistencyEvidence(a: ConsistencyAssessment): Record<string, unknown> {
  return {
    thresholds: a.thresholds,
    consistent: a.consistent,
    flags: a.flags,
    reviews: a.reviews.map((r) => ({
      reviewId: r.reviewId,
      reviewer: r.reviewer,
      answers: r.answers,
      repeats: r.repeats.repeats,
      repeatAgreements: r.repeats.agreements,
      repeatAgreement: r.repeats.share,
      swappedRepeats: r.repeats.swapped,
      swappedAgreements: r.repeats.swappedAgreements,
      disagreements: r.repeats.disagreements,
      positionBias:
        r.positionBias === null
          ? null
          : {
              left: r.positionBias.left,
              sideAnswers: r.positionBias.sideAnswers,
              share: r.positionBias.share,
              pValue: r.positionBias.pValue,
            },
      fast: r.fast,
      medianMs: r.medianMs,
      flags: r.flags,
    })),
    interRater: a.interRater,
  };
}

function describe(a: ConsistencyAssessment): string {
  const parts = a.reviews.map((r) => {
    const rep =
      r.repeats.share === null ? 'no repeated pairs' : `${r.repeats.agreements} of ${r.repeats.repeats} repeats answered the same way`;
    const bias =
      r.positionBias === null
        ? ''
        : `, left chosen in ${r.positionBias.left} of ${r.positionBias.sideAnswers} side answers (p = ${r.positionBias.pValue.toPrecision(2)})`;
    return `${r.reviewer}: ${rep}${bias}, ${r.fast.count} of ${r.answers} answers faster than ${r.fast.fastMs} ms`;
  });
  const k = a.interRater;
  if (k !== null) {
    const name = k.method === 'cohen' ? "Cohen's" : "Fleiss'";
    parts.push(
      k.kappa.kappa === null
        ? `${name} kappa undefined (${k.kappa.undefinedReason})`
        : `${name} kappa ${k.kappa.kappa.toFixed(2)} (CI ${(k.kappa.low as number).toFixed(2)} to ${(k.kappa.high as number).toFixed(2)}) over ${k.units} judgments in common`,
    );
  }
  return parts.join('; ');
}
