// The review's presentational pieces rendered to markup (react-dom/server, no DOM): the list of reviews with their
// progress, the answer legend (each answer a labelled button with its key cap), and what the checks decide, in
// the core's words and only from a report.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CaseDetail, ReviewSummaryView } from '../../../common/api/contract';
import type { RunState } from '../../../renderer/lib/run-state';
import { review } from './components';

const [ReviewList, AnswerLegend, ReviewOutcome] = await Promise.all([review.ReviewList(), review.AnswerLegend(), review.ReviewOutcome()]);
const none = () => undefined;

const summary = (over: Partial<ReviewSummaryView>): ReviewSummaryView => ({
  reviewId: 'r1',
  reviewer: 'Ada',
  seed: 7,
  repeatShare: 0.1,
  createdAt: '2026-11-29T16:00:00.000Z',
  total: 141,
  answered: 10,
  ...over,
});

function caseWithReviewChecks(): CaseDetail {
  return {
    id: 'q',
    title: 'Quantization',
    paper: { title: 'P', venueId: 'v', authors: [], claims: [{ id: 'C1', text: 'stable' }] },
    falsifications: [
      {
        id: 'F1',
        claim: 'C1',
        logbook: 'lb',
        assertion: 'Images collapse at 3 bits.',
        checks: [
          { id: 'consistency', kind: 'review-consistency', title: 'Consistency of the reviews', params: {} },
          { id: 'verdict', kind: 'perceptual-verdict', title: 'Share judged unusable', params: {} },
        ],
        checklist: [],
      },
      {
        id: 'F2',
        claim: 'C1',
        logbook: 'lb',
        assertion: 'PSNR drops.',
        checks: [{ id: 'psnr', kind: 'image-metrics', title: 'PSNR', params: {} }],
        checklist: [],
      },
    ],
    paperMarkdown: '',
    logbooks: [],
    sandboxFiles: [],
    audit: [],
    latest: [],
  };
}

describe('review markup', () => {
  it('lists reviews with their progress and a labelled resume or open button', () => {
    const html = renderToStaticMarkup(
      h(ReviewList, {
        reviews: [summary({}), summary({ reviewId: 'r2', reviewer: 'Bo', answered: 141, exported: 'reviews/r2.csv' })],
        onOpen: none,
      }),
    );
    expect(html).toContain('10 of 141 answered (7%)');
    expect(html).toContain('aria-valuenow="10"');
    expect(html).toContain('aria-label="Resume Ada&#x27;s review (10 of 141 answered (7%))"');
    expect(html).toContain('>Open</button>');
    expect(html).toContain('complete: 141 of 141 answered');
    expect(html).toContain('reviews/r2.csv');
    expect(renderToStaticMarkup(h(ReviewList, { reviews: [], onOpen: none }))).toContain('No review of these pairs yet');
  });

  it('shows every answer as a button with its key, disabled until the images are shown', () => {
    const answers = [
      { value: 'left', key: 'A', label: 'Left is better' },
      { value: 'same', key: '=', label: 'Same' },
    ];
    const html = renderToStaticMarkup(h(AnswerLegend, { answers, enabled: false, onAnswer: none }));
    expect(html.match(/<button[^>]*disabled=""/g)).toHaveLength(2);
    expect(html).toContain('aria-keyshortcuts="A"');
    expect(html).toContain('<kbd>A</kbd></span><span>Left is better</span>');
    expect(html).toContain('<kbd>=</kbd></span><span>Same</span>');
  });

  it('shows nothing decided before a run, then the decision and the review checks of the report', () => {
    const detail = caseWithReviewChecks();
    const before = renderToStaticMarkup(
      h(ReviewOutcome, { detail, run: undefined, starting: false, runError: null, onRun: none, complete: false }),
    );
    expect(before).toContain('data-decision="pending"');
    expect(before).toContain('Not computed yet');
    expect(before).toContain('The review is not complete');
    expect(before).not.toContain('data-falsification="F2"');
    const consistency = {
      falsificationId: 'F1',
      checkId: 'consistency',
      kind: 'review-consistency',
      title: 'Consistency of the reviews',
      outcome: 'neutral' as const,
      summary: 'waiting for review: 10 of 141 answered',
      evidence: {},
      artifacts: [],
      durationMs: 1,
    };
    const psnr = { ...consistency, checkId: 'psnr', kind: 'image-metrics', title: 'PSNR', falsificationId: 'F1', summary: 'psnr' };
    const run: RunState = {
      runId: 'run1',
      caseId: 'q',
      falsificationId: null,
      status: 'finished',
      logs: [],
      results: [consistency, psnr],
      report: {
        runId: 'run1',
        caseId: 'q',
        startedAt: 'a',
        finishedAt: 'b',
        falsifications: [
          {
            falsificationId: 'F1',
            claim: 'C1',
            assertion: 'x',
            decision: 'inconclusive',
            reason: 'waiting for review',
            checks: [consistency, psnr],
          },
        ],
      },
    };
    const after = renderToStaticMarkup(h(ReviewOutcome, { detail, run, starting: false, runError: null, onRun: none, complete: false }));
    expect(after).toContain('data-decision="inconclusive"');
    expect(after).toContain('waiting for review: 10 of 141 answered');
    expect(after).toContain('data-kind="review-consistency"');
    expect(after).not.toContain('data-kind="image-metrics"');
  });
});
