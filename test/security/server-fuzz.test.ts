/**
 * Fuzzing the browser-mode server over raw sockets (issue 9, finding 5): random request lines, targets,
 * headers and bodies, random authenticated API calls, and random WebSocket frames (opcodes, RSV bits, masks,
 * length encodings, payloads with invalid UTF-8, fragments) against one child server. Each exchange must end
 * in a status below 500 or a close within a few seconds, and the server must still answer afterwards.
 * Seeded, so a failure replays; every exchange half-closes its side, so no case waits on the server's timeouts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  apiCall,
  openRawWebSocket,
  rawRequest,
  sendAndAwaitClose,
  startChildServer,
  wsFrame,
  type ChildServer,
  type FrameSpec,
} from './helpers/server-child';

let child: ChildServer;

// Fixed seeds keep the file deterministic; RECHECK_FUZZ_SEED and RECHECK_FUZZ_RUNS explore further by hand.
const SEED_BASE = Number(process.env.RECHECK_FUZZ_SEED ?? 0);
const RUNS_SCALE = Number(process.env.RECHECK_FUZZ_RUNS ?? 1);
const settings = (seed: number, numRuns: number) => ({ seed: seed + SEED_BASE, numRuns: Math.round(numRuns * RUNS_SCALE) });

// Short head and request timeouts: an unfinished request (a Content-Length never met, a head without its
// blank line) must end in a 408 or a close within them, not hang.
const FUZZ_LIMITS = { headersTimeoutMs: 1_000, requestTimeoutMs: 1_500, timeoutCheckMs: 100 };

beforeAll(async () => {
  child = await startChildServer(FUZZ_LIMITS);
});

afterAll(async () => {
  await child?.stop();
});

/** After each batch: the server answers an authenticated call, is still running and logged no internal error. */
async function expectHealthy(): Promise<void> {
  const r = await apiCall(child.port, child.token, 'listCases', []);
  expect({ status: r.status, exit: child.exit() }, child.stderr()).toEqual({ status: 200, exit: null });
  expect(child.stderr()).not.toMatch(/internal error/);
}

const CASE_IDS = ['kl-direction', 'padding-perplexity', 'no-such-case'];
const METHODS = [
  'listCases',
  'openCase',
  'runChecks',
  'cancelRun',
  'recordVerdict',
  'saveSandboxFile',
  'prepareSandboxProgram',
  'runSandboxProgram',
  'draftLetter',
  'onRunEvent',
  'constructor',
  '__proto__',
  'toString',
];

// --- raw HTTP ----------------------------------------------------------------------------------------------

/** A request as choices; rendered once the child's port and token are known. */
interface RequestSpec {
  method: string;
  target: string;
  version: string;
  host: 'own' | 'localhost' | 'foreign' | 'none' | 'twice';
  origin: 'own' | 'foreign' | 'null' | 'none';
  auth: 'token' | 'wrong' | 'none' | 'basic';
  contentType: string | null;
  upgrade: 'none' | 'websocket' | 'websocket-bad-key' | 'h2c';
  extra: [string, string][];
  body: string;
  length: 'exact' | 'none' | 'short' | 'long' | 'huge' | 'bogus' | 'chunked';
}

const unicode = (maxLength: number) => fc.string({ unit: 'binary', maxLength });
const ascii = (maxLength: number) => fc.string({ unit: 'binary-ascii', maxLength });

/** Mostly the common value, sometimes anything: most requests should get past the parser to the handlers. */
function mostly<T>(common: fc.Arbitrary<T>, rare: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: common, weight: 6 }, { arbitrary: rare, weight: 1 });
}

const targetArb = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      '/api/call/listCases',
      '/api/call/openCase',
      '/api/call/saveSandboxFile',
      '/api/call/runSandboxProgram',
      '/api/events',
      '/',
      '/assets/app.js',
    ),
    weight: 10,
  },
  fc.constantFrom(
    '/',
    '/api/events',
    '/api/call/listCases',
    '/api/call/openCase',
    '/assets/app.js',
    '/sandbox/',
    '/sandbox',
    '/api/call/__proto__',
    '/..%2f..%2fetc%2fpasswd',
  ),
  fc.constantFrom(
    '*',
    '//',
    '//[',
    'http://[',
    '/\\[',
    '///api/events',
    'http://%zz/api/events',
    '/%',
    '/%zz',
    '/%00',
    '/a%0a',
    '/%ED%A0%80',
  ),
  fc
    .tuple(
      fc.constantFrom('', '/', '//', '/api/', '/api/call/', '/api/events?', 'http://', 'http://127.0.0.1/', '/sandbox/', '/assets/'),
      unicode(40),
    )
    .map(([a, b]) => a + b),
  ascii(60).filter((t) => !/[\s]/.test(t)),
  fc.nat({ max: 6000 }).map((n) => `/${'a'.repeat(n)}`),
);

const requestArb: fc.Arbitrary<RequestSpec> = fc.record({
  method: mostly(
    fc.constantFrom('GET', 'POST', 'POST', 'HEAD', 'PUT', 'OPTIONS'),
    fc.oneof(fc.constantFrom('PATCH', 'TRACE', 'CONNECT', 'PRI', 'get'), ascii(8)),
  ),
  target: targetArb,
  version: mostly(fc.constant('HTTP/1.1'), fc.oneof(fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/0.9', ''), ascii(10))),
  host: mostly(fc.constant<RequestSpec['host']>('own'), fc.constantFrom<RequestSpec['host']>('localhost', 'foreign', 'none', 'twice')),
  origin: fc.constantFrom<RequestSpec['origin']>('own', 'none', 'none', 'foreign', 'null'),
  auth: fc.constantFrom<RequestSpec['auth']>('token', 'token', 'wrong', 'none', 'basic'),
  contentType: fc.option(
    mostly(fc.constantFrom('application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain'), ascii(20)),
    { freq: 4 },
  ),
  upgrade: mostly(
    fc.constant<RequestSpec['upgrade']>('none'),
    fc.constantFrom<RequestSpec['upgrade']>('websocket', 'websocket', 'websocket-bad-key', 'h2c'),
  ),
  extra: mostly(
    fc.constant<[string, string][]>([]),
    fc.array(
      fc.tuple(
        fc.oneof(
          fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,11}$/),
          ascii(12),
          fc.constantFrom('Transfer-Encoding', 'Expect', 'Content-Encoding', 'Sec-WebSocket-Protocol', 'Connection'),
        ),
        unicode(30),
      ),
      { minLength: 1, maxLength: 3 },
    ),
  ),
  body: fc.oneof(
    fc.constant(''),
    unicode(200),
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify({ args: [v] })),
    fc.nat({ max: 200_000 }).map((n) => `{"args":[${'['.repeat(n)}${']'.repeat(n)}]}`),
  ),
  length: mostly(
    fc.constant<RequestSpec['length']>('exact'),
    fc.constantFrom<RequestSpec['length']>('none', 'short', 'long', 'huge', 'bogus', 'chunked'),
  ),
});

function renderRequest(r: RequestSpec, port: number, token: string): Buffer {
  const lines = [`${r.method} ${r.target} ${r.version}`.trimEnd()];
  const own = `127.0.0.1:${port}`;
  if (r.host === 'own' || r.host === 'twice') lines.push(`Host: ${own}`);
  if (r.host === 'localhost') lines.push(`Host: localhost:${port}`);
  if (r.host === 'foreign' || r.host === 'twice') lines.push('Host: attacker.example');
  if (r.origin !== 'none')
    lines.push(`Origin: ${r.origin === 'own' ? `http://${own}` : r.origin === 'null' ? 'null' : 'http://evil.example'}`);
  if (r.auth === 'token') lines.push(`Authorization: Bearer ${token}`);
  if (r.auth === 'wrong') lines.push(`Authorization: Bearer ${token.slice(1)}0`);
  if (r.auth === 'basic') lines.push('Authorization: Basic YTpi');
  if (r.contentType !== null) lines.push(`Content-Type: ${r.contentType}`);
  if (r.upgrade === 'websocket' || r.upgrade === 'websocket-bad-key') {
    lines.push(
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Version: 13',
      `Sec-WebSocket-Protocol: recheck.v1, token.${r.auth === 'token' ? token : 'x'}`,
    );
    lines.push(`Sec-WebSocket-Key: ${r.upgrade === 'websocket' ? 'dGhlIHNhbXBsZSBub25jZQ==' : 'not a key'}`);
  }
  if (r.upgrade === 'h2c') lines.push('Upgrade: h2c', 'Connection: Upgrade, HTTP2-Settings', 'HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA');
  for (const [name, value] of r.extra) lines.push(`${name}: ${value}`);
  const body = Buffer.from(r.body, 'utf8');
  let payload = body;
  if (r.length === 'exact') lines.push(`Content-Length: ${body.length}`);
  if (r.length === 'short') lines.push(`Content-Length: ${Math.floor(body.length / 2)}`);
  if (r.length === 'long') lines.push(`Content-Length: ${body.length + 100}`);
  if (r.length === 'huge') lines.push('Content-Length: 99999999999999');
  if (r.length === 'bogus') lines.push('Content-Length: 12abc');
  if (r.length === 'chunked') {
    lines.push('Transfer-Encoding: chunked');
    payload = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]);
  }
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), payload]);
}

// --- authenticated API calls ------------------------------------------------------------------------------

const idArb = fc.oneof(fc.constantFrom(...CASE_IDS), unicode(20), fc.constantFrom('F1', 'c1', '..', '.', 'a'.repeat(200)));
const pathArb = fc.oneof(
  fc.constantFrom(
    'sandbox/mode-fit.ts',
    'sandbox/fuzz.ts',
    'sandbox/sub/fuzz.mjs',
    'case.json',
    '../x',
    'sandbox/../case.json',
    '/etc/passwd',
    'sandbox\\x.ts',
    'sandbox/',
    'sandbox/\u0000.ts',
    `sandbox/${'é'.repeat(200)}.ts`,
  ),
  unicode(30).map((s) => `sandbox/${s}`),
  unicode(30),
);
const recordArb = fc.record(
  {
    caseId: idArb,
    falsificationId: idArb,
    path: pathArb,
    text: fc.oneof(unicode(50), fc.constant('x'.repeat(70_000))),
    input: fc.oneof(
      fc.jsonValue({ maxDepth: 5 }),
      fc.nat({ max: 100 }).map((n) => JSON.parse(`${'['.repeat(n)}0${']'.repeat(n)}`) as unknown),
    ),
    seed: fc.oneof(fc.integer(), fc.double(), fc.constant(2 ** 32)),
    timeoutSeconds: fc.oneof(fc.integer({ min: -5, max: 5000 }), fc.double()),
    verdict: fc.oneof(fc.constantFrom('confirmed', 'refuted', 'needs-more-work'), unicode(10)),
    rationale: unicode(60),
    reviewer: unicode(30),
  },
  { requiredKeys: [] },
);
const argArb = fc.oneof(idArb, pathArb, recordArb, fc.jsonValue({ maxDepth: 3 }), fc.constant(null));
/** Arguments of the right count and roughly the right kinds for `method`, so that calls get past arity checks. */
function plausibleArgs(method: string): fc.Arbitrary<unknown[]> {
  if (method === 'listCases') return fc.constant([]);
  if (method === 'runChecks') return fc.tuple(idArb, fc.option(idArb));
  if (method === 'prepareSandboxProgram') return fc.tuple(idArb, pathArb);
  if (method === 'recordVerdict' || method === 'saveSandboxFile' || method === 'runSandboxProgram') return fc.tuple(recordArb);
  return fc.tuple(idArb);
}

const callArb = mostly(
  fc.constantFrom(...METHODS.slice(0, 9)),
  fc.oneof(fc.constantFrom(...METHODS.slice(9)), fc.stringMatching(/^[A-Za-z]{0,12}$/)),
).chain((method) =>
  fc.record({
    method: fc.constant(method),
    body: fc.oneof(
      { arbitrary: plausibleArgs(method).map((args) => JSON.stringify({ args })), weight: 4 },
      fc.array(argArb, { maxLength: 3 }).map((args) => JSON.stringify({ args })),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      unicode(100),
      plausibleArgs(method).map((args) => `\ufeff${JSON.stringify({ args })}`),
      fc
        .integer({ min: 65, max: 100_000 })
        .map(
          (n) =>
            `{"args":[{"caseId":"kl-direction","path":"sandbox/mode-fit.ts","input":${'['.repeat(n)}${']'.repeat(n)},"seed":1,"timeoutSeconds":1}]}`,
        ),
    ),
  }),
);

/** Keeps random calls from starting real runs: those two methods only ever name a case that does not exist. */
function harmless(method: string, body: string): string {
  if (method !== 'runChecks' && method !== 'runSandboxProgram') return body;
  let out = body;
  for (const id of CASE_IDS) if (id !== 'no-such-case') out = out.split(id).join('no-such-case');
  return out;
}

// --- WebSocket frames ---------------------------------------------------------------------------------------

const frameArb: fc.Arbitrary<FrameSpec> = fc
  .record({
    fin: mostly(fc.constant(true), fc.constant(false)),
    rsv: mostly(fc.constant(0), fc.nat({ max: 7 })),
    opcode: mostly(fc.constantFrom(0x0, 0x1, 0x2, 0x8, 0x9, 0xa), fc.nat({ max: 15 })),
    masked: mostly(fc.constant(true), fc.constant(false)),
    mask: fc.uint8Array({ minLength: 4, maxLength: 4 }),
    payload: fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.constantFrom(
        Uint8Array.from([0xc3, 0x28]),
        Uint8Array.from([0xed, 0xa0, 0x80]),
        Uint8Array.from([0xf4, 0x90, 0x80, 0x80]),
        Uint8Array.from([0x03, 0xe8, 0xff]),
        Uint8Array.from([0x03]),
      ),
      fc.nat({ max: 80 * 1024 }).map((n) => new Uint8Array(n).fill(0x61)),
    ),
    lengthForm: fc.constantFrom<7 | 16 | 64 | undefined>(undefined, undefined, 16, 64),
    declared: fc.oneof(
      fc.constant(undefined),
      fc.constant(undefined),
      fc.constant(undefined),
      fc.constantFrom(2 ** 40, 2 ** 53 - 1, 70_000),
      fc.nat({ max: 400 }),
    ),
  })
  .map((f) => {
    const length = f.declared ?? f.payload.length;
    const needed = length < 126 ? 7 : length < 65_536 ? 16 : 64;
    const form = f.lengthForm === undefined || f.lengthForm < needed ? needed : f.lengthForm;
    return {
      fin: f.fin,
      rsv: f.rsv,
      opcode: f.opcode,
      mask: f.masked ? Buffer.from(f.mask) : null,
      payload: Buffer.from(f.payload),
      declaredLength: f.declared,
      lengthForm: form as 7 | 16 | 64,
    };
  });

/** Close codes the server may answer with: normal, protocol error, invalid data, policy, too big. */
const SERVER_CLOSE_CODES = [1000, 1002, 1007, 1008, 1009];

describe('fuzzing the server over raw sockets', () => {
  it('random requests (lines, targets, headers, bodies) get a status below 500 or a close, never a hang', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (spec) => {
        const r = await rawRequest(child.port, renderRequest(spec, child.port, child.token), 5_000);
        expect(r.timedOut, `no answer to ${JSON.stringify(spec).slice(0, 300)}`).toBe(false);
        if (r.status !== null) expect(r.status, r.data.subarray(0, 200).toString('latin1')).toBeLessThan(500);
        else expect(r.closed).toBe(true);
      }),
      settings(0x5e4e, 300),
    );
    await expectHealthy();
  });

  it('random authenticated API calls get 200 or a 4xx with a one-line error, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(callArb, async ({ method, body }) => {
        const r = await apiCall(child.port, child.token, method, harmless(method, body));
        expect(r.status, `${method} ${body.slice(0, 200)} -> ${r.text.slice(0, 300)}`).toBeLessThan(500);
        if (r.status >= 400) expect(String((r.body as { error?: unknown }).error)).not.toMatch(/[\u0000-\u001f\u007f\u2028\u2029]/);
      }),
      settings(0xa91, 300),
    );
    await expectHealthy();
  });

  it('random WebSocket frames (incl. fragments, bad UTF-8, huge lengths) end in a close, never a crash', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(frameArb, { minLength: 1, maxLength: 4 }), async (frames) => {
        const ws = await openRawWebSocket(child.port, child.token);
        const close = wsFrame({ opcode: 0x8, payload: Buffer.from([0x03, 0xe8]) });
        const end = await sendAndAwaitClose(ws, Buffer.concat([...frames.map(wsFrame), close]), 5_000, true);
        expect(end.timedOut).toBe(false);
        if (end.closeCode !== null) expect(SERVER_CLOSE_CODES).toContain(end.closeCode);
      }),
      settings(0x3b5, 200),
    );
    await expectHealthy();
  });
});
