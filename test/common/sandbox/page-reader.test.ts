// readPageMessage: what either host (the app page, the main process) takes from the untrusted sandbox page.
import { describe, expect, it } from 'vitest';
import { readPageMessage } from '../../../common/sandbox/page-reader';
import { cpuLimitMessage, envelopeText, wallClockLimitMessage } from '../../../common/sandbox/protocol';

const N = '00112233445566778899aabbccddeeff';

describe('readPageMessage', () => {
  it.each([
    [{ kind: 'ready' }, { kind: 'ready' }],
    [{ kind: 'alive', extra: 1 }, { kind: 'alive' }],
    [{ kind: 'cancelled' }, { kind: 'cancelled' }],
    [
      { kind: 'worker-error', text: 'SyntaxError' },
      { kind: 'worker-error', message: 'sandbox worker: SyntaxError' },
    ],
    [
      { kind: 'message', text: envelopeText(N, '{"type":"result","value":[1,2]}') },
      { kind: 'program', message: { type: 'result', value: [1, 2] } },
    ],
    [
      { kind: 'message', text: envelopeText(N, '{"type":"point","series":"s","x":1,"y":2}') },
      { kind: 'program', message: { type: 'point', series: 's', x: 1, y: 2 } },
    ],
    [
      { kind: 'message', text: 'stray text' },
      { kind: 'program', message: { type: 'log', level: 'info', text: 'stray text' } },
    ],
    [
      { kind: 'message', text: '{"type":"result","value":1}' },
      { kind: 'program', message: { type: 'log', level: 'info', text: '{"type":"result","value":1}' } },
    ],
  ])('%j means %j', (raw, event) => {
    expect(readPageMessage(raw, N)).toEqual(event);
  });

  it.each([null, 'ready', 42, [], {}, { kind: 'start', code: 'x' }, { kind: 'message', text: 7 }, { kind: 'toString' }])(
    'ignores %j',
    (raw) => {
      expect(readPageMessage(raw, N)).toBeNull();
    },
  );

  it('cuts what the page can make long', () => {
    const e = readPageMessage({ kind: 'worker-error', text: 'x'.repeat(10_000) }, N);
    expect(e?.kind === 'worker-error' && e.message.length).toBe('sandbox worker: '.length + 400);
  });
});

describe('the limit messages every host gives', () => {
  it('names the limit in seconds', () => {
    expect(wallClockLimitMessage(2000)).toBe('wall-clock limit of 2 s reached');
    expect(wallClockLimitMessage(1500)).toBe('wall-clock limit of 1.5 s reached');
    expect(cpuLimitMessage(61)).toBe('CPU-time limit of 61 s reached');
  });
});
