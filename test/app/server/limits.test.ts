/**
 * The browser-mode server's bounds (issue 9, finding 5): status mapping of the core's errors (BusyError is
 * 503 with Retry-After), parse errors answered by the 'clientError' handler, header/request/idle timeouts, the
 * connection and WebSocket caps, the WebSocket heartbeat and the slow-reader cut-off. Short limits stand in
 * for the defaults; the server runs in process against a fake core.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type Socket } from 'node:net';
import type { RecheckApi, RunEvent } from '../../../common/api/contract';
import { BusyError } from '../../../app/errors';
import { DEFAULT_SERVER_LIMITS, startBrowserServer, type BrowserServer } from '../../../app/server/http-server';
import {
  apiCall,
  httpRequestBytes,
  openRawWebSocket,
  rawRequest,
  sendAndAwaitClose,
  wsFrame,
  wsUpgradeBytes,
} from '../../security/helpers/server-child';
import { tempDir } from '../../helpers/temp-case';

let server: BrowserServer;
const logged: string[] = [];
let emit: (e: RunEvent) => void = () => undefined;

function fakeCore(): RecheckApi {
  const unused = () => Promise.reject(new Error('not used in this test'));
  return {
    listCases: () => Promise.resolve([]),
    openCase: unused,
    runChecks: () => Promise.reject(new BusyError('the sandbox queue is full (8 runs waiting); try again shortly', 2.5)),
    listRuns: () => Promise.resolve([]),
    cancelRun: () => Promise.reject(new TypeError('a bug in the core\nsecond line')),
    recordVerdict: unused,
    saveSandboxFile: unused,
    prepareSandboxProgram: unused,
    runSandboxProgram: unused,
    draftLetter: unused,
    listLetters: unused,
    readLetter: unused,
    saveLetter: unused,
    setLetterStatus: unused,
    exportLetterPdf: unused,
    listKinds: unused,
    createCase: unused,
    importLogbook: unused,
    addClaim: unused,
    addFalsification: unused,
    addCheck: unused,
    withdraw: unused,
    editPaper: unused,
    addCaseFile: unused,
    listCaseFiles: unused,
    readCaseFile: unused,
    triageLedger: unused,
    extractTable: unused,
    compareLogbooks: unused,
    answerChecklist: unused,
    verdictQueue: unused,
    buildReport: unused,
    imagePairSet: unused,
    listReviews: unused,
    startReview: unused,
    openReview: unused,
    answerReview: unused,
    undoReviewAnswer: unused,
    reviewImage: unused,
    exportReview: unused,
    workspaceSettings: unused,
    saveWorkspaceSettings: unused,
    saveReplaySettings: unused,
    listRunHistory: unused,
    readRunReport: unused,
    listMetricsSources: unused,
    readMetricsSeries: unused,
    downloadCaseFile: unused,
    listScreenFolders: unused,
    startScreen: unused,
    screenProgress: unused,
    cancelScreen: unused,
    readScreenedLogbook: unused,
    caseFromScreen: unused,
    replayLiterals: unused,
    checkReplayGrid: unused,
    onRunEvent(listener) {
      emit = listener;
      return () => undefined;
    },
  };
}

const LIMITS = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  keepAliveTimeoutMs: 300,
  idleTimeoutMs: 2_000,
  timeoutCheckMs: 100,
  maxConnections: 8,
  maxWebSockets: 2,
  heartbeatMs: 200,
  maxWsBufferedBytes: 1024 * 1024,
};

beforeAll(async () => {
  const renderer = tempDir();
  mkdirSync(join(renderer, 'sandbox', 'empty'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Recheck</title>');
  server = await startBrowserServer({ api: fakeCore(), rendererDir: renderer, log: (l) => logged.push(l), limits: LIMITS });
});

afterAll(async () => {
  await server.close();
});

/** A connection the test opens and holds (sending `bytes`, possibly nothing), resolving once connected. */
function hold(bytes = ''): Promise<Socket> {
  return new Promise((ok, fail) => {
    const s = connect(server.port, '127.0.0.1', () => {
      if (bytes !== '') s.write(bytes);
      ok(s);
    });
    s.on('error', fail);
  });
}

function closedOrAnswered(s: Socket, timeoutMs = 5_000): Promise<{ data: string; closed: boolean }> {
  return new Promise((ok) => {
    let data = '';
    const timer = setTimeout(() => ok({ data, closed: false }), timeoutMs);
    s.on('data', (c: Buffer) => (data += c.toString('latin1')));
    s.on('error', () => undefined);
    s.on('close', () => {
      clearTimeout(timer);
      ok({ data, closed: true });
    });
  });
}

describe('errors of the core', () => {
  it('BusyError is 503 with Retry-After (whole seconds, at least 1)', async () => {
    const r = await apiCall(server.port, server.token, 'runChecks', ['mini', null]);
    expect(r.status).toBe(503);
    expect(r.headers['retry-after']).toBe('3');
    expect(r.body).toEqual({ ok: false, error: 'the sandbox queue is full (8 runs waiting); try again shortly' });
  });

  it('an unexpected error is a 500 that says nothing of it; the log keeps the stack', async () => {
    const r = await apiCall(server.port, server.token, 'cancelRun', ['r1']);
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ ok: false, error: 'internal error' });
    expect(logged.some((l) => l.includes('a bug in the core'))).toBe(true);
    logged.length = 0;
  });
});

describe('parse errors and odd methods', () => {
  const host = () => `Host: 127.0.0.1:${server.port}`;
  const auth = () => `Authorization: Bearer ${server.token}\r\nContent-Type: application/json`;
  it.each([
    { label: 'a request line that is not HTTP', bytes: () => 'GARBAGE\r\n\r\n', status: 400 },
    { label: 'a header over 16 KiB', bytes: () => `GET / HTTP/1.1\r\n${host()}\r\nX: ${'a'.repeat(20_000)}\r\n\r\n`, status: 431 },
    {
      label: 'two Content-Lengths',
      bytes: () => `POST /api/call/listCases HTTP/1.1\r\n${host()}\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n`,
      status: 400,
    },
    {
      label: 'a chunk size that is not hex',
      bytes: () => `POST /api/call/listCases HTTP/1.1\r\n${host()}\r\n${auth()}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
      status: 400,
    },
    { label: 'a NUL in the request-target', bytes: () => `GET /\u0000 HTTP/1.1\r\n${host()}\r\n\r\n`, status: 400 },
    { label: 'a header name with a space', bytes: () => `GET / HTTP/1.1\r\n${host()}\r\nBad Name: 1\r\n\r\n`, status: 400 },
  ])('$label is answered $status', async ({ bytes, status }) => {
    const r = await rawRequest(server.port, Buffer.from(bytes(), 'latin1'));
    expect(r.status).toBe(status);
    expect(logged.filter((l) => l.startsWith('internal error'))).toEqual([]);
  });

  it('CONNECT is 405; a non-WebSocket upgrade is 400 or refused before it', async () => {
    expect((await rawRequest(server.port, httpRequestBytes(server.port, `CONNECT 127.0.0.1:${server.port} HTTP/1.1`))).status).toBe(405);
    const h2c = httpRequestBytes(
      server.port,
      'GET /api/events HTTP/1.1',
      [
        'Upgrade: h2c',
        'Connection: Upgrade',
        `Origin: http://127.0.0.1:${server.port}`,
        `Sec-WebSocket-Protocol: recheck.v1, token.${server.token}`,
      ],
      '',
      true,
    );
    expect((await rawRequest(server.port, h2c)).status).toBe(400);
  });

  it('static paths: a folder of the sandbox page without index.html is 404, controls after decoding 400', async () => {
    expect((await rawRequest(server.port, httpRequestBytes(server.port, 'GET /sandbox/empty HTTP/1.1'))).status).toBe(404);
    expect((await rawRequest(server.port, httpRequestBytes(server.port, 'GET /a%00b HTTP/1.1'))).status).toBe(400);
    expect((await rawRequest(server.port, httpRequestBytes(server.port, 'GET /a%0Ab HTTP/1.1'))).status).toBe(400);
    expect((await rawRequest(server.port, httpRequestBytes(server.port, 'GET /a%5C..%5Cb HTTP/1.1'))).status).toBe(400);
    expect((await rawRequest(server.port, httpRequestBytes(server.port, 'GET /%E0%A4%A HTTP/1.1'))).status).toBe(400);
  });
});

describe('slow clients are cut off', () => {
  it('a head that never ends gets 408 and is closed', async () => {
    const s = await hold(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);
    const r = await closedOrAnswered(s);
    expect(r.closed).toBe(true);
    expect(r.data).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a connection that sends nothing is closed', async () => {
    const r = await closedOrAnswered(await hold());
    expect(r.closed).toBe(true);
  });

  it('a body that never arrives is cut off by the request timeout', async () => {
    const head = httpRequestBytes(
      server.port,
      'POST /api/call/listCases HTTP/1.1',
      [`Authorization: Bearer ${server.token}`, 'Content-Type: application/json', 'Content-Length: 100'],
      '{"args":',
      true,
    );
    const r = await closedOrAnswered(await hold(head.toString('latin1')));
    expect(r.closed).toBe(true);
    expect(r.data).not.toMatch(/^HTTP\/1\.1 [25]/);
  });

  it('an idle keep-alive connection is closed', async () => {
    const s = await hold(httpRequestBytes(server.port, 'GET / HTTP/1.1', [], '', true).toString('latin1'));
    const r = await closedOrAnswered(s);
    expect(r.data).toMatch(/^HTTP\/1\.1 200/);
    expect(r.closed).toBe(true);
  });
});

describe('caps', () => {
  it(`connections over maxConnections are dropped; the server serves again once they close`, async () => {
    const held = await Promise.all(Array.from({ length: LIMITS.maxConnections }, () => hold()));
    await new Promise((r) => setTimeout(r, 50)); // let the server accept them all
    const extra = await closedOrAnswered(await hold(), 2_000);
    expect(extra).toEqual({ data: '', closed: true });
    for (const s of held) s.destroy();
    await new Promise((r) => setTimeout(r, 50));
    expect((await apiCall(server.port, server.token, 'listCases', [])).status).toBe(200);
  });

  it('event WebSockets over maxWebSockets are refused with 503', async () => {
    const open = [await openRawWebSocket(server.port, server.token), await openRawWebSocket(server.port, server.token)];
    for (const s of open) s.on('data', (c: Buffer) => s.write(pongFor(c))); // answer the heartbeat
    const r = await rawRequest(server.port, wsUpgradeBytes(server.port, server.token));
    expect(r.status).toBe(503);
    for (const s of open) s.destroy();
    await new Promise((r2) => setTimeout(r2, 50));
  });

  it('a WebSocket that does not answer pings is closed by the heartbeat', async () => {
    const ws = await openRawWebSocket(server.port, server.token);
    const r = await closedOrAnswered(ws);
    expect(r.closed).toBe(true);
  });

  it('a WebSocket that stops reading is dropped once its backlog passes the cap, and others still get events', async () => {
    const slow = await openRawWebSocket(server.port, server.token);
    slow.pause();
    const ended = closedOrAnswered(slow, 10_000);
    const line = 'x'.repeat(256 * 1024);
    for (let i = 0; i < 256; i++) emit({ runId: 'r', type: 'log', checkId: 'c', line });
    slow.resume();
    expect((await ended).closed).toBe(true);
    expect(logged.some((l) => l.startsWith('events: dropped a WebSocket that stopped reading'))).toBe(true);
  });
});

describe('defaults', () => {
  it('are bounded', () => {
    expect(DEFAULT_SERVER_LIMITS.maxWsPayloadBytes).toBeLessThanOrEqual(64 * 1024);
    expect(DEFAULT_SERVER_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(DEFAULT_SERVER_LIMITS.requestTimeoutMs);
    expect(DEFAULT_SERVER_LIMITS.maxConnections).toBeGreaterThan(DEFAULT_SERVER_LIMITS.maxWebSockets);
  });

  it('an oversized frame still closes 1009 under them', async () => {
    const ws = await openRawWebSocket(server.port, server.token);
    const end = await sendAndAwaitClose(ws, wsFrame({ opcode: 0x2, payload: Buffer.alloc(DEFAULT_SERVER_LIMITS.maxWsPayloadBytes + 1) }));
    expect(end.closeCode).toBe(1009);
  });
});

/** Masked pong frames answering every ping frame in `chunk` (a best effort: pings arrive whole here). */
function pongFor(chunk: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  while (at + 2 <= chunk.length) {
    const opcode = (chunk[at] as number) & 0x0f;
    const len = (chunk[at + 1] as number) & 0x7f;
    if (opcode === 0x9) out.push(wsFrame({ opcode: 0xa, payload: chunk.subarray(at + 2, at + 2 + len) }));
    at += 2 + len;
  }
  return Buffer.concat(out);
}
