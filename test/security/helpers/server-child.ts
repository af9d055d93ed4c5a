/**
 * The browser-mode server in a child process, and raw clients to attack it with. A crash then shows as the
 * child exiting instead of taking the test runner down with it.
 *
 * Run as an entry (`node bin/run-ts.mjs test/security/helpers/server-child.ts [limits-json]`), this file copies
 * the bundled cases into a fresh workspace, serves them with a stub UI and prints one JSON line
 * `{port, token, workspace}`; it exits when its stdin closes (so it never outlives the test). Imported, it
 * offers `startChildServer` and the socket helpers below.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const THIS_FILE = fileURLToPath(import.meta.url);
const REPO = resolve(dirname(THIS_FILE), '..', '..', '..');

export interface ChildServer {
  readonly port: number;
  readonly token: string;
  readonly workspace: string;
  /** How the child ended, once it has; null while it runs. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Everything the child wrote to stderr so far (its log). */
  stderr(): string;
  /** Resolves true once the child has exited, false when it is still running after `ms`. */
  waitExit(ms: number): Promise<boolean>;
  /** Stops the child (closing its stdin, then SIGKILL if it lingers). */
  stop(): Promise<void>;
}

/** Starts a child server; `limits` is passed to startBrowserServer as its `limits` option. */
export async function startChildServer(limits: Record<string, number> = {}): Promise<ChildServer> {
  const child: ChildProcess = spawn(process.execPath, [join(REPO, 'bin', 'run-ts.mjs'), THIS_FILE, JSON.stringify(limits)], {
    cwd: REPO,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  let ended: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<void>((done) => {
    child.once('exit', (code, signal) => {
      ended = { code, signal };
      done();
    });
  });
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const ready = await new Promise<{ port: number; token: string; workspace: string }>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`the child server did not start in 30 s; stderr: ${stderr}`)), 30_000);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line === undefined || !out.includes('\n')) return;
      clearTimeout(timer);
      ok(JSON.parse(line) as { port: number; token: string; workspace: string });
    });
    void exited.then(() => {
      clearTimeout(timer);
      fail(new Error(`the child server exited before listening; stderr: ${stderr}`));
    });
  });
  const waitExit = async (ms: number): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms)));
    const result = await Promise.race([exited.then(() => true), late]);
    clearTimeout(timer);
    return result;
  };
  return {
    ...ready,
    exit: () => ended,
    stderr: () => stderr,
    waitExit,
    async stop() {
      if (ended) return;
      child.stdin?.end();
      if (!(await waitExit(5_000))) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/** What a raw connection got back: the bytes, the HTTP status when they start with one, and how it ended. */
export interface RawReply {
  readonly data: Buffer;
  /** Status code of the first response on the connection, or null when none arrived. */
  readonly status: number | null;
  /** The server closed the connection (or reset it). */
  readonly closed: boolean;
  readonly timedOut: boolean;
}

/**
 * Sends raw bytes on a fresh connection and waits for the head of a response (status line and headers), the
 * server closing, or `timeoutMs`; then closes the connection. `halfClose` ends the sending side after the
 * bytes, so that an unfinished request meets end-of-stream instead of the server's timeouts.
 */
export function rawRequest(port: number, bytes: Buffer | string, timeoutMs = 5_000, halfClose = false): Promise<RawReply> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (closed: boolean, timedOut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const data = Buffer.concat(chunks);
      done({ data, status: statusOf(data), closed, timedOut });
    };
    const timer = setTimeout(() => finish(false, true), timeoutMs);
    socket.on('connect', () => {
      socket.write(bytes);
      if (halfClose) socket.end();
    });
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      if (Buffer.concat(chunks).includes('\r\n\r\n')) finish(false, false);
    });
    socket.on('error', () => finish(true, false));
    socket.on('close', () => finish(true, false));
  });
}

function statusOf(data: Buffer): number | null {
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(data.subarray(0, 64).toString('latin1'));
  return m ? Number(m[1]) : null;
}

/** A request with the server's own Host header and `extra` headers (ending with `Connection: close` unless `keepOpen`). */
export function httpRequestBytes(
  port: number,
  requestLine: string,
  extra: string[] = [],
  body: Buffer | string = '',
  keepOpen = false,
): Buffer {
  const head = [requestLine, `Host: 127.0.0.1:${port}`, ...extra, ...(keepOpen ? [] : ['Connection: close']), '', ''].join('\r\n');
  return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')]);
}

/** The opening handshake of the events WebSocket, with the token subprotocol unless `token` is null. */
export function wsUpgradeBytes(port: number, token: string | null, target = '/api/events'): Buffer {
  const protocols = token === null ? 'recheck.v1' : `recheck.v1, token.${token}`;
  const headers = [
    'Upgrade: websocket',
    'Connection: Upgrade',
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    `Sec-WebSocket-Protocol: ${protocols}`,
    `Origin: http://127.0.0.1:${port}`,
  ];
  return httpRequestBytes(port, `GET ${target} HTTP/1.1`, headers, '', true);
}

/** One WebSocket frame as a client (or an attacker) would put it on the wire. */
export interface FrameSpec {
  readonly fin?: boolean;
  /** The three RSV bits (0-7); anything but 0 is a protocol error without an extension. */
  readonly rsv?: number;
  readonly opcode: number;
  /** Masking key (4 bytes); null sends the frame unmasked (a protocol error from a client). */
  readonly mask?: Buffer | null;
  readonly payload: Buffer;
  /** The length written in the header (default: the payload's); a larger one leaves the frame unfinished. */
  readonly declaredLength?: number;
  /** The length encoding: 7 bits, 16 bits or 64 bits (default: the shortest that fits). */
  readonly lengthForm?: 7 | 16 | 64;
}

export function wsFrame(f: FrameSpec): Buffer {
  const len = f.declaredLength ?? f.payload.length;
  const form = f.lengthForm ?? (len < 126 ? 7 : len < 65_536 ? 16 : 64);
  const mask = f.mask === undefined ? Buffer.from([0x12, 0x34, 0x56, 0x78]) : f.mask;
  const first = ((f.fin ?? true) ? 0x80 : 0) | (((f.rsv ?? 0) & 7) << 4) | (f.opcode & 0x0f);
  const maskBit = mask === null ? 0 : 0x80;
  let head: Buffer;
  if (form === 7) head = Buffer.from([first, maskBit | (len & 0x7f)]);
  else if (form === 16) {
    head = Buffer.alloc(4);
    head[0] = first;
    head[1] = maskBit | 126;
    head.writeUInt16BE(len & 0xffff, 2);
  } else {
    head = Buffer.alloc(10);
    head[0] = first;
    head[1] = maskBit | 127;
    head.writeBigUInt64BE(BigInt(len), 2);
  }
  if (mask === null) return Buffer.concat([head, f.payload]);
  const body = Buffer.from(f.payload);
  for (let i = 0; i < body.length; i++) body[i] = (body[i] as number) ^ (mask[i % 4] as number);
  return Buffer.concat([head, mask, body]);
}

/** An authenticated events WebSocket opened by hand over a raw socket (the 101 already read). */
export async function openRawWebSocket(port: number, token: string): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((ok, fail) => {
    let head = Buffer.alloc(0);
    const onData = (c: Buffer) => {
      head = Buffer.concat([head, c]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      if (statusOf(head) !== 101) return fail(new Error(`no WebSocket: ${head.toString('latin1').split('\r\n')[0]}`));
      if (head.length > end + 4) socket.unshift(head.subarray(end + 4));
      ok();
    };
    socket.on('data', onData);
    socket.once('error', fail);
    socket.once('connect', () => socket.write(wsUpgradeBytes(port, token)));
  });
  return socket;
}

/** How the server ended a WebSocket: the close frame's code (when it sent one) and whether the TCP connection closed. */
export interface WsEnd {
  readonly closeCode: number | null;
  readonly closed: boolean;
  readonly timedOut: boolean;
}

/**
 * Writes `bytes` on an open WebSocket and waits until the server sends a close frame or closes the connection,
 * or `timeoutMs` passes; then closes the connection. `halfClose` ends the sending side after the bytes.
 */
export function sendAndAwaitClose(socket: Socket, bytes: Buffer, timeoutMs = 5_000, halfClose = false): Promise<WsEnd> {
  return new Promise((done) => {
    let data = Buffer.alloc(0);
    let settled = false;
    const finish = (end: WsEnd) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      done(end);
    };
    const timer = setTimeout(() => finish({ closeCode: null, closed: false, timedOut: true }), timeoutMs);
    socket.on('data', (c: Buffer) => {
      data = Buffer.concat([data, c]);
      const code = closeCodeIn(data);
      if (code !== undefined) finish({ closeCode: code, closed: false, timedOut: false });
    });
    socket.on('error', () => finish({ closeCode: null, closed: true, timedOut: false }));
    socket.on('close', () => finish({ closeCode: closeCodeIn(data) ?? null, closed: true, timedOut: false }));
    socket.write(bytes);
    if (halfClose) socket.end();
  });
}

/** The code of the first close frame among the server's (unmasked) frames; null for a close without code. */
function closeCodeIn(data: Buffer): number | null | undefined {
  let at = 0;
  while (at + 2 <= data.length) {
    const opcode = (data[at] as number) & 0x0f;
    let len = (data[at + 1] as number) & 0x7f;
    let head = 2;
    if (len === 126) {
      if (at + 4 > data.length) return undefined;
      len = data.readUInt16BE(at + 2);
      head = 4;
    } else if (len === 127) {
      if (at + 10 > data.length) return undefined;
      len = Number(data.readBigUInt64BE(at + 2));
      head = 10;
    }
    if (at + head + len > data.length) return undefined;
    if (opcode === 0x8) return len >= 2 ? data.readUInt16BE(at + head) : null;
    at += head + len;
  }
  return undefined;
}

/** An API call over HTTP with the token: status, parsed body (or the text) and headers. */
export function apiCall(
  port: number,
  token: string,
  method: string,
  args: unknown[] | string,
  timeoutMs = 10_000,
): Promise<{ status: number; body: unknown; text: string; headers: Record<string, string | string[] | undefined> }> {
  const body = typeof args === 'string' ? args : JSON.stringify({ args });
  return new Promise((ok, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/call/${method}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          ok({ status: res.statusCode ?? 0, body: parsed, text, headers: res.headers });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer to ${method} in ${timeoutMs} ms`)));
    req.on('error', fail);
    req.end(body);
  });
}

/** The child's own work: a fresh workspace with the bundled cases, a stub UI, the server, one JSON line. */
async function serveAsChild(limitsJson: string | undefined): Promise<void> {
  const { ensureWorkspace } = await import('../../../app/cases/workspace');
  const { createRecheckService } = await import('../../../app/api/service');
  const { startBrowserServer } = await import('../../../app/server/http-server');
  const { BUNDLED_CASES_DIR } = await import('../../../app/paths');
  const workspace = mkdtempSync(join(tmpdir(), 'recheck-attack-ws-'));
  await ensureWorkspace({ bundledCasesDir: BUNDLED_CASES_DIR, workspaceDir: workspace });
  const renderer = mkdtempSync(join(tmpdir(), 'recheck-attack-ui-'));
  mkdirSync(join(renderer, 'assets'));
  mkdirSync(join(renderer, 'sandbox'));
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Recheck</title>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(renderer, 'sandbox', 'index.html'), '<!doctype html><title>sandbox</title>');
  const service = await createRecheckService({ workspaceDir: workspace });
  const limits = limitsJson ? (JSON.parse(limitsJson) as Record<string, number>) : {};
  const server = await startBrowserServer({
    api: service,
    rendererDir: renderer,
    port: 0,
    log: (l) => process.stderr.write(`${l}\n`),
    limits,
  });
  process.stdout.write(`${JSON.stringify({ port: server.port, token: server.token, workspace })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    void server.close().then(() => {
      service.dispose();
      process.exit(0);
    });
  });
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === THIS_FILE) await serveAsChild(process.argv[2]);
