/**
 * An SVG scatter plot of data with error bars and fitted curves, built as a pure string (no DOM), so the
 * CLI and the app can write it to a file and a test can read it back. The x axis is logarithmic when all x
 * are positive and span at least a factor of 20; the y axis is linear.
 * Guarantee: exact bookkeeping of the given numbers (coordinates rounded to 0.01 px).
 */

export interface PlotPoint {
  x: number;
  y: number;
  /** Half-height of the error bar (one standard error). */
  se?: number;
}

export interface PlotCurve {
  label: string;
  f: (x: number) => number;
}

export interface PlotSpec {
  title: string;
  xLabel: string;
  yLabel: string;
  points: readonly PlotPoint[];
  curves?: readonly PlotCurve[];
  width?: number;
  height?: number;
}

const COLORS = ['#d1495b', '#00798c', '#edae49', '#66a182', '#8d96a3'];
const MARGIN = { left: 70, right: 170, top: 40, bottom: 55 };

/**
 * The SVG document for the spec. Example: `plotSvg({title: 't', xLabel: 'k', yLabel: 'y',
 * points: [{x: 1, y: 1}, {x: 2, y: 2}]})` starts with `<svg xmlns=` and has one `<circle` per point plus
 * one for the legend.
 */
export function plotSvg(spec: PlotSpec): string {
  const width = spec.width ?? 760;
  const height = spec.height ?? 440;
  const pts = spec.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const xs = pts.map((p) => p.x);
  const [xMin, xMax] = extent(xs);
  const logX = pts.length > 0 && xMin > 0 && xMax / xMin >= 20;
  const tx = (x: number) => (logX ? Math.log(x) : x);
  const [x0, x1] = pad(tx(xMin), tx(xMax), logX ? 0.03 : 0.05);

  const curves = spec.curves ?? [];
  const samples = curves.map((c) => sampleCurve(c, x0, x1, logX));
  const ys: number[] = [];
  for (const p of pts) ys.push(p.y - (p.se ?? 0), p.y + (p.se ?? 0));
  for (const s of samples) for (const [, y] of s) ys.push(y);
  const finiteYs = ys.filter(Number.isFinite);
  const [y0, y1] = finiteYs.length > 0 ? pad(...extent(finiteYs), 0.06) : [0, 1];

  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const px = (x: number) => r2(MARGIN.left + ((tx(x) - x0) / (x1 - x0)) * plotW);
  const pxT = (t: number) => r2(MARGIN.left + ((t - x0) / (x1 - x0)) * plotW);
  const py = (y: number) => r2(MARGIN.top + (1 - (y - y0) / (y1 - y0)) * plotH);

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
  );
  out.push(`<rect width="${width}" height="${height}" fill="white"/>`);
  out.push(`<text x="${width / 2}" y="22" text-anchor="middle" font-size="14">${esc(spec.title)}</text>`);
  out.push(`<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#444"/>`);

  for (const t of logX ? logTicks(Math.exp(x0), Math.exp(x1)) : linearTicks(x0, x1)) {
    const X = logX ? pxT(Math.log(t)) : pxT(t);
    out.push(`<line x1="${X}" y1="${MARGIN.top + plotH}" x2="${X}" y2="${MARGIN.top + plotH + 5}" stroke="#444"/>`);
    out.push(`<text x="${X}" y="${MARGIN.top + plotH + 18}" text-anchor="middle">${esc(fmt(t))}</text>`);
  }
  for (const t of linearTicks(y0, y1)) {
    const Y = py(t);
    out.push(`<line x1="${MARGIN.left - 5}" y1="${Y}" x2="${MARGIN.left}" y2="${Y}" stroke="#444"/>`);
    out.push(`<line x1="${MARGIN.left}" y1="${Y}" x2="${MARGIN.left + plotW}" y2="${Y}" stroke="#eee"/>`);
    out.push(`<text x="${MARGIN.left - 8}" y="${r2(Y + 4)}" text-anchor="end">${esc(fmt(t))}</text>`);
  }
  out.push(
    `<text x="${MARGIN.left + plotW / 2}" y="${height - 12}" text-anchor="middle">${esc(spec.xLabel)}${logX ? ' (log scale)' : ''}</text>`,
  );
  out.push(`<text transform="translate(16 ${MARGIN.top + plotH / 2}) rotate(-90)" text-anchor="middle">${esc(spec.yLabel)}</text>`);

  samples.forEach((s, i) => {
    const d = s
      .filter(([, y]) => Number.isFinite(y))
      .map(([t, y], j) => `${j === 0 ? 'M' : 'L'}${pxT(t)} ${py(y)}`)
      .join(' ');
    if (d !== '') out.push(`<path d="${d}" fill="none" stroke="${COLORS[i % COLORS.length]}" stroke-width="2"/>`);
  });
  for (const p of pts) {
    if (p.se !== undefined && p.se > 0) {
      out.push(`<line x1="${px(p.x)}" y1="${py(p.y - p.se)}" x2="${px(p.x)}" y2="${py(p.y + p.se)}" stroke="#222"/>`);
    }
    out.push(`<circle cx="${px(p.x)}" cy="${py(p.y)}" r="3" fill="#222"/>`);
  }

  const lx = MARGIN.left + plotW + 12;
  out.push(
    `<circle cx="${lx + 8}" cy="${MARGIN.top + 10}" r="3" fill="#222"/><text x="${lx + 20}" y="${MARGIN.top + 14}">data ± 1 se</text>`,
  );
  curves.forEach((c, i) => {
    const y = MARGIN.top + 30 + i * 18;
    out.push(
      `<line x1="${lx}" y1="${y}" x2="${lx + 16}" y2="${y}" stroke="${COLORS[i % COLORS.length]}" stroke-width="2"/><text x="${lx + 20}" y="${y + 4}">${esc(c.label)}</text>`,
    );
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

function sampleCurve(c: PlotCurve, t0: number, t1: number, logX: boolean): [number, number][] {
  const out: [number, number][] = [];
  const steps = 120;
  for (let i = 0; i <= steps; i++) {
    const t = t0 + ((t1 - t0) * i) / steps;
    const x = logX ? Math.exp(t) : t;
    out.push([t, c.f(x)]);
  }
  return out;
}

function pad(lo: number, hi: number, frac: number): [number, number] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, 1];
  if (lo === hi) return [lo - 1, hi + 1];
  const d = (hi - lo) * frac;
  return [lo - d, hi + d];
}

/** Ticks at 1, 2, 5 times powers of ten inside [lo, hi]. */
function linearTicks(lo: number, hi: number): number[] {
  const raw = (hi - lo) / 6;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(Math.abs(t) < step * 1e-9 ? 0 : t);
  return out;
}

/** Powers of 2 (spans under 3 decades) or of 10 inside [lo, hi]. */
function logTicks(lo: number, hi: number): number[] {
  const base = hi / lo < 1000 ? 2 : 10;
  const out: number[] = [];
  for (let e = Math.ceil(Math.log(lo) / Math.log(base) - 1e-9); Math.pow(base, e) <= hi * (1 + 1e-9); e++) out.push(Math.pow(base, e));
  return out;
}

function fmt(v: number): string {
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e5 || a < 1e-3) return v.toExponential(1);
  return String(Number(v.toPrecision(4)));
}

function r2(v: number): number {
  return Math.round(v * 100) / 100;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** [min, max] of the values by a loop (spreading a million of them into Math.min overflows the stack). */
function extent(values: readonly number[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}
