/**
 * An x-y figure drawn with uPlot: markers with error bars, lines, vertical markers, horizontal reference lines
 * and a shaded band; the legend shows each series' value under the cursor (hover values).
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { alignLayers } from '../../common/figures/align';
import { readVar, TONE_VAR, useThemeVersion } from './colors';
import { short } from '../../common/figures/read';
import type { Axis, XYSpec } from '../../common/figures/spec';

const HEIGHT = 220;

export const axisTitle = (a: Axis): string => `${a.label}${a.unit !== undefined ? ` (${a.unit})` : ''}`;

/** The x scale of an axis: log axes keep to the data's range (uPlot widens them to whole decades otherwise). */
function xScale(a: Axis): uPlot.Scale {
  return a.log ? { time: false, distr: 3, range: (_u, min, max) => [min, max] } : { time: false };
}

/** The y scale: the data's range widened to show the reference lines (a threshold below every point). */
function yScale(spec: XYSpec): uPlot.Scale {
  if (spec.y.log) return { distr: 3 };
  const refs = (spec.hlines ?? []).map((h) => h.y);
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
        height: HEIGHT,
        legend: { show: true, live: true },
        cursor: { drag: { x: true, y: false } },
        scales: { x: xScale(spec.x), y: yScale(spec) },
        axes: [axis(spec.x), { ...axis(spec.y), size: 60 }],
        series: [
          { label: axisTitle(spec.x), value: (_u, v) => (v == null ? '—' : short(v)) },
          ...spec.layers.map((l): uPlot.Series => {
            const stroke = color(TONE_VAR[l.tone]);
            const value = (_u: uPlot, v: number | null): string => (v == null ? '—' : short(v));
            if (l.style === 'points')
              return { label: l.label, stroke, paths: () => null, points: { show: true, size: 7, stroke, fill: stroke }, value };
            return {
              label: l.label,
              stroke,
              width: 1.75,
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
      if (Math.abs(w - plot.width) > 4) plot.setSize({ width: w, height: HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [spec, theme]);
  return <div ref={host} className="xy-plot" data-testid="xy-plot" />;
}
