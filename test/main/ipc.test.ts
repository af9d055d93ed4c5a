import { describe, expect, it, vi } from 'vitest';
import type { IpcMainInvokeEvent, WebContents } from 'electron';
import type { RecheckApi, RunEvent } from '../../common/api/contract';
import { API_METHODS, API_METHOD_NAMES, ApiArgumentError, RUN_EVENT_CHANNEL } from '../../common/api/methods';
import { BadInputError, BusyError } from '../../app/errors';
import { forwardRunEvents, invokeApiMethod, registerApiHandlers, UntrustedSenderError } from '../../main/ipc';

vi.mock('electron', () => ({}));

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>;

function fakeIpcMain() {
  const handlers = new Map<string, Handler>();
  return {
    handlers,
    handle: vi.fn((channel: string, h: Handler) => void handlers.set(channel, h)),
    removeHandler: vi.fn((channel: string) => void handlers.delete(channel)),
  };
}

function fakeApi() {
  const listeners = new Set<(e: RunEvent) => void>();
  const api = {
    listCases: vi.fn(async () => []),
    openCase: vi.fn(async (id: string) => ({ id })),
    runChecks: vi.fn(async () => ({ runId: 'r1' })),
    cancelRun: vi.fn(async () => undefined),
    recordVerdict: vi.fn(async () => ({})),
    saveSandboxFile: vi.fn(async () => ({})),
    draftLetter: vi.fn(async () => '# letter'),
    onRunEvent: vi.fn((l: (e: RunEvent) => void) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    }),
  };
  return { api: api as unknown as RecheckApi, mocks: api, emit: (e: RunEvent) => listeners.forEach((l) => l(e)) };
}

/** An invoke event whose sender frame is at `url`; `parent` non-null for an iframe. */
function eventFrom(url: string, parent: unknown = null): IpcMainInvokeEvent {
  return { senderFrame: { url, parent } } as unknown as IpcMainInvokeEvent;
}
const APP = eventFrom('app://recheck/index.html');

function setup() {
  const ipc = fakeIpcMain();
  const core = fakeApi();
  const logged: string[] = [];
  const remove = registerApiHandlers(ipc, core.api, (line) => void logged.push(line));
  const call = (method: string, event: IpcMainInvokeEvent, ...args: unknown[]) => {
    const handler = ipc.handlers.get(API_METHODS[method as keyof typeof API_METHODS].channel);
    if (!handler) throw new Error(`no handler for ${method}`);
    return handler(event, ...args);
  };
  return { ipc, core, remove, call, logged };
}

describe('registerApiHandlers', () => {
  it('registers exactly one handler per API method, on the channel from methods.ts', () => {
    const { ipc } = setup();
    expect([...ipc.handlers.keys()].sort()).toEqual(API_METHOD_NAMES.map((m) => API_METHODS[m].channel).sort());
    expect(ipc.handlers.has(RUN_EVENT_CHANNEL)).toBe(false);
  });

  it('forwards valid calls from the app origin to the core', async () => {
    const { core, call } = setup();
    await expect(call('openCase', APP, 'ml-case_1')).resolves.toEqual({ ok: true, result: { id: 'ml-case_1' } });
    expect(core.mocks.openCase).toHaveBeenCalledWith('ml-case_1');
    await call('runChecks', APP, 'c1', null);
    expect(core.mocks.runChecks).toHaveBeenCalledWith('c1', null);
    const decision = { caseId: 'c1', falsificationId: 'F1', verdict: 'refuted', rationale: 'why', reviewer: 'ana' };
    await call('recordVerdict', APP, decision);
    expect(core.mocks.recordVerdict).toHaveBeenCalledWith(decision);
    await call('saveSandboxFile', APP, { caseId: 'c1', path: 'sandbox/a.ts', text: 'x' });
    expect(core.mocks.saveSandboxFile).toHaveBeenCalledWith({ caseId: 'c1', path: 'sandbox/a.ts', text: 'x' });
    await expect(call('listCases', APP)).resolves.toEqual({ ok: true, result: [] });
  });

  it('answers errors of the core with one line: bad input as is, anything else as an internal error (stack logged)', async () => {
    const { core, call, logged } = setup();
    core.mocks.openCase.mockRejectedValueOnce(new BadInputError('/ws', 'no case "x" in the workspace'));
    await expect(call('openCase', APP, 'x')).resolves.toEqual({ ok: false, error: '/ws: no case "x" in the workspace' });
    expect(logged).toEqual([]);
    core.mocks.draftLetter.mockRejectedValueOnce(new TypeError('boom'));
    await expect(call('draftLetter', APP, 'c1')).resolves.toEqual({ ok: false, error: 'internal error: boom' });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^recheck: internal error in draftLetter: TypeError: boom\n\s+at /);
  });

  it.each([
    ['another origin', eventFrom('https://evil.example/index.html')],
    ['a file page', eventFrom('file:///tmp/index.html')],
    ['a look-alike host', eventFrom('app://recheck.evil/index.html')],
    ['an iframe on the app origin', eventFrom('app://recheck/index.html', { url: 'app://recheck/index.html' })],
    ['a hidden sandbox window', eventFrom('app://recheck/sandbox/index.html')],
    ['a sandbox window, however spelled', eventFrom('app://recheck/%73andbox/')],
    ["another file of the app's origin", eventFrom('app://recheck/assets/index-Ab12.js')],
    ['a destroyed frame', { senderFrame: null } as unknown as IpcMainInvokeEvent],
  ])('rejects calls from %s without touching the core', async (_what, event) => {
    const { core, call } = setup();
    await expect(call('openCase', event, 'c1')).rejects.toBeInstanceOf(UntrustedSenderError);
    await expect(call('listCases', event)).rejects.toBeInstanceOf(UntrustedSenderError);
    expect(core.mocks.openCase).not.toHaveBeenCalled();
    expect(core.mocks.listCases).not.toHaveBeenCalled();
  });

  it.each([
    ['listCases', ['extra']],
    ['openCase', []],
    ['openCase', ['../other-case']],
    ['openCase', [{ toString: () => 'c1' }]],
    ['runChecks', ['c1']],
    ['runChecks', ['c1', 'F 1']],
    ['cancelRun', [42]],
    ['recordVerdict', [{ caseId: 'c1', falsificationId: 'F1', verdict: 'maybe', rationale: '', reviewer: 'a' }]],
    ['recordVerdict', [{ caseId: 'c1', falsificationId: 'F1', verdict: 'refuted', rationale: '', reviewer: 'a', admin: true }]],
    ['saveSandboxFile', [{ caseId: 'c1', path: 'sandbox/../case.json', text: 'x' }]],
    ['saveSandboxFile', [{ caseId: 'c1', path: 'logbook/a.md', text: 'x' }]],
    ['draftLetter', [null]],
  ])('rejects invalid arguments to %s %j', async (method, args) => {
    const { core, call } = setup();
    let expected = '';
    try {
      API_METHODS[method as keyof typeof API_METHODS].validate(args);
    } catch (err) {
      expect(err).toBeInstanceOf(ApiArgumentError);
      expected = (err as Error).message;
    }
    expect(expected).toMatch(new RegExp(`^${method}: `));
    await expect(call(method, APP, ...args)).resolves.toEqual({ ok: false, error: expected });
    for (const m of Object.values(core.mocks)) if (m !== core.mocks.onRunEvent) expect(m).not.toHaveBeenCalled();
  });

  it('removes every handler it registered', () => {
    const { ipc, remove } = setup();
    remove();
    expect(ipc.handlers.size).toBe(0);
    expect(ipc.removeHandler).toHaveBeenCalledTimes(API_METHOD_NAMES.length);
  });
});

describe('forwardRunEvents', () => {
  function contents(url: string, destroyed = false) {
    return { getURL: () => url, isDestroyed: () => destroyed, send: vi.fn() };
  }

  it('sends run events only to live contents showing the app', () => {
    const core = fakeApi();
    const app = contents('app://recheck/index.html');
    const gone = contents('app://recheck/index.html', true);
    const foreign = contents('https://evil.example/');
    const sandbox = contents('app://recheck/sandbox/index.html');
    const stop = forwardRunEvents(core.api, () => [app, gone, foreign, sandbox] as unknown as WebContents[]);
    const event: RunEvent = { runId: 'r1', type: 'cancelled' };
    core.emit(event);
    expect(app.send).toHaveBeenCalledWith(RUN_EVENT_CHANNEL, event);
    expect(gone.send).not.toHaveBeenCalled();
    expect(foreign.send).not.toHaveBeenCalled();
    expect(sandbox.send).not.toHaveBeenCalled();
    stop();
    core.emit(event);
    expect(app.send).toHaveBeenCalledTimes(1);
  });
});

describe('a full sandbox queue over IPC', () => {
  it('answers with the one-line BusyError message, not an internal error', async () => {
    const api = {
      listCases: async () =>
        Promise.reject(new BusyError('sandbox: 256 runs are already waiting for one of 2 sandboxes; try again when some have finished')),
    } as unknown as RecheckApi;
    const logged: string[] = [];
    const answer = await invokeApiMethod(api, 'listCases', APP, [], (l) => void logged.push(l));
    expect(answer).toEqual({
      ok: false,
      error: 'sandbox: 256 runs are already waiting for one of 2 sandboxes; try again when some have finished',
    });
    expect(logged).toEqual([]);
  });
});

describe('the sender is checked by session as well as by URL', () => {
  const appSession = { name: 'app' };
  const sandboxSession = { name: 'recheck-sandbox-1' };
  const from = (s: object, url = 'app://recheck/index.html') =>
    ({ senderFrame: { url, parent: null }, sender: { session: s } }) as unknown as IpcMainInvokeEvent;

  it("refuses a top frame on the app's URL from another session (a sandbox partition), before any validation", async () => {
    const core = fakeApi();
    await expect(invokeApiMethod(core.api, 'listCases', from(sandboxSession), [], undefined, appSession)).rejects.toBeInstanceOf(
      UntrustedSenderError,
    );
    await expect(
      invokeApiMethod(
        core.api,
        'listCases',
        { senderFrame: { url: 'app://recheck/index.html', parent: null } } as never,
        [],
        undefined,
        appSession,
      ),
    ).rejects.toBeInstanceOf(UntrustedSenderError);
    expect(core.mocks.listCases).not.toHaveBeenCalled();
    await expect(invokeApiMethod(core.api, 'listCases', from(appSession), [], undefined, appSession)).resolves.toEqual({
      ok: true,
      result: [],
    });
  });

  it('registered handlers pass the session on; run events go only to app pages of the app session', async () => {
    const ipc = fakeIpcMain();
    const core = fakeApi();
    registerApiHandlers(ipc, core.api, undefined, appSession);
    const handler = ipc.handlers.get(API_METHODS.listCases.channel)!;
    await expect(handler(from(sandboxSession))).rejects.toBeInstanceOf(UntrustedSenderError);
    await expect(handler(from(appSession))).resolves.toEqual({ ok: true, result: [] });
    const sent: string[] = [];
    const contents = (name: string, s: object) =>
      ({
        isDestroyed: () => false,
        getURL: () => 'app://recheck/index.html',
        session: s,
        send: () => void sent.push(name),
      }) as unknown as WebContents;
    forwardRunEvents(core.api, () => [contents('app', appSession), contents('sandbox', sandboxSession)], appSession);
    core.emit({ type: 'run-started', runId: 'r1' } as unknown as RunEvent);
    expect(sent).toEqual(['app']);
  });
});
