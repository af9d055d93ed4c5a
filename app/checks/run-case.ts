/**
 * Runs the declared checks of a case (all falsifications, or one) and computes each falsification's decision.
 * Emits RunEvents while it goes; when `record` is on, writes `runs/<runId>/report.json` atomically and
 * appends a `run` entry with content hashes of inputs and outputs to the audit log.
 */
import { randomBytes } from 'node:crypto';
import { join, relative } from 'node:path';
import type { CaseRunReport, CheckResultView, FalsificationReport, RunEvent } from '../api/contract';
import type { LoadedCase } from '../cases/model';
import type { CheckRegistry } from './registry';
import { createCheckContext } from './context';
import { decide } from './decide';
import { BadInputError, CancelledError } from '../errors';
import { writeJsonAtomic } from '../fs/atomic';
import { hashTree, sha256, sha256Inside } from '../fs/hash';
import { mkdirInside } from '../fs/confine';
import { appendAudit } from '../cases/audit';
import { RateMeter } from './rate';
import type { SandboxRunner } from '../sandbox/runner';
import type { SweepBackend } from '../runs/backends/backend';

export interface RunCaseOptions {
  falsificationId?: string | null;
  runId?: string;
  signal?: AbortSignal;
  onEvent?: (e: RunEvent) => void;
  /** Write the report under runs/ and append to audit.jsonl (default true). */
  record?: boolean;
  who?: string;
  /** Clock for timestamps (injectable for tests). */
  now?: () => Date;
  /** Where check kinds run untrusted code (default: the headless Node child sandbox). */
  sandbox?: () => Promise<SandboxRunner>;
  /** Where sweeps compute their points (the workspace's settings; default: this process's sandboxes). */
  sweepBackend?: SweepBackend;
  /**
   * How the case is named in events, the report and the audit log (default: case.json's id). The workspace
   * names a case by its folder, which a copied or renamed folder does not carry into case.json.
   */
  caseId?: string;
}

export function newRunId(now: Date = new Date()): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
}

export async function runCase(loaded: LoadedCase, registry: CheckRegistry, opts: RunCaseOptions = {}): Promise<CaseRunReport> {
  const now = opts.now ?? (() => new Date());
  const runId = opts.runId ?? newRunId(now());
  const signal = opts.signal ?? new AbortController().signal;
  const emit = opts.onEvent ?? (() => undefined);
  const record = opts.record ?? true;
  const { file: c, dir } = loaded;
  const caseId = opts.caseId ?? c.id;
  const targets = opts.falsificationId ? c.falsifications.filter((f) => f.id === opts.falsificationId) : c.falsifications;
  if (targets.length === 0) {
    throw new BadInputError(
      join(dir, 'case.json'),
      opts.falsificationId ? `no falsification "${opts.falsificationId}"` : 'the case has no claimed falsification yet: add one with recheck case add-falsification',
    );
  }
  const runDir = join(dir, 'runs', runId);
  const startedAt = now().toISOString();
  emit({ runId, type: 'started', caseId, checks: targets.reduce((n, f) => n + f.checks.length, 0), falsificationId: opts.falsificationId ?? null, startedAt, who: opts.who ?? 'recheck' });

  // A cancelled run is recorded too (which checks had finished), but yields no report and no decision.
  const checksDone: string[] = [];
  const cancelled = async (done: readonly string[]): Promise<CancelledError> => {
    if (record) {
      await appendAudit(dir, {
        at: now().toISOString(),
        who: opts.who ?? 'recheck',
        action: 'run',
        caseId,
        runId,
        ...(opts.falsificationId ? { falsificationId: opts.falsificationId } : {}),
        hashes: { 'case.json': await sha256Inside(dir, 'case.json') },
        details: { cancelled: true, finishedChecks: [...done] },
      });
    }
    return new CancelledError();
  };

  const reports: FalsificationReport[] = [];
  for (const f of targets) {
    const checks: CheckResultView[] = [];
    for (const decl of f.checks) {
      if (signal.aborted) throw await cancelled(checksDone);
      const kind = registry.get(decl.kind);
      const meter = new RateMeter(() => now().getTime());
      const ctx = createCheckContext({
        caseDir: dir,
        caseId,
        falsificationId: f.id,
        checkId: decl.id,
        runDir,
        signal,
        onProgress: (p) => emit({ runId, type: 'progress', checkId: decl.id, ...p, ...meter.update(p.done, p.total) }),
        onLog: (line) => emit({ runId, type: 'log', checkId: decl.id, line }),
        onPoint: (p) => emit({ runId, type: 'series-point', falsificationId: f.id, checkId: decl.id, ...p }),
        ...(opts.sandbox ? { sandbox: opts.sandbox } : {}),
        ...(opts.sweepBackend ? { sweepBackend: opts.sweepBackend } : {}),
      });
      const t0 = performance.now();
      let view: CheckResultView;
      try {
        if (!kind) throw new BadInputError(join(dir, 'case.json'), `unknown check kind "${decl.kind}"`);
        // Said at once, so that a check that is slow to start (loading a library, bundling) is never silent.
        emit({ runId, type: 'progress', checkId: decl.id, done: 0, message: `${f.id}: ${decl.title}` });
        const r = await kind.run(decl.params, ctx);
        view = {
          falsificationId: f.id,
          checkId: decl.id,
          kind: decl.kind,
          title: decl.title,
          outcome: r.outcome,
          summary: r.summary,
          evidence: r.evidence,
          artifacts: (r.artifacts ?? []).map((a) => (a.startsWith('/') ? relative(dir, a) : a)),
          durationMs: Math.round(performance.now() - t0),
          // Only an undecided check can be waiting for people.
          ...(r.waitingFor !== undefined && r.outcome === 'neutral' ? { waitingFor: r.waitingFor } : {}),
        };
      } catch (err) {
        if (err instanceof CancelledError || signal.aborted) throw await cancelled(checksDone);
        view = {
          falsificationId: f.id,
          checkId: decl.id,
          kind: decl.kind,
          title: decl.title,
          outcome: 'error',
          summary: err instanceof Error ? err.message : String(err),
          evidence: {},
          artifacts: [],
          durationMs: Math.round(performance.now() - t0),
        };
      }
      checks.push(view);
      checksDone.push(`${f.id}/${decl.id}`);
      emit({ runId, type: 'check', result: view });
    }
    const { decision, reason } = decide(checks);
    reports.push({ falsificationId: f.id, claim: f.claim, assertion: f.assertion, decision, reason, checks });
  }

  const report: CaseRunReport = { runId, caseId, startedAt, finishedAt: now().toISOString(), falsifications: reports };
  if (record) {
    // The run folder is made inside the case, refusing a `runs` symlink that leaves it.
    const reportPath = join(await mkdirInside(dir, relative(dir, runDir)), 'report.json');
    await writeJsonAtomic(reportPath, report);
    const inputs = {
      'case.json': await sha256Inside(dir, 'case.json'),
      'paper.md': await sha256Inside(dir, 'paper.md'),
      ...(await hashTree(join(dir, 'sandbox'), dir)),
    };
    await appendAudit(dir, {
      at: report.finishedAt,
      who: opts.who ?? 'recheck',
      action: 'run',
      caseId,
      runId,
      ...(opts.falsificationId ? { falsificationId: opts.falsificationId } : {}),
      hashes: { ...inputs, [`runs/${runId}/report.json`]: sha256(`${JSON.stringify(report, null, 2)}\n`) },
      details: { decisions: Object.fromEntries(reports.map((r) => [r.falsificationId, r.decision])) },
    });
  }
  emit({ runId, type: 'finished', report });
  return report;
}
