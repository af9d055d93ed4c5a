// runInCore: the panel's desktop path. Events that arrive before the core answers with the run id are kept and
// matched, other runs' events are ignored, `ended` settles once, cancel before or after the answer reaches the
// core once, and a refusal (module does not bundle) ends the run with the core's one line.
import { describe, expect, it } from 'vitest';
import type { RecheckApi, RunEvent } from '../../common/api/contract';
import { runInCore } from '../../renderer/sandbox-client/run-in-core';
import { createFakeApi } from './fake-api';

const input = { caseId: 'alpha', path: 'sandbox/main.ts', input: { n: 1 }, seed: 7, timeoutSeconds: 30 };
const endOk = (runId: string, value: unknown): RunEvent => ({
  runId,
  type: 'sandbox-ended',
  end: { outcome: 'result', value, wallMs: 5, isolation: 'fake', codeSha256: 'h' },
});

describe('runInCore', () => {
  it('streams its own run’s messages and ends with its result', async () => {
    const api = createFakeApi();
    const seen: unknown[] = [];
    const run = runInCore(api, { ...input, onMessage: (m) => seen.push(m) });
    await Promise.resolve();
    const runId = 'sandbox1';
    expect(api.calls.find((c) => c[0] === 'runSandboxProgram')?.[1]).toEqual([input]);
    api.emitEvent({ runId: 'other', type: 'sandbox-message', message: { type: 'log', level: 'info', text: 'not mine' } });
    api.emitEvent({ runId, type: 'sandbox-message', message: { type: 'progress', done: 1, total: 2 } });
    api.emitEvent(endOk('other', 'not mine'));
    api.emitEvent(endOk(runId, { x: 1 }));
    api.emitEvent(endOk(runId, 'second end ignored'));
    expect(await run.ended).toEqual({ outcome: 'result', value: { x: 1 } });
    expect(seen).toEqual([{ type: 'progress', done: 1, total: 2 }]);
  });

  it('keeps events that arrive before the run id and matches them once it is known', async () => {
    let answer!: (v: { runId: string }) => void;
    const listeners: ((e: RunEvent) => void)[] = [];
    const api: Pick<RecheckApi, 'runSandboxProgram' | 'cancelRun' | 'onRunEvent'> = {
      runSandboxProgram: () => new Promise((r) => (answer = r)),
      cancelRun: async () => undefined,
      onRunEvent: (l) => (listeners.push(l), () => listeners.splice(listeners.indexOf(l), 1)),
    };
    const seen: unknown[] = [];
    const run = runInCore(api, { ...input, onMessage: (m) => seen.push(m) });
    for (const l of listeners) l({ runId: 'r9', type: 'sandbox-message', message: { type: 'log', level: 'info', text: 'early' } });
    for (const l of listeners) l({ runId: 'r8', type: 'sandbox-message', message: { type: 'log', level: 'info', text: 'someone else' } });
    for (const l of listeners)
      l({
        runId: 'r9',
        type: 'sandbox-ended',
        end: { outcome: 'result', value: 42, wallMs: 5, isolation: 'fake', codeSha256: 'h', record: 'runs/r9/sandbox-run.json' },
      });
    answer({ runId: 'r9' });
    expect(await run.ended).toEqual({ outcome: 'result', value: 42, record: 'runs/r9/sandbox-run.json' });
    expect(seen).toEqual([{ type: 'log', level: 'info', text: 'early' }]);
    expect(listeners).toHaveLength(0); // unsubscribed once ended
  });

  it('cancel before the core answers is sent once the run id is known, exactly once', async () => {
    const api = createFakeApi();
    const run = runInCore(api, input);
    run.cancel();
    run.cancel();
    const end = await run.ended;
    expect(end).toEqual({ outcome: 'error', reason: 'killed', message: 'cancelled' });
    expect(api.calls.filter((c) => c[0] === 'cancelRun')).toEqual([['cancelRun', ['sandbox1']]]);
  });

  it('a refusal by the core ends the run with its one line', async () => {
    const api = createFakeApi();
    const run = runInCore(api, { ...input, caseId: 'missing' });
    expect(await run.ended).toEqual({ outcome: 'error', reason: 'threw', message: 'no case missing' });
  });
});
