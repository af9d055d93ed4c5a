/**
 * Bundling untrusted code happens in a child process, never in the host that serves the user (the CLI, the
 * browser-mode server): bundle-child.ts, started with the same wall-clock, memory and CPU limits as a run.
 * The child reads the module's files through the confinement plugin; here the host only starts it, feeds it
 * the request, reads one bounded answer and kills its whole process group (esbuild's service included) on
 * timeout or cancel. A module that makes bundling hang or blow up is refused with one line, and the host
 * goes on.
 *
 * Where no such child can be started (the desktop app: Electron is not Node and its fuses forbid running as
 * Node; see docs/security.md), `bundleSource` bundles in process, with the same plugin and caps.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BadInputError, CancelledError } from '../errors';
import { shown } from '../text/display';
import type { BundledSource, BundleOptions, SandboxSources } from './bundle';
import { BUNDLE_LIMITS, defaultConfinement, type SandboxLimits } from './confinement';

/** Largest answer read from the child (the bundle of a module with mathjs is about 2 MB). */
const MAX_ANSWER_BYTES = 96 * 1024 * 1024;
/** Address space of a Node process before it allocates (as in confinement.ts), plus esbuild's needs. */
const BASE_ADDRESS_SPACE_MB = 1100;

/** Limits of one bundling: its own budget (BUNDLE_LIMITS), not the limits of the runs it prepares. */
export type BundleLimits = Pick<SandboxLimits, 'timeoutMs' | 'memoryMb' | 'cpuSeconds'>;

/** The TypeScript runner and the child's entry under an installation root (a checkout or an npm install). */
function childFiles(root: string): { runTs: string; entry: string } {
  return { runTs: join(root, 'bin', 'run-ts.mjs'), entry: join(root, 'app', 'sandbox', 'bundle-child.ts') };
}

/**
 * True where a bundler child can be started: a Node host (not Electron) whose installation `root` holds the
 * TypeScript runner and the child's entry. Example: `canBundleInChild(REPO_ROOT)` is true in a checkout.
 */
export function canBundleInChild(root: string): boolean {
  const { runTs, entry } = childFiles(root);
  return !process.versions.electron && existsSync(runTs) && existsSync(entry);
}

interface ChildAnswer {
  readonly ok: boolean;
  readonly code?: string;
  readonly codeHash?: string;
  readonly moduleHash?: string;
  readonly file?: string;
  readonly problem?: string;
  readonly pointer?: string;
  readonly internal?: string;
}

/**
 * Bundles in a child process under `limits`. Rejects with BadInputError for what the module did (bad import,
 * syntax, too slow, too large), CancelledError on `signal`, Error for a broken installation.
 * Example: `await bundleInChild(REPO_ROOT, { modulePath }, sandboxSources(), { timeoutMs: 30_000, memoryMb: 512, cpuSeconds: 61 })`.
 */
export async function bundleInChild(
  root: string,
  options: BundleOptions,
  sources: SandboxSources,
  limits: BundleLimits = BUNDLE_LIMITS,
  signal?: AbortSignal,
): Promise<BundledSource> {
  const label = shown(options.modulePath);
  const { runTs, entry } = childFiles(root);
  const heapMb = Math.max(256, Math.round(limits.memoryMb));
  // Wasm bounds checks inline (tsx's lexer is wasm): it then fits under an address-space limit.
  const nodeArgs = [`--max-old-space-size=${heapMb}`, '--disable-wasm-trap-handler', '--no-warnings', runTs, entry];
  const { prlimit } = await defaultConfinement();
  const cpu = Math.max(1, Math.ceil(limits.cpuSeconds));
  const [command, args] =
    prlimit !== null
      ? [
          prlimit,
          [
            `--as=${(BASE_ADDRESS_SPACE_MB + 2 * heapMb) * 1024 * 1024}`,
            `--cpu=${cpu}:${cpu + 1}`,
            '--core=0',
            '--',
            process.execPath,
            ...nodeArgs,
          ],
        ]
      : [process.execPath, nodeArgs];
  // A minimal environment: esbuild's binary path when configured, nothing of the user's.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    ...(process.env.ESBUILD_BINARY_PATH ? { ESBUILD_BINARY_PATH: process.env.ESBUILD_BINARY_PATH } : {}),
  };
  const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'], detached: true, cwd: root });

  let killed: 'timeout' | 'cancel' | 'output' | null = null;
  const killGroup = (why: 'timeout' | 'cancel' | 'output'): void => {
    killed ??= why;
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  const timer = setTimeout(() => killGroup('timeout'), limits.timeoutMs);
  const onAbort = (): void => killGroup('cancel');
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });

  const chunks: Buffer[] = [];
  let size = 0;
  child.stdout.on('data', (c: Buffer) => {
    size += c.length;
    if (size > MAX_ANSWER_BYTES) return killGroup('output');
    chunks.push(c);
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString('utf8')).slice(-4000);
  });
  child.stdin.on('error', () => undefined);
  child.stdin.end(JSON.stringify({ options, sources }));
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('error', (err) => {
      stderr += `\nspawn failed: ${err.message}`;
      resolve({ code: null, signal: null });
    });
    child.on('close', (code, sig) => resolve({ code, signal: sig }));
  });
  clearTimeout(timer);
  signal?.removeEventListener('abort', onAbort);

  if (killed === 'cancel') throw new CancelledError();
  if (killed === 'timeout')
    throw new BadInputError(
      label,
      `cannot be bundled for the sandbox: bundling took longer than ${limits.timeoutMs / 1000} s (its budget, BUNDLE_LIMITS)`,
    );
  if (killed === 'output')
    throw new BadInputError(label, `cannot be bundled for the sandbox: the bundle is larger than ${MAX_ANSWER_BYTES} bytes`);
  let answer: ChildAnswer;
  try {
    answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChildAnswer;
  } catch {
    if (exit.signal === 'SIGXCPU' || exit.signal === 'SIGKILL' || /out of memory|Allocation failed|Cannot allocate/i.test(stderr)) {
      throw new BadInputError(
        label,
        `cannot be bundled for the sandbox: bundling exceeded its memory or CPU limit (${heapMb} MiB, ${cpu} s)`,
      );
    }
    throw new Error(`the sandbox bundler failed (exit ${String(exit.code ?? exit.signal)}): ${stderr.trim().split('\n').pop() ?? ''}`);
  }
  if (answer.ok && typeof answer.code === 'string' && typeof answer.codeHash === 'string' && typeof answer.moduleHash === 'string') {
    return { code: answer.code, codeHash: answer.codeHash, moduleHash: answer.moduleHash };
  }
  if (typeof answer.problem === 'string') throw new BadInputError(answer.file ?? label, answer.problem, answer.pointer);
  throw new Error(`the sandbox bundler failed: ${answer.internal ?? 'no answer'}`);
}
