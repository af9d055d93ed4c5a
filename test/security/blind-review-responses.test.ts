/**
 * Blind review, attacked through what the page receives. A copy of the bundled case quantization-stability, its
 * checks run and recorded (so its results hold PSNR per condition and image paths), is reviewed through the
 * service exactly as the renderer calls it: the App's gate (renderer/perceptual/blind-gate.ts decides from
 * listReviews whether the case may be read with openCase), the Reviews dialog (imagePairSet, listReviews,
 * startReview), the review screen (openReview, reviewImage for both sides of every item, answerReview,
 * undoReviewAnswer, exportReview) and the cover shown when the review is closed unfinished. Every response from
 * the start of the review to its last unanswered item is searched for a condition name, a pair id, an image file
 * name or path, the review's seed, a metric name or value, and any six-word run of the hypothesis (claims,
 * assertions, check titles). A planted leak shows the search finds each kind.
 */
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecheckApi, ReviewSessionView } from '../../common/api/contract';
import { createRecheckService } from '../../app/api/service';
import { loadCase } from '../../app/cases/load';
import { builtinCheckKinds } from '../../app/checks/kinds/index';
import { createCheckRegistry } from '../../app/checks/registry';
import { runCase } from '../../app/checks/run-case';
import { blindReviewOf } from '../../renderer/perceptual/blind-gate';
import { copyCase, tempDir } from '../helpers/temp-case';
import { asText, leaksIn, numbersIn, secretsOf, type Secrets } from '../app/perceptual/blind-leaks';

const CASE = 'quantization-stability';
const REVIEWER = 'Blind Reviewer';
const registry = createCheckRegistry(builtinCheckKinds);

let dir: string;
let api: RecheckApi;
let metricValues: number[];

/** The responses received from the review's start on, each with the call that gave it. */
interface Received {
  readonly call: string;
  readonly response: unknown;
}

/** The App's gate as the renderer applies it: openCase only when no incomplete review makes the case blind. */
async function caseGate(received: Received[], reviewer: string, openReviewId: string | undefined): Promise<'blind' | 'open'> {
  const reviews = await api.listReviews(CASE);
  received.push({ call: 'listReviews (the App gate)', response: reviews });
  if (blindReviewOf(reviews, reviewer, openReviewId) !== null) return 'blind';
  received.push({ call: 'openCase', response: await api.openCase(CASE) });
  return 'open';
}

/** The review screen on one item: both images, then the answer. */
async function answerItem(received: Received[], s: ReviewSessionView, answer: string): Promise<ReviewSessionView> {
  const index = s.next!.index;
  for (const side of ['left', 'right'] as const)
    received.push({ call: `reviewImage ${index} ${side}`, response: await api.reviewImage(CASE, s.reviewId, index, side) });
  const after = await api.answerReview({ caseId: CASE, reviewId: s.reviewId, index, answer, elapsedMs: 1500 });
  received.push({ call: `answerReview ${index}`, response: after });
  return after;
}

/** A whole review but its last item, as the renderer drives it; returns what was received and the session. */
async function walk(
  gate: typeof caseGate,
  reviewer: string,
  stopAfter = Number.POSITIVE_INFINITY,
): Promise<{ received: Received[]; session: ReviewSessionView }> {
  const received: Received[] = [];
  // The Reviews dialog on the open case (before the review: the case is legitimately open, not recorded).
  await api.imagePairSet(CASE);
  await api.listReviews(CASE);
  let s = await api.startReview({ caseId: CASE, reviewer });
  received.push({ call: 'startReview', response: s });
  // The URL now opens the review: the App's gate is read again.
  expect(await gate(received, reviewer, s.reviewId)).toBe('blind');
  s = await api.openReview(CASE, s.reviewId);
  received.push({ call: 'openReview', response: s });
  const answers = ['usable', 'flawed', 'unusable'];
  let undone = false;
  let closed = false;
  while (s.answered < s.total - 1 && s.answered < stopAfter) {
    s = await answerItem(received, s, answers[s.answered % 3] as string);
    if (s.answered === 5 && !undone) {
      undone = true;
      s = await api.undoReviewAnswer(CASE, s.reviewId);
      received.push({ call: 'undoReviewAnswer', response: s });
    }
    if (s.answered === 40 && !closed) {
      closed = true;
      received.push({ call: 'exportReview', response: await api.exportReview(CASE, s.reviewId) });
      // Closed unfinished: the cover (the gate again, with no review in the URL) and the Reviews dialog's calls.
      expect(await gate(received, reviewer, undefined)).toBe('blind');
      received.push({ call: 'imagePairSet', response: await api.imagePairSet(CASE) });
      s = await api.openReview(CASE, s.reviewId);
      received.push({ call: 'openReview (resumed)', response: s });
    }
  }
  return { received, session: s };
}

function seedOf(reviewId: string): number {
  return JSON.parse(readFileSync(join(dir, 'reviews', reviewId, 'review.json'), 'utf8')).seed;
}

beforeAll(async () => {
  const ws = tempDir();
  dir = copyCase(join(import.meta.dirname, '../../cases', CASE), ws, CASE);
  const report = await runCase(await loadCase(dir, registry), registry, { record: true });
  const metrics = report.falsifications[0]!.checks.find((c) => c.kind === 'image-metrics')!;
  metricValues = numbersIn(metrics.evidence);
  api = await createRecheckService({ workspaceDir: ws, who: 'tester' });
}, 120_000);

describe('blind review: what the page receives while a review is incomplete', () => {
  it('the detector finds each kind of leak when one is planted (the test can fail)', async () => {
    const s: Secrets = secretsOf(dir, metricValues, [123456789]);
    expect(metricValues.length).toBeGreaterThan(8);
    const planted = (extra: Record<string, unknown>) => leaksIn(asText({ next: { index: 0, prompt: 'a red bicycle' }, ...extra }), s);
    expect(planted({})).toEqual([]);
    expect(planted({ shownLeft: 'q2' })).toEqual(['condition q2']);
    expect(planted({ pair: 'p017' })).toEqual(['pair id p017']);
    expect(planted({ file: 'images/q3/s05.png' })).toContain('image file images/q3/s05.png');
    expect(planted({ seed: 123456789 })).toEqual(['seed 123456789']);
    expect(planted({ summary: `mean ${metricValues[0]!.toFixed(1)}` })).toEqual([`metric value ${metricValues[0]!.toFixed(1)}`]);
    expect(planted({ title: 'PSNR of all pairs' })).toContain('a metric name');
    expect(planted({ hint: 'the images show banding and posterisation that make them unusable' })).toEqual([
      'hypothesis "the images show banding and posterisation"',
    ]);
    // And a real response that is not blind: the case detail.
    expect(leaksIn(asText(await api.openCase(CASE)), s).length).toBeGreaterThan(5);
  });

  it('no response from the start of the review to its last unanswered item leaks the condition, pair, file, seed, metric or hypothesis', async () => {
    const { received, session } = await walk(caseGate, REVIEWER);
    expect(session.answered).toBe(session.total - 1);
    const s = secretsOf(dir, metricValues, [seedOf(session.reviewId)]);
    const calls = new Set(received.map((r) => r.call.split(' ')[0]));
    for (const c of [
      'startReview',
      'listReviews',
      'openReview',
      'reviewImage',
      'answerReview',
      'undoReviewAnswer',
      'exportReview',
      'imagePairSet',
    ])
      expect(calls).toContain(c);
    expect(calls).not.toContain('openCase');
    const found = received.flatMap((r) => leaksIn(asText(r.response), s).map((l) => `${r.call}: ${l}`));
    expect(found).toEqual([]);

    // Once the last item is answered the seed is given and the case opens for this reviewer.
    const last = await answerItem([], session, 'usable');
    expect(last.next).toBeNull();
    expect(last.seed).toBe(seedOf(last.reviewId));
    expect(blindReviewOf(await api.listReviews(CASE), REVIEWER, last.reviewId)).toBeNull();
  }, 120_000);

  it('a gate that let the case open during the review would be caught (the walk can fail)', async () => {
    const leaky: typeof caseGate = async (received) => {
      received.push({ call: 'openCase', response: await api.openCase(CASE) });
      return 'blind';
    };
    const { received, session } = await walk(leaky, 'Another Reviewer', 3);
    const s = secretsOf(dir, metricValues, [seedOf(session.reviewId)]);
    const found = received.flatMap((r) => leaksIn(asText(r.response), s).map((l) => `${r.call}: ${l}`));
    expect(found.some((f) => f.startsWith('openCase: condition q2'))).toBe(true);
    expect(found.some((f) => f.startsWith('openCase: metric value'))).toBe(true);
    expect(found.some((f) => f.startsWith('openCase: hypothesis'))).toBe(true);
  }, 120_000);
});
