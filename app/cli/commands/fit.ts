/** `recheck fit <table.csv> --x COL --y COL [--se COL]`: growth-law fits (const, log, power) with horizon analysis. */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs } from '../args';
import { BadInputError, EXIT } from '../../errors';
import { CheckerError } from '../../../checkers/errors';
import type { GrowthReport } from '../../../checkers/stats/growth-fit';
import type { DataPoint } from '../../../checkers/stats/growth-models';
import { shown } from '../../text/display';

export const fitCommand: Command = {
  name: 'fit',
  summary: 'fit const, log and power growth laws to a table; growthSigma and horizon analysis',
  usage: `usage: recheck fit <table.csv> --x COL --y COL [--se COL] [--plot FILE.svg] [--json]

Fits by weighted least squares (weights 1/se^2 when --se is given, covariance (X'X)^-1 unscaled;
otherwise ordinary least squares with covariance s^2 (X'X)^-1, s^2 = RSS/(n - p)):
  const  y = a
  log    y = a + b ln x
  power  y = a x^p   (fitted on logs; only when all x and y are positive)
For each: parameters, standard errors, RSS (and chi-square with --se), AIC; the preferred model (least AIC).
growthSigma = b / se(b) of the log model. Horizon analysis: the log fit on every prefix of the rows sorted
by x (from the 3rd point on), and significantFrom, the smallest maxX from which sigma stays >= 5 (linear in
the rows: the prefix fits update one QR factorisation). The human report shows at most 30 prefixes, spread
evenly on a log scale of n; --json lists them all.
--plot writes an SVG of the data (error bars) with the fitted curves (at most 20,000 points drawn, evenly
spaced in x order; the fits use every row).
The table: a header row, then one row per point, every row with the header's number of fields (a short or
truncated row is bad input naming its line); numbers are decimal (no hex, no Infinity); UTF-8 (a BOM is
fine); at most 128 MiB, 2,000,000 rows and 10,000,000 cells.
JSON keys: n, models [{name, params, se, rss, chi2?, aic}], preferred, growthSigma, prefix, significantFrom.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'fit',
      args,
      { x: { type: 'string' }, y: { type: 'string' }, se: { type: 'string' }, plot: { type: 'string' }, json: { type: 'boolean' } },
      { min: 1, max: 1, names: '<table.csv>' },
    );
    const file = positionals[0] as string;
    if (values.x === undefined || values.y === undefined) throw new BadInputError(shown(file), 'give the columns with --x COL --y COL');
    const [{ fitGrowth }, { predict }, { plotSvg }, { numberCell, readCsvFile, requireColumns }, { plotSample }, { writeFileAtomic }] = await Promise.all([
      import('../../../checkers/stats/growth-fit'),
      import('../../../checkers/stats/growth-models'),
      import('../../../checkers/plot/svg-plot'),
      import('../../tables/csv'),
      import('../../tables/plot-sample'),
      import('../../fs/atomic'),
    ]);
    const table = await readCsvFile(resolve(io.cwd, file), file);
    const cols = [values.x, values.y, ...(values.se !== undefined ? [values.se] : [])];
    requireColumns(table, cols);
    const points: DataPoint[] = table.rows.map((row) => {
      const pt: DataPoint = { x: numberCell(table, row, values.x as string), y: numberCell(table, row, values.y as string) };
      if (values.se !== undefined) {
        const se = numberCell(table, row, values.se);
        if (!(se > 0)) throw new BadInputError(table.file, `column "${shown(values.se)}": standard error ${se} must be positive`, `line ${row.line}`);
        pt.se = se;
      }
      return pt;
    });
    let report: GrowthReport;
    try {
      report = fitGrowth(points);
    } catch (err) {
      if (err instanceof CheckerError) throw new BadInputError(table.file, err.message.replace(/^recheck\.\w+: /, ''));
      throw err;
    }
    if (values.plot !== undefined) {
      const svg = plotSvg({
        title: `${values.y} against ${values.x}: fitted growth laws`,
        xLabel: values.x,
        yLabel: values.y,
        points: plotSample(points),
        curves: report.models.map((m) => ({ label: `${m.name}${m.name === report.preferred ? ' (preferred)' : ''}`, f: (x: number) => predict(m, x) })),
      });
      await writeFileAtomic(resolve(io.cwd, values.plot), svg);
    }
    if (values.json) {
      io.stdout(`${JSON.stringify({ file, x: values.x, y: values.y, ...report, ...(values.plot !== undefined ? { plot: values.plot } : {}) }, null, 2)}\n`);
    } else {
      io.stdout(formatGrowthReport(report, values.x, values.y));
      if (values.plot !== undefined) io.stdout(`plot written to ${values.plot}\n`);
    }
    return EXIT.ok;
  },
};

/** Human-readable report. */
export function formatGrowthReport(r: GrowthReport, x: string, y: string): string {
  const lines: string[] = [];
  lines.push(`${r.n} points, ${y} against ${x}, ${r.weighted ? 'weighted by 1/se^2' : 'ordinary least squares'}`);
  for (const m of r.models) {
    const params = Object.keys(m.params).map((k) => `${k} = ${num(m.params[k] as number)} ± ${num(m.se[k] as number)}`).join(', ');
    const fitStat = m.chi2 !== undefined ? `chi2 ${num(m.chi2)}` : `RSS ${num(m.rss)}`;
    lines.push(`  ${m.name.padEnd(5)}  ${params}; ${fitStat}; AIC ${num(m.aic)}${m.name === r.preferred ? '  <- preferred' : ''}`);
  }
  for (const s of r.skipped) lines.push(`  ${s.name.padEnd(5)}  skipped: ${s.reason}`);
  lines.push(`growthSigma (b / se(b) of the log model): ${num(r.growthSigma)}`);
  const from = r.prefix.findIndex((p) => p.maxX === r.significantFrom);
  const shownPrefix = sampleLogSpaced(r.prefix, 30, from >= 0 ? [from] : []);
  lines.push(`horizon (log fit on prefixes sorted by x${shownPrefix.length < r.prefix.length ? `; ${shownPrefix.length} of ${r.prefix.length} prefixes shown, --json lists all` : ''}):`);
  for (const p of shownPrefix) lines.push(`  maxX ${String(p.maxX).padStart(8)}  n ${String(p.n).padStart(7)}  b ${num(p.b).padStart(10)}  sigma ${num(p.sigma).padStart(8)}`);
  lines.push(`significant (sigma >= 5 from here on) from maxX: ${r.significantFrom ?? 'never'}`);
  return `${lines.join('\n')}\n`;
}

/**
 * About `max` items of `list`, spread evenly on a log scale of the position (the first, the last and the
 * positions in `keep` always in), so that a long horizon table stays readable.
 * Example: `sampleLogSpaced([...Array(1000).keys()], 30)` is 0, 1, 2, 3, 4, 6, 8, 10, 13, ..., 620, 787, 999.
 */
export function sampleLogSpaced<T>(list: readonly T[], max: number, keep: readonly number[] = []): T[] {
  if (list.length <= max) return [...list];
  const last = list.length - 1;
  const picked = new Set<number>(keep.filter((i) => i >= 0 && i <= last));
  for (let k = 0; k < max; k++) picked.add(Math.min(last, Math.round(Math.expm1((k / (max - 1)) * Math.log1p(last)))));
  return [...picked].sort((a, b) => a - b).map((i) => list[i] as T);
}

function num(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  return a !== 0 && (a >= 1e6 || a < 1e-4) ? v.toExponential(4) : v.toFixed(4);
}
