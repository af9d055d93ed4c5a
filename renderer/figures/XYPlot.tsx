/**
 * An x-y figure drawn with uPlot: markers with error bars, lines (faint ones for a raw series under its smoothed
 * line), vertical markers, horizontal reference lines, a shaded band, and non-finite points marked at the plot's
 * edge (+Infinity a triangle up at the top, -Infinity a triangle down at the bottom, NaN a cross at the bottom);
 * the legend shows each series' value under the cursor (hover values).
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { alignLayers } from '../../common/figures/align';
import { readVar, TONE_VAR, useThemeVersion } from './colors';
import { short } from '../../common/figures/read';
import type { Axis, EdgeMark, XYSpec } from '../../common/figures/spec';

const HEIGHT = 220;

/** `color` at opacity `alpha` (hex or rgb() colours; anything else is returned as it is). */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex !== null) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
    return `rgba(${r}, ${g}, ${b}, ${alpha})`;
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(color.trim());
  return rgb !== null ? `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})` : color;
}

/** Draws one non-finite point's mark at the plot's edge (see the file's comment), `size` pixels across. */
function drawEdgeMark(ctx: CanvasRenderingContext2D, m: EdgeMark, x: number, bbox: uPlot.BBox, size: number): void {
  const h = size / 2;
  ctx.beginPath();
  if (m.kind === 'posInf') {
    const y = bbox.top + 1;
    ctx.moveTo(x, y);
    ctx.lineTo(x - h, y + size);
    ctx.lineTo(x + h, y + size);
    ctx.closePath();
    ctx.fill();
  } else if (m.kind === 'negInf') {
    const y = bbox.top + bbox.height - 1;
    ctx.moveTo(x, y);
    ctx.lineTo(x - h, y - size);
    ctx.lineTo(x + h, y - size);
    ctx.closePath();
    ctx.fill();
  } else {
    const y = bbox.top + bbox.height - 1 - h;
    ctx.moveTo(x - h, y - h);
    ctx.lineTo(x + h, y + h);
    ctx.moveTo(x - h, y + h);
    ctx.lineTo(x + h, y - h);
    ctx.stroke();
  }
}

export const axisTitle = (a: Axis): string => `${a.label}${a.unit !== undefined ? ` (${a.unit})` : ''}`;

/**
 * The x scale: an axis' own domain when the spec gives one (it covers every mark); log axes keep to the data's range
 * (uPlot widens them to whole decades otherwise); the range covers the non-finite points marked at the edge too (a
 * run may end in them).
 */
export function xScale(spec: XYSpec): uPlot.Scale {
  const domain = spec.x.domain;
  if (domain !== undefined) return { time: false, ...(spec.x.log ? { distr: 3 } : {}), range: () => [domain[0], domain[1]] };
  let mLo = Infinity;
  let mHi = -Infinity;
  for (const m of spec.edgeMarks ?? []) {
    if (spec.x.log && m.x <= 0) continue;
    mLo = Math.min(mLo, m.x);
    mHi = Math.max(mHi, m.x);
  }
  const cover = (min: number | null, max: number | null): uPlot.Range.MinMax => {
    if (mLo > mHi) return [min, max];
    const lo = Math.min(min ?? Infinity, mLo);
    const hi = Math.max(max ?? -Infinity, mHi);
    return lo === hi ? [lo - 1, hi + 1] : [lo, hi];
  };
  if (spec.x.log) return { time: false, distr: 3, range: (_u, min, max) => cover(min, max) };
  return mLo <= mHi ? { time: false, range: (_u, min, max) => cover(min, max) } : { time: false };
}

/**
 * The y scale: the data's range widened to show the reference lines (a threshold below every point) and the error
 * bars' ends (uPlot's own range knows only the points).
 */
export function yScale(spec: XYSpec): uPlot.Scale {
  if (spec.y.log) return { distr: 3 };
  const refs = (spec.hlines ?? []).map((h) => h.y);
  for (const l of spec.layers)
    l.err?.forEach((e, i) => {
      const y = l.y[i];
      if (y !== undefined && Number.isFinite(y) && Number.isFinite(e) && e > 0) refs.push(y - e, y + e);
    });
  if (refs.length === 0) return {};
  return {
    range: (_u, min, max) => {
      const lo = Math.min(min, ...refs);
      const hi = Math.max(max, ...refs);
      const pad = 0.08 * (hi - lo || 1);
      return [lo - pad, hi + pad];
    },
  };
}

/** The x axis' own ticks and their labels when the spec gives them (whole seed positions), uPlot's otherwise. */
export function xTicks(spec: XYSpec): Pick<uPlot.Axis, 'splits' | 'values'> {
  const ticks = spec.x.ticks;
  if (ticks === undefined) return {};
  return {
    splits: () => ticks.map((t) => t.value),
    values: (_u, splits) => splits.map((v) => ticks.find((t) => t.value === v)?.label ?? short(v)),
  };
}

/** Draws what uPlot has no series for: the band (under the series), error bars, markers and reference lines. */
function overlays(
  spec: XYSpec,
  errs: ReturnType<typeof alignLayers>['errs'],
  color: (v: Parameters<typeof readVar>[1]) => string,
): uPlot.Plugin {
  const px = (u: uPlot, v: number, axis: 'x' | 'y'): number => u.valToPos(v, axis, true);
  return {
    hooks: {
      drawClear: [
        (u) => {
          if (spec.band === undefined) return;
          const { ctx, bbox } = u;
          const x0 = Math.max(bbox.left, px(u, spec.band.from, 'x'));
          const x1 = spec.band.to !== undefined ? Math.min(bbox.left + bbox.width, px(u, spec.band.to, 'x')) : bbox.left + bbox.width;
          ctx.save();
          ctx.fillStyle = color('--plot-band');
          ctx.fillRect(x0, bbox.top, Math.max(0, x1 - x0), bbox.height);
          ctx.restore();
        },
      ],
      draw: [
        (u) => {
          const { ctx, bbox } = u;
          const dpr = devicePixelRatio || 1;
          ctx.save();
          ctx.beginPath();
          ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
          ctx.clip();
          errs.forEach((err, li) => {
            if (err === null) return;
            const ys = u.data[li + 1] as (number | null)[];
            ctx.strokeStyle = color(TONE_VAR[spec.layers[li]!.tone]);
            ctx.lineWidth = dpr;
            ctx.beginPath();
            for (let i = 0; i < err.length; i++) {
              const y = ys[i];
              const e = err[i];
              if (y == null || e == null || e === 0) continue;
              const x = px(u, u.data[0][i]!, 'x');
              const top = px(u, y + e, 'y');
              const bottom = px(u, y - e, 'y');
              ctx.moveTo(x, top);
              ctx.lineTo(x, bottom);
              ctx.moveTo(x - 3 * dpr, top);
              ctx.lineTo(x + 3 * dpr, top);
              ctx.moveTo(x - 3 * dpr, bottom);
              ctx.lineTo(x + 3 * dpr, bottom);
            }
            ctx.stroke();
          });
          ctx.font = `${11 * dpr}px sans-serif`;
          // uPlot leaves its axis labels' alignment on the context.
          ctx.textAlign = 'left';
          ctx.textBaseline = 'alphabetic';
          ctx.setLineDash([4 * dpr, 3 * dpr]);
          for (const h of spec.hlines ?? []) {
            const y = px(u, h.y, 'y');
            ctx.strokeStyle = color('--plot-axis');
            ctx.beginPath();
            ctx.moveTo(bbox.left, y);
            ctx.lineTo(bbox.left + bbox.width, y);
            ctx.stroke();
            ctx.fillStyle = color('--plot-axis');
            ctx.fillText(h.label, bbox.left + 4 * dpr, y - 3 * dpr);
          }
          (spec.markers ?? []).forEach((m, i) => {
            const x = px(u, m.x, 'x');
            ctx.strokeStyle = color(TONE_VAR[m.tone]);
            ctx.beginPath();
            ctx.moveTo(x, bbox.top);
            ctx.lineTo(x, bbox.top + bbox.height);
            ctx.stroke();
            ctx.fillStyle = color(TONE_VAR[m.tone]);
            // Labels of markers in the right half go to their left.
            const left = x > bbox.left + bbox.width / 2 ? x - 4 * dpr - ctx.measureText(m.label).width : x + 4 * dpr;
            ctx.fillText(m.label, left, bbox.top + (12 + 13 * i) * dpr);
          });
          ctx.setLineDash([]);
          ctx.lineWidth = 1.5 * dpr;
          for (const m of spec.edgeMarks ?? []) {
            const x = px(u, m.x, 'x');
            if (x < bbox.left - 1 || x > bbox.left + bbox.width + 1) continue;
            ctx.fillStyle = color(TONE_VAR[m.tone]);
            ctx.strokeStyle = color(TONE_VAR[m.tone]);
            drawEdgeMark(ctx, m, x, bbox, 7 * dpr);
          }
          ctx.restore();
        },
      ],
    },
  };
}

/**
 * Gives each of uPlot's legend labels under `root` its whole series label as a title (the CSS cuts a long one with
 * an ellipsis). `labels` are the series' labels in uPlot's order (the x series first).
 */
function titleLegendLabels(root: ParentNode, labels: readonly string[]): void {
  root.querySelectorAll('.u-legend .u-series').forEach((row, i) => {
    const label = row.querySelector('.u-label');
    const title = labels[i];
    if (label !== null && title !== undefined) label.setAttribute('title', title);
  });
}

export function XYPlot({ spec }: { spec: XYSpec }) {
  const host = useRef<HTMLDivElement>(null);
  const theme = useThemeVersion();
  useEffect(() => {
    const el = host.current;
    if (el === null) return;
    const color = (v: Parameters<typeof readVar>[1]): string => readVar(el, v);
    const aligned = alignLayers(spec.layers);
    const axis = (a: Axis): uPlot.Axis => ({
      label: axisTitle(a),
      stroke: color('--plot-axis'),
      grid: { stroke: color('--plot-grid') },
      ticks: { stroke: color('--plot-grid') },
    });
    const width = Math.max(280, el.clientWidth || 560);
    const plot = new uPlot(
      {
        width,
        height: spec.height ?? HEIGHT,
        legend: { show: true, live: true },
        cursor: { drag: { x: true, y: false } },
        scales: { x: xScale(spec), y: yScale(spec) },
        axes: [
          { ...axis(spec.x), ...xTicks(spec) },
          { ...axis(spec.y), size: 60 },
        ],
        series: [
          { label: axisTitle(spec.x), value: (_u, v) => (v == null ? '—' : (spec.x.ticks?.find((t) => t.value === v)?.label ?? short(v))) },
          ...spec.layers.map((l): uPlot.Series => {
            const stroke = l.faint ? withAlpha(color(TONE_VAR[l.tone]), 0.3) : color(TONE_VAR[l.tone]);
            const value = (_u: uPlot, v: number | null): string => (v == null ? '—' : short(v));
            if (l.style === 'points')
              return { label: l.label, stroke, paths: () => null, points: { show: true, size: 7, stroke, fill: stroke }, value };
            return {
              label: l.label,
              stroke,
              width: l.faint ? 1 : 1.75,
              spanGaps: true,
              ...(l.dash ? { dash: [6, 4] } : {}),
              points: { show: l.x.length <= 40 },
              value,
            };
          }),
        ],
        plugins: [overlays(spec, aligned.errs, color)],
      },
      [aligned.x, ...aligned.ys] as uPlot.AlignedData,
      el,
    );
    // Long series names are cut by the CSS (an ellipsis); the whole name is each label's title.
    titleLegendLabels(el, [axisTitle(spec.x), ...spec.layers.map((l) => l.label)]);
    const resize = new ResizeObserver(() => {
      const w = Math.max(280, el.clientWidth);
      if (Math.abs(w - plot.width) > 4) plot.setSize({ width: w, height: spec.height ?? HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [spec, theme]);
  return <div ref={host} className="xy-plot" data-testid="xy-plot" />;
}
