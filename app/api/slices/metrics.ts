/**
 * The metrics slice of the service: finds a case's Trackio metrics files and reads their series for the metrics
 * plot, through the same readers as `recheck metrics` (app/metrics/read.ts: confined, regular files, size-capped,
 * format told from the first bytes). A file read is kept while its size and modification time (and its -wal's)
 * stay the same, so picking runs and keys one by one reads the database once.
 * Example: `metricsSlice(ctx).listMetricsSources('kl-direction')` lists logbook/distill.db with runs forward-kl and
 * reverse-kl.
 */
import { lstat } from 'node:fs/promises';
import type { MetricsRunView, MetricsSeriesView, MetricsSourceView, SeriesValueView } from '../../../common/api/metrics';
import { BadInputError } from '../../errors';
import { listInside, resolveInside } from '../../fs/confine';
import { findRun, seriesOf } from '../../metrics/lookup';
import type { MetricsLog, RunSummary, Series } from '../../metrics/model';
import { readMetricsFile } from '../../metrics/read';
import { describeStepOrder } from '../../metrics/step-order';
import { oneLine } from '../../text/display';
import type { ApiSlice, ServiceContext } from '../context';

/** A Trackio file by its name: a project database, or a Parquet export (its aux/ sidecars are not metrics files). */
const METRICS_FILE = /\.(db|sqlite|sqlite3|parquet)$/i;
const NOT_SOURCES = /^(runs\/|audit\.jsonl)|(^|\/)aux\//;
/** Files kept read at once. */
const KEPT = 4;

/** Reads one metrics file of a case, keeping the last few reads while the files are unchanged. */
function metricsReader(): (caseDir: string, caseId: string, rel: string) => Promise<MetricsLog> {
  const kept = new Map<string, { stamp: string; log: Promise<MetricsLog> }>();
  const stampOf = async (abs: string): Promise<string> => {
    const parts: string[] = [];
    for (const p of [abs, `${abs}-wal`]) {
      try {
        const s = await lstat(p);
        parts.push(`${s.size}:${s.mtimeMs}`);
      } catch {
        parts.push('-');
      }
    }
    return parts.join('/');
  };
  return async (caseDir, caseId, rel) => {
    const abs = resolveInside(caseDir, rel, `${caseId}/${rel}`);
    const stamp = await stampOf(abs);
    const hit = kept.get(abs);
    if (hit !== undefined && hit.stamp === stamp) return hit.log;
    const log = readMetricsFile(abs, { shownAs: `${caseId}/${rel}` });
    kept.delete(abs);
    kept.set(abs, { stamp, log });
    while (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
    log.catch(() => kept.delete(abs));
    return log;
  };
}

/** A value as the API carries it: Trackio's spelling for NaN and the infinities. */
export function valueView(v: number): SeriesValueView {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return 'Infinity';
  if (v === -Infinity) return '-Infinity';
  return v;
}

function runView(r: RunSummary): MetricsRunView {
  return {
    id: r.id,
    name: r.name,
    createdAt: r.createdAt,
    lastStep: r.lastStep,
    rows: r.count,
    keys: r.keys
      .filter((k) => k.numbers > 0)
      .map((k) => ({ key: k.key, points: k.numbers, nan: k.nonFinite.nan, posInf: k.nonFinite.posInf, negInf: k.nonFinite.negInf })),
  };
}

function seriesView(s: Series): MetricsSeriesView {
  const order = describeStepOrder(s.order);
  return {
    runId: s.runId,
    runName: s.runName,
    key: s.key,
    steps: [...s.steps],
    values: s.values.map(valueView),
    notes: order !== null ? [order] : [],
  };
}

export function metricsSlice(ctx: ServiceContext): ApiSlice<'metrics'> {
  const read = metricsReader();
  return {
    async listMetricsSources(caseId) {
      const dir = await ctx.caseDir(caseId);
      const { files } = await listInside(dir, '.');
      const out: MetricsSourceView[] = [];
      for (const f of files.filter((x) => METRICS_FILE.test(x.path) && !NOT_SOURCES.test(x.path))) {
        try {
          const log = await read(dir, caseId, f.path);
          out.push({ path: f.path, format: log.format, runs: log.runs.map(runView), notes: [...log.notes] });
        } catch (err) {
          if (!(err instanceof BadInputError)) throw err;
          // A sidecar's problem names the sidecar (aux/configs.parquet, a -wal), the file's own does not repeat it.
          const named = err.file === `${caseId}/${f.path}` ? err.problem : `${err.file}: ${err.problem}`;
          out.push({ path: f.path, runs: [], notes: [], error: oneLine(named) });
        }
      }
      return out;
    },

    async readMetricsSeries(caseId, path, picks) {
      const dir = await ctx.caseDir(caseId);
      if (!METRICS_FILE.test(path)) throw new BadInputError(`${caseId}/${path}`, 'is not a Trackio metrics file (.db or .parquet)');
      const log = await read(dir, caseId, path);
      return picks.map((p) => seriesView(seriesOf(log, findRun(log, p.run), p.key)));
    },
  };
}
