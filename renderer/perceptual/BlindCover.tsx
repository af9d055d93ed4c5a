/**
 * What the App shows in place of a case that is blind to the reviewer (blind-gate.ts): the reviewer's
 * incomplete review with its progress and a button to resume it, and why the case stays hidden. Nothing of the
 * case is read to draw it but the review's summary (no seed: the summary has none until the review is complete).
 */
import { useId } from 'react';
import type { ReviewSummaryView } from '../../common/api/contract';
import { ReviewerInput } from '../components/ReviewerInput';
import { progressShare, progressWords } from './progress';

export function BlindCover(props: {
  caseId: string;
  review: ReviewSummaryView;
  reviewer: string;
  onReviewerChange(name: string): void;
  onResume(reviewId: string): void;
}) {
  const { review } = props;
  const id = useId();
  const words = progressWords(review);
  return (
    <section
      className="review-screen blind-cover"
      data-testid="blind-cover"
      data-case={props.caseId}
      data-review={review.reviewId}
      aria-labelledby="blind-cover-title"
    >
      <header className="case-header review-header">
        <div className="case-heading">
          <h1 id="blind-cover-title">Blind review in progress</h1>
          <div className="small muted mono">{props.caseId}</div>
        </div>
      </header>
      <div className="review-complete" role="status">
        <p>
          <strong>{review.reviewer}</strong>’s review of this case’s image pairs is not complete ({words}). Until every item is answered,
          the case stays hidden here: its paper, its checks and their results, its files and its hypothesis could tell which image is which,
          and sway the answers.
        </p>
        <div className="review-progress">
          <span
            className="progress-track"
            role="progressbar"
            aria-label="Review progress"
            aria-valuemin={0}
            aria-valuemax={review.total}
            aria-valuenow={review.answered}
            aria-valuetext={words}
          >
            <span className="progress-fill" style={{ width: `${progressShare(review) * 100}%` }} />
          </span>
        </div>
        <p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => props.onResume(review.reviewId)}
            data-testid="blind-cover-resume"
          >
            Resume the review
          </button>
        </p>
        <div className="form-row">
          <label htmlFor={`${id}-who`} className="small">
            Reviewer (someone else using this app? the case opens for a reviewer with no review of it in progress)
          </label>
          <ReviewerInput id={`${id}-who`} value={props.reviewer} onChange={props.onReviewerChange} />
        </div>
      </div>
    </section>
  );
}
