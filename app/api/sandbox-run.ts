/**
 * runSandboxProgram's work: run a case's sandbox module once in the core's SandboxRunner, stream its messages
 * and end as RunEvents of one run id (cancellable through the service's `running` map), and keep the run's
 * record in the case's runs/<run-id>/sandbox-run.json (written atomically): module and bundle hashes, the
 * input and its hash, seed, limits, isolation, versions, timing and outcome.
 */
import { join } from 'node:path';
import { resolveInCase } from '../cases/resolve';
import { newRunId } from '../checks/run-case';
import { writeJsonAtomic } from '../fs/atomic';
import { mkdirInside } from '../fs/confine';
import { currentVersions, inputHash, type SandboxRunRecord } from '../runs/record';
import { effectiveLimits, type RunReport, type SandboxRunner } from '../sandbox/runner';
import type { RunEvent, SandboxRunEndView, SandboxRunInput } from '../../common/api/contract';

export interface SandboxRunDeps {
  /** Absolute path of the (validated) case folder. */
  readonly caseDir: string;
  readonly runner: SandboxRunner;
  readonly emit: (e: RunEvent) => void;
  /** The service's cancellable runs, by id (cancelRun aborts them). */
  readonly running: Map<string, AbortController>;
}

/**
 * Bundles the module (rejecting with the one-line BadInputError when it does not bundle), then starts the run
 * and returns its id at once. Example: `const { runId } = await startSandboxRun(deps, { caseId, path, ... })`.
 */
export async function startSandboxRun(d: SandboxRunDeps, r: SandboxRunInput): Promise<{ runId: string }> {
  const limits = effectiveLimits({ timeoutMs: r.timeoutSeconds * 1000, cpuSeconds: 2 * r.timeoutSeconds + 1 });
  // Refused now (BusyError, a 503 in browser mode) rather than queued for ever when the sandboxes are full.
  d.runner.checkCapacity?.(limits);
  const program = await d.runner.prepare({
    modulePath: resolveInCase(d.caseDir, r.path),
    root: join(d.caseDir, 'sandbox'),
    label: r.path,
    limits,
  });
  const runId = newRunId();
  const controller = new AbortController();
  d.running.set(runId, controller);
  const startedAt = new Date().toISOString();
  const measured = { isolation: d.runner.description, codeSha256: program.codeHash };

  const ended = async (report: RunReport): Promise<void> => {
    const end: SandboxRunEndView =
      report.outcome === 'ok'
        ? { outcome: 'result', value: report.value, wallMs: report.wallMs, ...measured }
        : { outcome: 'error', reason: report.outcome, message: report.message, wallMs: report.wallMs, ...measured };
    const record: SandboxRunRecord = {
      format: 'recheck.sandbox-run/1',
      runId,
      module: { path: r.path, sha256: program.moduleHash },
      codeSha256: program.codeHash,
      inputSha256: inputHash(r.input),
      input: r.input,
      seed: r.seed,
      limits,
      isolation: d.runner.description,
      versions: currentVersions(),
      startedAt,
      wallMs: Math.round(report.wallMs),
      outcome: report.outcome,
      ...(report.outcome === 'ok' ? { value: report.value } : { message: report.message }),
    };
    const rel = `runs/${runId}/sandbox-run.json`;
    try {
      // Made inside the case: a `runs` symlink out of it is refused (and the record then not written).
      const folder = await mkdirInside(d.caseDir, `runs/${runId}`);
      await writeJsonAtomic(join(folder, 'sandbox-run.json'), record);
      d.emit({ runId, type: 'sandbox-ended', end: { ...end, record: rel } });
    } catch {
      d.emit({ runId, type: 'sandbox-ended', end }); // the run's end matters more than its record
    }
  };

  void d.runner
    .run(program, {
      input: r.input,
      seed: r.seed,
      limits,
      signal: controller.signal,
      onMessage: (message) => {
        if (message.type === 'progress' || message.type === 'log' || message.type === 'point')
          d.emit({ runId, type: 'sandbox-message', message });
      },
    })
    .catch((err: unknown): RunReport => ({
      outcome: 'killed',
      message: `the sandbox failed: ${err instanceof Error ? err.message : String(err)}`,
      wallMs: 0,
      confined: d.runner.confined,
      stderrTail: '',
    }))
    .then(ended)
    // Nothing about a run's end may escape as an unhandled rejection (it would end the server).
    .catch((err: unknown) =>
      d.emit({
        runId,
        type: 'sandbox-ended',
        end: {
          outcome: 'error',
          reason: 'killed',
          message: `the run's end could not be recorded: ${err instanceof Error ? err.message : String(err)}`,
          wallMs: 0,
          isolation: d.runner.description,
          codeSha256: program.codeHash,
        },
      }),
    )
    .finally(() => {
      d.running.delete(runId);
      void program.dispose().catch(() => undefined);
    });
  return { runId };
}
