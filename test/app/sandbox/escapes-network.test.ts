import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confinementOrSkip, runRaw, runSource } from './harness';

const c = await confinementOrSkip();

describe.skipIf(c === null)('sandbox: network (a server on the host loopback stays unreachable)', () => {
  let server: Server;
  let port = 0;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.end('host data');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    // The server itself answers from the host, so a sandbox that reached it would get data.
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect(await res.text()).toBe('host data');
    hits = 0;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('global fetch is denied and named', async () => {
    const r = await runSource(c!, `export default async (input) => (await fetch('http://127.0.0.1:' + input.port + '/')).text();`, {
      input: { port },
    });
    expect(r.outcome).toBe('denied');
    if (r.outcome !== 'ok') expect(r.denied).toEqual({ resource: 'network', what: `fetch http://127.0.0.1:${port}/` });
  });

  it('a static import of node:http is denied', async () => {
    const r = await runSource(
      c!,
      `import http from 'node:http'; export default (input) => new Promise((res, rej) => http.get('http://127.0.0.1:' + input.port + '/', (m) => res(m.statusCode)).on('error', rej));`,
      { input: { port } },
    );
    expect(r.outcome).toBe('denied');
    if (r.outcome !== 'ok') expect(r.denied?.resource).toBe('network');
  });

  it('a computed import of node:net is denied; a raw socket without the guard finds no route (own network namespace)', async () => {
    const r = await runSource(c!, `export default async (input) => { try { await import(input.mod); } catch {} return 'carried on'; };`, {
      input: { mod: 'node:net' },
    });
    expect(r.outcome).toBe('denied');
    if (r.outcome !== 'ok') expect(r.denied).toEqual({ resource: 'network', what: 'import node:net' });
    const body = `const net = await import('node:net');
      return await new Promise((resolve) => { const s = net.connect(input.port, '127.0.0.1');
        s.on('connect', () => resolve('CONNECTED')); s.on('error', (e) => resolve(e.code)); });`;
    const raw = await runRaw(c!, body, { input: { port } });
    expect(raw.outcome).toBe('ok');
    expect(['ECONNREFUSED', 'ENETUNREACH', 'EHOSTUNREACH']).toContain(raw.outcome === 'ok' ? raw.value : null);
    expect(hits).toBe(0);
  });
});
