/**
 * A review is pinned to its images: images.json holds every image's sha256 from the start (and the start's
 * audit entry the same hashes); each answer records the sha256 of the two files it was given; an image swapped
 * during the review is neither shown nor answered (one line, no file name); one swapped after a complete review
 * takes that review out of the checks (one line naming the file); a review from before pins is pinned on open.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRecheckService } from '../../../app/api/service';
import type { RecheckApi } from '../../../common/api/contract';
import { readAudit } from '../../../app/cases/audit';
import { sha256 } from '../../../app/fs/hash';
import { readCaseReviews } from '../../../app/perceptual/judgments';
import { tempDir } from '../../helpers/temp-case';
import { CONDITIONS, consistentRater, flatPng, scriptedReview, writeSyntheticCase } from './synthetic-case';

let dir: string;
let api: RecheckApi;

beforeEach(async () => {
  const ws = tempDir();
  dir = writeSyntheticCase(ws, { pairs: 6, repeatShare: 0 });
  api = await createRecheckService({ workspaceDir: ws, who: 'tester' });
});

const fileHash = (rel: string) => sha256(readFileSync(join(dir, rel)));
const image = (pair: string, condition: string) => `images/${pair}-${condition}.png`;
const lines = (reviewId: string) =>
  readFileSync(join(dir, 'reviews', reviewId, 'answers.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

/** Replaces an image with another picture (a valid PNG of a colour no condition has). */
function swap(pair: string, condition: string): void {
  writeFileSync(join(dir, image(pair, condition)), flatPng(20, 160, 20));
}

describe('image pins', () => {
  it('pins every image at the start, in images.json and in the audit entry', async () => {
    const s = await api.startReview({ caseId: 'percept', reviewer: 'scripted-a', seed: 3 });
    const pins = JSON.parse(readFileSync(join(dir, 'reviews', s.reviewId, 'images.json'), 'utf8'));
    expect(pins.format).toBe('recheck.review-images/1');
    expect(Object.keys(pins.images)).toHaveLength(12);
    for (const [rel, h] of Object.entries(pins.images)) expect(h).toBe(fileHash(rel));
    const start = (await readAudit(dir)).at(-1)!;
    for (const [rel, h] of Object.entries(pins.images)) expect(start.hashes?.[rel]).toBe(h);
  });

  it('each answer records the sha256 of the two files it was given', async () => {
    const s = await scriptedReview(api, 'percept', 'scripted-a', consistentRater, { seed: 3 });
    const recs = lines(s.reviewId);
    expect(recs).toHaveLength(6);
    for (const r of recs) {
      expect(r.leftSha256).toBe(fileHash(image(r.pair, r.shownLeft)));
      expect(r.rightSha256).toBe(fileHash(image(r.pair, r.shownRight)));
    }
  });

  it('an image swapped during the review is not shown and its item not answered, in one line that names no file', async () => {
    let s = await api.startReview({ caseId: 'percept', reviewer: 'scripted-a', seed: 3 });
    s = await api.answerReview({ caseId: 'percept', reviewId: s.reviewId, index: 0, answer: 'usable', elapsedMs: 900 });
    const next = lines(s.reviewId).length; // 1
    // Swap both images of every pair but the one answered: whatever item 2 is, its images changed.
    const answered = lines(s.reviewId)[0].pair as string;
    for (let i = 1; i <= 6; i++) {
      const pair = `p00${i}`;
      if (pair !== answered) for (const c of Object.values(CONDITIONS)) swap(pair, c);
    }
    for (const side of ['left', 'right'] as const) {
      const err = (await api.reviewImage('percept', s.reviewId, 1, side).catch((e: Error) => e)) as Error;
      expect(err.message).toBe(
        `item 2: the ${side} image changed since this review started (its sha256 is not the one recorded at the start): it is not shown; start a new review`,
      );
    }
    await expect(api.answerReview({ caseId: 'percept', reviewId: s.reviewId, index: 1, answer: 'usable', elapsedMs: 900 })).rejects.toThrow(
      /^item 2: the left image changed since this review started/,
    );
    await expect(api.openReview('percept', s.reviewId)).rejects.toThrow(/^item 2: the left image changed/);
    expect(lines(s.reviewId)).toHaveLength(next);
  });

  it('an image swapped after a complete review takes it out of the checks, naming the file', async () => {
    const s = await scriptedReview(api, 'percept', 'scripted-a', consistentRater, { seed: 3 });
    expect((await readCaseReviews(dir, 'images/pairs.csv')).complete.map((r) => r.reviewId)).toEqual([s.reviewId]);
    swap('p004', CONDITIONS.quantized);
    const after = await readCaseReviews(dir, 'images/pairs.csv');
    expect(after.complete).toEqual([]);
    expect(after.unreadable).toEqual([
      {
        reviewId: s.reviewId,
        problem: expect.stringMatching(
          /^images\/p004-cond-quantized\.png changed since review review-\S+ started \(sha256 [0-9a-f]{12}…, pinned [0-9a-f]{12}…\): its judgments are of another image$/,
        ),
      },
    ]);
  });

  it('a review from before pins is pinned to the files as they are when it is next opened', async () => {
    const s = await api.startReview({ caseId: 'percept', reviewer: 'scripted-a', seed: 3 });
    rmSync(join(dir, 'reviews', s.reviewId, 'images.json'));
    await api.openReview('percept', s.reviewId);
    const pins = JSON.parse(readFileSync(join(dir, 'reviews', s.reviewId, 'images.json'), 'utf8'));
    expect(pins.pinnedLate).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(pins.images[image('p001', CONDITIONS.reference)]).toBe(fileHash(image('p001', CONDITIONS.reference)));
  });
});
