// The desktop app notices every Chromium or Node switch that weakens the sandbox it promises (--no-sandbox is
// the usual workaround for Linux's SUID sandbox helper), and then refuses untrusted runs unless the reviewer
// opted in at launch, reporting such runs as unconfined (issue 26: runs still said confined: true).
import { describe, expect, it } from 'vitest';
import { sandboxWeakeners } from '../../main/sandbox-switches';
import { createWindowSandboxRunner } from '../../main/window-runner';

const none = () => false;

describe('sandboxWeakeners', () => {
  it('finds the switches on the command line, in either spelling, and through Electron', () => {
    expect(sandboxWeakeners(['/opt/Recheck/recheck', '--no-sandbox'], none)).toEqual(['--no-sandbox']);
    expect(sandboxWeakeners(['x', '--disable-web-security', '--remote-debugging-port=9222'], none)).toEqual([
      '--disable-web-security',
      '--remote-debugging-port',
    ]);
    expect(sandboxWeakeners(['x'], (s) => s === 'no-zygote')).toEqual(['--no-zygote']);
    expect(sandboxWeakeners(['x', '--inspect=9229', '--remote-debugging-pipe', '--disable-gpu-sandbox'], none)).toEqual([
      '--disable-gpu-sandbox',
      '--remote-debugging-pipe',
      '--inspect',
    ]);
    expect(sandboxWeakeners(['x', '--disable-site-isolation-trials', '--disable-features=IsolateOrigins,site-per-process'], none)).toEqual([
      '--disable-site-isolation-trials',
      '--disable-features=site-per-process',
    ]);
    expect(sandboxWeakeners(['x', '--disable-features=Translate', '--lang=en'], none)).toEqual([]);
    expect(sandboxWeakeners(['x'], none, { ELECTRON_DISABLE_SANDBOX: '1' })).toEqual(['ELECTRON_DISABLE_SANDBOX']);
  });
});

describe('the window runner with a weakened sandbox', () => {
  const deps = {
    openWindow: () => {
      throw new Error('no window may open');
    },
    sampleProcesses: () => [],
  };

  it('refuses untrusted runs, naming the switch and the opt-in', async () => {
    const r = createWindowSandboxRunner({
      ...deps,
      weakened: ['--no-sandbox'],
      bundle: async () => ({ code: '', codeHash: 'h', moduleHash: 'm' }),
    });
    expect(r.confined).toBe(false);
    const p = await r.prepare({ modulePath: '/m.mjs' });
    await expect(r.run(p, { input: null, seed: 1 })).rejects.toThrow(/started with --no-sandbox.*refused.*--allow-unconfined/);
  });

  it('with the opt-in, runs are reported unconfined', () => {
    const r = createWindowSandboxRunner({ ...deps, weakened: ['--no-sandbox'], allowUnconfined: true });
    expect(r.confined).toBe(false);
    expect(r.description).toMatch(/UNCONFINED.*--no-sandbox/);
  });

  it('without weakening switches the runner stays confined', () => {
    expect(createWindowSandboxRunner(deps).confined).toBe(true);
  });
});
