// Processes, signals, code generation and identity. Each attack runs twice where it matters: through the
// bundle (the guards name the attempt and it decides the verdict) and as a raw program with no guard at all
// (runRaw), so the outer layers (permission model, PID namespace, uid mapping) are shown to hold by themselves.
import { describe, expect, it } from 'vitest';
import { confinementOrSkip, runRaw, runSource } from './harness';

const c = await confinementOrSkip();

describe.skipIf(c === null)('sandbox: processes, signals, code generation', () => {
  it('cannot spawn a process (static or computed import: guard; raw: permission model)', async () => {
    const r1 = await runSource(c!, `import { execSync } from 'node:child_process'; export default () => String(execSync('id'));`);
    expect(r1.outcome).toBe('denied');
    if (r1.outcome !== 'ok') expect(r1.denied).toEqual({ resource: 'child-process', what: 'node:child_process.execSync id' });
    const r2 = await runSource(
      c!,
      `export default async (input) => { const cp = await import(input.mod); return String(cp.execSync('id')); };`,
      { input: { mod: 'node:child_process' } },
    );
    expect(r2.outcome).toBe('denied');
    if (r2.outcome !== 'ok') expect(r2.denied).toEqual({ resource: 'child-process', what: 'import node:child_process' });
    const raw = await runRaw(c!, `const cp = await import('node:child_process'); return String(cp.execSync('id'));`);
    expect(raw.outcome === 'ok' ? raw.value : raw.message).toBe('ERR_ACCESS_DENIED');
  });

  it('cannot signal the host: process.kill is denied, and the real one cannot see the host pid', async () => {
    let signalled = 0;
    const onSignal = (): void => {
      signalled++;
    };
    process.on('SIGUSR2', onSignal);
    try {
      const r1 = await runSource(c!, `export default (input) => process.kill(input.pid, 'SIGUSR2');`, { input: { pid: process.pid } });
      expect(r1.outcome).toBe('denied');
      if (r1.outcome !== 'ok') expect(r1.denied).toEqual({ resource: 'signal', what: `process.kill ${process.pid}` });
      const r2 = await runRaw(c!, `try { process.kill(input.pid, 'SIGUSR2'); return 'sent'; } catch (e) { return e.code; }`, {
        input: { pid: process.pid },
      });
      expect(r2.outcome === 'ok' ? r2.value : r2.outcome).toBe('ESRCH'); // own PID namespace: no such process
      expect(signalled).toBe(0);
    } finally {
      process.off('SIGUSR2', onSignal);
    }
  });

  it('cannot start a worker thread', async () => {
    const r = await runSource(
      c!,
      `export default async (input) => { const w = await import(input.mod); new w.Worker('1', { eval: true }); };`,
      { input: { mod: 'node:worker_threads' } },
    );
    expect(r.outcome).toBe('denied');
    if (r.outcome !== 'ok') expect(r.denied?.resource).toBe('worker');
    const raw = await runRaw(c!, `const w = await import('node:worker_threads'); new w.Worker('1', { eval: true }); return 'started';`);
    expect(raw.outcome === 'ok' ? raw.value : raw.message).toBe('ERR_ACCESS_DENIED');
  });

  it('eval, new Function and the async function constructor are denied and named, even when caught', async () => {
    const sources = [
      `export default () => eval('1 + 1');`,
      `export default () => new Function('return 1')();`,
      `export default () => { try { return new Function('return 1')(); } catch { return 'caught'; } };`,
      `export default () => { try { return (async () => {}).constructor('return 1'); } catch { return 'caught'; } };`,
      `export default () => { try { return globalThis.eval('1'); } catch { return 'caught'; } };`,
    ];
    for (const source of sources) {
      const r = await runSource(c!, source);
      expect(r.outcome, source).toBe('denied');
      if (r.outcome !== 'ok') expect(r.denied?.resource).toBe('code-generation');
    }
    const raw = await runRaw(c!, `return new Function('return 1')();`);
    expect(raw.outcome).toBe('threw'); // --disallow-code-generation-from-strings holds without the guard
    if (raw.outcome !== 'ok') expect(raw.message).toMatch(/EvalError|Code generation/);
  });

  it('a thrown error ends the run with reason threw and its message', async () => {
    const r = await runSource(c!, `export default () => { throw new TypeError('bad input shape'); };`);
    expect(r.outcome).toBe('threw');
    if (r.outcome !== 'ok') expect(r.message).toBe('TypeError: bad input shape');
  });

  it('process.exit ends the run with reason exited and the code', async () => {
    const r1 = await runSource(c!, `export default () => { process.exit(3); };`);
    expect(r1.outcome).toBe('exited');
    if (r1.outcome !== 'ok') expect(r1.exitCode).toBe(3);
    const r2 = await runSource(c!, `export default () => { process.reallyExit(4); };`);
    expect(r2.outcome).toBe('exited');
    if (r2.outcome !== 'ok') expect(r2.exitCode).toBe(4);
  });
});

describe.skipIf(c === null)('sandbox: identity', () => {
  it('runs as nobody (uid 65534); the fallback for containers without user namespaces also runs', async () => {
    const body = `const fs = await import('node:fs'); let procReadable = true; try { fs.readFileSync('/proc/self/status'); } catch { procReadable = false; } return [process.getuid(), procReadable];`;
    const r = await runRaw(c!, body);
    expect(r.outcome === 'ok' ? r.value : r).toEqual([65534, false]); // /proc is not readable either (permission model)
    const fallback = await runRaw({ ...c!, bwrapNobody: false }, `return typeof process.getuid();`);
    expect(fallback.outcome === 'ok' ? fallback.value : fallback).toBe('number');
  });

  it('the guarded process object hides the host: no uid, environment, stdin or real stdout', async () => {
    const r = await runSource(
      c!,
      `export default () => [typeof process.getuid, Object.keys(process.env).length, Object.keys(process).length, process.stdout.write('raw text') ];`,
    );
    expect(r.outcome === 'ok' ? r.value : r).toEqual(['undefined', 0, 0, true]);
    expect(r.messages).toContainEqual({ type: 'log', level: 'info', text: 'raw text' });
  });
});
