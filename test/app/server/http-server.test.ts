import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import WebSocket from 'ws';
import { startBrowserServer, type BrowserServer } from '../../../app/server/http-server';
import { createRecheckService, type RecheckService } from '../../../app/api/service';
import { createCheckRegistry } from '../../../app/checks/registry';
import type { RunEvent } from '../../../common/api/contract';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

let server: BrowserServer;
let service: RecheckService;

interface Reply {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

function http(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers }, (res) => {
      let data = '';
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data, headers: res.headers }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const auth = () => ({ authorization: `Bearer ${server.token}`, 'content-type': 'application/json' });
const call = (method: string, args: unknown[], headers: Record<string, string> = auth()) =>
  http('POST', `/api/call/${method}`, headers, JSON.stringify({ args }));

beforeAll(async () => {
  const workspace = tempDir();
  writeMinimalCase(workspace, 'mini');
  const renderer = tempDir();
  mkdirSync(join(renderer, 'assets'));
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Recheck</title>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)');
  service = await createRecheckService({ workspaceDir: workspace, registry: createCheckRegistry([fixedKind]) });
  server = await startBrowserServer({ api: service, rendererDir: renderer });
});

afterAll(async () => {
  await server.close();
  service.dispose();
});

describe('browser-mode server', () => {
  it('binds to 127.0.0.1 and prints a URL carrying a random token', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{48}$/);
  });

  it('serves the UI with a strict CSP and refuses paths that leave its folder', async () => {
    const r = await http('GET', '/');
    expect(r.status).toBe(200);
    expect(String(r.headers['content-security-policy'])).toContain("script-src 'self'");
    expect((await http('GET', '/assets/app.js')).status).toBe(200);
    for (const path of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc%2fhostname']) {
      const r2 = await http('GET', path);
      expect(r2.body).not.toMatch(/root:|^[a-z0-9-]+\n$/);
      expect(r2.status === 200 ? r2.body : '<refused>').toMatch(/<title>Recheck<\/title>|<refused>/);
    }
  });

  it('answers API calls with the token', async () => {
    const r = await call('listCases', []);
    expect(r.status).toBe(200);
    const body = JSON.parse(r.body);
    expect(body.ok).toBe(true);
    expect(body.result.map((c: { id: string }) => c.id)).toEqual(['mini']);
  });

  it('refuses a call without the token or with a wrong one (401)', async () => {
    expect((await call('listCases', [], { 'content-type': 'application/json' })).status).toBe(401);
    expect((await call('listCases', [], { ...auth(), authorization: 'Bearer 00' })).status).toBe(401);
  });

  it('refuses a foreign Origin (403) and a foreign Host (421), even with the token', async () => {
    expect((await call('listCases', [], { ...auth(), origin: 'http://evil.example' })).status).toBe(403);
    expect((await call('listCases', [], { ...auth(), host: `attacker.example:${server.port}` })).status).toBe(421);
    expect((await http('GET', '/', { host: 'rebound.example' })).status).toBe(421);
  });

  it('validates every argument with the shared method table', async () => {
    const bad = await call('openCase', ['../etc']);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error).toMatch(/openCase: caseId must be an identifier/);
    expect((await call('openCase', ['mini', 'extra'])).status).toBe(400);
    expect((await call('noSuchMethod', [])).status).toBe(404);
    expect((await call('saveSandboxFile', [{ caseId: 'mini', path: 'case.json', text: '{}' }])).status).toBe(400);
  });

  it('streams run events over an authenticated WebSocket and refuses unauthenticated ones', async () => {
    const url = `ws://127.0.0.1:${server.port}/api/events`;
    const origin = `http://127.0.0.1:${server.port}`;
    const refused = await new Promise<string>((resolve) => {
      const ws = new WebSocket(url, ['recheck.v1', 'token.wrong'], { origin });
      ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
      ws.on('open', () => resolve('open'));
      ws.on('error', () => undefined);
    });
    expect(refused).toBe('401');
    const foreign = await new Promise<string>((resolve) => {
      const ws = new WebSocket(url, ['recheck.v1', `token.${server.token}`], { origin: 'http://evil.example' });
      ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
      ws.on('open', () => resolve('open'));
      ws.on('error', () => undefined);
    });
    expect(foreign).toBe('403');

    const ws = new WebSocket(url, ['recheck.v1', `token.${server.token}`], { origin });
    await new Promise((r) => ws.once('open', r));
    const events: RunEvent[] = [];
    const finished = new Promise<void>((resolve) => {
      ws.on('message', (data) => {
        const e = JSON.parse(String(data)) as RunEvent;
        events.push(e);
        if (e.type === 'finished') resolve();
      });
    });
    const r = await call('runChecks', ['mini', null]);
    expect(JSON.parse(r.body).result.runId).toMatch(/^\d{4}-/);
    await finished;
    ws.close();
    const last = events.at(-1);
    expect(last?.type === 'finished' && last.report.falsifications[0]?.decision).toBe('confirmed');
    const opened = JSON.parse((await call('openCase', ['mini'])).body).result;
    expect(opened.lastRun.falsifications[0].decision).toBe('confirmed');
  });
});
