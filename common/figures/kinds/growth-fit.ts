/**
 * Figures of a `growth-fit` check: the fitted points with their error bars and every fitted law (bounded laws
 * dashed, growing laws solid), captioned with the check's conclusion (grows / bounded / cannot tell, with its
 * test, p and dof); the residuals of each law at the points; and the horizon analysis (growth sigma of the log law
 * fitted on the points up to each x), shaded from where the growth is significant, with the logbook's stopping point.
 */
import { predict, type ModelName } from '../../../checkers/stats/growth-models';
import { num, obj, records, short, str, type Json } from '../read';
import type { FigureSpec, Tone, XYLayer, XYSpec } from '../spec';

/** Bounded laws dashed, growing laws solid (checkers/stats/growth-laws.ts names them). */
const MODEL_TONE: Record<string, { tone: Tone; dash: boolean }> = {
  const: { tone: 4, dash: true },
  inverse: { tone: 3, dash: true },
  'inverse-power': { tone: 2, dash: true },
  exponential: { tone: 1, dash: true },
  log: { tone: 2, dash: false },
  'log-inverse': { tone: 1, dash: false },
  'log-shift': { tone: 3, dash: false },
  power: { tone: 4, dash: false },
};

/** Points drawn for each fitted law. */
const CURVE_POINTS = 96;

interface Model {
  name: ModelName;
  params: Record<string, number>;
}

function modelsOf(e: Json): Model[] {
  return records(e.models).flatMap((m) => {
    const name = str(m.name);
    const params = obj(m.params);
    if (name === undefined || !(name in MODEL_TONE) || params === undefined) return [];
    const p: Record<string, number> = {};
    for (const [k, v] of Object.entries(params)) if (num(v) !== undefined) p[k] = v as number;
    return [{ name: name as ModelName, params: p }];
  });
}

/** x values from lo to hi, log-spaced on a log axis. */
function grid(lo: number, hi: number, log: boolean): number[] {
  return Array.from({ length: CURVE_POINTS }, (_, i) => {
    const f = i / (CURVE_POINTS - 1);
    return log ? Math.exp(Math.log(lo) + f * (Math.log(hi) - Math.log(lo))) : lo + f * (hi - lo);
  });
}

/** A log x axis reads better for positive x spanning a factor of 32 or more (doubling sweeps). */
export function wantsLog(xs: readonly number[]): boolean {
  if (xs.length === 0 || !xs.every((x) => x > 0)) return false;
  return Math.max(...xs) / Math.min(...xs) >= 32;
}

function lawFormula(m: Model, x: string): string {
  const p = m.params;
  const x0 = short(p.x0 ?? 1);
  switch (m.name) {
    case 'const':
      return short(p.a ?? 0);
    case 'log':
      return `${short(p.a ?? 0)} + ${short(p.b ?? 0)} ln ${x}`;
    case 'log-inverse':
      return `${short(p.a ?? 0)} + ${short(p.b ?? 0)} ln ${x} + ${short(p.c ?? 0)}·${x0}/${x}`;
    case 'log-shift':
      return `${short(p.a ?? 0)} + ${short(p.b ?? 0)} ln(${x} + ${short(p.h ?? 0)})`;
    case 'power':
      return `${short(p.a ?? 0)} ${x}^${short(p.p ?? 0)}`;
    case 'inverse':
      return `${short(p.a ?? 0)} + ${short(p.c ?? 0)}·${x0}/${x}`;
    case 'inverse-power':
      return `${short(p.a ?? 0)} + ${short(p.c ?? 0)}(${x}/${x0})^−${short(p.p ?? 0)}`;
    case 'exponential':
      return `${short(p.a ?? 0)} + ${short(p.c ?? 0)}·e^−(${x}−${x0})/${short(p.s ?? 1)}`;
    default:
      return '';
  }
}

function lawLabel(m: Model, x: string, preferred: string | undefined): string {
  return `${m.name} law${m.name === preferred ? ' (preferred)' : ''}: ${lawFormula(m, x)}`;
}

/** The check's conclusion in a sentence, e.g. "Conclusion: grows (J test vs bounded laws, p = 0.0017, dof 1, 6)." */
function conclusionSentence(e: Json): string {
  const c = obj(e.conclusion);
  const value = c !== undefined ? str(c.value) : undefined;
  if (c === undefined || value === undefined) return '';
  const words =
    value === 'cannot-tell'
      ? 'cannot tell growing from bounded'
      : value === 'grows'
        ? `grows${str(c.direction) === 'decreasing' ? ' (decreasing without bound)' : ''}`
        : 'bounded';
  const p = num(c.p);
  const dof = num(c.dof);
  const test = str(c.test);
  const detail = [test, p !== undefined ? `p = ${short(p)}` : undefined, dof !== undefined ? `dof ${dof}` : undefined]
    .filter(Boolean)
    .join(', ');
  return ` Conclusion: ${words}${detail !== '' ? ` (${detail})` : ''}.`;
}

export function growthFitFigures(e: Json): FigureSpec[] {
  const xName = str(e.x) ?? 'x';
  const yName = str(e.y) ?? 'y';
  const pts = records(e.points).filter((p) => num(p.x) !== undefined && num(p.y) !== undefined);
  if (pts.length === 0) return [];
  const sorted = [...pts].sort((a, b) => (a.x as number) - (b.x as number));
  const xs = sorted.map((p) => p.x as number);
  const ys = sorted.map((p) => p.y as number);
  const hasSe = sorted.every((p) => num(p.se) !== undefined);
  const se = hasSe ? sorted.map((p) => p.se as number) : undefined;
  const log = wantsLog(xs);
  const models = modelsOf(e);
  const preferred = str(e.preferred);
  const threshold = num(e.threshold) ?? 5;
  const significantFrom = num(e.significantFrom);
  const stopped = obj(e.stoppedAt);
  const stoppedX = stopped !== undefined ? num(stopped.maxX) : undefined;
  const table = str(e.table) ?? 'the table';
  const weighting = e.weighted === true ? 'weighted least squares (1/se²)' : 'ordinary least squares';
  const band =
    significantFrom !== undefined
      ? { from: significantFrom, label: `growth ≥ ${threshold}σ from ${xName} = ${significantFrom}` }
      : undefined;
  const markers = stoppedX !== undefined ? [{ x: stoppedX, label: `logbook stopped at ${xName} = ${stoppedX}`, tone: 3 as Tone }] : [];
  const xAxis = { label: xName, log };

  const dataLayer: XYLayer = {
    label: `${yName} (${sorted.length} points${se ? ', ± 1 se' : ''})`,
    style: 'points',
    tone: 1,
    x: xs,
    y: ys,
    ...(se ? { err: se } : {}),
  };
  const gx = grid(xs[0]!, xs[xs.length - 1]!, log);
  const curves: XYLayer[] = models.map((m) => ({
    label: lawLabel(m, xName, preferred),
    style: 'line',
    tone: MODEL_TONE[m.name]!.tone,
    dash: MODEL_TONE[m.name]!.dash,
    x: gx,
    y: gx.map((x) => predict(m, x)),
  }));
  const fit: XYSpec = {
    type: 'xy',
    id: 'fit',
    title: `${yName} against ${xName}, with the fitted laws`,
    caption:
      `Points: ${yName} at each ${xName} from ${table}${se ? ' with ± 1 standard error bars' : ''}. Lines: the ${models.map((m) => m.name).join(', ')} laws fitted by ${weighting}` +
      `${preferred !== undefined ? `; AICc prefers the ${preferred} law` : ''}.${conclusionSentence(e)}${band ? ` Shaded: ${xName} ≥ ${significantFrom}, from where the log slope stays at least ${threshold} standard errors above zero.` : ''}`,
    x: xAxis,
    y: { label: yName },
    layers: [dataLayer, ...curves],
    markers,
    ...(band ? { band } : {}),
  };

  const residuals: XYSpec = {
    type: 'xy',
    id: 'residuals',
    title: `Residuals of each law (${yName} − fit)`,
    caption: `${yName} minus each fitted law at the ${sorted.length} points${se ? ', with the points’ ± 1 se bars' : ''}: a law that describes the data leaves residuals scattered around zero; a trend left in them is growth the law misses.`,
    x: xAxis,
    y: { label: `${yName} − fit` },
    layers: models.map((m) => ({
      label: `${m.name} law`,
      style: 'points',
      tone: MODEL_TONE[m.name]!.tone,
      x: xs,
      y: xs.map((x, i) => ys[i]! - predict(m, x)),
      ...(se ? { err: se } : {}),
    })),
    hlines: [{ y: 0, label: 'zero' }],
  };

  const prefix = records(e.prefix).filter((p) => num(p.maxX) !== undefined && num(p.sigma) !== undefined);
  const figures: FigureSpec[] = [fit, residuals];
  if (prefix.length > 0) {
    const px = prefix.map((p) => p.maxX as number);
    const atStop =
      stopped !== undefined && num(stopped.sigma) !== undefined
        ? ` A sweep stopping at ${xName} = ${stoppedX} sees ${short(stopped.sigma as number)}σ (b = ${short(num(stopped.b) ?? NaN)}).`
        : '';
    figures.push({
      type: 'xy',
      id: 'horizon',
      title: `Horizon analysis: growth sigma of the log law on the points up to each ${xName}`,
      caption:
        `Each point is the log law a + b ln ${xName} fitted to the points with ${xName} up to that value: b divided by its standard error. ` +
        `${significantFrom !== undefined ? `It stays at or above ${threshold}σ from ${xName} = ${significantFrom} on (shaded).` : `It never stays at or above ${threshold}σ.`}${atStop}`,
      x: { label: `largest ${xName} fitted`, log: wantsLog(px) },
      y: { label: 'growth sigma', unit: 'b / se(b)' },
      layers: [{ label: 'growth sigma', style: 'line', tone: 1, x: px, y: prefix.map((p) => p.sigma as number) }],
      hlines: [{ y: threshold, label: `${threshold}σ threshold` }],
      markers,
      ...(band ? { band } : {}),
    });
  }
  return figures;
}
