/**
 * Static SVG figures of a report, drawn from a check's recorded evidence with checkers/plot/svg-plot.ts (no
 * script: the report is data). What the evidence supports is drawn, nothing else:
 * - growth-fit: the fitted points (± 1 se when known) with every law as fitted (bounded and growing), titled with
 *   the check's conclusion (grows / bounded / cannot tell); and the
 *   horizon analysis, the log slope's significance (b / se(b)) on every prefix of the data against the
 *   threshold, which shows from which x on the growth is visible.
 * Other kinds' evidence is shown as numbers (tables and JSON) in the report.
 */
import { plotSvg, type PlotPoint } from '../../checkers/plot/svg-plot';
import { predict, type ModelFit } from '../../checkers/stats/growth-models';
import { BOUNDED_LAWS, GROWING_LAWS } from '../../checkers/stats/growth-laws';

const LAW_NAMES = new Set<string>([...BOUNDED_LAWS, ...GROWING_LAWS]);

export interface ReportFigure {
  /** Stable name within the check, used in the file name. */
  readonly name: string;
  readonly title: string;
  readonly svg: string;
}

function isNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function points(v: unknown): PlotPoint[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((p: unknown) => {
    const o = p as Record<string, unknown> | null;
    if (o === null || typeof o !== 'object' || !isNumber(o.x) || !isNumber(o.y)) return [];
    return [isNumber(o.se) ? { x: o.x, y: o.y, se: o.se } : { x: o.x, y: o.y }];
  });
}

function models(v: unknown): Pick<ModelFit, 'name' | 'params'>[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((m: unknown) => {
    const o = m as Record<string, unknown> | null;
    if (o === null || typeof o !== 'object' || !LAW_NAMES.has(o.name as string) || typeof o.params !== 'object' || o.params === null)
      return [];
    const params = Object.fromEntries(Object.entries(o.params as Record<string, unknown>).filter(([, n]) => isNumber(n))) as Record<
      string,
      number
    >;
    return [{ name: o.name as ModelFit['name'], params }];
  });
}

function growthFitFigures(evidence: Record<string, unknown>): ReportFigure[] {
  const out: ReportFigure[] = [];
  const x = typeof evidence.x === 'string' ? evidence.x : 'x';
  const y = typeof evidence.y === 'string' ? evidence.y : 'y';
  const pts = points(evidence.points);
  if (pts.length > 0) {
    const preferred = evidence.preferred;
    const conclusion = (evidence.conclusion as { value?: unknown } | undefined)?.value;
    const says =
      conclusion === 'grows'
        ? 'grows'
        : conclusion === 'bounded'
          ? 'bounded'
          : conclusion === 'cannot-tell'
            ? 'cannot tell growing from bounded'
            : null;
    const title = `${y} against ${x}: the fitted laws${says !== null ? ` (conclusion: ${says})` : ''}`;
    out.push({
      name: 'fit',
      title,
      svg: plotSvg({
        title,
        xLabel: x,
        yLabel: y,
        points: pts,
        curves: models(evidence.models).map((m) => ({
          label: `${m.name}${m.name === preferred ? ' (preferred)' : ''}`,
          f: (v: number) => predict(m, v),
        })),
      }),
    });
  }
  const prefix = Array.isArray(evidence.prefix) ? (evidence.prefix as unknown[]) : [];
  const sigma = prefix.flatMap((p) => {
    const o = p as Record<string, unknown> | null;
    return o !== null && typeof o === 'object' && isNumber(o.maxX) && isNumber(o.sigma) ? [{ x: o.maxX, y: o.sigma }] : [];
  });
  if (sigma.length > 0) {
    const threshold = isNumber(evidence.threshold) ? evidence.threshold : null;
    const title = `Horizon: significance of the log slope on the data up to ${x}`;
    out.push({
      name: 'horizon',
      title,
      svg: plotSvg({
        title,
        xLabel: `largest ${x} in the prefix`,
        yLabel: 'b / se(b)',
        points: sigma,
        curves: threshold !== null ? [{ label: `threshold ${threshold}`, f: () => threshold }] : [],
      }),
    });
  }
  return out;
}

/** The figures a check's evidence supports (none for kinds without a drawing here). */
export function checkFigures(kind: string, evidence: Record<string, unknown>): ReportFigure[] {
  if (kind === 'growth-fit') return growthFitFigures(evidence);
  return [];
}
