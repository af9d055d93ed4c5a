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
 * What the gate says while `caseId` is checked again (before listReviews answers): the last answer is kept only for
 * the same case with the same review in the URL (typing the reviewer's name does not close and reopen the case).
 * A new case, a review entered from the URL and a review just left (unless the case was open) start at 'checking':
 * the cover shown after a review closes never shows the progress read when it opened (issue 22: "0 of 141 answered" after one answer).
 * Example: `whileChecking({ state: 'blind', caseId: 'c', review, entered: 'r1' }, 'c', undefined).state` is 'checking'.
 */
export function whileChecking(g: BlindGate, caseId: string, openReviewId: string | undefined): BlindGate {
  return g.caseId === caseId && current(g, openReviewId) ? g : { state: 'checking', caseId };
}

/** Whether `g` still holds with `openReviewId` in the URL: read with it, or open and the review left (the case stays open, not reloaded). */
function current(g: BlindGate, openReviewId: string | undefined): boolean {
  return g.entered === openReviewId || (openReviewId === undefined && g.state === 'open');
}

/**
 * The gate as the App may use it on this render: 'checking' when it was read for another case or another review in
 * the URL (the effect that reads it again has not run yet on this render).
 */
export function shownGate(g: BlindGate, caseId: string | null, openReviewId: string | undefined): BlindGate {
  if (g.caseId !== caseId) return { state: 'checking', caseId };
  if (caseId !== null && !current(g, openReviewId) && g.state !== 'checking') return { state: 'checking', caseId };
  return g;
}

/** The gate for `caseId` from its reviews (a case whose reviews cannot be listed is opened: its page says what is wrong). */
export async function readGate(
  api: Pick<RecheckApi, 'listReviews'>,
  caseId: string,
  reviewer: string,
  openReviewId: string | undefined,
): Promise<BlindGate> {
  const entered = openReviewId !== undefined ? { entered: openReviewId } : {};
  try {
    const review = blindReviewOf(await api.listReviews(caseId), reviewer, openReviewId);
    return review !== null ? { state: 'blind', caseId, review, ...entered } : { state: 'open', caseId, ...entered };
  } catch {
    return { state: 'open', caseId, ...entered };
  }
}

/**
 * The gate for `caseId`, read with listReviews whenever the case, the reviewer, the review in the URL or
 * `refreshKey` changes; while it is read, `whileChecking` says what shows.
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
    setGate((g) => whileChecking(g, caseId, openReviewId));
    void readGate(api, caseId, reviewer, openReviewId).then((g) => live && setGate(g));
    return () => {
      live = false;
    };
  }, [api, caseId, reviewer, openReviewId, refreshKey]);
  return shownGate(gate, caseId, openReviewId);
}
