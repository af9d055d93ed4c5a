/**
 * Whether the complete reviews of an image-pair set can be trusted, measured four ways (pure):
 * - repeat agreement: each reviewer's answers on the pairs shown twice, side answers mapped back to conditions
 *   (checkers/stats/repeat-agreement.ts), at least `minRepeatAgreement`;
 * - position bias (compare mode): the share of "left" among side answers, tested against 1/2 with the exact
 *   binomial test; a p-value below `positionBiasAlpha` flags it (the sides are randomised, so a reviewer who
 *   judges the images picks each side about half the time whatever the conditions);
 * - speed: the share of answers faster than the set's fastMs, at most `maxFastShare`;
 * - inter-rater agreement, when two or more reviewers completed the set: Cohen's kappa (two) or Fleiss' kappa
 *   (more) over the units every one of them judged (a pair in compare mode, with side answers mapped to
 *   conditions; a pair and the condition rated in rate-right mode, as only the same image can be compared), at
 *   least `minKappa`.
 * Every flag is one line naming the reviewer, the number and the threshold. Both perceptual checks use this.
 */
import { binomialTest, type BinomialTestResult } from '../../checkers/stats/binomial';
import { cohenKappa, fleissKappa, type KappaResult } from '../../checkers/stats/kappa';
import { canonicalAnswer, repeatAgreement, type RepeatAgreement, type SideAnswers } from '../../checkers/stats/repeat-agreement';
import type { CompletedReview, Judgment } from './judgments';
import { LEFT_ANSWER, RIGHT_ANSWER } from '../cases/perceptual-settings';

export interface ConsistencyThresholds {
  /** Least share of repeats answered the same way (default 0.8). */
  readonly minRepeatAgreement?: number;
  /** A position-bias p-value below this flags the review (default 0.01). */
  readonly positionBiasAlpha?: number;
  /** Most share of answers faster than the set's fastMs (default 0.1). */
  readonly maxFastShare?: number;
  /** Least kappa between reviewers (default 0.4, "moderate" on Landis and Koch's scale). */
  readonly minKappa?: number;
  /** Confidence level of the kappa interval (default 0.95). */
  readonly confidence?: number;
}

export const CONSISTENCY_DEFAULTS = {
  minRepeatAgreement: 0.8,
  positionBiasAlpha: 0.01,
  maxFastShare: 0.1,
  minKappa: 0.4,
  confidence: 0.95,
} as const;

/** JSON Schema of the thresholds (params of review-consistency, and perceptual-verdict's `consistency`). */
export const CONSISTENCY_SCHEMA_PROPERTIES = {
  minRepeatAgreement: {
    type: 'number',
    minimum: 0,
    maximum: 1,
    description: 'least share of repeated pairs answered the same way (default 0.8)',
  },
  positionBiasAlpha: {
    type: 'number',
    exclusiveMinimum: 0,
    maximum: 1,
    description: 'a position-bias binomial test p-value below this flags the review (default 0.01)',
  },
  maxFastShare: { type: 'number', minimum: 0, maximum: 1, description: "most share of answers faster than the set's fastMs (default 0.1)" },
  minKappa: { type: 'number', minimum: -1, maximum: 1, description: 'least kappa between reviewers (default 0.4)' },
  confidence: {
    type: 'number',
    exclusiveMinimum: 0,
    exclusiveMaximum: 1,
    description: 'confidence level of the kappa interval (default 0.95)',
  },
} as const;

export interface ReviewConsistency {
  readonly reviewId: string;
  readonly reviewer: string;
  readonly answers: number;
  readonly repeats: RepeatAgreement;
  /** Compare mode only: "left" among the side answers, with the two-sided test against 1/2. */
  readonly positionBias: (BinomialTestResult & { left: number; sideAnswers: number }) | null;
  readonly fast: { count: number; share: number; fastMs: number };
  readonly medianMs: number;
  /** Why this review is not consistent (empty when it is). */
  readonly flags: readonly string[];
}

export interface InterRater {
  readonly method: 'cohen' | 'fleiss';
  readonly reviewers: readonly string[];
  /** Units judged by every reviewer. */
  readonly units: number;
  readonly kappa: KappaResult;
}

export interface ConsistencyAssessment {
  readonly thresholds: Required<ConsistencyThresholds>;
  readonly reviews: readonly ReviewConsistency[];
  readonly interRater: InterRater | null;
  /** Every flag (of the reviews and between them); the set is consistent when it is empty. */
  readonly flags: readonly string[];
  readonly consistent: boolean;
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}

/** The side answers of a review's mode. */
export function sideAnswersOf(r: CompletedReview): SideAnswers {
  return r.settings.mode === 'compare' ? { left: LEFT_ANSWER, right: RIGHT_ANSWER } : null;
}

function firstShowings(r: CompletedReview): Judgment[] {
  return r.judgments.filter((j) => j.repeatOf === undefined);
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? 0 : s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

function reviewConsistency(r: CompletedReview, t: Required<ConsistencyThresholds>): ReviewConsistency {
  const sides = sideAnswersOf(r);
  const byIndex = new Map(r.judgments.map((j) => [j.index, j]));
  const repeated = r.judgments.flatMap((j) => {
    const first = j.repeatOf === undefined ? undefined : byIndex.get(j.repeatOf);
    return first === undefined
      ? []
      : [
          {
            pair: j.pair,
            first: { answer: first.answer, left: first.shownLeft, right: first.shownRight },
            repeat: { answer: j.answer, left: j.shownLeft, right: j.shownRight },
          },
        ];
  });
  const repeats = repeatAgreement(repeated, sides);
  const flags: string[] = [];
  const who = `${r.reviewer} (review ${r.reviewId})`;
  if (repeats.share !== null && repeats.share < t.minRepeatAgreement) {
    flags.push(
      `${who} answered ${repeats.agreements} of ${repeats.repeats} repeated pairs the same way (${pct(repeats.share)}, below ${pct(t.minRepeatAgreement)})`,
    );
  }
  let positionBias: ReviewConsistency['positionBias'] = null;
  if (sides !== null) {
    const left = r.judgments.filter((j) => j.answer === sides.left).length;
    const sideAnswers = left + r.judgments.filter((j) => j.answer === sides.right).length;
    if (sideAnswers > 0) {
      positionBias = { ...binomialTest(left, sideAnswers, 0.5), left, sideAnswers };
      if (positionBias.pValue < t.positionBiasAlpha) {
        flags.push(
          `${who} chose the left image in ${left} of ${sideAnswers} side answers (${pct(left / sideAnswers)}; binomial test against 50%: p = ${positionBias.pValue.toPrecision(2)}, below ${t.positionBiasAlpha}): a position bias`,
        );
      }
    }
  }
  const fastMs = r.settings.fastMs;
  const fastCount = r.judgments.filter((j) => j.elapsedMs < fastMs).length;
  const fastShare = r.judgments.length > 0 ? fastCount / r.judgments.length : 0;
  if (fastShare > t.maxFastShare)
    flags.push(
      `${who} gave ${fastCount} of ${r.judgments.length} answers faster than ${fastMs} ms (${pct(fastShare)}, above ${pct(t.maxFastShare)})`,
    );
  return {
    reviewId: r.reviewId,
    reviewer: r.reviewer,
    answers: r.judgments.length,
    repeats,
    positionBias,
    fast: { count: fastCount, share: fastShare, fastMs },
    medianMs: median(r.judgments.map((j) => j.elapsedMs)),
    flags,
  };
}

/** A review's first judgment of each unit (see the header) as unit -> category. */
function unitsOf(r: CompletedReview): Map<string, string> {
  const sides = sideAnswersOf(r);
  const out = new Map<string, string>();
  for (const j of firstShowings(r)) {
    if (r.settings.mode === 'compare')
      out.set(j.pair, canonicalAnswer({ answer: j.answer, left: j.shownLeft, right: j.shownRight }, sides));
    else out.set(`${j.pair} ${j.shownRight}`, j.answer);
  }
  return out;
}

function interRater(reviews: readonly CompletedReview[], t: Required<ConsistencyThresholds>): InterRater | null {
  if (reviews.length < 2) return null;
  const maps = reviews.map(unitsOf);
  const common = [...(maps[0] as Map<string, string>).keys()].filter((u) => maps.every((m) => m.has(u))).sort();
  const reviewers = reviews.map((r) => r.reviewer);
  if (reviews.length === 2) {
    const [a, b] = maps as [Map<string, string>, Map<string, string>];
    return {
      method: 'cohen',
      reviewers,
      units: common.length,
      kappa: cohenKappa(
        common.map((u) => [a.get(u) as string, b.get(u) as string]),
        t.confidence,
      ),
    };
  }
  return {
    method: 'fleiss',
    reviewers,
    units: common.length,
    kappa: fleissKappa(
      common.map((u) => maps.map((m) => m.get(u) as string)),
      t.confidence,
    ),
  };
}

/** Assesses the complete reviews of one image-pair set (one per reviewer). */
export function assessConsistency(reviews: readonly CompletedReview[], thresholds: ConsistencyThresholds = {}): ConsistencyAssessment {
  const t: Required<ConsistencyThresholds> = { ...CONSISTENCY_DEFAULTS, ...thresholds };
  const per = reviews.map((r) => reviewConsistency(r, t));
  const between = interRater(reviews, t);
  const flags = per.flatMap((r) => r.flags);
  const k = between?.kappa;
  if (between !== null && k !== undefined && k.kappa !== null && k.kappa < t.minKappa) {
    const name = between.method === 'cohen' ? "Cohen's" : "Fleiss'";
    flags.push(
      `the reviewers (${between.reviewers.join(', ')}) disagree: ${name} kappa ${k.kappa.toFixed(2)} (${pct(t.confidence)} CI ${(k.low as number).toFixed(2)} to ${(k.high as number).toFixed(2)}) over ${between.units} judgments in common, below ${t.minKappa}`,
    );
  }
  return { thresholds: t, reviews: per, interRater: between, flags, consistent: flags.length === 0 };
}
