import { describe, expect, it } from 'vitest';
import { parseSandboxMessage } from '../../../app/sandbox/protocol';
import { classifyEnd, type Observed } from '../../../app/sandbox/classify';
import { runSandboxed, SandboxUnavailableError } from '../../../app/sandbox/host';
import type { Confinement } from '../../../app/sandbox/confinement';

describe('parseSandboxMessage', () => {
  it('accepts each well-formed message and keeps only known fields', () => {
    expect(parseSandboxMessage('{"type":"progress","done":3,"total":10,"rate":1.5,"etaSeconds":4.6,"evil":1}')).toEqual({ type: 'progress', done: 3, total: 10, rate: 1.5, etaSeconds: 4.6 });
    expect(parseSandboxMessage('{"type":"log","level":"warn","text":"x"}')).toEqual({ type: 'log', level: 'warn', text: 'x' });
    expect(parseSandboxMessage('{"type":"log","level":"bogus","text":"x"}')).toEqual({ type: 'log', level: 'info', text: 'x' });
    expect(parseSandboxMessage('{"type":"point","series":"s","x":1,"y":2}')).toEqual({ type: 'point', series: 's', x: 1, y: 2 });
    expect(parseSandboxMessage('{"type":"result","value":null}')).toEqual({ type: 'result', value: null });
    expect(parseSandboxMessage('{"type":"error","reason":"denied","message":"m","denied":{"resource":"file","what":"w"}}')).toEqual({ type: 'error', reason: 'denied', message: 'm', denied: { resource: 'file', what: 'w' } });
  });

  it('rejects malformed or unknown messages (they become program output)', () => {
    for (const text of ['hello', '[1]', 'null', '{"type":"progress"}', '{"type":"result"}', '{"type":"error","reason":"pwned","message":"m"}', '{"type":"point","series":"s","x":"1","y":2}', '{"type":"exec"}']) {
      expect(parseSandboxMessage(text)).toBeNull();
    }
  });

  it('cuts long strings', () => {
    const m = parseSandboxMessage(JSON.stringify({ type: 'log', text: 'a'.repeat(10_000) }));
    expect(m?.type === 'log' ? m.text.length : 0).toBe(4003);
  });
});

const base: Observed = { final: null, exitCode: 0, signal: null, hostKill: null, stderrTail: '', timeoutMs: 30_000, cpuSeconds: 61, viaBwrap: true };

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

describe('runSandboxed without bubblewrap', () => {
  it('refuses untrusted code unless the caller opts in, saying why in one line', async () => {
    const c: Confinement = { bwrap: null, prlimit: null, node: process.execPath, permissionFlag: '--experimental-permission', binds: [] };
    const program = { file: '/nonexistent/program.mjs', dir: '/nonexistent', codeHash: '', moduleHash: '', cleanup: async () => undefined };
    const err = await runSandboxed({ program, input: null, seed: 0, confinement: c, label: 'loss.mjs' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SandboxUnavailableError);
    expect(String((err as Error).message)).toMatch(/^loss\.mjs: sandbox: bubblewrap \(bwrap\) is not available here.*--allow-unconfined/);
  });
});
