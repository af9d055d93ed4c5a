/**
 * The review screen's presentational components, loaded for markup tests the way vitest compiles them (the
 * Node-side TypeScript project that type-checks the tests has no JSX): imported by path, typed here by the
 * props the tests pass.
 */
import { join } from 'node:path';
import type { FunctionComponent } from 'react';
import type { CaseDetail, PerceptualAnswerOption, ReviewSummaryView } from '../../../common/api/contract';
import type { RunState } from '../../../renderer/lib/run-state';

const DIR = join(import.meta.dirname, '../../../renderer/perceptual');

async function load<P>(file: string, name: string): Promise<FunctionComponent<P>> {
  const mod = (await import(/* @vite-ignore */ join(DIR, `${file}.tsx`))) as Record<string, unknown>;
  const c = mod[name];
  if (typeof c !== 'function') throw new Error(`${file}.tsx exports no component ${name}`);
  return c as FunctionComponent<P>;
}

export const review = {
  ReviewList: () => load<{ reviews: readonly ReviewSummaryView[]; onOpen(reviewId: string): void }>('ReviewList', 'ReviewList'),
  AnswerLegend: () =>
    load<{ answers: readonly PerceptualAnswerOption[]; enabled: boolean; onAnswer(value: string): void }>('AnswerLegend', 'AnswerLegend'),
  BlindCover: () =>
    load<{
      caseId: string;
      review: ReviewSummaryView;
      reviewer: string;
      onReviewerChange(name: string): void;
      onResume(reviewId: string): void;
    }>('BlindCover', 'BlindCover'),
  ReviewOutcome: () =>
    load<{ detail: CaseDetail; run: RunState | undefined; starting: boolean; runError: string | null; onRun(): void; complete: boolean }>(
      'ReviewOutcome',
      'ReviewOutcome',
    ),
};
