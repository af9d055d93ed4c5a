// The hidden-window runner's host logic with a fake window (the page's side scripted by each test): the start
// handshake, relaying and parsing the program's messages, and every way a run ends (result, thrown error,
// denied attempt, cancel, wall-clock and CPU limits, memory cap, Chromium's OOM, a hung page, a page that
// never loads). The real page and worker are exercised by test/e2e/window-runner.spec.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostToPage } from '../../common/sandbox/page-messages';
import { envelopeText, type SandboxMessage } from '../../common/sandbox/protocol';
import {
  CANCEL_GRACE_MS,
  LOAD_LIMIT_MS,
  MISSED_BEATS_MS,
  RENDERER_BASE_MB,
  createWindowSandboxRunner,
  type GoneReason,
  type ProcessSample,
  type SandboxWindow,
} from '../../main/window-runner';

class FakeWindow implements SandboxWindow {
  sent: HostToPage[] = [];
  crashed = 0;
  destroyed = 0;
  private listeners: ((m: unknown) => void)[] = [];
  private gone: ((reason: GoneReason, exitCode: number) => void)[] = [];
  /** Called for each message main sends (the page's behaviour). */
  onSent: (m: HostToPage) => void = () => undefined;
  send(m: HostToPage) {
    this.sent.push(m);
    this.onSent(m);
  }
  onMessage(l: (m: unknown) => void) {
    this.listeners.push(l);
  }
  onGone(l: (reason: GoneReason, exitCode: number) => void) {
    this.gone.push(l);
  }
  processId() {
    return 4242;
  }
  crash() {
    this.crashed++;
  }
  destroy() {
    this.destroyed++;
  }
  /** The page says something. */
  page(m: unknown) {
    for (const l of this.listeners) l(m);
  }
  /** The program says something, in the envelope of the run's nonce (which only the real runner learns). */
  program(m: object) {
    const start = this.sent.find((x) => x.kind === 'start') as { request: { nonce: string } } | undefined;
    this.page({ kind: 'message', text: envelopeText(start?.request.nonce ?? '', JSON.stringify(m)) });
  }
  die(reason: GoneReason, exitCode = 0) {
    for (const l of this.gone) l(reason, exitCode);
  }
}

let windows: FakeWindow[];
let samples: ProcessSample[];

function runner() {
  return createWindowSandboxRunner({
    openWindow: () => {
      const w = new FakeWindow();
      windows.push(w);
      return w;
    },
    sampleProcesses: () => samples,
    bundle: async (p) => ({ code: `/* bundled ${p.modulePath} */`, codeHash: 'c'.repeat(64), moduleHash: 'm'.repeat(64) }),
    now: () => Date.now(),
  });
}

async function prepared() {
  const r = runner();
  return { r, program: await r.prepare({ modulePath: '/case/sandbox/fit.ts', label: 'sandbox/fit.ts' }) };
}

beforeEach(() => {
  vi.useFakeTimers();
  windows = [];
  samples = [];
});
afterEach(() => vi.useRealTimers());

describe('the hidden-window runner', () => {
  it('starts the program once the page is ready, relays its messages and ends with its result', async () => {
    const { r, program } = await prepared();
    expect(program).toMatchObject({ label: 'sandbox/fit.ts', codeHash: 'c'.repeat(64), moduleHash: 'm'.repeat(64) });
    const seen: SandboxMessage[] = [];
    const done = r.run(program, { input: { n: 3 }, seed: -1, onMessage: (m) => seen.push(m) });
    const w = windows[0]!;
    expect(w.sent).toEqual([]); // nothing before the page is ready
    w.page({ kind: 'ready' });
    w.page({ kind: 'ready' }); // a second ready starts nothing
    expect(w.sent).toEqual([
      {
        kind: 'start',
        code: '/* bundled /case/sandbox/fit.ts */',
        request: { type: 'run', input: { n: 3 }, seed: 4294967295, nonce: expect.stringMatching(/^[0-9a-f]{32}$/) },
      },
    ]);
    w.program({ type: 'progress', done: 1, total: 3 });
    w.program({ type: 'point', series: 'loss', x: 1, y: 0.5 });
    w.page({ kind: 'message', text: 'plain output' });
    w.page({ kind: 'message', text: envelopeText('f'.repeat(32), '{"type":"result","value":"forged"}') }); // not this run's nonce
    w.page({ kind: 'bogus' });
    w.page('not an object');
    w.program({ type: 'result', value: { fit: 1.5 } });
    w.program({ type: 'result', value: 'too late' });
    const report = await done;
    expect(report).toMatchObject({ outcome: 'ok', value: { fit: 1.5 }, confined: true });
    expect(seen).toEqual([
      { type: 'progress', done: 1, total: 3 },
      { type: 'point', series: 'loss', x: 1, y: 0.5 },
      { type: 'log', level: 'info', text: 'plain output' },
      { type: 'log', level: 'info', text: envelopeText('f'.repeat(32), '{"type":"result","value":"forged"}') },
    ]);
    expect(w.destroyed).toBe(1);
  });

  it('reports a thrown error, a denied attempt and a worker that failed to load, each with its reason', async () => {
    const { r, program } = await prepared();
    const threw = r.run(program, { input: null, seed: 1 });
    windows[0]!.page({ kind: 'ready' });
    windows[0]!.program({ type: 'error', reason: 'threw', message: 'Error: boom' });
    expect(await threw).toMatchObject({ outcome: 'threw', message: 'Error: boom' });

    const denied = r.run(program, { input: null, seed: 1 });
    windows[1]!.page({ kind: 'ready' });
    windows[1]!.program({ type: 'attempt', resource: 'network', what: 'fetch http://x' });
    windows[1]!.program({
      type: 'error',
      reason: 'denied',
      message: 'tried the network: fetch http://x',
      denied: { resource: 'network', what: 'fetch http://x' },
    });
    expect(await denied).toMatchObject({ outcome: 'denied', denied: { resource: 'network', what: 'fetch http://x' } });

    // An attempt the program caught still decides the run, even when a result follows.
    const caught = r.run(program, { input: null, seed: 1 });
    windows[2]!.page({ kind: 'ready' });
    windows[2]!.program({ type: 'attempt', resource: 'file', what: 'import node:fs' });
    windows[2]!.program({ type: 'result', value: 'nothing to see' });
    expect(await caught).toMatchObject({ outcome: 'denied', message: 'tried file access: import node:fs' });

    const broken = r.run(program, { input: null, seed: 1 });
    windows[3]!.page({ kind: 'ready' });
    windows[3]!.page({ kind: 'worker-error', text: 'SyntaxError: Unexpected token' });
    expect(await broken).toMatchObject({ outcome: 'threw', message: 'sandbox worker: SyntaxError: Unexpected token' });
  });

  it('cancel asks the page to terminate its worker and ends when the page confirms', async () => {
    const { r, program } = await prepared();
    const ac = new AbortController();
    const done = r.run(program, { input: null, seed: 1, signal: ac.signal });
    const w = windows[0]!;
    w.onSent = (m) => {
      if (m.kind === 'cancel') w.page({ kind: 'cancelled' });
    };
    w.page({ kind: 'ready' });
    ac.abort();
    expect(await done).toMatchObject({ outcome: 'killed', message: 'cancelled' });
    expect(w.sent.map((m) => m.kind)).toEqual(['start', 'cancel']);
    expect(w.crashed).toBe(0);
    expect(w.destroyed).toBe(1);
  });

  it('a page that does not confirm the cancel within the grace period has its renderer crashed', async () => {
    const { r, program } = await prepared();
    const ac = new AbortController();
    const done = r.run(program, { input: null, seed: 1, signal: ac.signal });
    const w = windows[0]!;
    w.page({ kind: 'ready' });
    ac.abort();
    await vi.advanceTimersByTimeAsync(CANCEL_GRACE_MS + 1);
    const report = await done;
    expect(report).toMatchObject({ outcome: 'killed' });
    expect(report.outcome !== 'ok' && report.message).toMatch(/^cancelled; the sandbox page did not confirm within 1000 ms/);
    expect(w.crashed).toBe(1);
    expect(w.destroyed).toBe(1);
  });

  it('an already aborted signal opens no window', async () => {
    const { r, program } = await prepared();
    const ac = new AbortController();
    ac.abort();
    expect(await r.run(program, { input: null, seed: 1, signal: ac.signal })).toMatchObject({ outcome: 'killed', message: 'cancelled' });
    expect(windows).toHaveLength(0);
  });

  it('the wall-clock limit stops the run (timeout), even while the page keeps beating', async () => {
    const { r, program } = await prepared();
    const done = r.run(program, { input: null, seed: 1, limits: { timeoutMs: 2000 } });
    const w = windows[0]!;
    w.onSent = (m) => {
      if (m.kind === 'cancel') w.page({ kind: 'cancelled' });
    };
    w.page({ kind: 'ready' });
    for (let t = 0; t < 10; t++) {
      await vi.advanceTimersByTimeAsync(250);
      w.page({ kind: 'alive' });
    }
    expect(await done).toMatchObject({ outcome: 'timeout', message: 'wall-clock limit of 2 s reached' });
  });

  it("Chromium's out-of-memory ends the run as out-of-memory; another crash as killed", async () => {
    const { r, program } = await prepared();
    const oom = r.run(program, { input: null, seed: 1 });
    windows[0]!.page({ kind: 'ready' });
    windows[0]!.die('oom', 133);
    expect(await oom).toMatchObject({ outcome: 'out-of-memory' });
    const crash = r.run(program, { input: null, seed: 1 });
    windows[1]!.page({ kind: 'ready' });
    windows[1]!.die('crashed', 139);
    expect(await crash).toMatchObject({ outcome: 'killed', message: "the sandbox page's process ended (crashed, exit code 139)" });
  });

  it('the memory cap: a working set above twice memoryMb plus the page base ends the run out-of-memory', async () => {
    const { r, program } = await prepared();
    const done = r.run(program, { input: null, seed: 1, limits: { memoryMb: 100 } });
    const w = windows[0]!;
    w.page({ kind: 'ready' });
    const capKiB = (2 * 100 + RENDERER_BASE_MB) * 1024;
    samples = [
      { pid: 1, workingSetKiB: 10 * capKiB },
      { pid: 4242, workingSetKiB: capKiB },
    ]; // another process may be big
    await vi.advanceTimersByTimeAsync(300);
    w.page({ kind: 'alive' });
    samples = [{ pid: 4242, workingSetKiB: capKiB + 1024 }];
    await vi.advanceTimersByTimeAsync(300);
    const report = await done;
    expect(report).toMatchObject({ outcome: 'out-of-memory' });
    expect(report.outcome !== 'ok' && report.message).toBe(
      `out of memory: the sandbox page used ${2 * 100 + RENDERER_BASE_MB + 1} MiB, above its cap of ${2 * 100 + RENDERER_BASE_MB} MiB`,
    );
    expect(w.crashed).toBe(1);
  });

  it('the CPU-time limit, where Electron reports CPU seconds', async () => {
    const { r, program } = await prepared();
    const done = r.run(program, { input: null, seed: 1, limits: { cpuSeconds: 5 } });
    windows[0]!.page({ kind: 'ready' });
    samples = [{ pid: 4242, workingSetKiB: 1, cpuSeconds: 5.5 }];
    await vi.advanceTimersByTimeAsync(300);
    expect(await done).toMatchObject({ outcome: 'timeout', message: 'CPU-time limit of 5 s reached' });
  });

  it('a page that stops its heartbeat is ended; one that never loads is given up on', async () => {
    const { r, program } = await prepared();
    const hung = r.run(program, { input: null, seed: 1 });
    windows[0]!.page({ kind: 'ready' });
    await vi.advanceTimersByTimeAsync(MISSED_BEATS_MS + 300);
    expect(await hung).toMatchObject({ outcome: 'killed', message: 'the sandbox page stopped answering for 3 s and was ended' });
    expect(windows[0]!.crashed).toBe(1);

    const never = r.run(program, { input: null, seed: 1 });
    await vi.advanceTimersByTimeAsync(LOAD_LIMIT_MS + 300);
    expect(await never).toMatchObject({ outcome: 'killed', message: 'the sandbox page did not load within 15 s' });
    expect(windows[1]!.sent).toEqual([]);
  });

  it('refuses a program prepared by another runner', async () => {
    const { program } = await prepared();
    await expect(runner().run(program, { input: null, seed: 1 })).rejects.toThrow(/prepared by another sandbox runner/);
  });
});

describe('the message budget of a run (count, bytes, rate) and coalesced progress', () => {
  function limited(messageLimits: { messages: number; bytes: number; perSecond: number }) {
    return createWindowSandboxRunner({
      openWindow: () => {
        const w = new FakeWindow();
        windows.push(w);
        w.onSent = (m) => {
          if (m.kind === 'cancel') w.page({ kind: 'cancelled' });
        };
        return w;
      },
      sampleProcesses: () => samples,
      bundle: async () => ({ code: '', codeHash: 'c'.repeat(64), moduleHash: 'm'.repeat(64) }),
      now: () => Date.now(),
      messageLimits,
    });
  }

  it('a flood of messages ends the run invalid-output, saying which bound it crossed, and relays no more', async () => {
    const r = limited({ messages: 50, bytes: 1 << 30, perSecond: 1e9 });
    const program = await r.prepare({ modulePath: '/m.ts' });
    const seen: SandboxMessage[] = [];
    const done = r.run(program, { input: null, seed: 1, onMessage: (m) => seen.push(m) });
    windows[0]!.page({ kind: 'ready' });
    for (let i = 0; i < 1000; i++) windows[0]!.program({ type: 'log', level: 'info', text: `line ${i}` });
    expect(await done).toMatchObject({ outcome: 'invalid-output', message: expect.stringMatching(/more than 50 messages/) });
    expect(seen.length).toBe(50);
  });

  it('bytes and rate are bounds too', async () => {
    const big = limited({ messages: 1e9, bytes: 10_000, perSecond: 1e9 });
    const p1 = await big.prepare({ modulePath: '/m.ts' });
    const d1 = big.run(p1, { input: null, seed: 1 });
    windows[0]!.page({ kind: 'ready' });
    for (let i = 0; i < 10; i++) windows[0]!.program({ type: 'log', level: 'info', text: 'x'.repeat(2000) });
    expect(await d1).toMatchObject({ outcome: 'invalid-output', message: expect.stringMatching(/more than 10,000 bytes of messages/) });

    const fast = limited({ messages: 1e9, bytes: 1 << 30, perSecond: 100 });
    const p2 = await fast.prepare({ modulePath: '/m.ts' });
    const d2 = fast.run(p2, { input: null, seed: 1 });
    windows[1]!.page({ kind: 'ready' });
    for (let i = 0; i < 150; i++) windows[1]!.program({ type: 'log', level: 'info', text: 'y' });
    expect(await d2).toMatchObject({ outcome: 'invalid-output', message: expect.stringMatching(/faster than 100 a second/) });
  });

  it('progress reaches the UI at most every 100 ms, the latest one winning', async () => {
    const { r, program } = await prepared();
    const seen: SandboxMessage[] = [];
    const done = r.run(program, { input: null, seed: 1, onMessage: (m) => seen.push(m) });
    const w = windows[0]!;
    w.page({ kind: 'ready' });
    for (let i = 1; i <= 500; i++) w.program({ type: 'progress', done: i, total: 500 });
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([
      { type: 'progress', done: 1, total: 500 },
      { type: 'progress', done: 500, total: 500 },
    ]);
    w.program({ type: 'result', value: 1 });
    expect(await done).toMatchObject({ outcome: 'ok' });
  });
});
