// The review screen's state against the fake API: it opens where the review stopped, fetches the next item's two
// images by index and side, takes no answer before both are shown, times each answer from that moment with the
// clock it is given, writes one answer at a time, undoes (remembering what was undone), exports, and ends.
import { describe, expect, it } from 'vitest';
import { createReviewSession } from '../../../renderer/perceptual/review-session';
import { createFakeApi } from '../fake-api';

function clock() {
  let t = 1000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

async function started() {
  const api = createFakeApi();
  const s = await api.startReview({ caseId: 'alpha', reviewer: 'Test reviewer (scripted)' });
  return { api, reviewId: s.reviewId };
}

const settled = () => new Promise((r) => setTimeout(r, 0));

describe('review session', () => {
  it('opens at the next unanswered item with both images as data: URLs, never a file name', async () => {
    const { api, reviewId } = await started();
    const store = createReviewSession(api, 'alpha', reviewId, clock().now);
    await store.open();
    await settled();
    const s = store.snapshot();
    expect(s.session?.next?.index).toBe(0);
    expect(s.images?.index).toBe(0);
    expect(s.images?.left).toMatch(/^data:image\/png;base64,/);
    expect(s.images?.right).not.toBe(s.images?.left);
    expect(api.calls.filter(([m]) => m === 'reviewImage').map(([, a]) => a.slice(2))).toEqual([
      [0, 'left'],
      [0, 'right'],
    ]);
  });

  it('takes no answer before both images are shown, then times it from that moment', async () => {
    const { api, reviewId } = await started();
    const c = clock();
    const store = createReviewSession(api, 'alpha', reviewId, c.now);
    await store.open();
    await settled();
    expect(await store.answer('usable', '')).toBe(false);
    expect(api.calls.some(([m]) => m === 'answerReview')).toBe(false);
    c.advance(500);
    store.shown(0);
    c.advance(1250);
    expect(await store.answer('degraded', '  banding in the sky ')).toBe(true);
    const call = api.calls.find(([m]) => m === 'answerReview')![1][0];
    expect(call).toEqual({ caseId: 'alpha', reviewId, index: 0, answer: 'degraded', note: 'banding in the sky', elapsedMs: 1250 });
    await settled();
    const s = store.snapshot();
    expect(s.session?.answered).toBe(1);
    expect(s.session?.next?.index).toBe(1);
    expect(s.shownAt).toBeNull();
    expect(s.images?.index).toBe(1);
  });

  it('writes one answer at a time (a repeated key does not answer twice)', async () => {
    const { api, reviewId } = await started();
    const store = createReviewSession(api, 'alpha', reviewId, clock().now);
    await store.open();
    await settled();
    store.shown(0);
    const [a, b] = await Promise.all([store.answer('usable', ''), store.answer('usable', '')]);
    expect([a, b]).toEqual([true, false]);
    expect(api.calls.filter(([m]) => m === 'answerReview')).toHaveLength(1);
  });

  it('ignores a "shown" report for an item that is no longer the next one', async () => {
    const { api, reviewId } = await started();
    const store = createReviewSession(api, 'alpha', reviewId, clock().now);
    await store.open();
    await settled();
    store.shown(0);
    await store.answer('usable', '');
    store.shown(0);
    expect(store.snapshot().shownAt).toBeNull();
  });

  it('undoes the last answer, returning to its item and keeping what was undone', async () => {
    const { api, reviewId } = await started();
    const store = createReviewSession(api, 'alpha', reviewId, clock().now);
    await store.open();
    await settled();
    store.shown(0);
    await store.answer('unusable', 'posterised');
    await store.undo();
    await settled();
    const s = store.snapshot();
    expect(s.session?.answered).toBe(0);
    expect(s.session?.next?.index).toBe(0);
    expect(s.undone).toEqual({ index: 0, answer: 'unusable', note: 'posterised' });
    expect(s.images?.index).toBe(0);
  });

  it('resumes a review another store left, exports it, and ends with no next item', async () => {
    const { api, reviewId } = await started();
    const first = createReviewSession(api, 'alpha', reviewId, clock().now);
    await first.open();
    await settled();
    first.shown(0);
    await first.answer('usable', '');
    first.dispose();
    const again = createReviewSession(api, 'alpha', reviewId, clock().now);
    await again.open();
    await settled();
    expect(again.snapshot().session?.next?.index).toBe(1);
    for (const i of [1, 2]) {
      again.shown(i);
      expect(await again.answer('degraded', '')).toBe(true);
      await settled();
    }
    expect(again.snapshot().session?.next).toBeNull();
    expect(again.snapshot().images).toBeNull();
    await again.exportCsv();
    expect(again.snapshot().exported).toEqual({ path: `reviews/${reviewId}/answers.csv`, rows: 3, sha256: 'cd'.repeat(32) });
  });

  it('says what failed in one line and keeps the review usable', async () => {
    const { api } = await started();
    const store = createReviewSession(api, 'alpha', 'no-such-review', clock().now);
    await store.open();
    expect(store.snapshot().error).toMatch(/no review no-such-review/);
    expect(store.snapshot().session).toBeNull();
  });
});

describe('review session lifetime', () => {
  it('opens again after being disposed (a component mounted twice, as React’s strict mode does)', async () => {
    const { api, reviewId } = await started();
    const store = createReviewSession(api, 'alpha', reviewId, clock().now);
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.snapshot().session?.answered ?? -1));
    void store.open();
    store.dispose();
    await store.open();
    await settled();
    expect(store.snapshot().session?.next?.index).toBe(0);
    expect(seen.length).toBeGreaterThan(0);
  });
});
