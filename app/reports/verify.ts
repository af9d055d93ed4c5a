/**
 * Checks a report folder (`recheck report --verify`): every file against manifest.json (changed, deleted,
 * added, down to one byte), the manifest's hash chain link by link, its root against an expected one when given,
 * and then that the report agrees with itself, so that an edit whose author also rewrote the manifest is still
 * caught: each decision follows from its checks' outcomes, each check result is the one in the copied run's
 * report.json, each copied run report has the hash the audit log recorded when the run finished, the verdicts
 * are the audit log's, the figures are what the evidence draws, each perceptual gallery is what the evidence and
 * the copied pair table, reviews and images give, and index.html is what report.json renders to.
 * Nothing in the report turns a comparison off: a report of a Recheck version this build cannot re-render is refused
 * as a whole (BadInputError, exit 2), never called intact; a missing page, or a missing audit log where the report
 * shows runs, decisions or verdicts, is a problem (docs/security.md, "Report verification").
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditEntry, CaseRunReport, CheckResultView } from '../../common/api/contract';
import { decide } from '../checks/decide';
import { BadInputError } from '../errors';
import { shown } from '../text/display';
import { readInside } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { canonicalJson, currentVersions } from '../runs/record';
import { DEFAULT_JSON_LIMITS, parseJsonBounded } from '../../common/json/bounded';
import { verdictsOf } from './collect';
import { checkFigures } from './figures';
import { buildGalleries } from '../perceptual/gallery';
import { inputPath } from './gallery-html';
import { renderReportHtml } from './html';
import { chainLink, genesis, MAX_REPORT_FILE_BYTES, scanReportFolder } from './manifest';
import { MANIFEST_FORMAT, REPORT_FILES, REPORT_FORMAT, type ReportData, type ReportManifest } from './model';

/** One thing wrong with a report: the file it is about, and what. */
export interface ReportProblem {
  readonly file: string;
  readonly problem: string;
}

export interface ReportVerification {
  readonly problems: ReportProblem[];
  /** What was checked, or could not be (one line each). */
  readonly notes: string[];
  readonly root: string | null;
  readonly files: number;
  /** report.json, when it parses (for --rerun). */
  readonly data: ReportData | null;
}

async function readText(dir: string, rel: string): Promise<string | null> {
  try {
    return (await readInside(dir, rel, { maxBytes: MAX_REPORT_FILE_BYTES })).toString('utf8');
  } catch {
    return null;
  }
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return parseJsonBounded(text, { ...DEFAULT_JSON_LIMITS, maxChars: MAX_REPORT_FILE_BYTES });
  } catch {
    return null;
  }
}

function isManifest(v: unknown): v is ReportManifest {
  const m = v as ReportManifest | null;
  return (
    m !== null &&
    typeof m === 'object' &&
    m.format === MANIFEST_FORMAT &&
    typeof m.reportId === 'string' &&
    typeof m.root === 'string' &&
    Array.isArray(m.files) &&
    m.files.every(
      (f) => typeof f?.path === 'string' && typeof f.sha256 === 'string' && typeof f.bytes === 'number' && typeof f.chain === 'string',
    )
  );
}

/** The hashes: files against the manifest, the chain, the expected root. */
async function checkHashes(dir: string, manifest: ReportManifest, expect: string | undefined, problems: ReportProblem[]): Promise<void> {
  const scan = await scanReportFolder(dir);
  const listed = new Set<string>();
  for (const f of manifest.files) {
    listed.add(f.path);
    const now = scan.files.get(f.path);
    if (now === undefined)
      problems.push({ file: f.path, problem: scan.others.has(f.path) ? `replaced by ${scan.others.get(f.path)}` : 'deleted' });
    else if (now.sha256 !== f.sha256 || now.bytes !== f.bytes)
      problems.push({
        file: f.path,
        problem: `changed (SHA-256 ${now.sha256}, ${now.bytes} bytes; the manifest says ${f.sha256}, ${f.bytes} bytes)`,
      });
  }
  for (const path of [...scan.files.keys(), ...scan.others.keys()].sort()) {
    if (!listed.has(path))
      problems.push({ file: path, problem: `added (not in the manifest${scan.others.has(path) ? `; ${scan.others.get(path)}` : ''})` });
  }
  let link = genesis(manifest.reportId);
  if (manifest.genesis !== link)
    problems.push({ file: REPORT_FILES.manifest, problem: 'changed: its genesis is not the hash of its report id' });
  let previous = '';
  for (const f of manifest.files) {
    link = chainLink(link, f);
    if (f.path <= previous) problems.push({ file: REPORT_FILES.manifest, problem: `changed: files out of order at ${f.path}` });
    if (f.chain !== link) {
      problems.push({ file: REPORT_FILES.manifest, problem: `changed: the hash chain breaks at ${f.path}` });
      break;
    }
    previous = f.path;
  }
  if (problems.every((p) => p.file !== REPORT_FILES.manifest) && manifest.root !== link)
    problems.push({ file: REPORT_FILES.manifest, problem: "changed: its root is not the chain's last link" });
  if (expect !== undefined && expect !== manifest.root)
    problems.push({ file: REPORT_FILES.manifest, problem: `root ${manifest.root} is not the expected ${expect}` });
}

/** The report's agreement with itself (see the file comment). */
async function checkConsistency(dir: string, data: ReportData, problems: ReportProblem[], notes: string[]): Promise<void> {
  const auditText = await readText(dir, REPORT_FILES.audit);
  // A case never run has no audit log; a report that shows a run, a decision or a verdict must carry it.
  const recorded = data.runs.length > 0 || data.falsifications.some((f) => f.decision !== null || f.verdicts.length > 0);
  if (auditText === null && recorded)
    problems.push({ file: REPORT_FILES.audit, problem: 'missing: the runs, decisions and verdicts are checked against it' });
  const audit: AuditEntry[] = (auditText ?? '').split('\n').flatMap((line) => {
    const v = line.trim() === '' ? null : parse(line);
    return v !== null && typeof v === 'object' && typeof (v as AuditEntry).action === 'string' ? [v as AuditEntry] : [];
  });
  const runReports = new Map<string, CaseRunReport | null>();
  for (const run of data.runs) {
    const text = await readText(dir, `${REPORT_FILES.outputs}/runs/${run.runId}/report.json`);
    runReports.set(run.runId, parse(text) as CaseRunReport | null);
    const recorded = [...audit].reverse().find((e) => e.action === 'run' && e.runId === run.runId)?.hashes[`runs/${run.runId}/report.json`];
    if (text !== null && recorded !== undefined) {
      if (sha256(text) !== recorded)
        problems.push({
          file: `${REPORT_FILES.outputs}/runs/${run.runId}/report.json`,
          problem: `differs from the hash ${REPORT_FILES.audit} recorded when the run finished`,
        });
    }
  }
  for (const f of data.falsifications) {
    const results = f.checks.flatMap((c) =>
      c.result === null
        ? []
        : [
            {
              checkId: c.id,
              kind: c.kind,
              outcome: c.result.outcome,
              ...(c.result.guarantee !== undefined ? { guarantee: c.result.guarantee } : {}),
              ...(c.result.basis !== undefined ? { basis: c.result.basis } : {}),
              ...(c.result.seeds !== undefined ? { seeds: c.result.seeds } : {}),
              ...(c.result.sources !== undefined ? { sources: c.result.sources } : {}),
              ...(c.result.dataSha256 !== undefined ? { dataSha256: c.result.dataSha256 } : {}),
              ...(c.result.insufficient !== undefined ? { insufficient: c.result.insufficient } : {}),
            } as CheckResultView,
          ],
    );
    if (f.decision !== null) {
      // A decision from before gates (no gate recorded) follows the rule of its time: outcomes only.
      const { decision } = decide(results, { ...(f.says !== undefined ? { says: f.says } : {}), legacy: f.decision.gate === undefined });
      if (decision !== f.decision.decision)
        problems.push({
          file: REPORT_FILES.data,
          problem: `${f.id}: the decision "${f.decision.decision}" does not follow from its checks' outcomes (they give "${decision}")`,
        });
      const run = runReports.get(f.decision.runId)?.falsifications?.find((r) => r.falsificationId === f.id);
      if (run === undefined)
        problems.push({
          file: REPORT_FILES.data,
          problem: `${f.id}: its run ${f.decision.runId} has no report under ${REPORT_FILES.outputs}/`,
        });
      else {
        if (run.decision !== f.decision.decision || run.reason !== f.decision.reason)
          problems.push({
            file: REPORT_FILES.data,
            problem: `${f.id}: the decision differs from the run's report.json ("${run.decision}")`,
          });
        // The gate chooses the decision rule (none: the pre-gate rule), so report.json cannot drop or change it.
        if (canonicalJson(run.gate ?? null) !== canonicalJson(f.decision.gate ?? null))
          problems.push({ file: REPORT_FILES.data, problem: `${f.id}: the gate differs from the run's report.json` });
        for (const c of f.checks) {
          const r = run.checks.find((x) => x.checkId === c.id);
          if (c.result === null || r === undefined) continue;
          if (
            r.outcome !== c.result.outcome ||
            r.summary !== c.result.summary ||
            canonicalJson(r.evidence) !== canonicalJson(c.result.evidence)
          ) {
            problems.push({ file: REPORT_FILES.data, problem: `${f.id}/${c.id}: the result differs from the run's report.json` });
          }
        }
      }
    }
    if (auditText !== null && canonicalJson(verdictsOf(audit, f.id)) !== canonicalJson(f.verdicts))
      problems.push({ file: REPORT_FILES.data, problem: `${f.id}: the verdicts differ from ${REPORT_FILES.audit}` });
    const recorded = f.checks.flatMap((c) => (c.result === null ? [] : [{ checkId: c.id, kind: c.kind, evidence: c.result.evidence }]));
    const galleries = await buildGalleries(join(dir, REPORT_FILES.inputs), f.id, recorded);
    if (canonicalJson(galleries) !== canonicalJson(f.galleries ?? []))
      problems.push({
        file: REPORT_FILES.data,
        problem: `${f.id}: its gallery of image pairs is not what the evidence and the copied reviews and images give`,
      });
    for (const c of f.checks) {
      if (c.result === null) continue;
      const drawn = checkFigures(c.kind, c.result.evidence);
      for (const fig of c.figures) {
        const svg = drawn.find((d) => fig.reportPath.endsWith(`-${d.name}.svg`))?.svg;
        if (svg === undefined || svg !== (await readText(dir, fig.reportPath)))
          problems.push({ file: fig.reportPath, problem: 'is not what the evidence in report.json draws' });
      }
    }
  }
  const html = await readText(dir, REPORT_FILES.html);
  if (html === null) {
    problems.push({ file: REPORT_FILES.html, problem: 'missing: every report has its page, and it is always compared' });
    return;
  }
  const texts = new Map<string, string | null>();
  const text = (p: string): string | null => (texts.has(p) ? (texts.get(p) ?? null) : null);
  // The page reads paper.md, the letters and the figures: load them first (the renderer is synchronous).
  for (const p of [
    `${REPORT_FILES.inputs}/paper.md`,
    ...data.letters.flatMap((l) => (l.latest !== null ? [`${REPORT_FILES.inputs}/${l.latest}`] : [])),
    ...data.falsifications.flatMap((f) => f.checks.flatMap((c) => c.figures.map((g) => g.reportPath))),
  ]) {
    texts.set(p, await readText(dir, p));
  }
  // And the images the galleries show, inline.
  const images = new Map<string, Buffer | null>();
  for (const img of data.falsifications.flatMap((f) => (f.galleries ?? []).flatMap((g) => g.pairs.flatMap((p) => p.images)))) {
    const p = inputPath(img.path);
    if (!images.has(p)) images.set(p, await readInside(dir, p, { maxBytes: MAX_REPORT_FILE_BYTES }).catch(() => null));
  }
  if (html !== renderReportHtml(data, text, (p) => images.get(p) ?? null))
    problems.push({ file: REPORT_FILES.html, problem: 'is not what report.json renders to (edited?)' });
  else notes.push('index.html is what report.json renders to');
}

/**
 * The Recheck versions whose reports this build can verify: those whose index.html it renders byte for byte,
 * which is its own version only. The report's own version field never switches a comparison off; a report of any
 * other version is refused as a whole (verify it with the Recheck that built it: `npx recheck@<version>`).
 */
export function verifiableVersions(): readonly string[] {
  return [currentVersions().recheck];
}

/** Throws BadInputError (exit 2, one line) when report.json names a Recheck this build cannot verify. */
function refuseUnverifiable(dir: string, data: ReportData): void {
  const built: unknown = (data.provenance as { recheck?: unknown } | undefined)?.recheck;
  const known = verifiableVersions();
  if (typeof built === 'string' && known.includes(built)) return;
  const said = typeof built === 'string' ? `Recheck ${shown(built)}` : 'no Recheck version';
  throw new BadInputError(
    join(dir, REPORT_FILES.data),
    `names ${said}; this is Recheck ${known.join(', ')}, which verifies only reports it can re-render byte for byte: nothing was verified (use the Recheck that built the report)`,
  );
}

/**
 * Verifies the report folder `dir`. Throws BadInputError when it is not a report folder at all (no folder, no
 * manifest.json); every other finding is a problem in the result.
 */
export async function verifyReport(dir: string, o: { expect?: string } = {}): Promise<ReportVerification> {
  let st;
  try {
    st = await stat(dir);
  } catch {
    throw new BadInputError(dir, 'no such folder');
  }
  if (!st.isDirectory()) throw new BadInputError(dir, 'is not a folder');
  const manifestText = await readText(dir, REPORT_FILES.manifest);
  if (manifestText === null)
    throw new BadInputError(join(dir, REPORT_FILES.manifest), 'missing or unreadable: not a report folder (recheck report writes one)');
  const problems: ReportProblem[] = [];
  const notes: string[] = [];
  const manifest = parse(manifestText);
  if (!isManifest(manifest))
    return {
      problems: [{ file: REPORT_FILES.manifest, problem: `changed: not a valid ${MANIFEST_FORMAT} manifest` }],
      notes,
      root: null,
      files: 0,
      data: null,
    };
  await checkHashes(dir, manifest, o.expect, problems);
  const data = parse(await readText(dir, REPORT_FILES.data)) as ReportData | null;
  if (data === null || data.format !== REPORT_FORMAT) {
    if (!problems.some((p) => p.file === REPORT_FILES.data))
      problems.push({ file: REPORT_FILES.data, problem: `changed: not a valid ${REPORT_FORMAT} report` });
    return { problems, notes, root: manifest.root, files: manifest.files.length, data: null };
  }
  refuseUnverifiable(dir, data);
  try {
    await checkConsistency(dir, data, problems, notes);
  } catch (err) {
    problems.push({
      file: REPORT_FILES.data,
      problem: `changed: its content is malformed (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`,
    });
  }
  return { problems, notes, root: manifest.root, files: manifest.files.length, data };
}
