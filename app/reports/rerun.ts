/**
 * `recheck report --verify DIR --rerun`: recomputes every recorded check from the report's own inputs (copied
 * into a temporary case folder, so the report is never written to), and compares each falsification's
 * decision, each check's outcome, summary and evidence with the record, within the tolerances of compare.ts.
 * The evidence hashes are compared first: equal hashes mean identical evidence; otherwise the fields that
 * differ are listed, as tolerated (runtime-dependent, or numbers within 1e-9) or as problems.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCase } from '../cases/load';
import type { CheckRegistry } from '../checks/registry';
import { runCase } from '../checks/run-case';
import type { SandboxRunner } from '../sandbox/runner';
import { inputHash } from '../runs/record';
import { compareEvidence, summariesAgree } from './compare';
import { REPORT_FILES, type ReportData } from './model';

export interface RerunLine {
  readonly falsificationId: string;
  readonly checkId: string | null;
  /** Whether it agrees with the record (within the tolerances). */
  readonly ok: boolean;
  readonly text: string;
}

export interface RerunResult {
  readonly lines: RerunLine[];
  readonly ok: boolean;
}

export interface RerunOptions {
  signal?: AbortSignal;
  sandbox?: () => Promise<SandboxRunner>;
  onProgress?: (done: number, total: number | undefined, what: string) => void;
}

export async function rerunReport(dir: string, data: ReportData, registry: CheckRegistry, o: RerunOptions = {}): Promise<RerunResult> {
  const tmp = await mkdtemp(join(tmpdir(), 'recheck-rerun-'));
  const lines: RerunLine[] = [];
  try {
    const caseDir = join(tmp, data.case.id);
    // The inputs were verified against the manifest first (no symlink, no file added).
    await cp(join(dir, REPORT_FILES.inputs), caseDir, { recursive: true, verbatimSymlinks: true });
    const loaded = await loadCase(caseDir, registry);
    for (const f of data.falsifications) {
      if (f.decision === null) {
        lines.push({ falsificationId: f.id, checkId: null, ok: true, text: `${f.id}: never run in the report: nothing to compare` });
        continue;
      }
      const report = await runCase(loaded, registry, {
        falsificationId: f.id,
        record: false,
        ...(o.signal !== undefined ? { signal: o.signal } : {}),
        ...(o.sandbox !== undefined ? { sandbox: o.sandbox } : {}),
        onEvent: (e) => {
          if (e.type === 'progress') o.onProgress?.(e.done, e.total, `${f.id}/${e.checkId}`);
        },
      });
      const now = report.falsifications[0];
      const same = now?.decision === f.decision.decision;
      lines.push({
        falsificationId: f.id,
        checkId: null,
        ok: same,
        text: `${f.id}: decision ${f.decision.decision} recorded, ${now?.decision ?? 'none'} now${same ? ' (same)' : ' (DIFFERS)'}`,
      });
      for (const c of f.checks) {
        if (c.result === null) continue;
        const r = now?.checks.find((x) => x.checkId === c.id);
        if (r === undefined) {
          lines.push({
            falsificationId: f.id,
            checkId: c.id,
            ok: false,
            text: `  ${c.id}: not recomputed (the inputs no longer declare it)`,
          });
          continue;
        }
        const problems: string[] = [];
        if (r.outcome !== c.result.outcome) problems.push(`outcome ${c.result.outcome} recorded, ${r.outcome} now`);
        if (!summariesAgree(c.result.summary, r.summary)) problems.push(`summary differs: "${r.summary}"`);
        let how: string;
        if (inputHash(r.evidence) === c.result.evidenceSha256) how = 'evidence identical (same SHA-256)';
        else {
          const cmp = compareEvidence(c.result.evidence, r.evidence);
          problems.push(...cmp.problems);
          how = `evidence hash differs; ${cmp.tolerated.length} field(s) within the documented tolerance${cmp.tolerated.length > 0 ? ` (${cmp.tolerated.slice(0, 4).join('; ')}${cmp.tolerated.length > 4 ? '; ...' : ''})` : ''}`;
        }
        const ok = problems.length === 0;
        lines.push({
          falsificationId: f.id,
          checkId: c.id,
          ok,
          text: `  ${c.id}: ${c.result.outcome === r.outcome ? r.outcome : `${c.result.outcome} -> ${r.outcome}`}, ${how}${ok ? '' : `; DIFFERS: ${problems.slice(0, 5).join('; ')}`}`,
        });
      }
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return { lines, ok: lines.every((l) => l.ok) };
}
