/**
 * Check kind `growth-fit`: fits const, log and power laws to a column of a case table (the `recheck fit`
 * analysis) and weighs the result against what the claimed falsification asserts about growth.
 * - `asserts: "growth"` (default): the falsification says y grows without bound (e.g. an additive term
 *   that should be O(1) grows like ln x). Supports it when the log slope b is positive, at least `sigma`
 *   (default 5) standard errors from zero, and a growing law (log or power) is preferred by AIC; refutes
 *   it when the constant law is preferred and |b| is under 2 standard errors; neutral otherwise.
 * - `asserts: "noGrowth"`: the mirror image.
 * Weights: `weighting: "se"` uses 1/se^2 (unscaled covariance); `"none"` (default when no `se` column) is
 * ordinary least squares, whose covariance s^2 (X'X)^-1 also carries the model's lack of fit. The `se`
 * column, when given, is always drawn as error bars. `stoppedAt`: the x where the logbook's own sweep
 * ended; the evidence reports what the fit on that prefix concluded. The table's sha256 is recorded.
 * The table is either a committed case file (`table`) or computed when the check runs (`sweep`): a sandboxed
 * point function swept over a declared grid by the shared sweep runner, one row per point (sweep-table.ts);
 * the computed table is written to the check's artifact folder and fitted exactly like a file.
 */
import { join, relative } from 'node:path';
import { resolveCasePath, type CheckContext, type CheckKind, type CheckResult } from '../kind';
import { BadInputError } from '../../errors';
import { CheckerError } from '../../../checkers/errors';
import { fitGrowth } from '../../../checkers/stats/growth-fit';
import type { DataPoint } from '../../../checkers/stats/growth-models';
import { predict } from '../../../checkers/stats/growth-models';
import { plotSvg } from '../../../checkers/plot/svg-plot';
import { numberCell, parseCsv, requireColumns } from '../../tables/csv';
import { sha256 } from '../../fs/hash';
import { readRegularFile } from '../../fs/confine';
import { decodeUtf8, MAX_TABLE_BYTES } from '../../tables/text-file';
import { shown } from '../../text/display';
import { plotSample } from '../../tables/plot-sample';
import { writeFileAtomic } from '../../fs/atomic';
import { computeSweepTable, sweepTableSchema, type SweepTableParams } from './sweep-table';

export interface GrowthFitParams {
  /** Exactly one of `table` (a case-relative CSV) and `sweep` (computed now). */
  table?: string;
  sweep?: SweepTableParams;
  x: string;
  y: string;
  se?: string;
  weighting?: 'se' | 'none';
  sigma?: number;
  asserts?: 'growth' | 'noGrowth';
  stoppedAt?: number;
}

export const growthFitKind: CheckKind<GrowthFitParams> = {
  kind: 'growth-fit',
  title: 'Fit const, log and power growth laws; growthSigma and horizon analysis',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['x', 'y'],
    oneOf: [{ required: ['table'] }, { required: ['sweep'] }],
    properties: {
      table: { type: 'string', minLength: 1, casePath: true, description: 'case-relative CSV' },
      sweep: { ...sweepTableSchema, description: 'compute the table now: a sandboxed point function over a grid' },
      x: { type: 'string', minLength: 1 },
      y: { type: 'string', minLength: 1 },
      se: { type: 'string', minLength: 1, description: 'column of standard errors of y' },
      weighting: { enum: ['se', 'none'] },
      sigma: { type: 'number', exclusiveMinimum: 0 },
      asserts: { enum: ['growth', 'noGrowth'] },
      stoppedAt: { type: 'number' },
    },
  },
  example: { table: 'tables/sweep.csv', x: 'k', y: 'additive', se: 'se', asserts: 'growth' },
  async run(params, ctx): Promise<CheckResult> {
    const source = await tableSource(params, ctx);
    const table = parseCsv(source.text, source.name);
    const weighting = params.weighting ?? (params.se !== undefined ? 'se' : 'none');
    if (weighting === 'se' && params.se === undefined) throw new BadInputError(source.name, 'weighting "se" needs an se column');
    requireColumns(table, [params.x, params.y, ...(params.se !== undefined ? [params.se] : [])]);
    const data = table.rows.map((row) => ({
      x: numberCell(table, row, params.x),
      y: numberCell(table, row, params.y),
      se: params.se !== undefined ? numberCell(table, row, params.se) : undefined,
      line: row.line,
    }));
    const points: DataPoint[] = data.map((d) => {
      if (weighting !== 'se') return { x: d.x, y: d.y };
      if (!((d.se as number) > 0)) throw new BadInputError(source.name, `se ${d.se} must be positive for weighting "se"`, `line ${d.line}`);
      return { x: d.x, y: d.y, se: d.se as number };
    });

    const threshold = params.sigma ?? 5;
    let report;
    try {
      report = fitGrowth(points, threshold);
    } catch (err) {
      if (err instanceof CheckerError) throw new BadInputError(source.name, err.message.replace(/^recheck\.\w+: /, ''));
      throw err;
    }
    const log = report.models.find((m) => m.name === 'log');
    const b = log?.params.b as number;
    const seB = log?.se.b as number;
    const chi2PerDof = log?.chi2 !== undefined ? log.chi2 / (report.n - 2) : null;
    const atStop = params.stoppedAt !== undefined ? (report.prefix.filter((p) => p.maxX <= (params.stoppedAt as number)).at(-1) ?? null) : null;

    const dir = await ctx.artifactDir();
    const svgPath = join(dir, 'growth-fit.svg');
    const svg = plotSvg({
      title: `${params.y} against ${params.x} (${source.name})`,
      xLabel: params.x,
      yLabel: params.y,
      points: plotSample(data.map((d) => (d.se !== undefined ? { x: d.x, y: d.y, se: d.se } : { x: d.x, y: d.y }))),
      curves: report.models.map((m) => ({ label: `${m.name}${m.name === report.preferred ? ' (preferred)' : ''}`, f: (x: number) => predict(m, x) })),
    });
    await writeFileAtomic(svgPath, svg);

    const growing = report.preferred !== 'const' && b > 0 && report.growthSigma >= threshold;
    const flat = report.preferred === 'const' && Math.abs(report.growthSigma) < 2;
    const asserts = params.asserts ?? 'growth';
    const outcome = growing ? (asserts === 'growth' ? 'supports' : 'refutes') : flat ? (asserts === 'growth' ? 'refutes' : 'supports') : 'neutral';

    const horizon = report.significantFrom !== null ? `sigma stays >= ${threshold} from ${params.x} = ${report.significantFrom} on` : `sigma never stays >= ${threshold}`;
    const stop = atStop !== null ? ` A sweep stopping at ${params.x} = ${atStop.maxX} finds b = ${fmt(atStop.b)} at ${fmt(atStop.sigma)} sigma.` : '';
    const fitNote = chi2PerDof !== null ? `, chi2/dof ${fmt(chi2PerDof)}` : ', ordinary least squares';
    const summary =
      `${params.y} = a + b ln ${params.x}: b = ${fmt(b)} ± ${fmt(seB)} (growthSigma ${fmt(report.growthSigma)}${fitNote}); ` +
      `preferred law ${report.preferred} over ${report.n} points up to ${params.x} = ${points.reduce((m, p) => Math.max(m, p.x), -Infinity)}; ${horizon}.${stop}`;
    return {
      outcome,
      summary,
      evidence: {
        table: source.name,
        tableSha256: source.sha256,
        ...(source.sweep !== undefined ? { sweep: source.sweep } : {}),
        x: params.x,
        y: params.y,
        weighting,
        threshold,
        ...report,
        // The points fitted (at most MAX_PLOT_POINTS of them, evenly spaced in x), for the figure.
        points: plotSample(data.map((d) => (d.se !== undefined ? { x: d.x, y: d.y, se: d.se } : { x: d.x, y: d.y }))),
        chi2PerDof,
        stoppedAt: atStop,
      },
      artifacts: [svgPath, ...source.artifacts],
    };
  },
};

/** The table's text and provenance: read from the case, or computed by the declared sweep. */
async function tableSource(params: GrowthFitParams, ctx: CheckContext): Promise<{ name: string; text: string; sha256: string; artifacts: string[]; sweep?: Record<string, unknown> }> {
  if (params.sweep !== undefined) {
    // Each point computed now goes out as a series point, so the UI plots the sweep while it runs.
    const t = await computeSweepTable(params.sweep, ctx, (_i, row) => {
      const x = row[params.x];
      const y = row[params.y];
      if (typeof x === 'number' && typeof y === 'number') ctx.point?.({ series: params.y, xLabel: params.x, x, y });
    });
    return { name: relative(ctx.caseDir, t.path), text: t.csv, sha256: t.sha256, artifacts: [t.path], sweep: t.evidence };
  }
  if (params.table === undefined) throw new BadInputError(join(ctx.caseDir, 'case.json'), 'growth-fit needs "table" or "sweep"');
  // The shared table reader's steps, keeping the bytes for the hash: a regular file under the cap, strict UTF-8.
  const bytes = await readRegularFile(resolveCasePath(ctx, params.table), { maxBytes: MAX_TABLE_BYTES, shownAs: shown(params.table) });
  return { name: params.table, text: decodeUtf8(bytes, params.table), sha256: sha256(bytes), artifacts: [] };
}

function fmt(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  return String(Number(v.toPrecision(3)));
}
