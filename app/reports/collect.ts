/**
 * Gathers what a report holds from a case folder: the paper and its claims, each claimed falsification with its
 * checks (params, the input files they read with their hashes), each check's result from the falsification's
 * own latest run (app/checks/latest.ts), the checklist answers, the reviewers' verdicts, the letters, and the
 * bytes of every file the report copies (inputs, the run folders its decisions come from, the audit log).
 * Everything is read once through the confinement helpers, so what is hashed is what is copied.
 */
import type { AuditEntry, FalsificationDecision, ReviewerVerdict } from '../../common/api/contract';
import type { CheckRegistry } from '../checks/registry';
import type { LoadedCase } from '../cases/model';
import { AUDIT_FILE, readAudit } from '../cases/audit';
import { checklistView } from '../cases/checklist';
import { latestCaseReports } from '../checks/latest';
import { listInside, readInside, readRegularFile } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { inputHash } from '../runs/record';
import { parseJsonBounded } from '../../common/json/bounded';
import { MAX_REPORT_FILE_BYTES } from './manifest';
import { checkFigures } from './figures';
import { buildGalleries } from '../perceptual/gallery';
import { falsificationCommands, reportCommands } from './provenance';
import {
  REPORT_FILES,
  REPORT_FORMAT,
  type CheckInputFile,
  type HashedFile,
  type ReportCheck,
  type ReportData,
  type ReportFalsification,
  type ReportLetter,
  type ReportProvenance,
  type ReportRun,
  type ReportVerdict,
} from './model';

/** The report's content before it is written: the data, and every file to write with its bytes. */
export interface CollectedReport {
  readonly data: ReportData;
  /** Report path -> bytes (inputs, outputs, the audit log and the figures; not report.json, index.html, manifest.json). */
  readonly files: Map<string, Buffer>;
}

export interface CollectOptions {
  reportId: string;
  createdAt: string;
  createdBy: string;
  versions: Omit<ReportProvenance, 'inputs' | 'outputs' | 'audit' | 'commands' | 'leftOut'>;
}

/** Case files that are records, not inputs: the runs, the audit log and what a crash set aside. */
function isRecord(path: string): boolean {
  return path === 'runs' || path.startsWith('runs/') || path === AUDIT_FILE || path.startsWith(`${AUDIT_FILE}.`);
}

/**
 * True when a component of `path` is a temporary name: what a write killed half-way leaves (`*.tmp`, as
 * app/fs/atomic.ts names them, `.<name>.<hex>.tmp`), a report folder being built (`.<out>.building-<x>`) or a
 * case being copied (`.<id>.copying`). Never part of a record, never copied into a report.
 * Example: `isTemporaryName('sandbox/.q.json.0a1b2c3d4e5f.tmp')` is true.
 */
export function isTemporaryName(path: string): boolean {
  return path.split('/').some((c) => /\.tmp$/i.test(c) || /^\..+\.building-[^/]*$/.test(c) || /^\..+\.copying$/.test(c));
}

async function readAll(
  dir: string,
  rel: string,
): Promise<{ files: { path: string; data: Buffer }[]; skipped: { path: string; why: string }[] }> {
  const listed = await listInside(dir, rel);
  const prefix = rel === '.' ? '' : `${rel}/`;
  const files: { path: string; data: Buffer }[] = [];
  const temporary: { path: string; why: string }[] = [];
  for (const f of listed.files) {
    const path = `${prefix}${f.path}`;
    if (isTemporaryName(path)) temporary.push({ path, why: 'a temporary file left by an interrupted write: not copied' });
    else files.push({ path, data: await readRegularFile(f.abs, { maxBytes: MAX_REPORT_FILE_BYTES, shownAs: path }) });
  }
  return { files, skipped: [...listed.skipped.map((s) => ({ path: `${prefix}${s.path}`, why: s.why })), ...temporary] };
}

function hashed(path: string, reportPath: string, data: Buffer): HashedFile {
  return { path, reportPath, sha256: sha256(data), bytes: data.length };
}

/** Reviewers' verdicts on a falsification from the audit log's `decision` entries, oldest first. */
export function verdictsOf(audit: readonly AuditEntry[], falsificationId: string): ReportVerdict[] {
  const verdicts: ReviewerVerdict[] = ['confirmed', 'refuted', 'needs-more-work'];
  return audit
    .filter((e) => e.action === 'decision' && e.falsificationId === falsificationId && verdicts.includes(e.verdict as ReviewerVerdict))
    .map((e) => {
      const d = e.details ?? {};
      return {
        at: e.at,
        who: e.who,
        verdict: e.verdict as ReviewerVerdict,
        rationale: e.rationale ?? '',
        runId: e.runId ?? null,
        computedDecision: (d.computedDecision as FalsificationDecision | null | undefined) ?? null,
        agreesWithComputed: typeof d.agreesWithComputed === 'boolean' ? d.agreesWithComputed : null,
        overridesComputed: (d.overridesComputed as FalsificationDecision | undefined) ?? null,
        openQuestions: Array.isArray(d.openQuestions) ? d.openQuestions.filter((q): q is string => typeof q === 'string') : [],
      };
    });
}

function lettersOf(inputs: readonly HashedFile[], texts: Map<string, Buffer>): ReportLetter[] {
  const groups = new Map<string, HashedFile[]>();
  for (const f of inputs) {
    if (!f.path.startsWith('letters/')) continue;
    const rest = f.path.slice('letters/'.length);
    const id = rest.includes('/') ? (rest.split('/')[0] as string) : '.';
    groups.set(id, [...(groups.get(id) ?? []), f]);
  }
  return [...groups].map(([id, files]) => {
    const base = id === '.' ? 'letters/' : `letters/${id}/`;
    let meta: unknown = null;
    const json = texts.get(`${base}letter.json`);
    if (json !== undefined) {
      try {
        meta = parseJsonBounded(json.toString('utf8'));
      } catch {
        meta = null;
      }
    }
    const versions = files
      .map((f) => ({ f, m: new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}v(\\d+)\\.md$`).exec(f.path) }))
      .filter((v) => v.m !== null)
      .sort((a, b) => Number(b.m?.[1]) - Number(a.m?.[1]));
    const mds = files.filter((f) => f.path.endsWith('.md'));
    return { id, files, meta, latest: versions[0]?.f.path ?? mds.at(-1)?.path ?? null };
  });
}

/** Everything a report of the loaded case holds. */
export async function collectReport(loaded: LoadedCase, registry: CheckRegistry, o: CollectOptions): Promise<CollectedReport> {
  const { dir, file } = loaded;
  const files = new Map<string, Buffer>();
  const leftOut: { path: string; why: string }[] = [];

  // Inputs: every file of the case but its records.
  const all = await readAll(dir, '.');
  leftOut.push(...all.skipped);
  const caseFiles = new Map<string, Buffer>();
  const inputs: HashedFile[] = [];
  for (const f of all.files) {
    if (isRecord(f.path)) continue;
    caseFiles.set(f.path, f.data);
    const reportPath = `${REPORT_FILES.inputs}/${f.path}`;
    files.set(reportPath, f.data);
    inputs.push(hashed(f.path, reportPath, f.data));
  }
  for (const l of file.logbooks)
    if (l.linked === true) leftOut.push({ path: l.path, why: 'a linked logbook: it lives outside the case folder and is not copied' });

  // The audit log, as it is now.
  let audit: HashedFile | null = null;
  try {
    const data = await readInside(dir, AUDIT_FILE, { maxBytes: MAX_REPORT_FILE_BYTES });
    files.set(REPORT_FILES.audit, data);
    audit = hashed(AUDIT_FILE, REPORT_FILES.audit, data);
  } catch {
    audit = null; // never run nor decided: no log yet
  }
  const entries = await readAudit(dir);

  // Outputs: the run folders the decisions come from.
  const { reports } = await latestCaseReports(dir, file);
  const outputs: HashedFile[] = [];
  const runs: ReportRun[] = [];
  for (const runId of [...new Set(reports.map((r) => r.runId))]) {
    const run = await readAll(dir, `runs/${runId}`);
    leftOut.push(...run.skipped);
    for (const f of run.files) {
      const reportPath = `${REPORT_FILES.outputs}/${f.path}`;
      files.set(reportPath, f.data);
      outputs.push(hashed(f.path, reportPath, f.data));
    }
    const report = reports.find((r) => r.runId === runId);
    const entry = [...entries].reverse().find((e) => e.action === 'run' && e.runId === runId);
    const reportFile = run.files.find((f) => f.path === `runs/${runId}/report.json`);
    let startedAt = '';
    if (reportFile !== undefined) {
      try {
        startedAt = String((parseJsonBounded(reportFile.data.toString('utf8')) as { startedAt?: unknown }).startedAt ?? '');
      } catch {
        startedAt = '';
      }
    }
    runs.push({
      runId,
      startedAt,
      finishedAt: report?.finishedAt ?? '',
      who: entry?.who ?? null,
      reportSha256: reportFile !== undefined ? sha256(reportFile.data) : '',
      recordedSha256: entry?.hashes[`runs/${runId}/report.json`] ?? null,
    });
  }
  const outputByPath = new Map(outputs.map((f) => [f.path, f]));

  const falsifications: ReportFalsification[] = [];
  for (const f of file.falsifications) {
    const latest = reports.find((r) => r.falsificationId === f.id);
    const checks: ReportCheck[] = f.checks.map((decl) => {
      const inputsOfCheck: CheckInputFile[] = registry.casePaths(decl.kind, decl.params).map((p) => {
        const norm = p.path.replace(/^\.\//, '').replace(/\/+$/, '');
        const data = caseFiles.get(norm);
        if (data !== undefined) return { param: p.pointer, path: norm, sha256: sha256(data) };
        const under = inputs.filter((i) => i.path.startsWith(`${norm}/`)).map((i) => ({ path: i.path, sha256: i.sha256 }));
        return { param: p.pointer, path: norm, sha256: null, files: under };
      });
      const r = latest?.checks.find((c) => c.checkId === decl.id);
      const result =
        r === undefined
          ? null
          : {
              outcome: r.outcome,
              summary: r.summary,
              evidence: r.evidence,
              evidenceSha256: inputHash(r.evidence),
              artifacts: r.artifacts.map((a) => outputByPath.get(a) ?? { path: a, reportPath: '', sha256: '', bytes: 0 }),
              durationMs: r.durationMs,
              ...(r.guarantee !== undefined ? { guarantee: r.guarantee } : {}),
              ...(r.basis !== undefined ? { basis: r.basis } : {}),
              ...(r.seeds !== undefined ? { seeds: r.seeds } : {}),
              ...(r.sources !== undefined ? { sources: r.sources } : {}),
              ...(r.dataSha256 !== undefined ? { dataSha256: r.dataSha256 } : {}),
              ...(r.insufficient !== undefined ? { insufficient: r.insufficient } : {}),
            };
      const figures = r === undefined ? [] : checkFigures(decl.kind, r.evidence);
      return {
        id: decl.id,
        kind: decl.kind,
        title: decl.title,
        params: decl.params,
        inputs: inputsOfCheck,
        result,
        figures: figures.map((fig) => {
          const reportPath = `${REPORT_FILES.figures}/${f.id}-${decl.id}-${fig.name}.svg`;
          const data = Buffer.from(fig.svg, 'utf8');
          files.set(reportPath, data);
          return { title: fig.title, reportPath, sha256: sha256(data) };
        }),
      };
    });
    // The pairs a perceptual verdict was decided on, from the case's files as copied (its images are inputs).
    const galleries = await buildGalleries(
      dir,
      f.id,
      checks.flatMap((c) => (c.result === null ? [] : [{ checkId: c.id, kind: c.kind, evidence: c.result.evidence }])),
    );
    falsifications.push({
      id: f.id,
      claim: f.claim,
      logbook: f.logbook,
      assertion: f.assertion,
      ...(f.says !== undefined ? { says: f.says } : {}),
      decision:
        latest === undefined
          ? null
          : {
              decision: latest.decision,
              reason: latest.reason,
              runId: latest.runId,
              finishedAt: latest.finishedAt,
              ...(latest.gate !== undefined ? { gate: latest.gate } : {}),
            },
      checks,
      checklist: checklistView(f),
      verdicts: verdictsOf(entries, f.id),
      rerun: falsificationCommands(file.id, f.id),
      ...(galleries.length > 0 ? { galleries } : {}),
    });
  }

  const data: ReportData = {
    format: REPORT_FORMAT,
    reportId: o.reportId,
    createdAt: o.createdAt,
    createdBy: o.createdBy,
    case: {
      id: file.id,
      title: file.title,
      paper: {
        title: file.paper.title,
        venueId: file.paper.venueId,
        authors: [...(file.paper.authors ?? [])],
        claims: file.paper.claims.map((c) => ({ id: c.id, text: c.text })),
      },
      logbooks: file.logbooks.map((l) => ({ id: l.id, path: l.path, format: l.format, title: l.title, linked: l.linked === true })),
    },
    falsifications,
    runs,
    letters: lettersOf(inputs, caseFiles),
    provenance: { ...o.versions, inputs, outputs, audit, commands: reportCommands(), leftOut },
  };
  return { data, files };
}
