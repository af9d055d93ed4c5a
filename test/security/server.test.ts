/**
 * Attacks on the browser-mode server (issue 9, finding 5 and the NUL-byte 500 of finding 8): no request, frame
 * or argument may make it exit, and every refusal is a 4xx status or a WebSocket close code, never a 500.
 * The server runs in a child process, so a crash shows as the child exiting.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiCall,
  httpRequestBytes,
  openRawWebSocket,
  rawRequest,
  sendAndAwaitClose,
  startChildServer,
  wsFrame,
  wsUpgradeBytes,
  type ChildServer,
} from './helpers/server-child';

let child: ChildServer | undefined;

/** The shared child server, restarted when an attack took the previous one down (so each test stands alone). */
async function server(): Promise<ChildServer> {
  if (child !== undefined && child.exit() === null && (await answers(child))) return child;
  await child?.stop();
  child = await startChildServer();
  return child;
}

async function answers(s: ChildServer): Promise<boolean> {
  const r = await apiCall(s.port, s.token, 'listCases', []).catch(() => ({ status: 0 }));
  return r.status === 200;
}

/** The server still answers an authenticated call and has not exited (its log is the failure message). */
async function expectAlive(s: ChildServer): Promise<void> {
  const ok = await answers(s);
  if (!ok) await s.waitExit(2_000);
  expect({ answers: ok, exit: s.exit() }, s.stderr()).toEqual({ answers: true, exit: null });
}

beforeEach(async () => {
  await server();
});

afterAll(async () => {
  await child?.stop();
});

/** The `error` of a JSON refusal body. */
function errorOf(body: unknown): string {
  return typeof body === 'object' && body !== null ? String((body as { error?: unknown }).error) : `(not JSON: ${String(body)})`;
}

const SANDBOX_MODULE = { caseId: 'kl-direction', path: 'sandbox/mode-fit.ts' };

describe('request-targets are checked before anything parses them', () => {
  const targets = ['//', 'http://[', '//[', '/\\[', 'http://%zz/api/events', '///api/events'];

  it.each(targets)('an upgrade to %j without the token is refused (400) and the server lives', async (target) => {
    const s = await server();
    const r = await rawRequest(s.port, wsUpgradeBytes(s.port, null, target));
    expect(r.status).toBe(400);
    await expectAlive(s);
  });

  it.each(targets)('a GET of %j is refused with 400, not 500', async (target) => {
    const s = await server();
    const r = await rawRequest(s.port, httpRequestBytes(s.port, `GET ${target} HTTP/1.1`));
    expect(r.status).toBe(400);
    await expectAlive(s);
  });
});

describe('WebSocket frames from a token holder', () => {
  it('a message over the size limit closes the socket (1009) and the server lives', async () => {
    const s = await server();
    const ws = await openRawWebSocket(s.port, s.token);
    const end = await sendAndAwaitClose(ws, wsFrame({ opcode: 0x1, payload: Buffer.alloc(70 * 1024, 0x61) }));
    expect(end.timedOut).toBe(false);
    expect(end.closeCode === 1009 || end.closed).toBe(true);
    await expectAlive(s);
  });

  it('invalid UTF-8 in a text frame closes the socket (1007) and the server lives', async () => {
    const s = await server();
    const ws = await openRawWebSocket(s.port, s.token);
    const end = await sendAndAwaitClose(ws, wsFrame({ opcode: 0x1, payload: Buffer.from([0x61, 0xc3, 0x28, 0xff]) }));
    expect(end.timedOut).toBe(false);
    expect(end.closeCode === 1007 || end.closed).toBe(true);
    await expectAlive(s);
  });

  it('an unmasked frame, a reserved opcode and RSV bits are protocol errors (1002), not crashes', async () => {
    const s = await server();
    for (const frame of [
      wsFrame({ opcode: 0x1, mask: null, payload: Buffer.from('hi') }),
      wsFrame({ opcode: 0x3, payload: Buffer.from('hi') }),
      wsFrame({ opcode: 0x1, rsv: 4, payload: Buffer.from('hi') }),
      wsFrame({ opcode: 0x9, payload: Buffer.alloc(200) }), // a control frame over 125 bytes
      wsFrame({ opcode: 0x0, payload: Buffer.from('orphan continuation') }),
    ]) {
      const ws = await openRawWebSocket(s.port, s.token);
      const end = await sendAndAwaitClose(ws, frame);
      expect(end.timedOut).toBe(false);
      expect(end.closeCode === 1002 || end.closed).toBe(true);
    }
    await expectAlive(s);
  });

  it('a well-formed message is answered with a policy close (1008): the socket only sends', async () => {
    const s = await server();
    const ws = await openRawWebSocket(s.port, s.token);
    const end = await sendAndAwaitClose(ws, wsFrame({ opcode: 0x1, payload: Buffer.from('{"hello":1}') }));
    expect(end.closeCode).toBe(1008);
    await expectAlive(s);
  });
});

describe('API arguments are bounded', () => {
  it('a runSandboxProgram input nested 100,000 deep is refused (400) and the server lives', async () => {
    const s = await server();
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const body = `{"args":[{"caseId":"${SANDBOX_MODULE.caseId}","path":"${SANDBOX_MODULE.path}","input":${deep},"seed":1,"timeoutSeconds":5}]}`;
    const r = await apiCall(s.port, s.token, 'runSandboxProgram', body);
    expect(r.status).toBe(400);
    expect(errorOf(r.body)).toBe('malformed request body: nested deeper than 80 levels');
    const past64 = await apiCall(s.port, s.token, 'runSandboxProgram', body.replace(deep, `${'['.repeat(70)}${']'.repeat(70)}`));
    expect(errorOf(past64.body)).toBe('runSandboxProgram: input is nested deeper than 64 levels');
    await expectAlive(s);
  });

  it('a runSandboxProgram input with too many values or too much text is refused (400)', async () => {
    const s = await server();
    const many = await apiCall(s.port, s.token, 'runSandboxProgram', [
      { ...SANDBOX_MODULE, input: new Array(200_000).fill(0), seed: 1, timeoutSeconds: 5 },
    ]);
    expect(many.status).toBe(400);
    const long = await apiCall(s.port, s.token, 'runSandboxProgram', [
      { ...SANDBOX_MODULE, input: 'x'.repeat(2 * 1024 * 1024), seed: 1, timeoutSeconds: 5 },
    ]);
    expect(long.status).toBe(400);
    await expectAlive(s);
  });

  it.each(['sandbox/a\u0000.ts', 'sandbox/a\nb.ts', 'sandbox/\u001b[31m.ts', 'sandbox/a\u202e.ts', 'sandbox/\ud800.ts'])(
    'a saveSandboxFile path %j is refused (400) with a one-line message',
    async (path) => {
      const s = await server();
      const r = await apiCall(s.port, s.token, 'saveSandboxFile', [{ caseId: 'kl-direction', path, text: 'x' }]);
      expect(r.status).toBe(400);
      expect(errorOf(r.body)).toBe('saveSandboxFile: path must not contain control or invisible characters');
      await expectAlive(s);
    },
  );

  it('a body nested deeper than the limit, with invalid UTF-8, or over the size cap is refused with a 4xx', async () => {
    const s = await server();
    const deep = await apiCall(s.port, s.token, 'listCases', `{"args":[],"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(deep.status).toBe(400);
    const auth = [`Authorization: Bearer ${s.token}`, 'Content-Type: application/json'];
    const badUtf8 = Buffer.concat([Buffer.from('{"args":["'), Buffer.from([0xc3, 0x28]), Buffer.from('"]}')]);
    const utf8 = await rawRequest(
      s.port,
      httpRequestBytes(s.port, 'POST /api/call/openCase HTTP/1.1', [...auth, `Content-Length: ${badUtf8.length}`], badUtf8),
    );
    expect(utf8.status).toBe(400);
    const huge = await rawRequest(
      s.port,
      httpRequestBytes(s.port, 'POST /api/call/listCases HTTP/1.1', [...auth, `Content-Length: ${64 * 1024 * 1024}`], '{"args":'),
    );
    expect(huge.status).toBe(413);
    const malformed = await apiCall(s.port, s.token, 'listCases', '{"args":[\n\u001b[31m');
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed.body)).toMatch(/^malformed request body: /);
    expect(errorOf(malformed.body)).not.toMatch(/[\u0000-\u001f]/);
    await expectAlive(s);
  });

  it('left nothing in the log but one-line notes (no internal error)', async () => {
    const s = await server();
    expect(s.stderr()).not.toMatch(/internal error/);
  });
});
