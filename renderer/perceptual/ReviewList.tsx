/**
 * The perceptual reviews of a case (newest first): who, when, how far (a progress bar with the words), the seed
 * once the review is complete (the core sends none before),
 * whether it was exported; each with a button to resume it (or open it when complete). Presentational.
 */
import type { ReviewSummaryView } from '../../common/api/contract';
import { isComplete, progressShare, progressWords } from './progress';

export function ReviewList(props: { reviews: readonly ReviewSummaryView[]; onOpen(reviewId: string): void; disabled?: boolean }) {
  if (props.reviews.length === 0)
    return (
      <p className="muted" data-testid="review-list-empty">
        No review of these pairs yet.
      </p>
    );
  return (
    <ul className="review-list" data-testid="review-list" aria-label="Reviews of this case">
      {props.reviews.map((r) => {
        const complete = isComplete(r);
        const words = progressWords(r);
        return (
          <li
            key={r.reviewId}
            className="review-list-row"
            data-testid="review-list-row"
            data-review={r.reviewId}
            data-reviewer={r.reviewer}
          >
            <div className="review-list-main">
              <div>
                <strong>{r.reviewer}</strong>{' '}
                <span className="muted small">
                  started {r.createdAt.slice(0, 16).replace('T', ' ')}
                  {r.seed !== undefined ? ` · seed ${r.seed}` : ''}
                </span>
              </div>
              <div className="review-progress">
                <span
                  className="progress-track"
                  role="progressbar"
                  aria-label={`Progress of ${r.reviewer}'s review`}
                  aria-valuemin={0}
                  aria-valuemax={r.total}
                  aria-valuenow={r.answered}
                  aria-valuetext={words}
                >
                  <span className="progress-fill" style={{ width: `${progressShare(r) * 100}%` }} />
                </span>
                <span className="small" data-testid="review-list-progress">
                  {words}
                </span>
              </div>
              {r.exported !== undefined ? (
                <div className="small muted">
                  exported to <span className="mono">{r.exported}</span>
                </div>
              ) : null}
            </div>
            <button
              type="button"
              className="btn"
              onClick={() => props.onOpen(r.reviewId)}
              disabled={props.disabled}
              data-testid="review-resume"
              aria-label={`${complete ? 'Open' : 'Resume'} ${r.reviewer}'s review (${words})`}
            >
              {complete ? 'Open' : 'Resume'}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
