/**
 * The way into perceptual review from a case: when the case has an image-pair set (imagePairSet), a "Review image
 * pairs" button in the case header and the same command in the palette; both open the list of the case's reviews
 * (ReviewsDialog). Opening a review puts it in the URL (`&review=ID`), where the App shows the review screen.
 */
import { useEffect, useState } from 'react';
import type { ImagePairSetView, RecheckApi } from '../../common/api/contract';
import { setUrlState } from '../lib/use-url-state';
import { useCommands } from '../palette/use-commands';
import { ReviewsDialog } from './ReviewsDialog';

export function ReviewPairsButton(props: { api: RecheckApi; caseId: string; reviewer: string; onReviewerChange(name: string): void }) {
  const { api, caseId } = props;
  const [set, setSet] = useState<{ caseId: string; set: ImagePairSetView | null } | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    setOpen(false);
    api.imagePairSet(caseId).then(
      (s) => live && setSet({ caseId, set: s }),
      // A case whose pair set cannot be read offers no review here; `recheck validate` says why.
      () => live && setSet({ caseId, set: null }),
    );
    return () => {
      live = false;
    };
  }, [api, caseId]);
  const pairs = set !== null && set.caseId === caseId ? set.set : null;
  useCommands(
    pairs !== null
      ? [{ id: 'review.pairs', title: 'Review image pairs…', group: 'Case', detail: `${pairs.count} pairs`, run: () => setOpen(true) }]
      : [],
  );
  if (pairs === null) return null;
  return (
    <>
      <button
        type="button"
        className="btn"
        onClick={() => setOpen(true)}
        data-testid="review-pairs"
        title={`Judge the case's ${pairs.count} image pairs blind, one at a time`}
      >
        Review image pairs
      </button>
      {open ? (
        <ReviewsDialog
          api={api}
          caseId={caseId}
          set={pairs}
          reviewer={props.reviewer}
          onReviewerChange={props.onReviewerChange}
          onOpen={(reviewId) => {
            setOpen(false);
            setUrlState({ review: reviewId }, 'push');
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
