/**
 * Browser mode: the renderer build over HTTP and the RecheckApi over HTTP (calls) + WebSocket (run events),
 * bound to 127.0.0.1 only. Calls are `POST /api/call/<method>` with `{"args": [...]}` and
 * `Authorization: Bearer <token>`; events arrive on `GET /api/events` (WebSocket, subprotocols
 * `recheck.v1` and `token.<token>`). Every argument is validated by the shared method table.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RecheckApi } from '../api/contract';
import { API_METHODS, ApiArgumentError, isApiMethod } from '../api/methods';
import { BadInputError } from '../errors';
import { bearer, hostAllowed, originAllowed, tokenMatches, wsToken } from './security';
import { send, serveStatic } from './static';

const MAX_BODY = 4 * 1024 * 1024;

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
}

export async function startBrowserServer(o: BrowserServerOptions): Promise<BrowserServer> {
  const token = o.token ?? randomBytes(24).toString('hex');
  const log = o.log ?? (() => undefined);
  let port = 0;
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      if (!res.headersSent) send(res, 500, 'application/json', JSON.stringify({ ok: false, error: 'internal error' }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostAllowed(req, port)) return send(res, 421, 'text/plain', 'wrong Host');
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (!url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'method not allowed');
      return serveStatic(o.rendererDir, url.pathname, res);
    }
    if (!originAllowed(req, port, false)) return json(res, 403, { ok: false, error: 'foreign Origin' });
    if (!tokenMatches(bearer(req), token)) return json(res, 401, { ok: false, error: 'missing or wrong token' });
    const m = /^\/api\/call\/([A-Za-z]+)$/.exec(url.pathname);
    if (!m || req.method !== 'POST') return json(res, 404, { ok: false, error: 'no such endpoint' });
    const method = m[1];
    if (!isApiMethod(method)) return json(res, 404, { ok: false, error: `no API method "${method}"` });
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return json(res, 415, { ok: false, error: 'content-type must be application/json' });
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch (err) {
      return json(res, 400, { ok: false, error: `malformed request body (${(err as Error).message})` });
    }
    const rawArgs = typeof body === 'object' && body !== null && Array.isArray((body as { args?: unknown }).args) ? (body as { args: unknown[] }).args : null;
    if (!rawArgs) return json(res, 400, { ok: false, error: 'body must be {"args": [...]}' });
    try {
      const args = API_METHODS[method].validate(rawArgs);
      const fn = o.api[method] as (...a: unknown[]) => Promise<unknown>;
      const result = await fn.apply(o.api, args);
      return json(res, 200, { ok: true, result: result ?? null });
    } catch (err) {
      if (err instanceof ApiArgumentError || err instanceof BadInputError) return json(res, 400, { ok: false, error: err.message });
      throw err;
    }
  }

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024,
    handleProtocols: (protocols) => (protocols.has('recheck.v1') ? 'recheck.v1' : false),
  });
  const sockets = new Set<WebSocket>();
  const unsubscribe = o.api.onRunEvent((event) => {
    const text = JSON.stringify(event);
    for (const s of sockets) if (s.readyState === s.OPEN) s.send(text);
  });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const refuse = (status: number, why: string) => {
      socket.end(`HTTP/1.1 ${status} ${why}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (!hostAllowed(req, port)) return refuse(421, 'Misdirected Request');
    if (!originAllowed(req, port, true)) return refuse(403, 'Forbidden');
    if (url.pathname !== '/api/events') return refuse(404, 'Not Found');
    if (!tokenMatches(wsToken(req), token)) return refuse(401, 'Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
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
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/#token=${token}`,
    port,
    token,
    async close() {
      unsubscribe();
      for (const s of sockets) s.terminate();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

function json(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json', JSON.stringify(value));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
