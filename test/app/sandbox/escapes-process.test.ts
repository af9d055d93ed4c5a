import { describe, expect, it } from 'vitest';
import { confinementOrSkip, runSource } from './harness';

const c = await confinementOrSkip();

describe.skipIf(c === null)('sandbox: processes, signals, code generation', () => {
  it('cannot spawn a process (static import: guard; computed import: permission model)', async () => {
    const r1 = await runSource(c!, `import { execSync } from 'node:child_process'; export default () => String(execSync('id'));`);
    expect(r1.outcome).toBe('denied');
    if (r1.outcome !== 'ok') expect(r1.denied).toEqual({ resource: 'child-process', what: 'node:child_process.execSync id' });
    const r2 = await runSource(c!, `export default async (input) => { const cp = await import(input.mod); return String(cp.execSync('id')); };`, { input: { mod: 'node:child_process' } });
    expect(r2.outcome).toBe('denied');
    if (r2.outcome !== 'ok') expect(r2.denied?.resource).toBe('child-process');
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
      const src = `export default async (input) => { const p = (await import(input.mod)).default;
        try { p.kill(input.pid, 'SIGUSR2'); return 'sent'; } catch (e) { return e.code; } };`;
      const r2 = await runSource(c!, src, { input: { mod: 'node:process', pid: process.pid } });
      expect(r2.outcome === 'ok' ? r2.value : r2.outcome).toBe('ESRCH'); // own PID namespace: no such process
      expect(signalled).toBe(0);
    } finally {
      process.off('SIGUSR2', onSignal);
    }
  });

  it('cannot start a worker thread', async () => {
    const r = await runSource(c!, `export default async (input) => { const w = await import(input.mod); new w.Worker('1', { eval: true }); };`, { input: { mod: 'node:worker_threads' } });
    expect(r.outcome).toBe('denied');
    if (r.outcome !== 'ok') expect(r.denied?.resource).toBe('worker');
  });

  it('eval and new Function are blocked', async () => {
    const r1 = await runSource(c!, `export default () => eval('1 + 1');`);
    const r2 = await runSource(c!, `export default () => new Function('return 1')();`);
    for (const r of [r1, r2]) {
      expect(r.outcome).toBe('denied');
      if (r.outcome !== 'ok') expect(r.denied?.resource).toBe('code-generation');
    }
  });

  it('a thrown error ends the run with reason threw and its message', async () => {
    const r = await runSource(c!, `export default () => { throw new TypeError('bad input shape'); };`);
    expect(r.outcome).toBe('threw');
    if (r.outcome !== 'ok') expect(r.message).toBe('TypeError: bad input shape');
  });

  it('process.exit ends the run with reason exited and the code (guard and real process object)', async () => {
    const r1 = await runSource(c!, `export default () => { process.exit(3); };`);
    expect(r1.outcome).toBe('exited');
    if (r1.outcome !== 'ok') expect(r1.exitCode).toBe(3);
    const r2 = await runSource(c!, `export default async (input) => { (await import(input.mod)).default.exit(4); };`, { input: { mod: 'node:process' } });
    expect(r2.outcome).toBe('exited');
    if (r2.outcome !== 'ok') expect(r2.exitCode).toBe(4);
  });
});

describe.skipIf(c === null)('sandbox: identity', () => {
  it('runs as nobody (uid 65534); the fallback for containers without user namespaces also runs', async () => {
    const src = `export default async (input) => { const p = (await import(input.mod)).default; const fs = await import(input.fsmod);
      let procReadable = true; try { fs.readFileSync('/proc/self/status'); } catch { procReadable = false; }
      return [p.getuid(), procReadable]; };`;
    const r = await runSource(c!, src, { input: { mod: 'node:process', fsmod: 'node:fs' } });
    expect(r.outcome === 'ok' ? r.value : r).toEqual([65534, false]); // /proc is not readable either (permission model)
    const fallback = await runSource({ ...c!, bwrapNobody: false }, `export default async (input) => typeof (await import(input.mod)).default.getuid();`, { input: { mod: 'node:process' } });
    expect(fallback.outcome === 'ok' ? fallback.value : fallback).toBe('number');
  });
});
