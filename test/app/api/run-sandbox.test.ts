// runSandboxProgram runs a case's sandbox module in the core's sandbox (here the default, the headless Node
// child under bubblewrap; the desktop app injects its hidden-window runner) and streams the program's messages
// and its end as RunEvents of one run id; cancelRun ends it; bad modules and arguments are refused up front.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../common/api/contract';
import { API_METHODS } from '../../../common/api/methods';
import { createRecheckService } from '../../../app/api/service';
import { createCheckRegistry } from '../../../app/checks/registry';
import type { SandboxRunner } from '../../../app/sandbox/runner';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';
import { confinementOrSkip } from '../sandbox/harness';

const confinement = await confinementOrSkip();

async function setup(sandbox?: () => Promise<SandboxRunner>) {
  const ws = tempDir();
  const dir = writeMinimalCase(ws, 'mini');
  mkdirSync(join(dir, 'sandbox', 'lib'), { recursive: true });
  writeFileSync(join(dir, 'sandbox', 'lib', 'twice.ts'), 'export const twice = (n: number): number => 2 * n;\n');
  writeFileSync(
    join(dir, 'sandbox', 'double.ts'),
    `import { twice } from './lib/twice';
export default (input: { n: number }, api: { seed: number; progress(d: number, t?: number): void; log(t: string): void; point(s: string, x: number, y: number): void }) => {
  api.log('doubling ' + input.n);
  api.point('n', 1, input.n);
  api.progress(1, 1);
  return { doubled: twice(input.n), seed: api.seed };
};`,
  );
  writeFileSync(
    join(dir, 'sandbox', 'spin.ts'),
    `export default (_i: unknown, api: { log(t: string): void }) => { api.log('spinning'); for (;;) {} };\n`,
  );
  writeFileSync(join(dir, 'sandbox', 'broken.ts'), 'export default ( => 1;\n');
  const service = await createRecheckService({
    workspaceDir: ws,
    registry: createCheckRegistry([fixedKind]),
    ...(sandbox ? { sandbox } : {}),
  });
  const caseDir = dir;
  const events: RunEvent[] = [];
  service.onRunEvent((e) => events.push(e));
  const endOf = (runId: string) =>
    new Promise<Extract<RunEvent, { type: 'sandbox-ended' }>>((resolve) => {
      const poll = setInterval(() => {
        const e = events.find((x): x is Extract<RunEvent, { type: 'sandbox-ended' }> => x.type === 'sandbox-ended' && x.runId === runId);
        if (e) {
          clearInterval(poll);
          resolve(e);
        }
      }, 20);
    });
  return { service, events, endOf, caseDir };
}

describe.skipIf(confinement === null)('runSandboxProgram', () => {
  it('runs the module in the sandbox and streams its messages, then its result, under one run id', async () => {
    const { service, events, endOf, caseDir } = await setup();
    const { runId } = await service.runSandboxProgram({
      caseId: 'mini',
      path: 'sandbox/double.ts',
      input: { n: 21 },
      seed: 7,
      timeoutSeconds: 30,
    });
    const { end } = await endOf(runId);
    expect(end).toMatchObject({ outcome: 'result', value: { doubled: 42, seed: 7 } });
    expect(end.isolation).toMatch(/bubblewrap/);
    expect(end.codeSha256).toMatch(/^[0-9a-f]{64}$/);
    const mine = events.filter((e) => e.runId === runId).map((e) => (e.type === 'sandbox-message' ? e.message : e.type));
    expect(mine).toEqual([
      { type: 'log', level: 'info', text: 'doubling 21' },
      { type: 'point', series: 'n', x: 1, y: 21 },
      expect.objectContaining({ type: 'progress', done: 1, total: 1 }),
      'sandbox-ended',
    ]);
    // The run's record, in the case's runs/ folder; hashes recomputed here from the files and the input.
    expect(end.record).toBe(`runs/${runId}/sandbox-run.json`);
    const record = JSON.parse(readFileSync(join(caseDir, end.record!), 'utf8')) as Record<string, unknown>;
    expect(record).toMatchObject({
      format: 'recheck.sandbox-run/1',
      runId,
      module: {
        path: 'sandbox/double.ts',
        sha256: createHash('sha256')
          .update(readFileSync(join(caseDir, 'sandbox/double.ts')))
          .digest('hex'),
      },
      codeSha256: end.codeSha256,
      input: { n: 21 },
      inputSha256: createHash('sha256').update('{"n":21}').digest('hex'),
      seed: 7,
      limits: { timeoutMs: 30_000, cpuSeconds: 61, memoryMb: 512 },
      outcome: 'ok',
      value: { doubled: 42, seed: 7 },
      versions: { node: process.versions.node },
    });
    service.dispose();
  });

  it('cancelRun ends a program that never returns; the wall-clock limit ends another', async () => {
    const { service, events, endOf } = await setup();
    const a = await service.runSandboxProgram({ caseId: 'mini', path: 'sandbox/spin.ts', input: null, seed: 1, timeoutSeconds: 60 });
    await new Promise<void>((resolve) => {
      const poll = setInterval(
        () => events.some((e) => e.runId === a.runId && e.type === 'sandbox-message') && (clearInterval(poll), resolve()),
        20,
      );
    });
    await service.cancelRun(a.runId);
    expect((await endOf(a.runId)).end).toMatchObject({ outcome: 'error', reason: 'killed', message: 'cancelled' });
    const b = await service.runSandboxProgram({ caseId: 'mini', path: 'sandbox/spin.ts', input: null, seed: 1, timeoutSeconds: 1 });
    expect((await endOf(b.runId)).end).toMatchObject({ outcome: 'error', reason: 'timeout', message: 'wall-clock limit of 1 s reached' });
    service.dispose();
  });

  it('a module that does not bundle is refused with one line naming it, before any run starts', async () => {
    const { service, events } = await setup();
    await expect(
      service.runSandboxProgram({ caseId: 'mini', path: 'sandbox/broken.ts', input: null, seed: 1, timeoutSeconds: 5 }),
    ).rejects.toThrow(/broken\.ts.*cannot be bundled/);
    expect(events).toEqual([]);
    service.dispose();
  });
});

describe('runSandboxProgram with an injected runner', () => {
  it('uses the runner the shell gave the core (the desktop window runner) and reports its failures as the end', async () => {
    const used: string[] = [];
    const runner: SandboxRunner = {
      description: 'injected test runner',
      confined: true,
      prepare: async (p) => (
        used.push(`prepare ${p.label}`),
        { label: p.label ?? '', codeHash: 'h'.repeat(64), moduleHash: 'm'.repeat(64), dispose: async () => void used.push('dispose') }
      ),
      run: async () => {
        throw new Error('the window could not start');
      },
    };
    const { service, endOf } = await setup(async () => runner);
    const { runId } = await service.runSandboxProgram({
      caseId: 'mini',
      path: 'sandbox/double.ts',
      input: null,
      seed: 1,
      timeoutSeconds: 5,
    });
    expect((await endOf(runId)).end).toEqual({
      outcome: 'error',
      reason: 'killed',
      message: 'the sandbox failed: the window could not start',
      wallMs: 0,
      isolation: 'injected test runner',
      codeSha256: 'h'.repeat(64),
      record: `runs/${runId}/sandbox-run.json`,
    });
    expect(used).toEqual(['prepare sandbox/double.ts', 'dispose']);
    service.dispose();
  });

  it.each([
    [{ caseId: 'mini', path: '../x.ts', input: null, seed: 1, timeoutSeconds: 5 }, /path must be a relative path under sandbox/],
    [{ caseId: 'mini', path: 'sandbox/notes.md', input: null, seed: 1, timeoutSeconds: 5 }, /must name a .ts/],
    [{ caseId: 'mini', path: 'sandbox/a.ts', input: null, seed: -1, timeoutSeconds: 5 }, /seed must be an integer/],
    [{ caseId: 'mini', path: 'sandbox/a.ts', input: null, seed: 2 ** 32, timeoutSeconds: 5 }, /seed must be an integer/],
    [{ caseId: 'mini', path: 'sandbox/a.ts', input: null, seed: 1, timeoutSeconds: 0.5 }, /timeoutSeconds/],
    [{ caseId: 'mini', path: 'sandbox/a.ts', input: null, seed: 1, timeoutSeconds: 5, extra: 1 }, /unexpected field/],
  ])('the argument validator refuses %j', (arg, problem) => {
    expect(() => API_METHODS.runSandboxProgram.validate([arg])).toThrow(problem);
  });
});
