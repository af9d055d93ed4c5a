// prepareSandboxProgram bundles a case's sandbox module for the browser sandbox's Web Worker. The bundle is
// executed here in a plain Node process with a minimal dedicated-worker shim (postMessage / addEventListener),
// so the test checks what the worker would actually post, not just that some text came back.
import { describe, it, expect } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRecheckService } from '../../../app/api/service';
import { API_METHODS } from '../../../common/api/methods';
import { createCheckRegistry } from '../../../app/checks/registry';
import type { SandboxMessage } from '../../../common/sandbox/protocol';
import type { CheckKind } from '../../../app/checks/kind';
import { fixedKind } from '../../helpers/fake-kinds';

/** A kind that declares a sandbox module, like kl-mode-fit does; running it is not part of these tests. */
const moduleKind: CheckKind<{ module: string; n: number }> = {
  kind: 'test-module',
  title: 'declares a sandbox module',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['module', 'n'],
    properties: { module: { type: 'string' }, n: { type: 'number' } },
  },
  example: { module: 'sandbox/model.ts', n: 2 },
  async run() {
    return { outcome: 'neutral', summary: 'not run here', evidence: {} };
  },
};
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';
import { runWorkerBundle } from '../../helpers/worker-shim';

function runAsWorker(code: string, input: unknown): SandboxMessage[] {
  return runWorkerBundle(code, input);
}

async function setup() {
  const ws = tempDir();
  const dir = writeMinimalCase(ws, 'mini');
  mkdirSync(join(dir, 'sandbox', 'lib'), { recursive: true });
  writeFileSync(join(dir, 'sandbox', 'lib', 'twice.ts'), 'export const twice = (n: number): number => 2 * n;\n');
  writeFileSync(
    join(dir, 'sandbox', 'double.ts'),
    [
      `import { twice } from './lib/twice';`,
      `export default (input: { n: number }, api: { progress(d: number, t?: number): void; log(t: string): void }) => {`,
      `  api.progress(1, 1);`,
      `  console.log('doubling', input.n);`,
      `  return { doubled: twice(input.n) };`,
      `};`,
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'sandbox', 'calls-home.mjs'),
    `export default async () => { await fetch('/api/call/listCases'); return 'reached'; };\n`,
  );
  const service = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]) });
  return { dir, service };
}

describe('prepareSandboxProgram', () => {
  it('bundles the module with the worker runner; the bundle runs it and posts progress, log and result', async () => {
    const { service } = await setup();
    const program = await service.prepareSandboxProgram('mini', 'sandbox/double.ts');
    expect(program.path).toBe('sandbox/double.ts');
    expect(program.sha256).toBe(createHash('sha256').update(program.code).digest('hex'));
    expect(program.code).not.toMatch(/from\s*["']node:/);
    const messages = runAsWorker(program.code, { n: 21 });
    expect(messages).toEqual([
      expect.objectContaining({ type: 'progress', done: 1, total: 1 }),
      { type: 'log', level: 'info', text: 'doubling 21' },
      { type: 'result', value: { doubled: 42 } },
    ]);
  });

  it('names a network attempt from the worker as denied', async () => {
    const { service } = await setup();
    const program = await service.prepareSandboxProgram('mini', 'sandbox/calls-home.mjs');
    const messages = runAsWorker(program.code, null);
    expect(messages.at(-1)).toMatchObject({
      type: 'error',
      reason: 'denied',
      denied: { resource: 'network', what: 'fetch /api/call/listCases' },
    });
    expect(messages.some((m) => m.type === 'result')).toBe(false);
  });

  it('suggests the params of the declared check that runs the module as input', async () => {
    const ws = tempDir();
    const caseJson = {
      format: 'recheck.case/1',
      id: 'with-check',
      title: 'A case',
      paper: { title: 'A paper', venueId: 'openreview:example-x', claims: [{ id: 'C1', text: 'A claim.' }] },
      logbooks: [{ id: 'L1', path: 'logbook', format: 'plain', title: 'Log' }],
      falsifications: [
        {
          id: 'F1',
          claim: 'C1',
          logbook: 'L1',
          assertion: 'x',
          checks: [{ id: 'c1', kind: 'test-module', title: 't', params: { module: 'sandbox/model.ts', n: 21 } }],
        },
      ],
    };
    const caseDir = writeMinimalCase(ws, 'with-check', caseJson);
    writeFileSync(join(caseDir, 'sandbox', 'model.ts'), 'export default (input: { n: number }): number => 2 * input.n;\n');
    const service = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([moduleKind]) });
    const program = await service.prepareSandboxProgram('with-check', 'sandbox/model.ts');
    expect(program.suggestedInput).toEqual({ n: 21 });
    const { service: other } = await setup();
    expect((await other.prepareSandboxProgram('mini', 'sandbox/double.ts')).suggestedInput).toBeUndefined();
    // A module without a default export cannot run: refused at preparation, not at every run.
    await expect(other.prepareSandboxProgram('mini', 'sandbox/model.ts')).rejects.toThrow(/no default export/);
  });

  it('refuses paths outside sandbox/, non-modules, and modules that import outside the sandbox folder', async () => {
    const v = API_METHODS.prepareSandboxProgram.validate;
    expect(v(['mini', 'sandbox/a.ts'])).toEqual(['mini', 'sandbox/a.ts']);
    expect(() => v(['mini', 'sandbox/../case.json'])).toThrow(/under sandbox\//);
    expect(() => v(['mini', 'logbook/loss.mjs'])).toThrow(/under sandbox\//);
    expect(() => v(['mini', 'sandbox/notes.md'])).toThrow(/\.ts, \.mts, \.js or \.mjs/);
    expect(() => v(['../x', 'sandbox/a.ts'])).toThrow(/caseId/);
    expect(() => v(['mini'])).toThrow(/expected 2 argument/);
    const { dir, service } = await setup();
    writeFileSync(join(dir, 'sandbox', 'escape.ts'), `import x from '../case.json';\nexport default () => x;\n`);
    await expect(service.prepareSandboxProgram('mini', 'sandbox/escape.ts')).rejects.toThrow(/leaves the module's folder/);
    await expect(service.prepareSandboxProgram('mini', 'sandbox/absent.ts')).rejects.toThrow(/cannot be bundled/);
  });
});
