/**
 * Whether the open case must stay hidden from the reviewer: the rule of blind review for the case page.
 *
 * A case is *blind* to the reviewer (the name the app keeps for decisions and edits) while that reviewer has an
 * incomplete review of it, or while the URL opens an incomplete review of it (`&review=ID`, whoever started it).
 * While it is, the App does not ask the core for the case at all (no openCase: no paper, claims, hypotheses,
 * checks, results, evidence, files or audit log reach the page); it shows the review, or a cover that offers to
 * resume it. The only calls for the case are listReviews (to apply this rule), imagePairSet and the review's own
 * methods, whose responses carry no condition, pair id, image file, metric, seed or hypothesis
 * (test/security/blind-review-responses.test.ts walks them). Once the last item is answered the rule no longer
 * holds and the case opens as usual.
 *
 * Example: `blindReviewOf([{ reviewer: 'Ada', answered: 3, total: 10, ... }], 'Ada')` is that review.
 */
import { useEffect, useState } from 'react';
import type { RecheckApi, ReviewSummaryView } from '../../common/api/contract';

/** What the App may do with the selected case: wait, show the blind review only, or open it. */
export type BlindGate =
  | { readonly state: 'checking'; readonly caseId: string | null; readonly entered?: string }
  | { readonly state: 'blind'; readonly caseId: string; readonly review: ReviewSummaryView; readonly entered?: string }
  | { readonly state: 'open'; readonly caseId: string | null; readonly entered?: string };

/** The incomplete review that makes the case blind (the one in the URL first, else the reviewer's newest), or null. */
export function blindReviewOf(reviews: readonly ReviewSummaryView[], reviewer: string, openReviewId?: string): ReviewSummaryView | null {
  const incomplete = reviews.filter((r) => r.answered < r.total);
  const inUrl = openReviewId === undefined ? undefined : incomplete.find((r) => r.reviewId === openReviewId);
  if (inUrl !== undefined) return inUrl;
  const who = reviewer.trim();
  if (who === '') return null;
  // listReviews gives the newest first.
  return incomplete.find((r) => r.reviewer.trim() === who) ?? null;
}

/**
 * The gate for `caseId`, read with listReviews whenever the case, the reviewer, the review in the URL or
 * `refreshKey` changes. A new case, and a review entered from the URL, start at 'checking' (so the case page is
 * closed before the review shows, not after); any other re-check of the same case keeps the last answer until
 * the new one arrives (typing the reviewer's name does not close and reopen the case). A case whose reviews
 * cannot be listed is opened (its page then says what is wrong with it).
 */
export function useBlindGate(
  api: Pick<RecheckApi, 'listReviews'>,
  caseId: string | null,
  reviewer: string,
  openReviewId: string | undefined,
  refreshKey: number,
): BlindGate {
  const [gate, setGate] = useState<BlindGate>({ state: caseId === null ? 'open' : 'checking', caseId });
  useEffect(() => {
    if (caseId === null) {
      setGate({ state: 'open', caseId: null });
      return;
    }
    let live = true;
    setGate((g) => (g.caseId === caseId && (openReviewId === undefined || g.entered === openReviewId) ? g : { state: 'checking', caseId }));
    const entered = openReviewId !== undefined ? { entered: openReviewId } : {};
    api.listReviews(caseId).then(
      (reviews) => {
        if (!live) return;
        const review = blindReviewOf(reviews, reviewer, openReviewId);
        setGate(review !== null ? { state: 'blind', caseId, review, ...entered } : { state: 'open', caseId, ...entered });
      },
      () => live && setGate({ state: 'open', caseId, ...entered }),
    );
    return () => {
      live = false;
    };
  }, [api, caseId, reviewer, openReviewId, refreshKey]);
  if (gate.caseId !== caseId) return { state: 'checking', caseId };
  // A review just entered: closed until its check answers (the effect has not run yet on this render).
  if (openReviewId !== undefined && gate.entered !== openReviewId && gate.state !== 'checking') return { state: 'checking', caseId };
  return gate;
}
