// Issue 22: the blind review's cover showed "0 of 141 answered" after one answer was given and the review closed.
// The gate read when the review opened (answered 0) was kept while listReviews was read again; the cover showed it.
// Now a review just left starts at 'checking' (no cover) until the re-read, which gives the saved progress.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReviewSummaryView } from '../../../common/api/contract';
import { readGate, shownGate, whileChecking, type BlindGate } from '../../../renderer/perceptual/blind-gate';
import { review } from './components';

const BlindCover = await review.BlindCover();
const summary = (answered: number): ReviewSummaryView => ({
  reviewId: 'r1',
  reviewer: 'Ada',
  repeatShare: 0.1,
  createdAt: '2026-11-29T16:00:00.000Z',
  total: 141,
  answered,
});

/** A fake core: its reviews' progress is what the review screen saved. */
function fakeApi() {
  let answered = 0;
  const calls: string[] = [];
  return {
    answer: () => (answered += 1),
    calls,
    api: {
      async listReviews(caseId: string) {
        calls.push(caseId);
        return [summary(answered)];
      },
    },
  };
}

/** What the App shows for `g`: the cover's progress line, or null when no cover is shown. */
function coverText(g: BlindGate): string | null {
  if (g.state !== 'blind') return null;
  const html = renderToStaticMarkup(
    h(BlindCover, { caseId: g.caseId, review: g.review, reviewer: 'Ada', onReviewerChange: () => {}, onResume: () => {} }),
  );
  return /\d+ of \d+ answered/.exec(html)?.[0] ?? '';
}

describe('the blind cover after a review closes', () => {
  it('never shows the progress read when the review opened: checking, then the saved count', async () => {
    const core = fakeApi();
    // The review is entered from the URL: the gate is read with it.
    const inReview = await readGate(core.api, 'q', 'Ada', 'r1');
    expect(inReview).toMatchObject({ state: 'blind', entered: 'r1' });
    // One answer is saved; the reviewer closes the review screen (the URL loses &review).
    core.answer();
    // The render before the re-read's effect, and the gate while listReviews is read again: no stale cover.
    expect(shownGate(inReview, 'q', undefined).state).toBe('checking');
    const during = whileChecking(inReview, 'q', undefined);
    expect(coverText(shownGate(during, 'q', undefined))).toBeNull();
    // The re-read arrives: the cover shows the saved progress.
    const after = await readGate(core.api, 'q', 'Ada', undefined);
    expect(coverText(shownGate(after, 'q', undefined))).toBe('1 of 141 answered');
    expect(core.calls).toEqual(['q', 'q']);
  });

  it('keeps the last answer while the same review or the same cover is checked again (typing a name)', async () => {
    const core = fakeApi();
    const onCover = await readGate(core.api, 'q', 'Ada', undefined);
    expect(whileChecking(onCover, 'q', undefined)).toBe(onCover);
    expect(shownGate(onCover, 'q', undefined)).toBe(onCover);
    const inReview = await readGate(core.api, 'q', 'Ada', 'r1');
    expect(whileChecking(inReview, 'q', 'r1')).toBe(inReview);
    // Another case, or entering a review from the cover: checking first.
    expect(whileChecking(onCover, 'other', undefined).state).toBe('checking');
    expect(shownGate(onCover, 'q', 'r1').state).toBe('checking');
    expect(shownGate(onCover, 'other', undefined).state).toBe('checking');
  });

  it('a cover is shown only for the gate read with the URL’s review as it is now (property)', () => {
    const ids = fc.constantFrom(undefined, 'r1', 'r2');
    fc.assert(
      fc.property(
        ids,
        ids,
        fc.constantFrom('q', 'z'),
        fc.constantFrom<'blind' | 'open' | 'checking'>('blind', 'open', 'checking'),
        (readWith, now, caseId, state) => {
          const g: BlindGate =
            state === 'blind'
              ? { state, caseId: 'q', review: summary(0), ...(readWith !== undefined ? { entered: readWith } : {}) }
              : { state, caseId: 'q', ...(readWith !== undefined ? { entered: readWith } : {}) };
          const shown = shownGate(g, caseId, now);
          if (shown.state === 'blind') expect(caseId === 'q' && readWith === now).toBe(true);
          const kept = whileChecking(g, caseId, now);
          // An open case stays open when its review is left (no reload); a blind one is read again first.
          expect(kept === g).toBe(caseId === 'q' && (readWith === now || (now === undefined && state === 'open')));
        },
      ),
      { seed: 22, numRuns: 200 },
    );
  });

  it('a case whose reviews cannot be listed opens', async () => {
    const failing = { listReviews: () => Promise.reject(new Error('no reviews')) };
    expect(await readGate(failing, 'q', 'Ada', 'r1')).toEqual({ state: 'open', caseId: 'q', entered: 'r1' });
  });
});
