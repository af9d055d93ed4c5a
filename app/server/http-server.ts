/**
 * Browser mode: the renderer build over HTTP and the RecheckApi over HTTP (calls) + WebSocket (run events),
 * bound to 127.0.0.1 only. Calls are `POST /api/call/<method>` with `{"args": [...]}` and
 * `Authorization: Bearer <token>`; events arrive on `GET /api/events` (WebSocket, subprotocols
 * `recheck.v1` and `token.<token>`). Every argument is validated by the shared method table.
 *
 * Nothing a client sends may make this process exit: every request and frame is bounded (request-target,
 * headers, body size, JSON depth and values, UTF-8, WebSocket payload) and refused with a status or a close
 * code before it can throw; every socket has an error handler; slow clients are cut off by header, request
 * and idle timeouts; connections and event sockets are capped.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RecheckApi } from '../../common/api/contract';
import { API_METHODS, ApiArgumentError, isApiMethod } from '../../common/api/methods';
import { BadInputError, BusyError } from '../errors';
import { JsonLimitError, parseJsonBounded, type JsonLimits } from '../../common/json/bounded';
import { oneLine } from '../text/display';
import { bearer, hostAllowed, originAllowed, requestTarget, tokenMatches, wsToken } from './security';
import { send, serveStatic } from './static';
import { CompressedCopies } from './static-encoding';

/** What one client may ask of the server, and for how long. */
export interface ServerLimits {
  /** Largest request body, in bytes (a 2,000,000-character saveSandboxFile in ASCII fits). */
  readonly maxBodyBytes: number;
  /** Time to send the request head (slowloris). */
  readonly headersTimeoutMs: number;
  /** Time to send the whole request, body included. */
  readonly requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long. */
  readonly keepAliveTimeoutMs: number;
  /** A connection with no traffic at all for this long is closed (event WebSockets excepted: they are pinged). */
  readonly idleTimeoutMs: number;
  /** How often the timeouts above are checked. */
  readonly timeoutCheckMs: number;
  /** Open connections at once (HTTP and WebSocket); more are dropped on accept. */
  readonly maxConnections: number;
  /** Open event WebSockets at once; more are refused with 503. */
  readonly maxWebSockets: number;
  /** Largest WebSocket message a client may send (the events socket only sends: any message closes it). */
  readonly maxWsPayloadBytes: number;
  /** Interval of pings on event WebSockets; one that has not answered the previous ping is closed. */
  readonly heartbeatMs: number;
  /** Unsent events one WebSocket may hold before it is dropped as too slow (the UI reconnects). */
  readonly maxWsBufferedBytes: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  // A saveSandboxFile of 2,000,000 characters is up to 12 MB of JSON (\uXXXX escapes): it must fit.
  maxBodyBytes: 16 * 1024 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 120_000,
  timeoutCheckMs: 1_000,
  maxConnections: 64,
  maxWebSockets: 16,
  maxWsPayloadBytes: 4 * 1024,
  heartbeatMs: 30_000,
  maxWsBufferedBytes: 16 * 1024 * 1024,
};

/**
 * The request body `{"args": [...]}`: the method table bounds each argument more tightly (a JSON argument to
 * depth 64 and 100,000 values); these limits only stop a body from being expensive to parse and walk.
 */
function bodyLimits(maxBodyBytes: number): JsonLimits {
  return { maxChars: maxBodyBytes, maxDepth: 80, maxNodes: 200_000 };
}

export interface BrowserServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

export interface BrowserServerOptions {
  api: RecheckApi;
  rendererDir: string;
  port?: number;
  token?: string;
  log?: (line: string) => void;
  /** Overrides of DEFAULT_SERVER_LIMITS (tests use short timeouts and small caps). */
  limits?: Partial<ServerLimits>;
}

/** A request the server refuses before calling the API: status and one-line reason. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

export async function startBrowserServer(o: BrowserServerOptions): Promise<BrowserServer> {
  const token = o.token ?? randomBytes(24).toString('hex');
  const log = o.log ?? (() => undefined);
  const limits: ServerLimits = { ...DEFAULT_SERVER_LIMITS, ...o.limits };
  let port = 0;
  // The response in flight on each connection: a parse error may only be answered before its head is sent.
  const inFlight = new WeakMap<Duplex, ServerResponse>();
  // Compressed copies of the renderer's files, made on first request (see static-encoding.ts).
  const compressed = new CompressedCopies();

  const server: Server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckMs,
      maxHeaderSize: 16 * 1024,
    },
    (req, res) => {
      inFlight.set(req.socket, res);
      res.once('close', () => {
        if (inFlight.get(req.socket) === res) inFlight.delete(req.socket);
      });
      handle(req, res).catch((err: unknown) => {
        log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        if (!res.headersSent) json(res, 500, { ok: false, error: 'internal error' });
        else res.destroy();
      });
    },
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.timeout = limits.idleTimeoutMs;
  server.maxConnections = limits.maxConnections;

  // A request head Node cannot parse (or one too large, or too slow): answer like Node would, then close.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const res = inFlight.get(socket);
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE' && socket.writable && (res === undefined || !res.headersSent)) {
      socket.write(`HTTP/1.1 ${clientErrorStatus(err.code)}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    }
    socket.destroy();
  });

  // CONNECT is never served (without a listener Node would just drop the socket; this answers).
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    refuseRaw(socket, 405, 'Method Not Allowed');
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = requestTarget(req.url);
    if (!target) return send(res, 400, 'text/plain', 'malformed request-target');
    if (!hostAllowed(req, port)) return send(res, 421, 'text/plain', 'wrong Host');
    if (!target.path.startsWith('/api/')) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'method not allowed');
      return serveStatic(o.rendererDir, target.path, res, compressed);
    }
    if (!originAllowed(req, port, false)) return json(res, 403, { ok: false, error: 'foreign Origin' });
    if (!tokenMatches(bearer(req), token)) return json(res, 401, { ok: false, error: 'missing or wrong token' });
    const m = /^\/api\/call\/([A-Za-z]{1,64})$/.exec(target.path);
    if (!m || req.method !== 'POST') return json(res, 404, { ok: false, error: 'no such endpoint' });
    const method = m[1] as string;
    if (!isApiMethod(method)) return json(res, 404, { ok: false, error: `no API method "${method}"` });
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return json(res, 415, { ok: false, error: 'content-type must be application/json' });
    }
    let rawArgs: unknown[];
    try {
      rawArgs = argsOf(parseJsonBounded(await readBody(req, limits.maxBodyBytes), bodyLimits(limits.maxBodyBytes)));
    } catch (err) {
      if (err instanceof Refusal)
        return json(res, err.status, { ok: false, error: err.message }, err.status === 413 ? { connection: 'close' } : {});
      if (err instanceof JsonLimitError || err instanceof SyntaxError)
        return json(res, 400, { ok: false, error: `malformed request body: ${oneLine(err.message, 200)}` });
      throw err;
    }
    try {
      const args = API_METHODS[method].validate(rawArgs);
      const fn = o.api[method] as (...a: unknown[]) => Promise<unknown>;
      const result = await fn.apply(o.api, args);
      return json(res, 200, { ok: true, result: result ?? null });
    } catch (err) {
      if (err instanceof ApiArgumentError || err instanceof BadInputError)
        return json(res, 400, { ok: false, error: oneLine(err.message) });
      if (err instanceof JsonLimitError) return json(res, 400, { ok: false, error: `${method}: ${err.message}` });
      // A name from the request that the file system cannot hold (a component over 255 bytes: 300 characters of
      // `é`) is the request's fault, not the core's: 400 with one line, never a 500.
      if ((err as NodeJS.ErrnoException | null)?.code === 'ENAMETOOLONG') {
        return json(res, 400, {
          ok: false,
          error: `${method}: a file or folder name in the request is longer than the file system allows (255 bytes)`,
        });
      }
      if (err instanceof BusyError) {
        const seconds = Number.isFinite(err.retryAfterSeconds) ? Math.max(1, Math.ceil(err.retryAfterSeconds)) : 5;
        return json(res, 503, { ok: false, error: oneLine(err.message) }, { 'retry-after': String(seconds) });
      }
      throw err;
    }
  }

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxWsPayloadBytes,
    perMessageDeflate: false,
    clientTracking: false,
    handleProtocols: (protocols) => (protocols.has('recheck.v1') ? 'recheck.v1' : false),
  });
  wss.on('error', (err) => log(`events: ${oneLine(err.message)}`));
  const sockets = new Set<WebSocket>();
  const answered = new WeakSet<WebSocket>();
  const unsubscribe = o.api.onRunEvent((event) => {
    let text: string;
    try {
      text = JSON.stringify(event);
    } catch (err) {
      log(`events: a run event could not be sent (${oneLine((err as Error).message)})`);
      return;
    }
    for (const s of sockets) {
      if (s.readyState !== s.OPEN) continue;
      if (s.bufferedAmount <= limits.maxWsBufferedBytes) {
        s.send(text);
        continue;
      }
      log(`events: dropped a WebSocket that stopped reading (${s.bufferedAmount} bytes unsent)`);
      s.terminate();
    }
  });
  // A connection that vanished without a FIN (sleep, network change) would hold its slot for ever: ping it.
  const heartbeat = setInterval(() => {
    for (const s of sockets) {
      if (!answered.has(s)) {
        s.terminate();
        continue;
      }
      answered.delete(s);
      s.ping();
    }
  }, limits.heartbeatMs);
  heartbeat.unref();

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const target = requestTarget(req.url);
    if (!target) return refuseRaw(socket, 400, 'Bad Request');
    if (!hostAllowed(req, port)) return refuseRaw(socket, 421, 'Misdirected Request');
    if (!originAllowed(req, port, true)) return refuseRaw(socket, 403, 'Forbidden');
    if (target.path !== '/api/events') return refuseRaw(socket, 404, 'Not Found');
    if (!tokenMatches(wsToken(req), token)) return refuseRaw(socket, 401, 'Unauthorized');
    if (sockets.size >= limits.maxWebSockets) return refuseRaw(socket, 503, 'Service Unavailable');
    wss.handleUpgrade(req, socket, head, (ws) => {
      // ws emits 'error' for a protocol violation (oversized message, invalid UTF-8, unmasked frame) and then
      // closes with the matching code itself; without a listener the 'error' would end the process.
      ws.on('error', (err) => log(`events: closed a WebSocket (${oneLine(err.message, 200)})`));
      sockets.add(ws);
      answered.add(ws);
      ws.on('pong', () => answered.add(ws));
      ws.on('close', () => sockets.delete(ws));
      ws.on('message', () => ws.close(1008, 'this socket only sends'));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log(`server: ${oneLine(err.message)}`));
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/#token=${token}`,
    port,
    token,
    async close() {
      unsubscribe();
      clearInterval(heartbeat);
      for (const s of sockets) s.terminate();
      wss.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

function json(res: ServerResponse, status: number, value: unknown, extra: Record<string, string> = {}): void {
  send(res, status, 'application/json', JSON.stringify(value), extra);
}

/** Answers a raw socket (upgrade, CONNECT) with a bare status and closes it once the answer is written. */
function refuseRaw(socket: Duplex, status: number, reason: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function clientErrorStatus(code: string | undefined): string {
  if (code === 'HPE_HEADER_OVERFLOW') return '431 Request Header Fields Too Large';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return '408 Request Timeout';
  return '400 Bad Request';
}

/** The `args` array of a request body, or a 400 Refusal. */
function argsOf(body: unknown): unknown[] {
  if (typeof body === 'object' && body !== null && Array.isArray((body as { args?: unknown }).args))
    return (body as { args: unknown[] }).args;
  throw new Refusal(400, 'body must be {"args": [...]}');
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The request body as text: at most `max` bytes (else a 413 Refusal), valid UTF-8 (else a 400 Refusal); a
 * body the client cuts off or garbles (the parser's error goes to 'clientError') is a 400 Refusal too.
 */
function readBody(req: IncomingMessage, max: number): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > max) return Promise.reject(new Refusal(413, `request body is larger than ${max} bytes`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > max) {
        req.off('data', onData);
        reject(new Refusal(413, `request body is larger than ${max} bytes`));
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.on('end', () => {
      try {
        resolve(UTF8.decode(Buffer.concat(chunks)));
      } catch {
        reject(new Refusal(400, 'request body is not valid UTF-8'));
      }
    });
    req.on('error', () => reject(new Refusal(400, 'request body was cut off')));
    req.on('close', () => {
      if (!req.complete) reject(new Refusal(400, 'request body was cut off'));
    });
  });
}
