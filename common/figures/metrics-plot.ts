/**
 * The metrics plot's spec (drawn by renderer/figures/XYPlot): Trackio series of several runs and keys overlaid on
 * the step axis, each raw series faint under its exponential moving average, on a linear or log y axis, with every
 * non-finite point (NaN, +Infinity, -Infinity) marked at the plot's edge and listed by step.
 *
 * Smoothing is TensorBoard's debiased EMA with weight w in [0, 1): over the finite points y_1, y_2, ... of a series,
 * m_n = w m_(n-1) + (1 - w) y_n with m_0 = 0, and the smoothed value s_n = m_n / (1 - w^n). Non-finite points are
 * skipped (they neither enter the average nor get a smoothed value). w = 0 draws the raw series alone.
 * On a log axis, points at or below 0 are not drawn (and counted in the caption).
 *
 * Example: `emaSmooth([1, 2, 3], 0.5)` is [1, 5/3, 17/7] (m = 0.5, 1.25, 2.125 over 1 - 0.5^n = 0.5, 0.75, 0.875).
 */
import type { SeriesValueView } from '../api/metrics';
import type { EdgeMark, Tone, XYLayer, XYSpec } from './spec';

/** A series to plot, as readMetricsSeries returns it. */
export interface PlotSeries {
  runName: string;
  key: string;
  steps: readonly number[];
  values: readonly SeriesValueView[];
}

export interface MetricsPlotOptions {
  /** EMA weight in [0, 1); 0 is no smoothing. */
  smoothing: number;
  logY: boolean;
}

/** The steps of a series' non-finite points, by kind. */
export interface NonFiniteSteps {
  label: string;
  tone: Tone;
  nan: number[];
  posInf: number[];
  negInf: number[];
}

export interface MetricsPlot {
  spec: XYSpec;
  nonFinite: NonFiniteSteps[];
}

/** Largest EMA weight offered (0.99 already averages over about 100 points). */
export const MAX_SMOOTHING = 0.99;

/** A value of the API as a number (NaN, ±Infinity restored). */
export function numberOf(v: SeriesValueView): number {
  if (v === 'NaN') return Number.NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  return v;
}

/**
 * The debiased EMA of `values` with weight `w` (see the file's comment): null where a value is not finite.
 * Example: `emaSmooth([1, NaN, 3], 0.5)` is [1, null, 7/3].
 */
export function emaSmooth(values: readonly number[], w: number): (number | null)[] {
  if (!(w >= 0 && w < 1)) throw new RangeError(`smoothing weight must be in [0, 1), got ${w}`);
  let m = 0;
  let n = 0;
  return values.map((y) => {
    if (!Number.isFinite(y)) return null;
    n++;
    m = w * m + (1 - w) * y;
    return w === 0 ? y : m / (1 - w ** n);
  });
}

/**
 * Steps as a short phrase: runs of equal spacing folded. Example: `stepsPhrase([150, 152, 154, 200])` is
 * "150–154 (every 2), 200".
 */
export function stepsPhrase(steps: readonly number[], max = 6): string {
  const parts: string[] = [];
  let i = 0;
  while (i < steps.length) {
    const a = steps[i] as number;
    const d = i + 1 < steps.length ? (steps[i + 1] as number) - a : 0;
    let j = i + 1;
    if (d > 0) while (j + 1 < steps.length && (steps[j + 1] as number) - (steps[j] as number) === d) j++;
    if (d > 0 && j - i >= 2) {
      parts.push(`${a}–${steps[j]}${d === 1 ? '' : ` (every ${d})`}`);
      i = j + 1;
    } else {
      parts.push(String(a));
      i++;
    }
  }
  return parts.length > max ? `${parts.slice(0, max).join(', ')}, … (${parts.length - max} more)` : parts.join(', ');
}

const TONES: Tone[] = [1, 2, 3];

/** One series' finite points in step order (a repeated step keeps its last value), and its non-finite steps. */
function split(s: PlotSeries): { x: number[]; y: number[]; nan: number[]; posInf: number[]; negInf: number[] } {
  const order = s.steps.map((_, i) => i).sort((a, b) => (s.steps[a] as number) - (s.steps[b] as number) || a - b);
  const byStep = new Map<number, number>();
  for (const i of order) byStep.set(s.steps[i] as number, numberOf(s.values[i] as SeriesValueView));
  const out = { x: [] as number[], y: [] as number[], nan: [] as number[], posInf: [] as number[], negInf: [] as number[] };
  for (const [step, v] of byStep) {
    if (Number.isNaN(v)) out.nan.push(step);
    else if (v === Infinity) out.posInf.push(step);
    else if (v === -Infinity) out.negInf.push(step);
    else {
      out.x.push(step);
      out.y.push(v);
    }
  }
  return out;
}

/** The plot of `series` (see the file's comment). */
export function metricsPlotSpec(series: readonly PlotSeries[], o: MetricsPlotOptions): MetricsPlot {
  const layers: XYLayer[] = [];
  const edgeMarks: EdgeMark[] = [];
  const nonFinite: NonFiniteSteps[] = [];
  let hidden = 0;
  const smoothing = o.smoothing > 0;
  series.forEach((s, i) => {
    const tone = TONES[i % TONES.length] as Tone;
    const dash = i >= TONES.length;
    const label = `${s.runName} · ${s.key}`;
    const p = split(s);
    let x = p.x;
    let y = p.y;
    if (o.logY) {
      const keep = y.map((v) => v > 0);
      hidden += keep.filter((k) => !k).length;
      x = x.filter((_, j) => keep[j]);
      y = y.filter((_, j) => keep[j]);
    }
    layers.push({ label: smoothing ? `${label} (raw)` : label, style: 'line', tone, x, y, ...(smoothing ? { faint: true } : {}) });
    if (smoothing) {
      const sm = emaSmooth(y, o.smoothing) as number[];
      layers.push({ label: `${label} (EMA ${o.smoothing})`, style: 'line', tone, x, y: sm, ...(dash ? { dash } : {}) });
    }
    for (const [kind, steps] of [
      ['nan', p.nan],
      ['posInf', p.posInf],
      ['negInf', p.negInf],
    ] as const)
      for (const step of steps) edgeMarks.push({ x: step, kind, tone });
    if (p.nan.length + p.posInf.length + p.negInf.length > 0)
      nonFinite.push({ label, tone, nan: p.nan, posInf: p.posInf, negInf: p.negInf });
  });
  const keys = [...new Set(series.map((s) => s.key))];
  const spec: XYSpec = {
    type: 'xy',
    id: 'metrics-plot',
    title: keys.join(', '),
    caption: caption(series.length, nonFinite, hidden, o),
    x: { label: 'step' },
    y: { label: keys.length === 1 ? (keys[0] as string) : 'value', ...(o.logY ? { log: true } : {}) },
    layers,
    edgeMarks,
    height: 320,
  };
  return { spec, nonFinite };
}

function caption(n: number, nonFinite: readonly NonFiniteSteps[], hidden: number, o: MetricsPlotOptions): string {
  const parts = [`${n} series`];
  parts.push(o.smoothing > 0 ? `smoothed by a debiased EMA of weight ${o.smoothing} (raw faint)` : 'raw, unsmoothed');
  parts.push(o.logY ? 'log y' : 'linear y');
  const count = nonFinite.reduce((t, s) => t + s.nan.length + s.posInf.length + s.negInf.length, 0);
  if (count > 0) parts.push(`${count} non-finite point${count === 1 ? '' : 's'} marked at the edge`);
  if (hidden > 0) parts.push(`${hidden} point${hidden === 1 ? '' : 's'} at or below 0 not drawn on the log axis`);
  return `${parts.join('; ')}.`;
}
