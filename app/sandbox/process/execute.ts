/**
 * One confined run of a prepared command: spawns it in its own process group with the attempts pipe as
 * descriptor 3, keeps stdout and stderr up to their caps, and kills the whole group (bubblewrap's PID namespace
 * dies with it) on the wall clock, a cancel, an output flood, a scratch flood or the memory of all its processes
 * together; then names how it ended (end.ts) and what it attempted (hostile.ts).
 *
 * Example: `await execute(programCommand(plan), { kind: 'python', confined: true, ... })` resolves a ProgramResult.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { BadInputError } from '../../errors';
import { oneLine } from '../../text/display';
import type { SandboxLimits } from '../confinement';
import { CappedOutput } from './capture';
import { programEnd } from './end';
import { attemptLines, hostileWords, stderrAttempts } from './hostile';
import { addressSpaceMb, type Interpreter } from './limits';
import type { ProgramResult } from './run-program';
import { watchMemory, watchScratch } from './watch';

type HostKill = 'timeout' | 'abort' | 'output' | 'disk' | 'memory';

export interface ExecuteOptions {
  readonly kind: Interpreter;
  readonly confined: boolean;
  readonly env: Record<string, string>;
  readonly cwd: string;
  readonly limits: SandboxLimits;
  readonly maxOutput: number;
  readonly signal: AbortSignal | undefined;
  readonly interp: string;
  readonly visible: readonly string[];
  readonly scratchHost: string;
  readonly scratch: string;
}

export async function execute(cmd: { command: string; args: string[] }, o: ExecuteOptions): Promise<ProgramResult> {
  const started = performance.now();
  const child = spawn(cmd.command, cmd.args, {
    env: o.confined ? {} : o.env,
    cwd: o.cwd,
    detached: true, // its own process group: killed as a whole
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  let hostKill: HostKill | null = null;
  const kill = (why: HostKill): void => {
    hostKill ??= why;
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL'); // setpriv/bwrap and all under it (bwrap's PID namespace dies with it)
    } catch {
      child.kill('SIGKILL');
    }
  };
  const stdout = new CappedOutput(o.maxOutput, () => kill('output'));
  const stderr = new CappedOutput(o.maxOutput, () => kill('output'));
  const attempts = new CappedOutput(64 * 1024, () => undefined);
  child.stdout?.on('data', (b: Buffer) => stdout.push(b));
  child.stderr?.on('data', (b: Buffer) => stderr.push(b));
  (child.stdio[3] as NodeJS.ReadableStream | null)?.on('data', (b: Buffer) => attempts.push(b));
  const timer = setTimeout(() => kill('timeout'), o.limits.timeoutMs);
  const onAbort = (): void => kill('abort');
  if (o.signal?.aborted) onAbort();
  o.signal?.addEventListener('abort', onAbort, { once: true });
  const stopWatch = watchScratch(o.scratchHost, () => kill('disk'));
  const budget = addressSpaceMb(o.kind, o.limits.memoryMb) * 1024 * 1024;
  const stopMemory = child.pid !== undefined ? watchMemory(child.pid, budget, () => kill('memory')) : () => undefined;
  const { code, signal, spawnError } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; spawnError?: string }>(
    (resolve) => {
      child.on('error', (err) => resolve({ code: null, signal: null, spawnError: err.message }));
      child.on('close', (c, s) => resolve({ code: c, signal: s }));
      // 'close' waits for the output pipes; a process that escaped the group (unconfined only) may hold them open.
      child.on('exit', (c, s) => {
        setTimeout(() => {
          for (const stream of [child.stdout, child.stderr, child.stdio[3]]) (stream as { destroy?: () => void } | null)?.destroy?.();
          resolve({ code: c, signal: s });
        }, 1000).unref();
      });
    },
  );
  clearTimeout(timer);
  stopWatch();
  stopMemory();
  o.signal?.removeEventListener('abort', onAbort);
  if (spawnError !== undefined) throw new BadInputError(o.interp, `cannot start the sandbox (${oneLine(spawnError, 200)})`);
  const errText = stderr.text();
  const end = programEnd({ hostKill, exitCode: code, signal, stderr: errText, viaBwrap: o.confined });
  const words = [...attemptLines(attempts.text()).map((a) => a.word), ...stderrAttempts(errText, o.visible, o.scratch)];
  if (hostKill === 'disk' || end.signal === 'SIGXFSZ') words.push('disk flood');
  return {
    exitCode: end.exitCode,
    signal: end.signal,
    stdout: stdout.text(),
    stderr: errText,
    stdoutTruncated: stdout.truncated,
    stderrTruncated: stderr.truncated,
    ended: end.ended,
    hostile: hostileWords(words),
    confined: o.confined,
    durationMs: performance.now() - started,
    interpreter: o.interp,
  };
}
