/**
 * Builds a report folder from a case (see model.ts for its layout): collects the case's content, writes every
 * file into a fresh temporary folder beside the destination, renders index.html from report.json, hashes what
 * was written into manifest.json and its chain, then renames the folder into place (a crash leaves no half
 * report under the final name). The chain's root is appended to the case's audit log (action `report`), so the
 * case remembers which report it issued.
 */
import { mkdir, mkdtemp, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { realpathSync } from 'node:fs';
import { appendAudit } from '../cases/audit';
import type { LoadedCase } from '../cases/model';
import type { CheckRegistry } from '../checks/registry';
import { newRunId } from '../checks/run-case';
import { BadInputError } from '../errors';
import { isInside, joinInside } from '../fs/confine';
import { sha256, sha256Inside } from '../fs/hash';
import { currentVersions } from '../runs/record';
import { collectReport } from './collect';
import { renderReportHtml } from './html';
import { manifestOf, scanReportFolder } from './manifest';
import { REPORT_FILES, type ReportData } from './model';
import { chromiumVersion } from './provenance';

export interface BuildReportOptions {
  /** Who builds it (recorded in the report and the audit entry). */
  who: string;
  /** Append a `report` entry to the case's audit.jsonl (default true). */
  record?: boolean;
  now?: () => Date;
  /** The report's id (default `report-<time>-<random>`); the API names the folder after it. */
  reportId?: string;
  /** Chromium's version, when the caller knows it (default: asked of the system). */
  chromium?: string;
}

export interface BuiltReport {
  readonly dir: string;
  readonly reportId: string;
  /** The hash chain's root (manifest.json `root`). */
  readonly root: string;
  readonly files: number;
  readonly html: string;
  readonly data: ReportData;
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** The destination's real path, refusing a folder inside the case (but under runs/) or one that is not empty. */
async function checkDestination(caseDir: string, outDir: string): Promise<void> {
  const out = join(real(dirname(resolve(outDir))), basename(resolve(outDir)));
  const caseReal = real(caseDir);
  if (isInside(out, caseReal) && !isInside(out, join(caseReal, 'runs'))) {
    throw new BadInputError(
      outDir,
      "is inside the case folder: a report copies the case, so it must be written elsewhere (or under the case's runs/)",
    );
  }
  if (isInside(caseReal, out)) throw new BadInputError(outDir, 'holds the case folder: write the report elsewhere');
  try {
    const st = await stat(outDir);
    if (!st.isDirectory() || (await readdir(outDir)).length > 0)
      throw new BadInputError(outDir, 'already exists and is not an empty folder: choose a new one');
  } catch (err) {
    if (err instanceof BadInputError) throw err;
  }
}

/** Reads a text the page shows from what is being written (paper.md, letters, figures). */
function textOf(files: Map<string, Buffer>): (reportPath: string) => string | null {
  return (p) => files.get(p)?.toString('utf8') ?? null;
}

export async function buildReport(
  loaded: LoadedCase,
  registry: CheckRegistry,
  outDir: string,
  o: BuildReportOptions,
): Promise<BuiltReport> {
  await checkDestination(loaded.dir, outDir);
  const now = o.now ?? (() => new Date());
  const created = now();
  const reportId = o.reportId ?? `report-${newRunId(created)}`;
  const v = currentVersions();
  const { data, files } = await collectReport(loaded, registry, {
    reportId,
    createdAt: created.toISOString(),
    createdBy: o.who,
    versions: {
      recheck: v.recheck,
      node: v.node,
      esbuild: v.esbuild,
      platform: v.platform,
      chromium: o.chromium ?? (await chromiumVersion(v)),
      ...(v.electron !== undefined ? { electron: v.electron } : {}),
    },
  });
  const dataText = `${JSON.stringify(data, null, 2)}\n`;
  const html = renderReportHtml(data, textOf(files), (p) => files.get(p) ?? null);
  files.set(REPORT_FILES.data, Buffer.from(dataText, 'utf8'));
  files.set(REPORT_FILES.html, Buffer.from(html, 'utf8'));

  await mkdir(dirname(resolve(outDir)), { recursive: true });
  const tmp = await mkdtemp(join(dirname(resolve(outDir)), `.${basename(outDir)}.building-`));
  try {
    for (const [rel, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const target = joinInside(tmp, rel, `report file ${rel}`);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, bytes, { flag: 'wx' });
    }
    const manifest = manifestOf(reportId, data.createdAt, await scanReportFolder(tmp));
    await writeFile(join(tmp, REPORT_FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx' });
    // The destination was checked to be absent or an empty folder: rmdir removes only an empty one.
    await rmdir(outDir).catch(() => undefined);
    await rename(tmp, outDir);
    if (o.record ?? true) {
      await appendAudit(loaded.dir, {
        at: now().toISOString(),
        who: o.who,
        action: 'report',
        caseId: loaded.file.id,
        hashes: {
          'case.json': await sha256Inside(loaded.dir, 'case.json'),
          [`${reportId}/manifest.json`]: sha256(`${JSON.stringify(manifest, null, 2)}\n`),
          [`${reportId}/root`]: manifest.root,
        },
        details: {
          reportId,
          root: manifest.root,
          files: manifest.files.length,
          ...(isInside(real(outDir), real(loaded.dir)) ? { path: relative(real(loaded.dir), real(outDir)).split('\\').join('/') } : {}),
          decisions: Object.fromEntries(data.falsifications.map((f) => [f.id, f.decision?.decision ?? null])),
        },
      });
    }
    return { dir: outDir, reportId, root: manifest.root, files: manifest.files.length + 1, html, data };
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
}
