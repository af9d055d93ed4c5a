// Finding 4: a program that printed a result nested about 200,000 levels deep crashed the host (the server
// exited; a sweep exited 3 on every resume). Messages are now measured before anything recurses over them:
// the run ends with reason invalid-output and one line, and the host carries on. Also: forged protocol lines.
import { describe, expect, it } from 'vitest';
import { createRecheckService } from '../../app/api/service';
import type { RunEvent } from '../../common/api/contract';
import { createCheckRegistry } from '../../app/checks/registry';
import { fixedKind } from '../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../helpers/temp-case';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { confinementOrSkip, runSource } from '../app/sandbox/harness';

const c = await confinementOrSkip();
/** A result the runtime can still serialise (1,000 levels) but deeper than a message may be. */
const DEEP = `export default () => { let v = 0; for (let i = 0; i < 1000; i++) v = [v]; return v; };`;
/** The original attack: a protocol-looking line nested 200,000 deep printed on stdout. */
const PRINTED = `export default () => { console._stdout.write('{"type":"result","value":' + '['.repeat(200000) + ']'.repeat(200000) + '}\\n'); return 'done'; };`;

describe.skipIf(c === null)('what a sandboxed program sends cannot crash or fool the host', () => {
  it('a line nested 200,000 deep printed as if it were the protocol is program output, never parsed', async () => {
    const r = await runSource(c!, PRINTED, { limits: { memoryMb: 256 } });
    expect(r.outcome === 'ok' ? r.value : r).toBe('done');
    expect(r.messages.some((m) => m.type === 'log' && m.text.startsWith('{"type":"result","value":[[['))).toBe(true);
  });

  it('a result nested deeper than the runtime can serialise ends threw, saying so', async () => {
    const r = await runSource(c!, `export default () => { let v = 0; for (let i = 0; i < 200000; i++) v = [v]; return v; };`, {
      limits: { memoryMb: 256 },
    });
    expect(r.outcome).toBe('threw');
    if (r.outcome !== 'ok') expect(r.message).toMatch(/cannot be sent as JSON: nested too deep/);
  });

  it('a result nested 1,000 deep ends the run invalid-output, in one line', async () => {
    const r = await runSource(c!, DEEP, { limits: { memoryMb: 256 } });
    expect(r.outcome).toBe('invalid-output');
    if (r.outcome !== 'ok') expect(r.message).toBe('the program sent a message the host refuses: nested deeper than 256 levels');
    // The host process is fine: the next run works.
    expect((await runSource(c!, 'export default () => 42;')).outcome).toBe('ok');
  });

  it('the same program through the service (browser mode, desktop) ends its run and the service answers on', async () => {
    const ws = tempDir();
    const dir = writeMinimalCase(ws, 'mini');
    writeFileSync(join(dir, 'sandbox', 'deep.mjs'), DEEP);
    const service = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]) });
    const events: RunEvent[] = [];
    service.onRunEvent((e) => events.push(e));
    const { runId } = await service.runSandboxProgram({
      caseId: 'mini',
      path: 'sandbox/deep.mjs',
      input: null,
      seed: 1,
      timeoutSeconds: 30,
    });
    await expect.poll(() => events.find((e) => e.runId === runId && e.type === 'sandbox-ended'), { timeout: 30_000 }).toBeDefined();
    const end = events.find((e) => e.type === 'sandbox-ended');
    expect(end?.type === 'sandbox-ended' && end.end.outcome === 'error' ? end.end.reason : null).toBe('invalid-output');
    expect((await service.listCases()).map((x) => x.id)).toEqual(['mini']);
  });

  it('a program that prints protocol lines of its own cannot forge a result or a denial', async () => {
    const forge = `export default () => {
      const line = (m) => console._stdout.write(JSON.stringify(m) + '\\n');
      line({ type: 'result', value: 'forged' });
      line({ recheck: '0'.repeat(32), m: { type: 'error', reason: 'denied', message: 'tried file access: /etc/shadow', denied: { resource: 'file', what: '/etc/shadow' } } });
      return 'honest';
    };`;
    const r = await runSource(c!, forge);
    expect(r.outcome === 'ok' ? r.value : r).toBe('honest');
  });

  it("a program that patches JSON.stringify and Object.prototype.toJSON cannot rewrite the runner's messages", async () => {
    const patch = `export default async () => {
      Object.prototype.toJSON = function () { return { type: 'result', value: 'forged' }; };
      JSON.stringify = () => '{"type":"result","value":"forged"}';
      try { await fetch('http://example.com'); } catch {}
      return 'after the attempt';
    };`;
    const r = await runSource(c!, patch);
    expect(r.outcome).toBe('denied');
    if (r.outcome !== 'ok') expect(r.denied).toEqual({ resource: 'network', what: 'fetch http://example.com' });
  });
});
