// The browser-mode client against an in-memory server that follows the documented wire format
// (POST /api/call/<method>, {"args":[...]}, bearer token; WebSocket events with subprotocols).
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../common/api/contract';
import { API_METHODS, ApiArgumentError, isApiMethod } from '../../common/api/methods';
import { eventsUrl, httpClient, parseRunEvent, unwrapCallResponse, type FetchLike, type SocketLike } from '../../renderer/api/http-client';
import { createFakeApi, type FakeApi } from './fake-api';

const TOKEN = 'ab'.repeat(16);
const ORIGIN = 'http://127.0.0.1:4321';

/** A fake server: checks path, token and arguments the way the real one is specified to, then calls the fake API. */
function fakeServer(api: FakeApi): { fetch: FetchLike; requests: { url: string; headers: Record<string, string>; body: string }[] } {
  const requests: { url: string; headers: Record<string, string>; body: string }[] = [];
  const fetch: FetchLike = async (url, init) => {
    requests.push({ url, headers: init.headers, body: init.body });
    const reply = (status: number, body: unknown) => ({ status, json: async () => body });
    if (init.headers.Authorization !== `Bearer ${TOKEN}`) return reply(401, { ok: false, error: 'missing or wrong token' });
    const m = /^http:\/\/127\.0\.0\.1:4321\/api\/call\/([A-Za-z]+)$/.exec(url);
    if (m === null || !isApiMethod(m[1])) return reply(404, { ok: false, error: 'unknown method' });
    const method = m[1];
    try {
      const { args } = JSON.parse(init.body) as { args: unknown[] };
      const valid = (API_METHODS[method].validate as (a: unknown[]) => unknown[])(args);
      const fn = api[method] as (...a: unknown[]) => Promise<unknown>;
      return reply(200, { ok: true, result: (await fn.apply(api, valid)) ?? null });
    } catch (e) {
      return reply(e instanceof ApiArgumentError ? 400 : 500, { ok: false, error: (e as Error).message });
    }
  };
  return { fetch, requests };
}

class FakeSocket implements SocketLike {
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  close() {
    this.closed = true;
    this.onclose?.();
  }
}

function setup() {
  const api = createFakeApi();
  const server = fakeServer(api);
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
  const states: string[] = [];
  const client = httpClient({
    origin: ORIGIN,
    token: TOKEN,
    fetch: server.fetch,
    openSocket: (url, protocols) => {
      const s = new FakeSocket(url, protocols);
      sockets.push(s);
      return s;
    },
    schedule: (fn, ms) => {
      const t = { fn, ms, cancelled: false };
      timers.push(t);
      return () => {
        t.cancelled = true;
      };
    },
    jitter: () => 0,
    onConnection: (s) => states.push(s),
  });
  return { api, server, sockets, timers, states, client };
}

describe('httpClient calls', () => {
  it('sends every contract method as POST /api/call/<method> with the bearer token and unwraps the result', async () => {
    const { client, server } = setup();
    const cases = await client.listCases();
    expect(cases.map((c) => c.id)).toEqual(['alpha', 'beta']);
    const d = await client.openCase('beta');
    expect(d.paper.title).toBe('Paper of beta');
    const { runId } = await client.runChecks('alpha', null);
    expect(runId).toBe('run1');
    expect((await client.listRuns()).map((r) => [r.runId, r.caseId])).toEqual([['run1', 'alpha']]);
    await expect(client.cancelRun(runId)).resolves.toBeNull();
    const entry = await client.recordVerdict({
      caseId: 'alpha',
      falsificationId: 'F1',
      verdict: 'refuted',
      rationale: 'r',
      reviewer: 'Ada',
    });
    expect(entry.who).toBe('Ada');
    const saved = await client.saveSandboxFile({ caseId: 'alpha', path: 'sandbox/main.ts', text: 'x' });
    expect(saved.action).toBe('edit');
    expect((await client.prepareSandboxProgram('alpha', 'sandbox/main.ts')).path).toBe('sandbox/main.ts');
    expect(
      (await client.runSandboxProgram({ caseId: 'alpha', path: 'sandbox/main.ts', input: null, seed: 1, timeoutSeconds: 5 })).runId,
    ).toMatch(/^sandbox\d+$/);
    expect((await client.draftLetter('alpha')).markdown).toContain('Paper of alpha');
    expect(await client.listLetters('alpha')).toEqual([]);
    expect(await client.readLetter('alpha', 'authors-1', 1).catch((e: Error) => e.message)).toMatch(/no version 1/);
    expect((await client.saveLetter({ caseId: 'alpha', kind: 'authors', falsificationIds: ['F1'], markdown: '# L\n' })).id).toBe(
      'authors-1',
    );
    expect(
      (await client.setLetterStatus({ caseId: 'alpha', letterId: 'authors-1', state: 'sent', date: '2026-01-02', to: 'A. Author' })).status
        .state,
    ).toBe('sent');
    expect((await client.exportLetterPdf({ caseId: 'alpha', markdown: '# L\n', falsificationIds: ['F1'] })).base64).toMatch(/^JVBER/);
    expect((await client.listKinds()).map((k) => k.kind)).toEqual(['test-kind']);
    expect((await client.createCase({ caseId: 'gamma', paperMarkdown: '# G\n' })).id).toBe('gamma');
    expect((await client.importLogbook({ caseId: 'alpha', files: [{ path: 'pages/index.md', base64: 'IyBB' }] })).files).toBe(1);
    expect((await client.addClaim({ caseId: 'alpha', text: 'A claim.' })).id).toBe('C2');
    expect((await client.addFalsification({ caseId: 'alpha', claim: 'C1', logbook: 'lb', assertion: 'fails' })).id).toBe('F2');
    expect((await client.addCheck({ caseId: 'alpha', falsification: 'F1', kind: 'test-kind', params: { table: 't.csv' } })).id).toBe('k2');
    expect(
      (await client.withdraw({ caseId: 'alpha', item: 'check', finding: 'F1', id: 'k1', reason: 'a wrong column name' })).details?.edit,
    ).toBe('withdraw-check');
    expect((await client.editPaper({ caseId: 'alpha', markdown: '# New\n' })).details?.edit).toBe('edit-paper');
    expect((await client.addCaseFile({ caseId: 'alpha', path: 'sandbox/q.json', base64: 'e30=' })).action).toBe('edit');
    expect((await client.listCaseFiles('alpha')).map((f) => f.path)).toEqual(['paper.md']);
    expect(await client.readCaseFile('alpha', 'paper.md')).toMatchObject({ kind: 'text', path: 'paper.md', text: '# paper.md\n' });
    expect((await client.triageLedger({ name: 'v.csv', base64: '' })).queue[0]?.tier).toBe('contested');
    expect((await client.extractTable({ caseId: 'alpha', cell: 'c1', out: 'tables/t.csv' })).rows).toBe(3);
    expect((await client.compareLogbooks('alpha', 'a', 'b')).rows[0]?.comparison).toBe('differs');
    expect(
      (await client.answerChecklist({ caseId: 'alpha', falsificationId: 'F1', question: 'horizon', status: 'answered', checks: ['k1'] }))
        .details,
    ).toMatchObject({ question: 'horizon' });
    expect((await client.verdictQueue()).rows.map((r) => [r.caseId, r.falsificationId, r.openQuestions])).toEqual([
      ['alpha', 'F1', []],
      ['beta', 'F1', ['horizon']],
    ]);
    expect(await client.buildReport('alpha')).toMatchObject({
      caseId: 'alpha',
      path: 'runs/report-1',
      html: expect.stringContaining('report of alpha'),
    });
    expect((await client.imagePairSet('alpha'))?.count).toBe(3);
    expect(await client.listReviews('alpha')).toEqual([]);
    const review = await client.startReview({ caseId: 'alpha', reviewer: 'Ada', seed: 7 });
    expect(review).toMatchObject({ reviewId: 'review-1', seed: 7, total: 3, answered: 0, next: { index: 0 } });
    expect((await client.openReview('alpha', review.reviewId)).next?.index).toBe(0);
    expect(
      (await client.answerReview({ caseId: 'alpha', reviewId: review.reviewId, index: 0, answer: 'usable', elapsedMs: 900 })).last,
    ).toEqual({ index: 0, answer: 'usable' });
    expect((await client.undoReviewAnswer('alpha', review.reviewId)).answered).toBe(0);
    expect((await client.reviewImage('alpha', review.reviewId, 0, 'left')).mediaType).toBe('image/png');
    expect((await client.exportReview('alpha', review.reviewId)).path).toBe('reviews/review-1/answers.csv');
    expect((await client.workspaceSettings()).sweeps).toEqual({ backend: 'local' });
    expect(await client.saveWorkspaceSettings({ sweeps: { backend: 'slurm', partition: 'nope' } })).toEqual({
      saved: false,
      problem: 'sbatch: refuses these settings: invalid partition specified: nope',
    });
    expect(await client.saveReplaySettings({ python: 'python3' })).toEqual({
      saved: false,
      problem: '/replay/python: python3 must be an absolute path',
    });
    expect(await client.listRunHistory('alpha', 'F1')).toEqual([]);
    expect(await client.readRunReport('alpha', 'r1', 'F1').catch((e: Error) => e.message)).toMatch(/no run r1 of F1/);
    expect(await client.listMetricsSources('alpha')).toEqual([]);
    expect(await client.readMetricsSeries('alpha', 'logbook/p.db', [{ run: 'a', key: 'loss' }])).toEqual([]);
    expect((await client.downloadCaseFile('alpha', 'tables/t.csv')).name).toBe('t.csv');
    expect(await client.listScreenFolders()).toEqual([]);
    expect(await client.startScreen('challenge').catch((e: Error) => e.message)).toMatch(/not faked/);
    expect(await client.screenProgress('screen-1').catch((e: Error) => e.message)).toMatch(/not faked/);
    expect(await client.cancelScreen('screen-1')).toBeNull(); // void travels as JSON null
    expect(await client.readScreenedLogbook('challenge', 'lb-1').catch((e: Error) => e.message)).toMatch(/not faked/);
    expect(
      await client.caseFromScreen({ folder: 'challenge', paper: 'p', claim: 'C1', logbook: 'lb-1' }).catch((e: Error) => e.message),
    ).toMatch(/not faked/);
    expect(await client.replayLiterals({ caseId: 'alpha', cell: 'cell_1' }).catch((e: Error) => e.message)).toMatch(/not faked/);
    expect(
      await client.checkReplayGrid({ caseId: 'alpha', cell: 'cell_1', name: 'KS', values: '2,4' }).catch((e: Error) => e.message),
    ).toMatch(/not faked/);
    // Every method once (called above in the contract's historical order; the table lists them by capability).
    expect(server.requests.map((r) => r.url.replace(ORIGIN, '')).sort()).toEqual(
      Object.keys(API_METHODS)
        .map((m) => `/api/call/${m}`)
        .sort(),
    );
    for (const r of server.requests) {
      expect(r.headers.Authorization).toBe(`Bearer ${TOKEN}`);
      expect(Array.isArray((JSON.parse(r.body) as { args: unknown }).args)).toBe(true);
    }
  });

  it("throws the server's one-line error for invalid arguments and failures", async () => {
    const { client } = setup();
    await expect(client.openCase('../etc')).rejects.toThrow('openCase: caseId must be an identifier');
    await expect(client.openCase('nope')).rejects.toThrow('no case nope');
    await expect(client.saveSandboxFile({ caseId: 'alpha', path: 'sandbox/../x', text: '' })).rejects.toThrow('under sandbox/');
  });

  it('reports an unreachable server and a non-JSON answer as errors', async () => {
    const down = httpClient({
      origin: ORIGIN,
      token: TOKEN,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
      openSocket: () => new FakeSocket('', []),
      schedule: () => () => undefined,
      jitter: () => 0,
    });
    await expect(down.listCases()).rejects.toThrow('listCases: the Recheck server is not reachable');
    const html = httpClient({
      origin: ORIGIN,
      token: TOKEN,
      fetch: async () => ({
        status: 502,
        json: async () => {
          throw new SyntaxError('x');
        },
      }),
      openSocket: () => new FakeSocket('', []),
      schedule: () => () => undefined,
      jitter: () => 0,
    });
    await expect(html.listCases()).rejects.toThrow('listCases: unexpected answer from the server (HTTP 502)');
  });
});

describe('unwrapCallResponse', () => {
  it('accepts only {ok:true} with a success status', () => {
    expect(unwrapCallResponse('m', 200, { ok: true, result: 7 })).toBe(7);
    expect(() => unwrapCallResponse('m', 401, { ok: false, error: 'token required' })).toThrow(/^token required$/);
    expect(() => unwrapCallResponse('m', 500, { ok: true, result: 1 })).toThrow('unexpected answer');
    expect(() => unwrapCallResponse('m', 200, [1])).toThrow('unexpected answer');
  });
});

describe('event stream', () => {
  it('opens one socket with the subprotocols on first subscription and delivers events to every listener', () => {
    const { client, sockets, states } = setup();
    const a: RunEvent[] = [];
    const b: RunEvent[] = [];
    const offA = client.onRunEvent((e) => a.push(e));
    const offB = client.onRunEvent((e) => b.push(e));
    expect(sockets).toHaveLength(1);
    const s = sockets[0]!;
    expect(s.url).toBe('ws://127.0.0.1:4321/api/events');
    expect(s.protocols).toEqual(['recheck.v1', `token.${TOKEN}`]);
    s.onopen?.();
    s.onmessage?.({ data: JSON.stringify({ runId: 'r', type: 'cancelled' }) });
    s.onmessage?.({ data: 'not json' });
    expect(a).toEqual([{ runId: 'r', type: 'cancelled' }]);
    expect(b).toEqual(a);
    offA();
    expect(s.closed).toBe(false);
    offB();
    expect(s.closed).toBe(true);
    expect(states).toEqual(['connecting', 'open', 'closed']);
  });

  it('reconnects with growing delays while subscribed, and resets the delay after a successful open', () => {
    const { client, sockets, timers } = setup();
    const off = client.onRunEvent(() => undefined);
    sockets[0]!.onclose?.();
    expect(timers.map((t) => t.ms)).toEqual([250]);
    timers[0]!.fn();
    sockets[1]!.onclose?.();
    timers[1]!.fn();
    sockets[2]!.onclose?.();
    expect(timers.map((t) => t.ms)).toEqual([250, 500, 1000]);
    timers[2]!.fn();
    sockets[3]!.onopen?.();
    sockets[3]!.onclose?.();
    expect(timers[3]!.ms).toBe(250);
    off();
    expect(timers[3]!.cancelled).toBe(true);
    expect(sockets).toHaveLength(4);
  });

  it('parses only JSON objects with a runId and a type as events', () => {
    expect(parseRunEvent('{"runId":"a","type":"cancelled"}')).toEqual({ runId: 'a', type: 'cancelled' });
    expect(parseRunEvent('{"type":"cancelled"}')).toBeNull();
    expect(parseRunEvent('[]')).toBeNull();
    expect(parseRunEvent(42)).toBeNull();
    expect(eventsUrl('https://h:1')).toBe('wss://h:1/api/events');
  });
});
