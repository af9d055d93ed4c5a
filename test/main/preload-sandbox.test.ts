// The sandbox windows' preload: exactly one global, a bridge that posts to main on the sandbox channel and
// hands the page main's messages without the IPC event object (which would lead to ipcRenderer).
import { describe, expect, it, vi } from 'vitest';

const h = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  sent: [] as unknown[][],
  on: new Map<string, (...a: unknown[]) => void>(),
}));
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, value: unknown) => h.exposed.set(name, value) },
  ipcRenderer: {
    send: (...a: unknown[]) => h.sent.push(a),
    on: (channel: string, l: (...a: unknown[]) => void) => h.on.set(channel, l),
  },
}));
await import('../../main/preload/sandbox');

describe('the sandbox preload', () => {
  it('exposes one bridge and nothing else', () => {
    expect([...h.exposed.keys()]).toEqual(['recheckSandboxBridge']);
    expect(Object.keys(h.exposed.get('recheckSandboxBridge') as object).sort()).toEqual(['onMessage', 'post']);
  });

  it("posts on the sandbox channel and delivers main's messages without the event", () => {
    const bridge = h.exposed.get('recheckSandboxBridge') as { post(m: unknown): void; onMessage(l: (m: unknown) => void): void };
    bridge.post({ kind: 'ready' });
    expect(h.sent).toEqual([['recheck-sandbox/1', { kind: 'ready' }]]);
    const got: unknown[][] = [];
    bridge.onMessage((...a) => got.push(a));
    h.on.get('recheck-sandbox/1')!({ sender: 'ipcRenderer' }, { kind: 'cancel' });
    expect(got).toEqual([[{ kind: 'cancel' }]]);
    expect(() => bridge.onMessage('nope' as never)).toThrow(TypeError);
  });
});
