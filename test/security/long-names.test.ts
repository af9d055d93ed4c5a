// Issue 24, finding 10: a 600-byte path component in a request (a case file path, a sandbox file, an id that
// names a folder, a static path) reached the file system as is; ENAMETOOLONG is not bad input to the core, so
// the browser-mode server answered 500 "internal error". Every such request is now a 4xx with one line, and the
// server stays up. The server runs in a child process (test/security/helpers/server-child.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, httpRequestBytes, rawRequest, startChildServer, type ChildServer } from './helpers/server-child';

// 600 bytes of UTF-8 in 300 characters: under every validator's character cap, over the file system's 255 bytes.
const LONG = '\u00e9'.repeat(300);
let s: ChildServer;

beforeAll(async () => {
  s = await startChildServer();
}, 60_000);

afterAll(async () => {
  await s?.stop();
});

const errorOf = (body: unknown): string => String((body as { error?: unknown } | null)?.error ?? '');

describe('a 600-byte path component is a 4xx with one line, never a 500 (issue 24, finding 10)', () => {
  const calls: [string, unknown[]][] = [
    ['readCaseFile', [{ caseId: 'kl-direction', path: `sandbox/${LONG}.ts` }]],
    ['readCaseFile', [{ caseId: 'kl-direction', path: `${LONG}/x.ts` }]],
    ['saveSandboxFile', [{ caseId: 'kl-direction', path: `sandbox/${LONG}.ts`, text: 'x' }]],
    ['addCaseFile', [{ caseId: 'kl-direction', path: `tables/${LONG}.csv`, base64: 'eA==' }]],
    ['addCaseFile', [{ caseId: 'kl-direction', path: `${LONG}/q.csv`, base64: 'eA==' }]],
    ['openCase', [LONG]],
    ['listCaseFiles', [LONG]],
    ['openReview', ['kl-direction', LONG]],
    ['readLetter', ['kl-direction', LONG]],
    ['createCase', [{ caseId: LONG, paperMarkdown: '# P\n' }]],
    [
      'importLogbook',
      [{ caseId: 'new-one', files: [{ path: `${LONG}/writeup.md`, base64: 'eA==' }], newCase: { paperMarkdown: '# P\n' } }],
    ],
    [
      'importLogbook',
      [{ caseId: 'new-two', files: [{ path: `logbook/${LONG}.md`, base64: 'eA==' }], newCase: { paperMarkdown: '# P\n' } }],
    ],
    ['importLogbook', [{ caseId: LONG, files: [{ path: 'writeup.md', base64: 'eA==' }], newCase: { paperMarkdown: '# P\n' } }]],
    ['extractTable', [{ caseId: 'kl-direction', cell: 'c1', out: `sandbox/${LONG}.csv` }]],
    ['startReview', [{ caseId: 'kl-direction', reviewer: LONG }]],
    ['saveLetter', [{ caseId: 'kl-direction', letterId: LONG, kind: 'authors', falsificationIds: ['F1'], markdown: 'x' }]],
    ['buildReport', [LONG]],
    ['runChecks', [LONG, null]],
    ['reviewImage', ['kl-direction', LONG, 0, 'left']],
    ['answerReview', [{ caseId: 'kl-direction', reviewId: LONG, index: 0, answer: 'x', elapsedMs: 1 }]],
    ['undoReviewAnswer', ['kl-direction', LONG]],
    ['exportReview', ['kl-direction', LONG]],
    ['setLetterStatus', [{ caseId: 'kl-direction', letterId: LONG, state: 'sent' }]],
    ['exportLetterPdf', ['kl-direction', LONG]],
    ['imagePairSet', [LONG]],
    ['listReviews', [LONG]],
    ['cancelRun', [LONG]],
    ['compareLogbooks', [{ caseId: 'kl-direction', logbookA: LONG, logbookB: LONG }]],
  ];

  it.each(calls)('%s with a 600-byte component', async (method, args) => {
    const r = await apiCall(s.port, s.token, method, args);
    expect(r.status, r.text).toBeGreaterThanOrEqual(400);
    expect(r.status, r.text).toBeLessThan(500);
    expect(errorOf(r.body)).not.toMatch(/[\n\r]/);
    expect(errorOf(r.body)).not.toBe('internal error');
  });

  it('a static path with a 600-byte component', async () => {
    for (const name of [encodeURIComponent(LONG), 'a'.repeat(600)]) {
      const r = await rawRequest(s.port, httpRequestBytes(s.port, `GET /assets/${name}.js HTTP/1.1`));
      expect(r.status).toBe(404);
    }
  });

  it('left no internal error in the log', async () => {
    const alive = await apiCall(s.port, s.token, 'listCases', []);
    expect(alive.status).toBe(200);
    expect(s.stderr()).not.toMatch(/internal error/);
  });
});
