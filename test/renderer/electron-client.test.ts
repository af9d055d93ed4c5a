import { describe, expect, it } from 'vitest';
import type { RecheckApi, RunEvent } from '../../common/api/contract';
import { API_METHOD_NAMES } from '../../common/api/methods';
import { electronClient } from '../../renderer/api/electron-client';
import { createFakeApi } from './fake-api';

describe('electronClient', () => {
  it('forwards every contract method and the event subscription to the preload object', async () => {
    const fake = createFakeApi();
    const api = electronClient(fake);
    expect((await api.listCases()).length).toBe(2);
    const { runId } = await api.runChecks('alpha', 'F1');
    const seen: RunEvent['type'][] = [];
    const off = api.onRunEvent((e) => seen.push(e.type));
    fake.flushRun(runId);
    off();
    expect(seen).toEqual(['started', 'progress', 'log', 'check', 'finished']);
    expect(fake.calls.map((c) => c[0])).toEqual(['listCases', 'runChecks']);
    for (const name of API_METHOD_NAMES) expect(typeof api[name]).toBe('function');
  });

  it('refuses a preload object that lacks a contract method', () => {
    const partial = { ...createFakeApi(), draftLetter: undefined } as unknown as RecheckApi;
    expect(() => electronClient(partial)).toThrow('The preload does not expose draftLetter');
  });
});
