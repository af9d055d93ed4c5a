/**
 * The review store through the core's API: answers appended as given (one durable line each), a torn tail set
 * aside, undo as an appended record, resume by replay (a fresh service sees the same session), answers to the
 * wrong item refused, the export (CSV + sidecar, atomic, logged), and blindness: no condition, pair id or image
 * file name anywhere in a session, item, summary or pair-set view.
 */
import { appendFileSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRecheckService } from '../../../app/api/service';
import type { RecheckApi } from '../../../common/api/contract';
import { parseCsv } from '../../../app/tables/csv';
import { readAudit } from '../../../app/cases/audit';
import { tempDir } from '../../helpers/temp-case';
import { CONDITIONS, consistentRater, scriptedReview, writeSyntheticCase } from './synthetic-case';

let ws: string;
let dir: string;
let api: RecheckApi;

beforeEach(async () => {
  ws = tempDir();
  dir = writeSyntheticCase(ws, { pairs: 8, repeatShare: 0.25 });
  api = await createRecheckService({ workspaceDir: ws, who: 'tester' });
});

function answersFile(reviewId: string): string {
  return join(dir, 'reviews', reviewId, 'answers.jsonl');
}

describe('the review store', () => {
  it('starts a review with its seed and settings in review.json (the seed not shown until complete), and logs the start', async () => {
    const s = await api.startReview({ caseId: 'percept', reviewer: 'scripted-a', seed: 11 });
    expect(s.seed).toBeUndefined();
    expect(s).toMatchObject({
      caseId: 'percept',
      reviewer: 'scripted-a',
      repeatShare: 0.25,
      total: 10,
      answered: 0,
      last: null,
      next: { index: 0, width: 2, height: 2 },
    });
    expect(s.set).toMatchObject({ pairs: 'images/pairs.csv', count: 8, mode: 'rate-right', fastMs: 600 });
    const manifest = JSON.parse(readFileSync(join(dir, 'reviews', s.reviewId, 'review.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 'recheck.review/1',
      reviewId: s.reviewId,
      reviewer: 'scripted-a',
      seed: 11,
      pairCount: 8,
      total: 10,
      settings: { repeatShare: 0.25, mode: 'rate-right' },
    });
    const audit = await readAudit(dir);
    expect(audit.at(-1)).toMatchObject({
      who: 'scripted-a',
      action: 'edit',
      details: { edit: 'start-review', reviewId: s.reviewId, seed: 11 },
    });
    expect(await api.listReviews('percept')).toEqual([expect.objectContaining({ reviewId: s.reviewId, answered: 0, total: 10 })]);
  });

  it('appends one line per answer with the revealed mapping, and refuses an answer to any item but the next', async () => {
    const s = await api.startReview({ caseId: 'percept', reviewer: 'scripted-a', seed: 11 });
    const after = await api.answerReview({
      caseId: 'percept',
      reviewId: s.reviewId,
      index: 0,
      answer: 'usable',
      elapsedMs: 812.4,
      note: '  looks fine  ',
    });
    expect(after.answered).toBe(1);
    expect(after.next?.index).toBe(1);
    expect(after.last).toEqual({ index: 0, answer: 'usable', note: 'looks fine' });
    const lines = readFileSync(answersFile(s.reviewId), 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const rec = JSON.parse(lines[0] as string);
    expect(rec).toMatchObject({ index: 0, answer: 'usable', note: 'looks fine', elapsedMs: 812 });
    expect([rec.shownLeft, rec.shownRight].sort()).toEqual([CONDITIONS.reference, CONDITIONS.quantized].sort());
    expect(rec.pair).toMatch(/^p00\d$/);
    await expect(api.answerReview({ caseId: 'percept', reviewId: s.reviewId, index: 0, answer: 'usable', elapsedMs: 5 })).rejects.toThrow(
      /item 1 is not the next item \(item 2\)/,
    );
    await expect(api.answerReview({ caseId: 'percept', reviewId: s.reviewId, index: 5, answer: 'usable', elapsedMs: 5 })).rejects.toThrow(
      /not the next item/,
    );
    await expect(api.answerReview({ caseId: 'percept', reviewId: s.reviewId, index: 1, answer: 'splendid', elapsedMs: 5 })).rejects.toThrow(
      /"splendid" is not an answer of this review \(usable, degraded, unusable\)/,
    );
    expect(readFileSync(answersFile(s.reviewId), 'utf8').split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('undo appends a record and takes back the last answer only; nothing to undo is refused', async () => {
    const s = await api.startReview({ caseId: 'percept', reviewer: 'scripted-a', seed: 11 });
    await expect(api.undoReviewAnswer('percept', s.reviewId)).rejects.toThrow(/no answer to undo/);
    await api.answerReview({ caseId: 'percept', reviewId: s.reviewId, index: 0, answer: 'usable', elapsedMs: 900 });
    await api.answerReview({ caseId: 'percept', reviewId: s.reviewId, index: 1, answer: 'degraded', elapsedMs: 900 });
    const undone = await api.undoReviewAnswer('percept', s.reviewId);
    expect(undone).toMatchObject({ answered: 1, next: { index: 1 }, last: { index: 0, answer: 'usable' } });
    const again = await api.answerReview({ caseId: 'percept', reviewId: s.reviewId, index: 1, answer: 'unusable', elapsedMs: 900 });
    expect(again.last).toEqual({ index: 1, answer: 'unusable' });
    const lines = readFileSync(answersFile(s.reviewId), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => ('undo' in l ? `undo ${l.undo}` : `${l.index}:${l.answer}`))).toEqual([
      '0:usable',
      '1:degraded',
      'undo 1',
      '1:unusable',
    ]);
  });

  it('resumes by replay: a fresh service (the app reopened) gives the same session', async () => {
    const s = await api.startReview({ caseId: 'percept', reviewer: 'scripted-a', seed: 11 });
    await api.answerReview({ caseId: 'percept', reviewId: s.reviewId, index: 0, answer: 'usable', elapsedMs: 900 });
    const answered = await api.answerReview({ caseId: 'percept', reviewId: s.reviewId, index: 1, answer: 'unusable', elapsedMs: 900 });
    const before = await api.openReview('percept', s.reviewId);
    expect(before).toEqual(answered);
    const reopened = await (await createRecheckService({ workspaceDir: ws })).openReview('percept', s.reviewId);
    expect(reopened).toEqual(before);
    const undone = await api.undoReviewAnswer('percept', s.reviewId);
    expect(await api.openReview('percept', s.reviewId)).toEqual(undone);
    expect(reopened.answered).toBe(2);
    expect(undone.answered).toBe(1);
  });

  it('sets a torn last line aside (a crash mid-append) and goes on from the last whole answer', async () => {
    const s = await api.startReview({ caseId: 'percept', reviewer: 'scripted-a', seed: 11 });
    await api.answerReview({ caseId: 'percept', reviewId: s.reviewId, index: 0, answer: 'usable', elapsedMs: 900 });
    appendFileSync(answersFile(s.reviewId), '{"index":1,"pair":"p00');
    const reopened = await api.openReview('percept', s.reviewId);
    expect(reopened).toMatchObject({ answered: 1, next: { index: 1 } });
    expect(readFileSync(`${answersFile(s.reviewId)}.torn`, 'utf8')).toContain('"index\\":1');
    const next = await api.answerReview({ caseId: 'percept', reviewId: s.reviewId, index: 1, answer: 'degraded', elapsedMs: 900 });
    expect(next.answered).toBe(2);
    const lines = readFileSync(answersFile(s.reviewId), 'utf8').split('\n').filter(Boolean);
    expect(lines.map((l) => JSON.parse(l).answer)).toEqual(['usable', 'degraded']);
  });

  it('never trusts a line the plan does not expect (a forged answer naming the wrong conditions is skipped)', async () => {
    const s = await api.startReview({ caseId: 'percept', reviewer: 'scripted-a', seed: 11 });
    const forged = { index: 0, pair: 'p001', shownLeft: 'x', shownRight: 'y', answer: 'usable', elapsedMs: 1, at: 't' };
    writeFileSync(answersFile(s.reviewId), `${JSON.stringify(forged)}\nnot json\n`);
    expect((await api.openReview('percept', s.reviewId)).answered).toBe(0);
  });

  it('refuses to go on when the pairs table changed since the review started', async () => {
    const s = await api.startReview({ caseId: 'percept', reviewer: 'scripted-a', seed: 11 });
    appendFileSync(join(dir, 'images', 'pairs.csv'), 'p999,images/p001-cond-reference.png,images/p001-cond-quantized.png,a,b,x\n');
    await expect(api.openReview('percept', s.reviewId)).rejects.toThrow(
      /the pairs table images\/pairs.csv changed since this review started/,
    );
  });

  it('a complete review refuses more answers; export writes the CSV and its sidecar atomically and logs it', async () => {
    const done = await scriptedReview(api, 'percept', 'scripted-consistent', consistentRater, { seed: 3 });
    expect(done).toMatchObject({ answered: 10, total: 10, next: null });
    await expect(
      api.answerReview({ caseId: 'percept', reviewId: done.reviewId, index: 10, answer: 'usable', elapsedMs: 900 }),
    ).rejects.toThrow(/the review is complete/);
    const out = await api.exportReview('percept', done.reviewId);
    expect(out).toMatchObject({ path: `reviews/${done.reviewId}/answers.csv`, rows: 10 });
    const csv = readFileSync(join(dir, out.path), 'utf8');
    const table = parseCsv(csv, 'answers.csv');
    expect(table.columns).toEqual(['reviewer', 'pair', 'shown_left', 'shown_right', 'answer', 'time_ms', 'note', 'item', 'repeat_of']);
    expect(table.rows).toHaveLength(10);
    for (const r of table.rows) {
      const [reviewer, , , right, answer, time] = r.values;
      expect(reviewer).toBe('scripted-consistent');
      expect(answer).toBe(right === CONDITIONS.quantized ? 'unusable' : 'usable');
      expect(time).toBe('1500');
    }
    expect(table.rows.filter((r) => r.values[8] !== '')).toHaveLength(2);
    const meta = JSON.parse(readFileSync(join(dir, 'reviews', done.reviewId, 'answers.meta.json'), 'utf8'));
    expect(meta).toMatchObject({
      format: 'recheck.review-export/1',
      seed: 3,
      reviewer: 'scripted-consistent',
      complete: true,
      csvSha256: out.sha256,
      settings: { repeatShare: 0.25, fastMs: 600 },
    });
    expect((await readAudit(dir)).at(-1)).toMatchObject({
      action: 'edit',
      hashes: { [out.path]: out.sha256 },
      details: { edit: 'export-review', reviewId: done.reviewId },
    });
    expect((await api.openReview('percept', done.reviewId)).exported).toBe(out.path);
  });

  it('serves an item image by index and side only, checked against its bytes', async () => {
    const s = await api.startReview({ caseId: 'percept', reviewer: 'scripted-a', seed: 11 });
    const left = await api.reviewImage('percept', s.reviewId, 0, 'left');
    expect(left.mediaType).toBe('image/png');
    expect(Buffer.from(left.base64, 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
    await expect(api.reviewImage('percept', s.reviewId, 99, 'left')).rejects.toThrow(/no item 100 \(the review has 10\)/);
  });

  it('says which item cannot be shown without naming its file (blind), when an image is not what its name says', async () => {
    for (let i = 1; i <= 8; i++)
      for (const c of Object.values(CONDITIONS)) writeFileSync(join(dir, 'images', `p00${i}-${c}.png`), 'not a png');
    const err = await api.startReview({ caseId: 'percept', reviewer: 'scripted-a', seed: 11 }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String(err)).toMatch(/item 1|image/);
    expect(String(err)).not.toMatch(/cond-|p00|\.png/);
  });
});

describe('blindness', () => {
  it('no condition, pair id or image file name in any view of a whole review, before or after undo and export', async () => {
    const views: unknown[] = [await api.imagePairSet('percept'), await api.listReviews('percept')];
    let s = await api.startReview({ caseId: 'percept', reviewer: 'scripted-a', seed: 11 });
    views.push(s);
    let undone = false;
    while (s.next !== null) {
      s = await api.answerReview({ caseId: 'percept', reviewId: s.reviewId, index: s.next.index, answer: 'degraded', elapsedMs: 1000 });
      views.push(s);
      if (s.answered === 3 && !undone) {
        undone = true;
        s = await api.undoReviewAnswer('percept', s.reviewId);
        views.push(s);
      }
    }
    views.push(await api.openReview('percept', s.reviewId), await api.listReviews('percept'));
    await api.exportReview('percept', s.reviewId);
    views.push(await api.openReview('percept', s.reviewId));
    const json = JSON.stringify(views);
    for (const c of Object.values(CONDITIONS)) expect(json).not.toContain(c);
    expect(json).not.toMatch(/p00\d/);
    expect(json).not.toContain('.png');
    expect(json).not.toContain('shownLeft');
    expect(existsSync(join(dir, 'reviews', s.reviewId, 'answers.csv'))).toBe(true);
  });
});
