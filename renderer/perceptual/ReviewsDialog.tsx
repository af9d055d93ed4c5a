/**
 * "Review image pairs": the case's question and pair count, its reviews with their progress (listReviews), and
 * starting a new review under the reviewer's name (the one the app keeps for decisions and edits). Starting or
 * resuming calls `onOpen` with the review's id; the review screen takes it from there.
 */
import { useEffect, useId, useState } from 'react';
import type { ImagePairSetView, RecheckApi, ReviewSummaryView } from '../../common/api/contract';
import { Dialog } from '../components/Dialog';
import { ReviewerInput } from '../components/ReviewerInput';
import { ReviewList } from './ReviewList';

export function ReviewsDialog(props: {
  api: RecheckApi;
  caseId: string;
  set: ImagePairSetView;
  reviewer: string;
  onReviewerChange(name: string): void;
  onOpen(reviewId: string): void;
  onClose(): void;
}) {
  const { api, caseId } = props;
  const ids = useId();
  const [reviews, setReviews] = useState<ReviewSummaryView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  useEffect(() => {
    let live = true;
    api.listReviews(caseId).then(
      (r) => live && setReviews(r),
      (e: unknown) => live && setError((e as Error).message),
    );
    return () => {
      live = false;
    };
  }, [api, caseId]);

  const who = props.reviewer.trim();
  const start = () => {
    if (who === '') return;
    setStarting(true);
    setError(null);
    api.startReview({ caseId, reviewer: who }).then(
      (s) => props.onOpen(s.reviewId),
      (e: unknown) => {
        setError((e as Error).message);
        setStarting(false);
      },
    );
  };

  const footer = (
    <>
      {error !== null ? (
        <span className="error-text" role="alert">
          {error}
        </span>
      ) : null}
      <span className="spacer" />
      <button type="button" className="btn btn-primary" onClick={start} disabled={who === '' || starting} data-testid="review-start">
        {starting ? 'Starting…' : 'Start a new review'}
      </button>
    </>
  );

  return (
    <Dialog title="Review image pairs" testId="reviews-dialog" onClose={props.onClose} busy={starting} footer={footer} size="narrow">
      <p style={{ marginTop: 0 }}>
        <strong>{props.set.question}</strong>
      </p>
      <p className="small muted">
        {props.set.count} pairs, shown one at a time and blind: which side comes from which condition is hidden, and the sides are shuffled
        per pair from a seed kept with the review.
        {props.set.repeatShare > 0
          ? ` About ${Math.round(props.set.repeatShare * 100)}% of the pairs are shown a second time, some with the sides swapped, to measure consistency.`
          : ''}{' '}
        Each answer is saved as you give it: close the review at any time and resume it later. While your review is incomplete the case
        stays hidden (its checks, results and files could tell the sides apart): start it before reading the case’s results.
      </p>
      <div className="form-row">
        <label htmlFor={`${ids}-who`}>Reviewer</label>
        <ReviewerInput id={`${ids}-who`} value={props.reviewer} onChange={props.onReviewerChange} required disabled={starting} />
      </div>
      <h3 className="section-heading">Reviews</h3>
      {reviews === null && error === null ? <p className="muted">Reading the reviews…</p> : null}
      {reviews !== null ? <ReviewList reviews={reviews} onOpen={props.onOpen} disabled={starting} /> : null}
    </Dialog>
  );
}
