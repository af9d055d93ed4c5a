import { describe, expect, it, vi } from 'vitest';
import { API_METHODS, API_METHOD_NAMES, RUN_EVENT_CHANNEL } from '../../common/api/methods';
import type { RecheckApi, RunEvent } from '../../common/api/contract';

const bridge = vi.hoisted(() => ({
  exposed: [] as [string, unknown][],
  invoked: [] as unknown[][],
  listeners: new Map<string, Set<(...a: unknown[]) => void>>(),
}));

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, value: unknown) => void bridge.exposed.push([key, value]),
  },
  ipcRenderer: {
    invoke: (...args: unknown[]) => {
      bridge.invoked.push(args);
      if (args[1] === 'missing') return Promise.resolve({ ok: false, error: '/ws: no case "missing"' });
      if (args[1] === 'garbled') return Promise.resolve('not an answer');
      return Promise.resolve({ ok: true, result: `answer:${String(args[0])}` });
    },
    on: (channel: string, l: (...a: unknown[]) => void) => {
      if (!bridge.listeners.has(channel)) bridge.listeners.set(channel, new Set());
      bridge.listeners.get(channel)!.add(l);
    },
    removeListener: (channel: string, l: (...a: unknown[]) => void) => void bridge.listeners.get(channel)?.delete(l),
    send: () => {
      throw new Error('the preload must not use send');
    },
  },
}));

await import('../../main/preload/index');

describe('preload', () => {
  it('exposes exactly one object, window.recheck', () => {
    expect(bridge.exposed.map(([k]) => k)).toEqual(['recheck']);
  });

  const api = bridge.exposed[0]![1] as RecheckApi & Record<string, unknown>;

  it('holds exactly the API methods and onRunEvent, frozen, no raw invoke', () => {
    expect(Object.keys(api).sort()).toEqual([...API_METHOD_NAMES, 'onRunEvent'].sort());
    expect(Object.values(api).every((v) => typeof v === 'function')).toBe(true);
    expect(Object.isFrozen(api)).toBe(true);
    expect(api.invoke).toBeUndefined();
    expect(api.send).toBeUndefined();
  });

  it('invokes each method on its channel with the arguments as given', async () => {
    bridge.invoked.length = 0;
    await expect(api.openCase('c1')).resolves.toBe(`answer:${API_METHODS.openCase.channel}`);
    await api.runChecks('c1', null);
    await api.listCases();
    expect(bridge.invoked).toEqual([
      [API_METHODS.openCase.channel, 'c1'],
      [API_METHODS.runChecks.channel, 'c1', null],
      [API_METHODS.listCases.channel],
    ]);
    for (const m of API_METHOD_NAMES) {
      bridge.invoked.length = 0;
      await (api[m] as (...a: unknown[]) => Promise<unknown>)('x');
      expect(bridge.invoked[0]![0]).toBe(API_METHODS[m].channel);
    }
  });

  it("rejects with the main process's one line, and on a malformed answer", async () => {
    await expect(api.openCase('missing')).rejects.toThrow(new Error('/ws: no case "missing"'));
    await expect(api.draftLetter('garbled')).rejects.toThrow('draftLetter: unexpected answer from the main process');
  });

  it('delivers run events without the IPC event object, and unsubscribes', () => {
    const got: unknown[][] = [];
    const stop = api.onRunEvent((...a: unknown[]) => void got.push(a));
    const event: RunEvent = { runId: 'r1', type: 'cancelled' };
    const ipcEvent = { sender: { leaked: true } };
    for (const l of bridge.listeners.get(RUN_EVENT_CHANNEL) ?? []) l(ipcEvent, event);
    expect(got).toEqual([[event]]);
    stop();
    expect(bridge.listeners.get(RUN_EVENT_CHANNEL)?.size).toBe(0);
    expect(() => api.onRunEvent('not a function' as unknown as () => void)).toThrow(TypeError);
  });
});
