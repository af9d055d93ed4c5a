/**
 * Runs the declared checks of a case (all falsifications, or one) and computes each falsification's decision.
 * Emits RunEvents while it goes; when `record` is on, writes `runs/<runId>/report.json` atomically and
 * appends a `run` entry with content hashes of inputs and outputs to the audit log.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { CaseRunReport, CheckResultView, FalsificationReport, RunEvent } from '../../common/api/contract';
import { findingSays, isActive, type CaseFile, type CheckDecl, type LoadedCase } from '../cases/model';
import type { CheckRegistry } from './registry';
import { basisOf, guaranteeOf, type CheckKind, type CheckResult, type EvidenceBasis } from './kind';
import { createCheckContext } from './context';
import { decide } from './decide';
import { BadInputError, BudgetExceededError, CancelledError } from '../errors';
import { writeJsonAtomic } from '../fs/atomic';
import { oneLine } from '../text/display';
import { hashTree, sha256, sha256Inside } from '../fs/hash';
import { mkdirInside } from '../fs/confine';
import { appendAudit } from '../cases/audit';
import { RateMeter } from '../runs/rate';
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
  // Withdrawn findings and checks stay in case.json for the history and are never run (app/cases/withdraw.ts).
  const named = opts.falsificationId ? c.falsifications.find((f) => f.id === opts.falsificationId) : undefined;
  if (named?.withdrawn !== undefined)
    throw new BadInputError(join(dir, 'case.json'), `finding ${named.id} is withdrawn (${named.withdrawn.reason}): it is not run`);
  const targets = (opts.falsificationId ? c.falsifications.filter((f) => f.id === opts.falsificationId) : c.falsifications)
    .filter(isActive)
    .map((f) => ({ ...f, checks: f.checks.filter(isActive) }));
  if (targets.length === 0) {
    throw new BadInputError(
      join(dir, 'case.json'),
      opts.falsificationId
        ? `no falsification "${opts.falsificationId}"`
        : c.falsifications.length > 0
          ? 'every finding of the case is withdrawn: add one with recheck case add-finding'
          : 'the case has no claimed falsification yet: add one with recheck case add-falsification',
    );
  }
  const runDir = join(dir, 'runs', runId);
  const startedAt = now().toISOString();
  emit({
    runId,
    type: 'started',
    caseId,
    checks: targets.reduce((n, f) => n + f.checks.length, 0),
    falsificationId: opts.falsificationId ?? null,
    startedAt,
    who: opts.who ?? 'recheck',
  });

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
          ...worth(kind, decl, r, pathBasis(c, registry, decl, dir)),
        };
      } catch (err) {
        if (err instanceof CancelledError || signal.aborted) throw await cancelled(checksDone);
        // Over a resource budget: the whole run ends with the one line (exit 2), nothing half-decided is recorded.
        if (err instanceof BudgetExceededError) throw err;
        // What the check reads is wrong (a column its table lacks, a cell that is not a number, a missing file):
        // recorded with its cause, so that `recheck run` exits 2 naming the check once the run is whole.
        const text = err instanceof Error ? err.message : String(err);
        const message = oneLine(text);
        view = {
          falsificationId: f.id,
          checkId: decl.id,
          kind: decl.kind,
          title: decl.title,
          outcome: 'error',
          summary: text,
          evidence: {},
          artifacts: [],
          durationMs: Math.round(performance.now() - t0),
          error: { cause: err instanceof BadInputError ? 'bad-input' : 'internal', message },
        };
      }
      checks.push(view);
      checksDone.push(`${f.id}/${decl.id}`);
      emit({ runId, type: 'check', result: view });
    }
    const { decision, reason, gate } = decide(checks, { says: findingSays(f) });
    reports.push({
      falsificationId: f.id,
      claim: f.claim,
      assertion: f.assertion,
      ...(f.says !== undefined ? { says: f.says } : {}),
      decision,
      reason,
      ...(gate !== undefined ? { gate } : {}),
      checks,
    });
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

/**
 * What a result is worth, for the view: its guarantee and basis (the result's own, else the kind's, else the
 * basis its case paths imply), its seeds and data hash, and why the finding's evidence cannot carry a verdict.
 */
export function worth(
  kind: CheckKind,
  decl: Pick<CheckDecl, 'params'>,
  r: CheckResult,
  fallback: EvidenceBasis,
): Pick<CheckResultView, 'guarantee' | 'basis' | 'seeds' | 'sources' | 'dataSha256' | 'insufficient'> {
  const data = r.dataSha256 ?? (typeof r.evidence.tableSha256 === 'string' ? r.evidence.tableSha256 : undefined);
  const insufficient = r.insufficient ?? cannotTell(r.evidence.conclusion);
  return {
    guarantee: guaranteeOf(kind, r),
    basis: basisOf(kind, decl.params, r, fallback),
    ...(r.seeds !== undefined ? { seeds: r.seeds } : {}),
    ...(r.sources !== undefined ? { sources: r.sources } : {}),
    ...(data !== undefined ? { dataSha256: data } : {}),
    ...(insufficient !== undefined ? { insufficient } : {}),
  };
}

/** The reasons of an evidence `conclusion` whose value is `cannot-tell` (the growth-fit convention), else undefined. */
export function cannotTell(conclusion: unknown): string | undefined {
  if (typeof conclusion !== 'object' || conclusion === null) return undefined;
  const c = conclusion as { value?: unknown; reasons?: unknown; reason?: unknown };
  if (c.value !== 'cannot-tell') return undefined;
  if (Array.isArray(c.reasons) && c.reasons.length > 0) return c.reasons.map(String).join('; ');
  if (typeof c.reason === 'string' && c.reason !== '') return c.reason;
  return 'the check cannot tell';
}

/**
 * The basis a check's case paths imply when neither its result nor its kind states one: `logbook` when every file
 * it reads is the logbook's own (inside a logbook folder of the case, or a table extracted from a logbook cell:
 * it has a `<file>.provenance.json` sidecar, app/logbook/extract-run.ts) or it reads no file at all, else
 * `recomputed` (a sweep program, a reviewer's re-implementation or table). `caseDir` enables the sidecar look-up.
 * Example: growth-fit on `logbook/sweep-k16.csv`, or on `tables/sweep.csv` extracted from a cell, is logbook.
 */
export function pathBasis(
  c: Pick<CaseFile, 'logbooks'>,
  registry: CheckRegistry,
  decl: Pick<CheckDecl, 'kind' | 'params'>,
  caseDir?: string,
): EvidenceBasis {
  const paths = registry.casePaths(decl.kind, decl.params).map((p) => p.path.replace(/^\.\//, ''));
  const inLogbook = (p: string) => c.logbooks.some((l) => p === l.path || p.startsWith(`${l.path.replace(/\/+$/, '')}/`));
  // Only existence is asked: a sidecar can make a file count as the logbook's (more cautious), never the reverse.
  const extracted = (p: string) => caseDir !== undefined && existsSync(join(caseDir, `${p}.provenance.json`));
  return paths.length > 0 && !paths.every((p) => inLogbook(p) || extracted(p)) ? 'recomputed' : 'logbook';
}
