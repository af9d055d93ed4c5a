/** Test harness for the sandbox: writes a module to a temp folder, bundles it and runs it confined. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleProgram } from '../../../app/sandbox/bundle';
import { defaultConfinement, type Confinement, type SandboxLimits } from '../../../app/sandbox/confinement';
import { runSandboxed, type RunReport } from '../../../app/sandbox/host';
import type { SandboxMessage } from '../../../common/sandbox/protocol';
import { required } from '../../helpers/required';

/**
 * The machine's confinement. Without bubblewrap: under the test command or CI this throws, so the suite fails
 * loudly (test/helpers/required.ts); elsewhere it returns null and the caller skips the tests (saying why).
 */
export async function confinementOrSkip(): Promise<Confinement | null> {
  const c = await defaultConfinement();
  if (c.bwrap !== null) return c;
  required('bubblewrap (bwrap, Debian package bubblewrap)', 'missing or unusable: the sandboxed tests cannot run');
  return null;
}

export type Ran = RunReport & { messages: SandboxMessage[] };

/** Bundles `source` (file name `name` in a fresh folder) and runs it with `input`. */
export async function runSource(
  c: Confinement,
  source: string,
  o: {
    input?: unknown;
    limits?: Partial<SandboxLimits>;
    name?: string;
    signal?: AbortSignal;
    onMessage?: (m: SandboxMessage) => void;
  } = {},
): Promise<Ran> {
  const dir = mkdtempSync(join(tmpdir(), 'recheck-sbx-test-'));
  const file = join(dir, o.name ?? 'module.mjs');
  writeFileSync(file, source);
  const program = await bundleProgram({ modulePath: file });
  const messages: SandboxMessage[] = [];
  try {
    const r = await runSandboxed({
      program,
      input: o.input ?? null,
      seed: 1,
      confinement: c,
      limits: { timeoutMs: 30_000, memoryMb: 128, ...o.limits }, // generous: CI machines can be loaded
      ...(o.signal ? { signal: o.signal } : {}),
      onMessage: (m) => {
        messages.push(m);
        o.onMessage?.(m);
      },
    });
    return { ...r, messages };
  } finally {
    await program.cleanup();
  }
}

/**
 * Runs a hand-written program with NO guard layer (no bundler, no guards.ts): just the protocol, so a test can
 * check that the outer layers (Node's permission model, prlimit, bubblewrap's namespaces) hold by themselves.
 * `body` is the body of `async (input) => { ... }`; its return value is the result; a thrown error's `code`
 * (or text) comes back as the `threw` message.
 */
export async function runRaw(c: Confinement, body: string, o: { input?: unknown; limits?: Partial<SandboxLimits> } = {}): Promise<Ran> {
  const dir = mkdtempSync(join(tmpdir(), 'recheck-sbx-raw-'));
  const file = join(dir, 'program.mjs');
  writeFileSync(
    file,
    [
      `import { readFileSync, writeSync } from 'node:fs';`,
      `const request = JSON.parse(readFileSync(0, 'utf8'));`,
      `const send = (m) => writeSync(1, '{"recheck":"' + request.nonce + '","m":' + JSON.stringify(m) + '}\\n');`,
      `try {`,
      `  const value = await (async (input) => { ${body} })(request.input);`,
      `  send({ type: 'result', value: value === undefined ? null : value });`,
      `} catch (e) {`,
      `  send({ type: 'error', reason: 'threw', message: String((e && e.code) || e) });`,
      `}`,
      `process.exit(0);`,
    ].join('\n'),
  );
  const program = { file, dir, codeHash: '', moduleHash: '', cleanup: () => rm(dir, { recursive: true, force: true }) };
  const messages: SandboxMessage[] = [];
  try {
    const r = await runSandboxed({
      program,
      input: o.input ?? null,
      seed: 1,
      confinement: c,
      limits: { timeoutMs: 30_000, memoryMb: 128, ...o.limits },
      onMessage: (m) => messages.push(m),
    });
    return { ...r, messages };
  } finally {
    await program.cleanup();
  }
}
