// The rule of blind review for the case page (renderer/perceptual/blind-gate.ts): the case is blind to a reviewer
// while that reviewer has an incomplete review of it, or while the URL opens an incomplete review of it; the
// cover then shows the review's progress with no seed; the list shows a seed only when the core sends one
// (once the review is complete).
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReviewSummaryView } from '../../../common/api/contract';
import { blindReviewOf } from '../../../renderer/perceptual/blind-gate';
import { review } from './components';

const [BlindCover, ReviewList] = await Promise.all([review.BlindCover(), review.ReviewList()]);
const none = () => undefined;
const summary = (over: Partial<ReviewSummaryView>): ReviewSummaryView => ({
  reviewId: 'r1',
  reviewer: 'Ada',
  repeatShare: 0.1,
  createdAt: '2026-11-29T16:00:00.000Z',
  total: 141,
  answered: 10,
  ...over,
});

describe('blindReviewOf', () => {
  it('is the reviewer’s newest incomplete review, or the incomplete one in the URL, else null', () => {
    const ada1 = summary({ reviewId: 'a-new' });
    const ada0 = summary({ reviewId: 'a-old', answered: 3 });
    const bo = summary({ reviewId: 'b', reviewer: 'Bo' });
    const done = summary({ reviewId: 'a-done', answered: 141, seed: 7 });
    const listed = [done, ada1, bo, ada0]; // newest first, as listReviews gives them
    expect(blindReviewOf(listed, 'Ada')?.reviewId).toBe('a-new');
    expect(blindReviewOf(listed, '  Ada ')?.reviewId).toBe('a-new');
    expect(blindReviewOf(listed, 'Cy')).toBeNull();
    expect(blindReviewOf(listed, '')).toBeNull();
    expect(blindReviewOf(listed, 'Cy', 'b')?.reviewId).toBe('b');
    expect(blindReviewOf(listed, 'Ada', 'b')?.reviewId).toBe('b');
    expect(blindReviewOf(listed, 'Cy', 'a-done')).toBeNull();
    expect(blindReviewOf([done], 'Ada', 'a-done')).toBeNull();
  });

  it('blind exactly when some listed review is incomplete and is the URL’s or the reviewer’s (property)', () => {
    const names = ['Ada', 'Bo', 'Cy'];
    const arb = fc.array(fc.record({ who: fc.constantFrom(...names), answered: fc.integer({ min: 0, max: 4 }) }), { maxLength: 6 });
    fc.assert(
      fc.property(arb, fc.constantFrom(...names, ''), fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }), (rows, who, at) => {
        const reviews = rows.map((r, i) => summary({ reviewId: `r${i}`, reviewer: r.who, answered: r.answered, total: 4 }));
        const inUrl = at === undefined ? undefined : `r${at}`;
        const got = blindReviewOf(reviews, who, inUrl);
        const expected =
          reviews.find((r) => r.reviewId === inUrl && r.answered < r.total) ??
          reviews.find((r) => who !== '' && r.reviewer === who && r.answered < r.total) ??
          null;
        expect(got).toBe(expected);
      }),
      { seed: 22, numRuns: 300 },
    );
  });
});

describe('blind markup', () => {
  it('the cover shows the progress and a resume button, and no seed', () => {
    const html = renderToStaticMarkup(
      h(BlindCover, { caseId: 'quantization-stability', review: summary({}), reviewer: 'Ada', onReviewerChange: none, onResume: none }),
    );
    expect(html).toContain('data-testid="blind-cover-resume"');
    expect(html).toContain('10 of 141 answered (7%)');
    expect(html).not.toMatch(/seed/i);
  });

  it('the list shows a review’s seed only when the core sends it', () => {
    expect(renderToStaticMarkup(h(ReviewList, { reviews: [summary({})], onOpen: none }))).not.toMatch(/seed/);
    expect(renderToStaticMarkup(h(ReviewList, { reviews: [summary({ answered: 141, seed: 7 })], onOpen: none }))).toContain('· seed 7');
  });
});
