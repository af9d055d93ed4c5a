/**
 * One logbook folder read for the screen (checkers/screen/): its pages through the Trackio reader
 * (app/logbook/trackio.ts: workspace folders `.trackio/logbook` and downloaded static Spaces), whether each
 * local artifact its artifact cells name is in the folder, and the non-finite values of each metrics database
 * its dashboard cells reference (`<project>.db` at the folder's root, in `.trackio/` or `trackio/`; a Space's
 * `metrics.parquet` at its root), read by app/metrics/read.ts. Everything is read inside the folder
 * (app/fs/confine.ts). A folder that holds no Trackio logbook throws BadInputError (the screen turns it into
 * an `unreadable-logbook` flag).
 * Example: `(await readScreenInput('/c/logbooks/lb-0001')).pages.length`.
 */
import { lstat } from 'node:fs/promises';
import { readTrackioLogbook } from '../logbook/trackio';
import { resolveInside } from '../fs/confine';
import { readMetricsFile } from '../metrics/read';
import { BadInputError } from '../errors';
import { oneLine } from '../text/display';
import type { ScreenArtifact, ScreenCell, ScreenInput, ScreenMetrics, ScreenPage } from '../../checkers/screen/model';

/** A logbook as the screen reads it, with its paper id (for the queue) and title. */
export interface ScreenRead extends ScreenInput {
  readonly paper: string | null;
  readonly title: string;
}

/** Largest metrics file read for the screen. */
const MAX_METRICS_BYTES = 512 * 1024 * 1024;

async function isFileInside(dir: string, rel: string): Promise<boolean> {
  try {
    return (await lstat(resolveInside(dir, rel))).isFile();
  } catch {
    return false;
  }
}

/** The local path an artifact cell names, or null (a Trackio artifact `project/name:version`, a URL, an absolute path). */
export function localArtifactPath(ref: string, uri: string | undefined): string | null {
  const local =
    uri?.startsWith('trackio-local-path://') === true ? uri.slice('trackio-local-path://'.length) : /[:]/.test(ref) ? null : ref;
  if (local === null || local === '' || local.startsWith('/') || /^[A-Za-z]:[\\/]/.test(local)) return null;
  return local;
}

async function metricsOf(dir: string, page: string, cell: string, file: string): Promise<ScreenMetrics> {
  try {
    const log = await readMetricsFile(resolveInside(dir, file), { shownAs: file, maxBytes: MAX_METRICS_BYTES });
    const nonFinite = log.runs.flatMap((r) =>
      r.keys
        .filter((k) => k.nonFinite.nan + k.nonFinite.posInf + k.nonFinite.negInf > 0)
        .map((k) => ({ run: r.name, key: k.key, ...k.nonFinite })),
    );
    return { page, cell, file, nonFinite };
  } catch (err) {
    if (!(err instanceof BadInputError)) throw err;
    return { page, cell, file, nonFinite: [], unreadable: oneLine(err.problem) };
  }
}

/** Reads the folder `dir` for the screen (see the file comment). */
export async function readScreenInput(dir: string): Promise<ScreenRead> {
  const logbook = await readTrackioLogbook(dir);
  const pages: ScreenPage[] = logbook.pages.map((p) => ({ slug: p.slug, title: p.title, cells: p.cells as ScreenCell[] }));
  const artifacts: ScreenArtifact[] = [];
  const metrics: ScreenMetrics[] = [];
  const seenDb = new Set<string>();
  for (const p of logbook.pages)
    for (const c of p.cells) {
      if (c.type === 'artifact') {
        const path = localArtifactPath(c.ref, c.uri);
        if (path !== null) artifacts.push({ page: p.slug, cell: c.id, path, present: await isFileInside(dir, path) });
      } else if (c.type === 'dashboard' && c.project !== '' && !/[\\/]|^\.\.?$/.test(c.project)) {
        for (const rel of [`${c.project}.db`, `.trackio/${c.project}.db`, `trackio/${c.project}.db`]) {
          if (!(await isFileInside(dir, rel))) continue;
          if (!seenDb.has(rel)) metrics.push(await metricsOf(dir, p.slug, c.id, rel));
          seenDb.add(rel);
          break;
        }
      }
    }
  if (logbook.layout === 'space' && (await isFileInside(dir, 'metrics.parquet')))
    metrics.push(await metricsOf(dir, '', '', 'metrics.parquet'));
  return { pages, artifacts, metrics, paper: logbook.paper, title: logbook.title };
}
