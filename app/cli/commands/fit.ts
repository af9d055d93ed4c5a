/**
 * `recheck fit <table.csv> --x COL --y COL [--se COL] [--level P] [--derive 'NAME = EXPR' ...]`: bounded and
 * growing laws, the conclusion, the horizon; --x/--y/--se may name a derived column (app/logbook/extract-derived.ts).
 */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { BadInputError, EXIT } from '../../errors';
import { CheckerError } from '../../../checkers/errors';
import type { GrowthReportColumns } from '../../../checkers/stats/growth-fit';
import type { GrowthColumns } from '../../../checkers/stats/growth-points';
import { prefixAt, type PrefixColumns } from '../../../checkers/stats/horizon';
import { shown } from '../../text/display';
import type { CsvTable } from '../../tables/csv';
import type { DerivedColumnRecord } from '../../logbook/extract-derived';

export const fitCommand: Command = {
  name: 'fit',
  summary: 'fit bounded and growing laws to a table; conclude grows, bounded or cannot tell (with p-values)',
  usage: `usage: recheck fit <table.csv> --x COL --y COL [--se COL] [--level P] [--plot FILE.svg] [--json]
                   [--derive 'NAME = EXPR' ...] [--derive-digits N]

Fits by least squares on the y scale (weights 1/se^2 when --se is given, covariance unscaled; otherwise
ordinary least squares with covariance s^2 (J'J)^-1, s^2 = RSS/(n - k)), x0 the smallest x:
  bounded  const          y = a
           inverse        y = a + c x0/x
           inverse-power  y = a + c (x/x0)^-p     (p > 0 fitted)
           exponential    y = a + c exp(-(x - x0)/s)   (s > 0 fitted)
  growing  log            y = a + b ln x
           log-inverse    y = a + b ln x + c x0/x  (log growth after a 1/x transient, like H_k)
           power          y = a x^p               (p > 0, nonlinear least squares on y)
           log-shift      y = a + b ln(x + h)      (h > 0 fitted: growth that starts late)
For each: parameters ± se, RSS (chi-square with --se), AIC, AICc and Akaike weight, and a lack-of-fit test:
with --se the chi-square goodness of fit; without, an F test of the law against the best law of the other kind.
Conclusion at level P (default 0.05), needing at least 6 distinct x and xmax/xmin >= 10:
  grows        every bounded law is rejected over its members that reach at least half their limit within
               the data, and a growing law fits;
  bounded      a bounded law fits and every growing law is rejected (log-inverse: over its members whose log
               term makes at least half the change);
  cannot-tell  otherwise, with what would decide it (more points, a larger range of x, smaller errors).
growthSigma = b / se(b) of the log law, with its two-sided p (t on n - 2 dof; z with --se).
Horizon analysis: the log fit on every prefix of the rows sorted by x from where the minimums are met, with
b/se(b) and its p, the conclusion on at most 12 prefixes spread geometrically in n (conclusionAt), growsFrom
(the first maxX from which they all say grows) and significantFrom (the first maxX from which b/se(b) stays
>= 5; linear in the rows). The human report shows at most 30 prefixes, spread evenly on a log scale of n.
--plot writes an SVG of the data (error bars) with the fitted curves (at most 20,000 points drawn, evenly
spaced in x order; the fits use every row).
The table: a header row, then one row per point, every row with the header's number of fields (a short or
truncated row is bad input naming its line); numbers are decimal (no hex, no Infinity); UTF-8 (a BOM is
fine); at most 128 MiB, 2,000,000 rows and 10,000,000 cells.
--derive 'NAME = EXPR' (repeatable, applied in order, a later one may read an earlier one): a column computed
from the others in the calc grammar (recheck help calc), e.g. --derive 'additive = ratio - H_k' (H_k is H(k)
of column k unless the table has a column "H_k"; write \`H_k\` for the column, \`any name\` for a name with
spaces); --x, --y and --se may name it. Each cell is exact where the inputs are exact decimals and every step
is rational, else correctly rounded half-even to --derive-digits significant digits (default 20, at most
1000). The fit reads every cell as a float64 either way, so its guarantee is unchanged (statistical at best,
never exact); the report names the derived columns and in how many rows each is not exact (rounded, or read
from a rounded derived cell). A bad derivation is exit 2 naming the file and the line (an unknown column, a
cell that is not a number, a division by zero).
JSON keys: conclusion {value, level, test, p, dof, law, reasons, wouldDecide, minimums}, n, weighted,
models [{name, kind, params, se, rss, chi2?, aic, aicc, weight, k, dof, approach?, lackOfFit, lackOfFitNear?}],
preferred, growthSigma, growthP, growthDof, growthTest, prefix [{maxX, n, b, seB, sigma, p, dof, test,
conclusion?}], significantFrom, growsFrom, conclusionAt, skipped, and with --derive: derived [{name, expression,
inputs, digits, exactCells, roundedCells}].`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'fit',
      args,
      {
        x: { type: 'string' },
        y: { type: 'string' },
        se: { type: 'string' },
        level: { type: 'string' },
        plot: { type: 'string' },
        json: { type: 'boolean' },
        derive: { type: 'string', multiple: true },
        'derive-digits': { type: 'string' },
      },
      { min: 1, max: 1, names: '<table.csv>' },
    );
    const file = positionals[0] as string;
    if (values.x === undefined || values.y === undefined) throw new BadInputError(shown(file), 'give the columns with --x COL --y COL');
    const level = values.level === undefined ? 0.05 : Number(values.level);
    if (!(level > 0 && level < 1))
      throw new BadInputError('--level', `"${shown(values.level ?? '')}" must be a number between 0 and 1 (e.g. 0.05)`);
    const [{ fitGrowthColumns }, { predict }, { plotSvg }, { writeFileAtomic }] = await Promise.all([
      import('../../../checkers/stats/growth-fit'),
      import('../../../checkers/stats/growth-models'),
      import('../../../checkers/plot/svg-plot'),
      import('../../fs/atomic'),
    ]);
    const cols = [values.x, values.y, ...(values.se !== undefined ? [values.se] : [])];
    const { data, shownFile, derived } = await readPoints(resolve(io.cwd, file), file, { x: values.x, y: values.y, se: values.se }, values);
    let report: GrowthReportColumns;
    try {
      report = fitGrowthColumns(data, 5, { level });
    } catch (err) {
      if (err instanceof CheckerError) throw new BadInputError(shownFile, err.message.replace(/^recheck\.\w+: /, ''));
      throw err;
    }
    if (values.plot !== undefined) {
      const svg = plotSvg({
        title: `${values.y} against ${values.x}: fitted growth laws`,
        xLabel: values.x,
        yLabel: values.y,
        points: await plotPoints(data),
        curves: report.models.map((m) => ({
          label: `${m.name}${m.name === report.preferred ? ' (preferred)' : ''}`,
          f: (x: number) => predict(m, x),
        })),
      });
      await writeFileAtomic(resolve(io.cwd, values.plot), svg);
    }
    if (values.json) {
      const { conclusion, ...rest } = report; // the conclusion first: it is what a reader needs
      const more = { ...(values.plot !== undefined ? { plot: values.plot } : {}), ...(derived.length > 0 ? { derived } : {}) };
      await writeReportJson({ file, x: values.x, y: values.y, conclusion, ...rest, ...more }, report.prefix, io.stdout, io.stdoutDrained);
    } else {
      io.stdout(formatGrowthReport(report, values.x, values.y));
      if (derived.length > 0) {
        const { describeDerived } = await import('../../logbook/extract-derived');
        for (const d of derived) io.stdout(`derived: ${describeDerived(d)}${cols.includes(d.name) ? '' : '; not fitted'}\n`);
      }
      if (values.plot !== undefined) io.stdout(`plot written to ${values.plot}\n`);
    }
    return EXIT.ok;
  },
};

/**
 * The x, y (and se) columns of the table as numbers. Without --derive only those columns are read, into
 * Float64Arrays (app/tables/numeric-columns.ts: a million rows cost 24 bytes each, not a record of strings);
 * with it, the whole table, since a derivation may read any column. Bad input is the same one line either way.
 */
async function readPoints(
  path: string,
  file: string,
  names: { x: string; y: string; se: string | undefined },
  values: { derive?: string[]; 'derive-digits'?: string },
): Promise<{ data: GrowthColumns; shownFile: string; derived: readonly DerivedColumnRecord[] }> {
  const seName = names.se;
  const positive = (se: number): string | undefined =>
    se > 0 ? undefined : `column "${shown(seName ?? '')}": standard error ${se} must be positive`;
  const derive = values.derive ?? [];
  if (derive.length === 0 && values['derive-digits'] === undefined) {
    const { readNumericColumns } = await import('../../tables/numeric-columns');
    const wanted = [{ name: names.x }, { name: names.y }, ...(seName !== undefined ? [{ name: seName, check: positive }] : [])];
    const read = await readNumericColumns(path, file, wanted);
    const x = read.values.get(names.x) as Float64Array;
    const y = read.values.get(names.y) as Float64Array;
    const data = seName === undefined ? { x, y } : { x, y, se: read.values.get(seName) as Float64Array };
    return { data, shownFile: read.file, derived: [] };
  }
  const { numberCell, readCsvFile, requireColumns } = await import('../../tables/csv');
  const { table, derived } = await withDerivedColumns(await readCsvFile(path, file), derive, values['derive-digits']);
  requireColumns(table, [names.x, names.y, ...(seName !== undefined ? [seName] : [])]);
  const n = table.rows.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const se = seName !== undefined ? new Float64Array(n) : undefined;
  table.rows.forEach((row, i) => {
    x[i] = numberCell(table, row, names.x);
    y[i] = numberCell(table, row, names.y);
    if (se !== undefined && seName !== undefined) {
      const v = numberCell(table, row, seName);
      const problem = positive(v);
      if (problem !== undefined) throw new BadInputError(table.file, problem, `line ${row.line}`);
      se[i] = v;
    }
  });
  return { data: se === undefined ? { x, y } : { x, y, se }, shownFile: table.file, derived };
}

/** The points a plot draws (app/tables/plot-sample.ts): all when few, else MAX_PLOT_POINTS evenly in x order. */
async function plotPoints(data: GrowthColumns): Promise<{ x: number; y: number; se?: number }[]> {
  const [{ MAX_PLOT_POINTS, plotSample }, { sortedByX }] = await Promise.all([
    import('../../tables/plot-sample'),
    import('../../../checkers/stats/growth-points'),
  ]);
  const point = (d: GrowthColumns, i: number) =>
    d.se === undefined ? { x: d.x[i] as number, y: d.y[i] as number } : { x: d.x[i] as number, y: d.y[i] as number, se: d.se[i] as number };
  const n = data.x.length;
  if (n <= MAX_PLOT_POINTS) return plotSample(Array.from({ length: n }, (_, i) => point(data, i)));
  // plotSample's choice (a stable sort by x, then evenly by rank) without a million point objects.
  const sorted = sortedByX(data);
  return Array.from({ length: MAX_PLOT_POINTS }, (_, k) => point(sorted, Math.round((k * (n - 1)) / (MAX_PLOT_POINTS - 1))));
}

/**
 * Writes `doc` as JSON.stringify(doc, null, 2) would, plus a line break, in pieces of about 64 KiB, waiting
 * for `drained` (when given) after each: the prefix fits (a million of them are 200 MB of JSON) are written
 * from their columns a few hundred at a time, never held as objects or as one string, and a slow reader of
 * the pipe holds back the writer. test/app/cli/fit-memory.test.ts compares it with JSON.stringify.
 */
export async function writeReportJson(
  doc: Record<string, unknown>,
  prefix: PrefixColumns,
  write: (text: string) => void,
  drained?: () => Promise<void>,
): Promise<void> {
  const parts: string[] = [];
  let size = 0;
  /** Queues text; past 64 KiB writes the queue as one flat string and waits for it to drain. */
  const put = async (text: string) => {
    parts.push(text);
    size += text.length;
    if (size < 1 << 16) return;
    write(parts.join(''));
    parts.length = 0;
    size = 0;
    if (drained !== undefined) await drained();
  };
  const nested = (value: unknown, indent: string) => (JSON.stringify(value, null, 2) as string).replace(/\n/g, `\n${indent}`);
  let first = true;
  for (const [key, value] of Object.entries(doc)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue; // as JSON.stringify
    await put(`${first ? '{\n' : ',\n'}  ${JSON.stringify(key)}: `);
    first = false;
    if (key !== 'prefix') {
      await put(nested(value, '  '));
      continue;
    }
    if (prefix.count === 0) await put('[]');
    for (let i = 0; i < prefix.count; i++) {
      const text = `${i === 0 ? '[\n' : ',\n'}    ${nested(prefixAt(prefix, i), '    ')}`;
      if (size + text.length < 1 << 16) {
        parts.push(text); // the common case, without an await per prefix
        size += text.length;
      } else await put(text);
    }
    if (prefix.count > 0) await put('\n  ]');
  }
  parts.push(first ? '{}\n' : '\n}\n');
  write(parts.join(''));
  if (drained !== undefined) await drained();
}

/** The table with the --derive columns appended (none: the table as read). Bad input names the file and line. */
async function withDerivedColumns(
  table: CsvTable,
  derive: readonly string[],
  digitsText: string | undefined,
): Promise<{ table: CsvTable; derived: readonly DerivedColumnRecord[] }> {
  if (digitsText !== undefined && derive.length === 0) throw new UsageError('fit', '--derive-digits applies only with --derive');
  if (derive.length === 0) return { table, derived: [] };
  const { DEFAULT_DERIVE_DIGITS, deriveCsvColumns } = await import('../../logbook/extract-derived');
  const digits = digitsText === undefined ? DEFAULT_DERIVE_DIGITS : Number(digitsText);
  if (digitsText !== undefined && (!/^\d+$/.test(digitsText) || digits < 1 || digits > 1000))
    throw new UsageError('fit', `--derive-digits must be an integer from 1 to 1000, got "${shown(digitsText, 40)}"`);
  // The one derivation path the checks take too.
  return deriveCsvColumns(table, derive, digits, '--derive');
}

/** Human-readable report: the conclusion first, in words, then the laws and the horizon. */
export function formatGrowthReport(r: GrowthReportColumns, x: string, y: string): string {
  const c = r.conclusion;
  const lines: string[] = [];
  const word = c.value === 'grows' ? 'GROWS' : c.value === 'bounded' ? 'BOUNDED' : 'CANNOT TELL';
  lines.push(
    `conclusion: ${word} (level ${c.level}${c.p !== null ? `; deciding test ${c.law}, p = ${pv(c.p)}${c.dof !== null ? `, ${c.dof} dof` : ''}` : ''})`,
  );
  for (const reason of c.reasons) lines.push(`  ${reason}`);
  if (c.wouldDecide.length > 0) lines.push(`  would decide it: ${c.wouldDecide.join('; ')}`);
  lines.push(
    `minimums: ${c.minimums.required.points} distinct x (have ${c.minimums.actual.points}), xmax/xmin >= ${c.minimums.required.xRange} (have ${num(c.minimums.actual.xRange)})${c.minimums.met ? '' : ' -- NOT MET'}`,
  );
  lines.push(`${r.n} points, ${y} against ${x}, ${r.weighted ? 'weighted by 1/se^2' : 'ordinary least squares'}`);
  for (const m of r.models) {
    const params = Object.keys(m.params)
      .filter((k) => k !== 'x0')
      .map((k) => `${k} = ${num(m.params[k] as number)}${m.se[k] !== undefined ? ` ± ${num(m.se[k] as number)}` : ''}`)
      .join(', ');
    const fitStat = m.chi2 !== undefined ? `chi2 ${num(m.chi2)}` : `RSS ${num(m.rss)}`;
    const lof =
      m.lackOfFit === null
        ? 'no lack-of-fit test (too few points)'
        : `lack of fit p = ${pv(m.lackOfFit.p)}${m.lackOfFitNear !== undefined && m.lackOfFitNear !== null && m.lackOfFitNear !== m.lackOfFit ? ` (near members p = ${pv(m.lackOfFitNear.p)})` : ''}`;
    lines.push(
      `  ${m.name.padEnd(13)} ${m.kind.padEnd(8)} ${params}; ${fitStat}; AICc ${m.aicc === null ? '-' : num(m.aicc)}, weight ${num(m.weight ?? 0)}; ${lof}${m.name === r.preferred ? '  <- least AICc' : ''}`,
    );
  }
  for (const s of r.skipped) lines.push(`  ${s.name.padEnd(13)} skipped: ${s.reason}`);
  lines.push(
    `growthSigma (b / se(b) of the log law): ${num(r.growthSigma)}, two-sided p = ${pv(r.growthP)} (${r.growthTest === 't' ? `t, ${r.growthDof} dof` : 'z, known se'})`,
  );
  let from = -1;
  for (let i = 0; i < r.prefix.count && from < 0; i++) if (r.prefix.maxX[i] === r.significantFrom) from = i;
  const shownPrefix = sampleLogSpacedIndices(r.prefix.count, 30, from >= 0 ? [from] : []).map((i) => prefixAt(r.prefix, i));
  lines.push(
    `horizon (log fit on prefixes sorted by x, from where the minimums are met${shownPrefix.length < r.prefix.count ? `; ${shownPrefix.length} of ${r.prefix.count} prefixes shown, --json lists all` : ''}):`,
  );
  if (r.prefix.count === 0) lines.push('  no prefix meets the minimums');
  for (const p of shownPrefix)
    lines.push(
      `  maxX ${String(p.maxX).padStart(8)}  n ${String(p.n).padStart(7)}  b ${num(p.b).padStart(10)}  sigma ${num(p.sigma).padStart(8)}  p ${pv(p.p).padStart(8)}${p.conclusion !== undefined ? `  ${p.conclusion}` : ''}`,
    );
  lines.push(`grows on every prefix checked from maxX: ${r.growsFrom ?? 'never'}; sigma >= 5 from maxX: ${r.significantFrom ?? 'never'}`);
  return `${lines.join('\n')}\n`;
}

/**
 * About `max` items of `list`, spread evenly on a log scale of the position (the first, the last and the
 * positions in `keep` always in), so that a long horizon table stays readable.
 * Example: `sampleLogSpaced([...Array(1000).keys()], 30)` is 0, 1, 2, 3, 4, 6, 8, 10, 13, ..., 620, 787, 999.
 */
export function sampleLogSpaced<T>(list: readonly T[], max: number, keep: readonly number[] = []): T[] {
  return sampleLogSpacedIndices(list.length, max, keep).map((i) => list[i] as T);
}

/** The positions sampleLogSpaced picks from a list of `count` items, in order. */
export function sampleLogSpacedIndices(count: number, max: number, keep: readonly number[] = []): number[] {
  if (count <= max) return Array.from({ length: count }, (_, i) => i);
  const last = count - 1;
  const picked = new Set<number>(keep.filter((i) => i >= 0 && i <= last));
  for (let k = 0; k < max; k++) picked.add(Math.min(last, Math.round(Math.expm1((k / (max - 1)) * Math.log1p(last)))));
  return [...picked].sort((a, b) => a - b);
}

function pv(p: number): string {
  return p < 1e-4 ? p.toExponential(2) : p.toFixed(4);
}

function num(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  return a !== 0 && (a >= 1e6 || a < 1e-4) ? v.toExponential(4) : v.toFixed(4);
}
