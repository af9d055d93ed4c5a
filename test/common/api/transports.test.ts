// Every API method is declared once (common/api/<capability>.ts) and implemented once (app/api/slices/): this checks
// that each transport derived from the declarations covers every method, and that nothing is declared twice.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { request } from 'node:http';
import type { IpcMainInvokeEvent } from 'electron';
import { API_CAPABILITIES, type EachMethodDeclaredOnce } from '../../../common/api/capabilities';
import type { RecheckApi, RunEvent } from '../../../common/api/contract';
import { method, returns, type DeclaredTwice } from '../../../common/api/method';
import { API_METHOD_CAPABILITY, API_METHOD_NAMES, API_METHODS, methodTable, type ApiMethod } from '../../../common/api/methods';
import { arity } from '../../../common/api/validate';
import { createServiceContext } from '../../../app/api/context';
import { createRecheckService, SERVICE_SLICES } from '../../../app/api/service';
import { startBrowserServer, type BrowserServer } from '../../../app/server/http-server';
import { registerApiHandlers } from '../../../main/ipc';
import type { IpcAnswer } from '../../../main/ipc-answer';
import { buildPreloadApi } from '../../../main/preload/api';
import { electronClient } from '../../../renderer/api/electron-client';
import { httpClient } from '../../../renderer/api/http-client';
import { tempDir } from '../../helpers/temp-case';

/** True when A and B are the same type (not merely assignable one way). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
function assertType<T extends true>(ok: T): T {
  return ok;
}

// Compile-time: the runtime list's element type is exactly the derived API's request/response methods.
assertType<Equal<(typeof API_METHOD_NAMES)[number], Exclude<keyof RecheckApi, 'onRunEvent'>>>(true);
assertType<Equal<ApiMethod, Exclude<keyof RecheckApi, 'onRunEvent'>>>(true);
assertType<EachMethodDeclaredOnce>(true);
// The duplicate check itself: a name in two capabilities is found, distinct names are not.
assertType<Equal<DeclaredTwice<{ a: { f: 1; g: 1 }; b: { f: 1; h: 1 }; c: { i: 1 } }>, 'f'>>(true);
assertType<Equal<DeclaredTwice<{ a: { f: 1 }; b: { g: 1 } }>, never>>(true);

const NAMES = [...API_METHOD_NAMES].sort();

/** A RecheckApi whose every method records its name and resolves null. */
function recordingApi(): { api: RecheckApi; called: string[] } {
  const called: string[] = [];
  const api: Record<string, unknown> = { onRunEvent: (_l: (e: RunEvent) => void) => () => undefined };
  for (const name of API_METHOD_NAMES) {
    api[name] = async () => {
      called.push(name);
      return null;
    };
  }
  return { api: api as unknown as RecheckApi, called };
}

/**
 * How a transport answered a call of `name` with no arguments: it reached that method when the method ran (a
 * method without arguments) or its own validator refused the arity (`<name>: expected ...`).
 */
function reachedOwnValidator(name: string, error: string | undefined, called: string[]): boolean {
  return called.includes(name) || (error ?? '').startsWith(`${name}: `);
}

describe('the declarations', () => {
  it('list every method once, events apart, on the channel recheck:<name>', () => {
    const declared = Object.values(API_CAPABILITIES).flatMap((c) => Object.keys(c));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual([...NAMES, 'onRunEvent'].sort());
    for (const name of API_METHOD_NAMES) expect(API_METHODS[name].channel).toBe(`recheck:${name}`);
    expect(API_METHOD_CAPABILITY.onRunEvent).toBe('runs');
  });

  it('refuse a method declared by two capabilities when the table is built', () => {
    const listCases = method({ validate: (a, m): [] => (arity(m, a, 0), []), result: returns<number>() });
    expect(() => methodTable({ cases: { listCases }, triage: { listCases } })).toThrow(
      'API method "listCases" is declared twice (in cases and triage)',
    );
    expect(Object.keys(methodTable({ cases: { listCases }, triage: { other: listCases } }))).toEqual(['listCases', 'other']);
  });

  it('hand each validator its own name for its messages', () => {
    for (const name of API_METHOD_NAMES) {
      const tooMany = Array.from({ length: 9 }, () => 'x');
      expect(() => API_METHODS[name].validate(tooMany)).toThrow(new RegExp(`^${name}: `));
    }
  });
});

describe('the transports derived from API_METHODS cover every method', () => {
  let server: BrowserServer;
  const http = recordingApi();

  beforeAll(async () => {
    const renderer = tempDir();
    server = await startBrowserServer({ api: http.api, rendererDir: renderer });
  });
  afterAll(async () => {
    await server.close();
  });

  it('main: one IPC handler per method, reaching that method', async () => {
    const handlers = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<IpcAnswer>>();
    const { api, called } = recordingApi();
    registerApiHandlers(
      { handle: (channel, h) => void handlers.set(channel, h as never), removeHandler: (c) => void handlers.delete(c) },
      api,
    );
    expect([...handlers.keys()].sort()).toEqual(NAMES.map((n) => `recheck:${n}`).sort());
    const trusted = { senderFrame: { url: 'app://recheck/index.html', parent: null } } as unknown as IpcMainInvokeEvent;
    for (const name of API_METHOD_NAMES) {
      const answer = await handlers.get(`recheck:${name}`)!(trusted);
      expect(reachedOwnValidator(name, answer.ok ? undefined : answer.error, called), name).toBe(true);
    }
  });

  it('preload: one function per method invoking its channel, plus onRunEvent', async () => {
    const invoked: unknown[][] = [];
    const exposed = buildPreloadApi({
      invoke: async (...args: unknown[]) => (invoked.push(args), { ok: true, result: null }),
      on: () => undefined as never,
      removeListener: () => undefined as never,
    } as never);
    expect(Object.keys(exposed).sort()).toEqual([...NAMES, 'onRunEvent'].sort());
    for (const name of API_METHOD_NAMES) await (exposed[name] as (...a: unknown[]) => Promise<unknown>)();
    expect(invoked.map((a) => a[0])).toEqual(API_METHOD_NAMES.map((n) => `recheck:${n}`));
  });

  it('server: an HTTP route per method (not 404), and 404 for a name that is none', async () => {
    const post = (name: string) =>
      new Promise<{ status: number; body: { ok: boolean; error?: string } }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: server.port,
            method: 'POST',
            path: `/api/call/${name}`,
            headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
          },
          (res) => {
            let data = '';
            res.on('data', (c) => (data += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(data) as { ok: boolean; error?: string } }));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ args: [] }));
      });
    const none = await post('noSuchMethod');
    expect(none).toEqual({ status: 404, body: { ok: false, error: 'no API method "noSuchMethod"' } });
    for (const name of API_METHOD_NAMES) {
      const r = await post(name);
      expect(r.status, name).not.toBe(404);
      expect(reachedOwnValidator(name, r.body.error, http.called), name).toBe(true);
    }
  });

  it('renderer: both clients have a function per method, calling it by name', async () => {
    const { api, called } = recordingApi();
    const viaPreload = electronClient(api);
    const urls: string[] = [];
    const viaHttp = httpClient({
      origin: 'http://127.0.0.1:1',
      token: 't',
      fetch: async (url) => (urls.push(url), { status: 200, json: async () => ({ ok: true, result: null }) }),
      openSocket: () => {
        throw new Error('no socket in this test');
      },
      schedule: () => () => undefined,
      jitter: () => 0,
    });
    for (const name of API_METHOD_NAMES) {
      await (viaPreload[name] as () => Promise<unknown>)();
      await (viaHttp[name] as () => Promise<unknown>)();
    }
    expect(called).toEqual(API_METHOD_NAMES);
    expect(urls).toEqual(API_METHOD_NAMES.map((n) => `http://127.0.0.1:1/api/call/${n}`));
    expect(typeof viaPreload.onRunEvent).toBe('function');
    expect(typeof viaHttp.onRunEvent).toBe('function');
  });
});

describe('the service', () => {
  it('implements every method in exactly one slice, the one of the capability that declares it', () => {
    const ctx = createServiceContext({ workspaceDir: tempDir() });
    const implementedBy = new Map<string, string[]>();
    for (const [capability, slice] of Object.entries(SERVICE_SLICES)) {
      const implemented = Object.keys(slice(ctx));
      expect(implemented.sort(), capability).toEqual(Object.keys(API_CAPABILITIES[capability as keyof typeof API_CAPABILITIES]).sort());
      for (const name of implemented) implementedBy.set(name, [...(implementedBy.get(name) ?? []), capability]);
    }
    for (const name of [...API_METHOD_NAMES, 'onRunEvent'] as const)
      expect(implementedBy.get(name), name).toEqual([API_METHOD_CAPABILITY[name]]);
    expect(implementedBy.size).toBe(API_METHOD_NAMES.length + 1);
  });

  it('is the union of its slices: every method, onRunEvent and dispose, nothing else', async () => {
    const service = await createRecheckService({ workspaceDir: tempDir() });
    try {
      expect(Object.keys(service).sort()).toEqual([...NAMES, 'dispose', 'onRunEvent'].sort());
      for (const name of API_METHOD_NAMES) expect(typeof service[name], name).toBe('function');
    } finally {
      service.dispose();
    }
  });
});
