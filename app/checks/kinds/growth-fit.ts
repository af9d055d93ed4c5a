/**
 * Check kind `growth-fit`: fits the growth laws of `recheck fit` (bounded: const, inverse, inverse-power,
 * exponential; growing: log, log-inverse, log-shift, power) to a column of a case table and weighs the conclusion
 * (checkers/stats/growth-conclusion.ts: `grows` | `bounded` | `cannot-tell`, lack-of-fit tests at `level`,
 * default 0.05, and minimums of 6 distinct x over at least a decade) against what the finding asserts:
 * - `asserts: "growth"` (default): supports only when the conclusion is `grows`, refutes only when it is
 *   `bounded`, neutral otherwise (the reasons say what would decide it);
 * - `asserts: "noGrowth"`: the mirror image.
 * The result carries its guarantee (statistical: the deciding test, its p-value, dof and level; approximate
 * when the table is below the minimums and no test was made) and, for a table computed by a sweep, the basis
 * `recomputed`. Weights: `weighting: "se"` uses 1/se^2 (chi-square lack-of-fit tests); `"none"` (default when
 * no `se` column) is ordinary least squares with F tests of each law against the best law of the other kind.
 * The `se` column, when given, is always drawn as error bars. `sigma` (default 5) only sets the descriptive
 * horizon threshold b/se(b) behind `significantFrom`. `stoppedAt`: the x where the logbook's own sweep ended;
 * the evidence reports what the fit on that prefix concluded. The table's sha256 is recorded.
 * The table is either a committed case file (`table`) or computed when the check runs (`sweep`): a sandboxed
 * point function swept over a declared grid by the shared sweep runner, one row per point (sweep-table.ts);
 * the computed table is written to the check's artifact folder and fitted exactly like a file.
 * `derive` adds columns computed from the table's others ('additive = ratio - `H_k`', the calc grammar, exact where
 * the inputs are exact decimals: derived-columns.ts), which x, y and se may name; the evidence's `derived` records
 * each expression, its inputs and whether every cell is exact, and the summary says it for the columns fitted.
 */
import { join, relative } from 'node:path';
import { resolveCasePath, type CheckContext, type CheckKind, type CheckResult, type Guarantee } from '../kind';
import { BadInputError } from '../../errors';
import { CheckerError } from '../../../checkers/errors';
import { fitGrowth, fitLaws, type GrowthReport } from '../../../checkers/stats/growth-fit';
import { horizonAnalysis, type PrefixFit } from '../../../checkers/stats/horizon';
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
import { growthFitWords } from './growth-fit.words';
import { deriveParamsSchema, withDerivedColumns, type DeriveParams } from './derived-columns';

export interface GrowthFitParams extends DeriveParams {
  /** Exactly one of `table` (a case-relative CSV) and `sweep` (computed now). */
  table?: string;
  sweep?: SweepTableParams;
  x: string;
  y: string;
  se?: string;
  weighting?: 'se' | 'none';
  sigma?: number;
  /** Test level of the conclusion (default 0.05). */
  level?: number;
  asserts?: 'growth' | 'noGrowth';
  stoppedAt?: number;
}

export const growthFitKind: CheckKind<GrowthFitParams> = {
  kind: 'growth-fit',
  words: growthFitWords,
  title: 'Fit bounded and growing laws; conclude grows, bounded or cannot tell, with the horizon analysis',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['x', 'y'],
    oneOf: [{ required: ['table'] }, { required: ['sweep'] }],
    properties: {
      table: { type: 'string', minLength: 1, casePath: true, description: 'case-relative CSV' },
      sweep: { ...sweepTableSchema, description: 'compute the table now: a sandboxed point function over a grid' },
      // Before the column params, so that the form declares a derived column before x, y and se are chosen.
      ...deriveParamsSchema('table'),
      // tableColumn: a column of the `table` param's CSV (addCheck refuses one the header lacks, app/cases/table-columns.ts).
      x: { type: 'string', minLength: 1, tableColumn: 'table' },
      y: { type: 'string', minLength: 1, tableColumn: 'table' },
      se: { type: 'string', minLength: 1, tableColumn: 'table', description: 'column of standard errors of y' },
      weighting: { enum: ['se', 'none'] },
      sigma: { type: 'number', exclusiveMinimum: 0 },
      level: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, description: 'test level of the conclusion (default 0.05)' },
      asserts: { enum: ['growth', 'noGrowth'] },
      stoppedAt: { type: 'number' },
    },
  },
  example: { table: 'tables/sweep.csv', x: 'k', y: 'additive', se: 'se', asserts: 'growth' },
  async run(params, ctx): Promise<CheckResult> {
    const source = await tableSource(params, ctx);
    // Derived columns (`derive`) are appended first, so x, y and se may name them (app/checks/kinds/derived-columns.ts).
    const { table, derived } = await withDerivedColumns(parseCsv(source.text, source.name), params);
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
    let report: GrowthReport;
    try {
      report = fitGrowth(points, threshold, { level: params.level ?? 0.05 });
    } catch (err) {
      if (err instanceof CheckerError) throw new BadInputError(source.name, err.message.replace(/^recheck\.\w+: /, ''));
      throw err;
    }
    const log = report.models.find((m) => m.name === 'log');
    const b = log?.params.b as number;
    const seB = log?.se.b as number;
    const chi2PerDof = log?.chi2 !== undefined ? log.chi2 / (report.n - 2) : null;
    // The log fit a sweep stopping at `stoppedAt` would have made (whatever the minimums: it is what it saw).
    const atStop = params.stoppedAt !== undefined ? logFitUpTo(points, params.stoppedAt, threshold) : null;
    // What the logbook's own stopping point could conclude: the full analysis on the rows up to it.
    const stopConclusion = params.stoppedAt !== undefined ? conclusionUpTo(points, params.stoppedAt, report.conclusion.level) : null;

    const dir = await ctx.artifactDir();
    const svgPath = join(dir, 'growth-fit.svg');
    const svg = plotSvg({
      title: `${params.y} against ${params.x} (${source.name})`,
      xLabel: params.x,
      yLabel: params.y,
      points: plotSample(data.map((d) => (d.se !== undefined ? { x: d.x, y: d.y, se: d.se } : { x: d.x, y: d.y }))),
      curves: report.models.map((m) => ({
        label: `${m.name}${m.name === report.preferred ? ' (preferred)' : ''}`,
        f: (x: number) => predict(m, x),
      })),
    });
    await writeFileAtomic(svgPath, svg);

    const c = report.conclusion;
    const asserts = params.asserts ?? 'growth';
    // An unbounded decrease is not the growth a finding asserts: neutral, and the reasons say so.
    const grows = c.value === 'grows' && c.direction !== 'decreasing';
    const outcome = grows
      ? asserts === 'growth'
        ? 'supports'
        : 'refutes'
      : c.value === 'bounded'
        ? asserts === 'growth'
          ? 'refutes'
          : 'supports'
        : 'neutral';
    const guarantee: Guarantee =
      c.p !== null
        ? { kind: 'statistical', test: c.test, p: c.p, ...(c.dof !== null ? { dof: c.dof } : {}), level: c.level }
        : { kind: 'approximate', bound: `no test: ${c.minimums.missing.join('; ')}` };

    const horizon =
      report.growsFrom !== null
        ? `the conclusion is grows on every prefix checked from ${params.x} = ${report.growsFrom} on`
        : `no prefix run ending in grows`;
    const stop =
      atStop !== null
        ? ` A sweep stopping at ${params.x} = ${atStop.maxX} finds b = ${fmt(atStop.b)} (t = ${fmt(atStop.sigma)}, p = ${fmtP(atStop.p)})${stopConclusion !== null ? ` and concludes ${stopConclusion}` : ''}.`
        : stopConclusion !== null
          ? ` Up to ${params.x} = ${params.stoppedAt} the conclusion is ${stopConclusion}.`
          : '';
    const fitNote = chi2PerDof !== null ? `, chi2/dof ${fmt(chi2PerDof)}` : ', ordinary least squares';
    const xMax = points.reduce((m, p) => Math.max(m, p.x), -Infinity);
    const summary =
      `Conclusion: ${c.value === 'cannot-tell' ? 'cannot tell' : c.value} at level ${c.level} over ${report.n} points up to ${params.x} = ${xMax}` +
      `${c.p !== null ? ` (deciding test: ${c.law}, p = ${fmtP(c.p)}${c.dof !== null ? `, ${c.dof} dof` : ''})` : ''}: ${c.reasons[0] ?? ''}. ` +
      `${c.value === 'cannot-tell' && c.wouldDecide.length > 0 ? `Would decide it: ${c.wouldDecide.join('; ')}. ` : ''}` +
      `Log law b = ${fmt(b)} ± ${fmt(seB)} (growthSigma ${fmt(report.growthSigma)}, two-sided p = ${fmtP(report.growthP)} on ${report.growthDof} dof${fitNote}); AICc prefers ${report.preferred}; ${horizon}.${stop}` +
      // The derived columns fitted, each with its expression and whether every cell is exact.
      derived
        .filter((d) => [params.x, params.y, params.se].includes(d.name))
        .map((d) => ` Derived: ${d.described}.`)
        .join('');
    // Why this table cannot carry a verdict (a premature verification names it): the first reason and what would decide.
    const insufficient =
      c.value === 'cannot-tell'
        ? `${c.reasons[0] ?? 'cannot tell'}${c.wouldDecide.length > 0 ? `; would decide it: ${c.wouldDecide.join('; ')}` : ''}`
        : undefined;
    return {
      outcome,
      guarantee,
      ...(source.sweep !== undefined ? { basis: 'recomputed' as const } : {}),
      // What the decision gates compare for independence: the numbers fitted (x, y and se as read), not the whole
      // table, so that two fits of the same numbers are one source while a simulated column and a closed-form
      // column of one sweep table are two (docs/decisions.md, "Gates").
      dataSha256: sha256(JSON.stringify(points.map((pt) => [pt.x, pt.y, pt.se ?? null]))),
      ...(insufficient !== undefined ? { insufficient } : {}),
      summary,
      evidence: {
        table: source.name,
        tableSha256: source.sha256,
        ...(source.sweep !== undefined ? { sweep: source.sweep } : {}),
        x: params.x,
        y: params.y,
        ...(derived.length > 0 ? { derived } : {}),
        weighting,
        threshold,
        ...report,
        // The points fitted (at most MAX_PLOT_POINTS of them, evenly spaced in x), for the figure.
        points: plotSample(data.map((d) => (d.se !== undefined ? { x: d.x, y: d.y, se: d.se } : { x: d.x, y: d.y }))),
        chi2PerDof,
        level: c.level,
        minimums: c.minimums,
        stoppedAt: atStop,
        stoppedAtConclusion: stopConclusion,
      },
      artifacts: [svgPath, ...source.artifacts],
    };
  },
};

/** The table's text and provenance: read from the case, or computed by the declared sweep. */
async function tableSource(
  params: GrowthFitParams,
  ctx: CheckContext,
): Promise<{ name: string; text: string; sha256: string; artifacts: string[]; sweep?: Record<string, unknown> }> {
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

/** The log fit (b, se, t or z, p) on the rows with x <= stop; null with fewer than 3 rows or one x. */
function logFitUpTo(points: readonly DataPoint[], stop: number, threshold: number): PrefixFit | null {
  const rows = points.filter((p) => p.x <= stop);
  if (rows.length < 3 || new Set(rows.map((p) => p.x)).size < 2) return null;
  return horizonAnalysis(rows, threshold, { points: 2, xRange: 1 }).prefix.at(-1) ?? null;
}

/** The conclusion on the rows with x <= stop (null when they are fewer than 3 or all at one x). */
function conclusionUpTo(points: readonly DataPoint[], stop: number, level: number): string | null {
  const rows = points.filter((p) => p.x <= stop);
  if (rows.length < 3 || new Set(rows.map((p) => p.x)).size < 2) return null;
  return fitLaws(rows, level).conclusion.value;
}

function fmtP(p: number): string {
  return p < 1e-4 ? p.toExponential(1) : String(Number(p.toPrecision(2)));
}

function fmt(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  return String(Number(v.toPrecision(3)));
}
