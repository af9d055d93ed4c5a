/**
 * Runs a worker bundle (target 'worker') in a Node child under a minimal dedicated-worker shim: delivers one
 * RunRequest as a trusted message event and returns the program's protocol messages, as a host would read them.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSandboxMessage, type SandboxMessage } from '../../common/sandbox/protocol';
import { tempDir } from './temp-case';

/** The nonce the shim's requests carry. */
export const SHIM_NONCE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

export function runWorkerBundle(code: string, input: unknown, seed = 7): SandboxMessage[] {
  const dir = tempDir('recheck-worker-');
  writeFileSync(join(dir, 'program.js'), code);
  const request = JSON.stringify({ type: 'run', input, seed, nonce: SHIM_NONCE });
  const shim = [
    `globalThis.postMessage = (m) => process.stdout.write(m + '\\n');`,
    `globalThis.addEventListener = (type, listener) => { if (type === 'message') setTimeout(() => listener({ data: ${JSON.stringify(request)}, isTrusted: true, stopImmediatePropagation() {} }), 0); };`,
    `await import(${JSON.stringify(join(dir, 'program.js'))});`,
  ].join('\n');
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', shim], { encoding: 'utf8', timeout: 10_000 });
  return out
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => parseSandboxMessage(l, SHIM_NONCE))
    .filter((m): m is SandboxMessage => m !== null);
}
