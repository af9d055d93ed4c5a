/**
 * Figures of a `review-consistency` check, each against the threshold the check applied: per reviewer, the
 * share of repeated pairs answered the same way; the share of answers faster than the set's threshold; in
 * compare mode, the share of "left" among side answers (its binomial test's p-value in the caption); and,
 * with two or more reviewers, Cohen's or Fleiss' kappa with its confidence interval.
 */
import { num, obj, percent, records, short, str, type Json } from '../read';
import type { BarSpec, FigureSpec } from '../spec';

interface Review {
  reviewer: string;
  answers: number;
  repeats: number;
  agreements: number;
  share: number | null;
  swapped: number;
  swappedAgreements: number;
  fast: { count: number; share: number; fastMs: number } | null;
  medianMs: number | undefined;
  bias: { left: number; sideAnswers: number; share: number; pValue: number } | null;
}

function reviewsOf(e: Json): Review[] {
  return records(e.reviews).flatMap((r) => {
    const reviewer = str(r.reviewer);
    const answers = num(r.answers);
    if (reviewer === undefined || answers === undefined) return [];
    const fast = obj(r.fast);
    const bias = obj(r.positionBias);
    const biasOk = bias !== undefined && [bias.left, bias.sideAnswers, bias.share, bias.pValue].every((v) => num(v) !== undefined);
    const fastOk = fast !== undefined && [fast.count, fast.share, fast.fastMs].every((v) => num(v) !== undefined);
    return [
      {
        reviewer,
        answers,
        repeats: num(r.repeats) ?? 0,
        agreements: num(r.repeatAgreements) ?? 0,
        share: num(r.repeatAgreement) ?? null,
        swapped: num(r.swappedRepeats) ?? 0,
        swappedAgreements: num(r.swappedAgreements) ?? 0,
        fast: fastOk ? { count: fast.count as number, share: fast.share as number, fastMs: fast.fastMs as number } : null,
        medianMs: num(r.medianMs),
        bias: biasOk
          ? {
              left: bias.left as number,
              sideAnswers: bias.sideAnswers as number,
              share: bias.share as number,
              pValue: bias.pValue as number,
            }
          : null,
      },
    ];
  });
}

function bars(
  id: string,
  title: string,
  caption: string,
  categories: string[],
  label: string,
  values: number[],
  value: BarSpec['value'],
  ref: { value: number; label: string } | undefined,
): BarSpec {
  return {
    type: 'bars',
    id,
    title,
    caption,
    categories,
    series: [{ label, tone: 1, values }],
    value,
    ...(ref !== undefined ? { refs: [ref] } : {}),
  };
}

export function reviewConsistencyFigures(e: Json): FigureSpec[] {
  if (e.waiting === true) return [];
  const reviews = reviewsOf(e);
  const t = obj(e.thresholds) ?? {};
  const figures: FigureSpec[] = [];

  const repeated = reviews.filter((r) => r.share !== null && r.repeats > 0);
  if (repeated.length > 0) {
    const min = num(t.minRepeatAgreement);
    figures.push(
      bars(
        'repeat-agreement',
        'Repeated pairs answered the same way, per reviewer',
        `Each reviewer saw some pairs a second time, some with the sides swapped (swapped answers mapped back to conditions): ` +
          repeated
            .map(
              (r) =>
                `${r.reviewer} ${r.agreements} of ${r.repeats} (${percent(r.share as number)})${r.swapped > 0 ? `, ${r.swappedAgreements} of ${r.swapped} swapped` : ''}`,
            )
            .join('; ') +
          `.${min !== undefined ? ` The check asks for at least ${percent(min)}.` : ''}`,
        repeated.map((r) => r.reviewer),
        'repeats answered the same way',
        repeated.map((r) => 100 * (r.share as number)),
        { label: 'same answer', unit: '%' },
        min !== undefined ? { value: 100 * min, label: `least ${percent(min)}` } : undefined,
      ),
    );
  }

  const timed = reviews.filter((r) => r.fast !== null);
  if (timed.length > 0) {
    const max = num(t.maxFastShare);
    const fastMs = timed[0]!.fast!.fastMs;
    figures.push(
      bars(
        'fast-answers',
        `Answers faster than ${short(fastMs)} ms, per reviewer`,
        `Answers given in less than the set's ${short(fastMs)} ms, too fast to have looked at both images: ` +
          timed
            .map(
              (r) =>
                `${r.reviewer} ${r.fast!.count} of ${r.answers} (${percent(r.fast!.share)})${r.medianMs !== undefined ? `, median ${short(r.medianMs)} ms per answer` : ''}`,
            )
            .join('; ') +
          `.${max !== undefined ? ` The check allows at most ${percent(max)}.` : ''}`,
        timed.map((r) => r.reviewer),
        `answers under ${short(fastMs)} ms`,
        timed.map((r) => 100 * r.fast!.share),
        { label: 'fast answers', unit: '%' },
        max !== undefined ? { value: 100 * max, label: `most ${percent(max)}` } : undefined,
      ),
    );
  }

  const sided = reviews.filter((r) => r.bias !== null);
  if (sided.length > 0) {
    const alpha = num(t.positionBiasAlpha);
    figures.push(
      bars(
        'position-bias',
        'Share of "left" among side answers, per reviewer',
        `The sides are randomised, so a reviewer judging the images picks each side about half the time: ` +
          sided
            .map(
              (r) =>
                `${r.reviewer} chose left ${r.bias!.left} of ${r.bias!.sideAnswers} times (${percent(r.bias!.share)}, exact binomial test against 50%: p = ${short(r.bias!.pValue)})`,
            )
            .join('; ') +
          `.${alpha !== undefined ? ` A p-value below ${short(alpha)} flags the review.` : ''}`,
        sided.map((r) => r.reviewer),
        'left chosen',
        sided.map((r) => 100 * r.bias!.share),
        { label: 'left answers', unit: '%' },
        { value: 50, label: 'no bias (50%)' },
      ),
    );
  }

  const ir = obj(e.interRater);
  const k = obj(ir?.kappa);
  const kappa = num(k?.kappa);
  if (ir !== undefined && k !== undefined && kappa !== undefined) {
    const name = str(ir.method) === 'fleiss' ? "Fleiss' kappa" : "Cohen's kappa";
    const low = num(k.low);
    const high = num(k.high);
    const confidence = num(k.confidence) ?? num(t.confidence) ?? 0.95;
    const min = num(t.minKappa);
    const who = (Array.isArray(ir.reviewers) ? ir.reviewers : []).filter((x): x is string => typeof x === 'string');
    const interval: [number, number] | null = low !== undefined && high !== undefined ? [low, high] : null;
    figures.push({
      type: 'bars',
      id: 'kappa',
      title: `Agreement between reviewers (${name})`,
      caption:
        `${name} of ${who.join(', ')} over the ${num(ir.units) ?? '?'} judgments they all made: ${short(kappa)}` +
        `${interval !== null ? ` (${percent(confidence)} CI ${short(interval[0])} to ${short(interval[1])})` : ''}; 0 is chance agreement, 1 perfect.` +
        `${min !== undefined ? ` The check asks for at least ${short(min)}.` : ''}`,
      categories: [name],
      series: [{ label: name, tone: 1, values: [kappa], intervals: [interval] }],
      ...(interval !== null ? { interval: `${percent(confidence)} confidence interval` } : {}),
      value: { label: 'kappa' },
      ...(min !== undefined ? { refs: [{ value: min, label: `least ${short(min)}` }] } : {}),
    });
  }
  return figures;
}
