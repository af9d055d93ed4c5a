import { describe, expect, it } from 'vitest';
import { envelopeText, parseSandboxMessage, withAttempts } from '../../../common/sandbox/protocol';
import { classifyEnd, type Observed } from '../../../app/sandbox/classify';
import { runSandboxed, SandboxUnavailableError } from '../../../app/sandbox/host';
import type { Confinement } from '../../../app/sandbox/confinement';

const N = '0123456789abcdef0123456789abcdef';
/** The wire form of a message of this run. */
const env = (json: string): string => envelopeText(N, json);

describe('parseSandboxMessage', () => {
  it('accepts each well-formed message and keeps only known fields', () => {
    expect(parseSandboxMessage(env('{"type":"progress","done":3,"total":10,"rate":1.5,"etaSeconds":4.6,"evil":1}'), N)).toEqual({
      type: 'progress',
      done: 3,
      total: 10,
      rate: 1.5,
      etaSeconds: 4.6,
    });
    expect(parseSandboxMessage(env('{"type":"log","level":"warn","text":"x"}'), N)).toEqual({ type: 'log', level: 'warn', text: 'x' });
    expect(parseSandboxMessage(env('{"type":"log","level":"bogus","text":"x"}'), N)).toEqual({ type: 'log', level: 'info', text: 'x' });
    expect(parseSandboxMessage(env('{"type":"point","series":"s","x":1,"y":2}'), N)).toEqual({ type: 'point', series: 's', x: 1, y: 2 });
    expect(parseSandboxMessage(env('{"type":"result","value":null}'), N)).toEqual({ type: 'result', value: null });
    expect(parseSandboxMessage(env('{"type":"error","reason":"denied","message":"m","denied":{"resource":"file","what":"w"}}'), N)).toEqual(
      { type: 'error', reason: 'denied', message: 'm', denied: { resource: 'file', what: 'w' } },
    );
  });

  it('rejects malformed or unknown messages (they become program output)', () => {
    for (const text of ['hello', '[1]', 'null', '{"type":"result","value":1}']) {
      expect(parseSandboxMessage(text, N)).toBeNull();
    }
    // An envelope of this run with a malformed message ends the run: the runner never sends one.
    for (const text of [
      '{"type":"progress"}',
      '{"type":"result"}',
      '{"type":"error","reason":"pwned","message":"m"}',
      '{"type":"point","series":"s","x":"1","y":2}',
      '{"type":"exec"}',
      '[1]',
    ]) {
      expect(parseSandboxMessage(env(text), N)).toMatchObject({ type: 'error', reason: 'invalid-output' });
    }
  });

  it('treats an envelope with another nonce, or none, as program output (a forged result or denial)', () => {
    expect(parseSandboxMessage(envelopeText('f'.repeat(32), '{"type":"result","value":1}'), N)).toBeNull();
    expect(parseSandboxMessage('{"recheck":"","m":{"type":"result","value":1}}', N)).toBeNull();
    expect(parseSandboxMessage(env('{"type":"result","value":1}'), '')).toBeNull();
  });

  it('refuses a result nested deeper than the limit, without overflowing the stack', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(parseSandboxMessage(env(`{"type":"result","value":${deep}}`), N)).toEqual({
      type: 'error',
      reason: 'invalid-output',
      message: 'the program sent a message the host refuses: nested deeper than 256 levels',
    });
  });

  it('cuts long strings', () => {
    const m = parseSandboxMessage(env(JSON.stringify({ type: 'log', text: 'a'.repeat(10_000) })), N);
    expect(m?.type === 'log' ? m.text.length : 0).toBe(4003);
  });
});

const base: Observed = {
  final: null,
  exitCode: 0,
  signal: null,
  hostKill: null,
  stderrTail: '',
  timeoutMs: 30_000,
  cpuSeconds: 61,
  viaBwrap: true,
};

describe('classifyEnd', () => {
  it('table of observations and reasons', () => {
    const table: [Partial<Observed>, string, string?][] = [
      [{ hostKill: 'timeout', timeoutMs: 1500 }, 'timeout', 'wall-clock limit of 1.5 s reached'],
      [{ hostKill: 'cancel' }, 'killed', 'cancelled'],
      [{ final: { type: 'result', value: 7 } }, 'ok'],
      [{ final: { type: 'error', reason: 'exited', message: 'm', exitCode: 2 } }, 'exited', 'm'],
      [{ exitCode: 134, stderrTail: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory' }, 'out-of-memory'],
      [{ exitCode: 128 + 24 }, 'timeout', 'CPU-time limit of 61 s reached'],
      [{ exitCode: null, signal: 'SIGXCPU', viaBwrap: false }, 'timeout'],
      [{ exitCode: 128 + 11 }, 'killed', 'killed by SIGSEGV'],
      [{ exitCode: 137, viaBwrap: false }, 'exited'],
      [{ exitCode: 0 }, 'exited', 'exited with code 0 without a result'],
      [{ exitCode: 13 }, 'exited', 'the program never settled: a promise stayed pending with nothing left to run'],
    ];
    for (const [o, outcome, message] of table) {
      const end = classifyEnd({ ...base, ...o });
      expect(end.outcome).toBe(outcome);
      if (message !== undefined && end.outcome !== 'ok') expect(end.message).toBe(message);
    }
  });
});

describe('withAttempts: any attempt is a verdict', () => {
  const attempt = { resource: 'file' as const, what: 'node:fs.readFileSync /etc/passwd' };
  it('turns any end into denied naming the first attempt, unless the user cancelled', () => {
    expect(withAttempts({ outcome: 'ok' }, [attempt])).toEqual({
      outcome: 'denied',
      message: 'tried file access: node:fs.readFileSync /etc/passwd',
      denied: attempt,
    });
    expect(withAttempts({ outcome: 'timeout', message: 'x' }, [attempt, attempt, attempt]).message).toBe(
      'tried file access: node:fs.readFileSync /etc/passwd (and 2 more attempts)',
    );
    expect(withAttempts({ outcome: 'killed', message: 'cancelled' }, [attempt], true)).toEqual({ outcome: 'killed', message: 'cancelled' });
  });
  it('does not believe a denial the host never saw', () => {
    expect(withAttempts({ outcome: 'denied', message: 'tried network access: evil' }, [])).toMatchObject({ outcome: 'threw' });
  });
  it('classifyEnd applies it', () => {
    expect(classifyEnd({ ...base, final: { type: 'result', value: 1 }, attempts: [attempt] }).outcome).toBe('denied');
  });
});

describe('runSandboxed without bubblewrap', () => {
  it('refuses untrusted code unless the caller opts in, saying why in one line', async () => {
    const c: Confinement = { bwrap: null, prlimit: null, node: process.execPath, permissionFlag: '--experimental-permission', binds: [] };
    const program = { file: '/nonexistent/program.mjs', dir: '/nonexistent', codeHash: '', moduleHash: '', cleanup: async () => undefined };
    const err = await runSandboxed({ program, input: null, seed: 0, confinement: c, label: 'loss.mjs' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SandboxUnavailableError);
    expect(String((err as Error).message)).toMatch(/^loss\.mjs: sandbox: bubblewrap \(bwrap\) is not available here.*--allow-unconfined/);
  });
});
