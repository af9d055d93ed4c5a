/**
 * A grouped bar figure in SVG: one group per category, one bar per series, a value axis (linear or log) with its
 * unit, optional whiskers over the bars (a series' intervals) and reference lines; hovering a bar shows its value.
 */
import { useState } from 'react';
import { cssVar, TONE_VAR } from './colors';
import { logTicks, niceTicks, scale } from '../../common/figures/geometry';
import { legendText } from './legend';
import { short } from '../../common/figures/read';
import type { BarSpec } from '../../common/figures/spec';
import { axisTitle } from './XYPlot';

const W = 560;
const H = 230;
const M = { left: 64, right: 12, top: 12, bottom: 40 };

export function BarChart({ spec }: { spec: BarSpec }) {
  const [hover, setHover] = useState<string | null>(null);
  const ends = spec.series.flatMap((s) => (s.intervals ?? []).flatMap((iv) => iv ?? []));
  const values = [...spec.series.flatMap((s) => s.values), ...ends].filter((v): v is number => v !== null && Number.isFinite(v));
  const refs = (spec.refs ?? []).map((r) => r.value);
  const log = spec.value.log === true;
  const all = [...values, ...refs];
  const positive = all.filter((v) => v > 0);
  // A log axis floors at a tenth of the smallest positive value; a zero is drawn at the floor.
  const lo = log ? (positive.length > 0 ? Math.min(...positive) / 10 : 1e-16) : Math.min(0, ...all);
  const hi = log ? (positive.length > 0 ? Math.max(...positive) * 2 : 1) : Math.max(0, ...all) * 1.1 || 1;
  const all10 = log ? logTicks(lo, hi) : niceTicks(lo, hi, 5);
  const d0 = log ? all10[0]! : Math.min(lo, all10[0]!);
  const d1 = log ? all10[all10.length - 1]! : Math.max(hi, all10[all10.length - 1]!);
  // At most about seven labelled ticks (a log axis over 15 decades labels every third).
  const every = Math.ceil(all10.length / 7);
  const ticks = all10.filter((_, i) => i % every === 0);
  const y = scale(d0, d1, H - M.bottom, M.top, log);
  const base = y(log ? d0 : 0);
  const groupW = (W - M.left - M.right) / spec.categories.length;
  const barW = Math.min(36, (groupW * 0.8) / spec.series.length);
  return (
    <div className="bar-chart" data-testid="bar-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={spec.title}>
        {ticks.map((t) => (
          <g key={t} className="axis-tick">
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} stroke={cssVar('--plot-grid')} />
            <text x={M.left - 6} y={y(t) + 4} textAnchor="end" fill={cssVar('--plot-axis')} fontSize="11">
              {short(t)}
            </text>
          </g>
        ))}
        <text
          transform={`translate(14 ${(H - M.bottom + M.top) / 2}) rotate(-90)`}
          textAnchor="middle"
          fill={cssVar('--plot-axis')}
          fontSize="11"
          className="axis-label"
        >
          {axisTitle(spec.value)}
        </text>
        {spec.categories.map((c, ci) => {
          const gx = M.left + ci * groupW + (groupW - barW * spec.series.length) / 2;
          return (
            <g key={c}>
              {spec.series.map((s, si) => {
                const v = s.values[ci];
                if (v === null || v === undefined) return null;
                const top = y(log ? Math.max(v, d0) : v);
                const id = `${s.label}|${c}`;
                const iv = s.intervals?.[ci] ?? null;
                return (
                  <g key={s.label}>
                    <rect
                      x={gx + si * barW}
                      y={Math.min(top, base)}
                      width={barW - 2}
                      height={Math.max(1, Math.abs(base - top))}
                      fill={cssVar(TONE_VAR[s.tone])}
                      opacity={hover === null || hover === id ? 1 : 0.55}
                      onMouseEnter={() => setHover(id)}
                      onMouseLeave={() => setHover(null)}
                      data-testid="bar"
                    >
                      <title>{`${c}, ${s.label}: ${valueText(spec, v, iv)}`}</title>
                    </rect>
                    {iv !== null ? (
                      <Whisker
                        x={gx + si * barW + (barW - 2) / 2}
                        y0={y(log ? Math.max(iv[0], d0) : iv[0])}
                        y1={y(log ? Math.max(iv[1], d0) : iv[1])}
                        half={Math.min(5, (barW - 2) / 3)}
                      />
                    ) : null}
                  </g>
                );
              })}
              <text
                x={M.left + ci * groupW + groupW / 2}
                y={H - M.bottom + 16}
                textAnchor="middle"
                fill={cssVar('--plot-axis')}
                fontSize="12"
                className="axis-category"
              >
                {c}
              </text>
            </g>
          );
        })}
        {(spec.refs ?? []).map((r) => (
          <g key={r.label}>
            <line x1={M.left} x2={W - M.right} y1={y(r.value)} y2={y(r.value)} stroke={cssVar('--plot-axis')} strokeDasharray="5 4" />
            <text x={W - M.right - 4} y={y(r.value) - 4} textAnchor="end" fill={cssVar('--plot-axis')} fontSize="11">
              {r.label}
            </text>
          </g>
        ))}
        <line x1={M.left} x2={W - M.right} y1={base} y2={base} stroke={cssVar('--plot-axis')} />
        <line x1={M.left} x2={M.left} y1={M.top} y2={H - M.bottom} stroke={cssVar('--plot-axis')} />
      </svg>
      <div className="figure-legend small">
        {spec.series.map((s) => {
          const { text, title } = legendText(s.label);
          return (
            <span key={s.label} className="legend-item" title={title} data-testid="legend-item">
              <span className="legend-swatch" style={{ background: cssVar(TONE_VAR[s.tone]) }} /> {text}
            </span>
          );
        })}
        {spec.interval !== undefined ? (
          <span className="legend-item" data-testid="interval-legend" title={spec.interval}>
            <svg width="12" height="12" aria-hidden="true">
              <Whisker x={6} y0={11} y1={1} half={4} />
            </svg>{' '}
            {legendText(spec.interval).text}
          </span>
        ) : null}
        <span className="hover-value mono" data-testid="hover-value">
          {hover !== null ? hoverText(spec, hover) : 'hover a bar for its value'}
        </span>
      </div>
    </div>
  );
}

/** An interval's whisker: a vertical line from y0 to y1 with caps, in the axis colour. */
function Whisker({ x, y0, y1, half }: { x: number; y0: number; y1: number; half: number }) {
  const stroke = cssVar('--plot-axis');
  return (
    <g className="bar-interval" data-testid="bar-interval" stroke={stroke} strokeWidth="1.5" pointerEvents="none">
      <line x1={x} x2={x} y1={y0} y2={y1} />
      <line x1={x - half} x2={x + half} y1={y0} y2={y0} />
      <line x1={x - half} x2={x + half} y1={y1} y2={y1} />
    </g>
  );
}

/** "100 % (74.1 to 100)": the value with its unit, and its interval when it has one. */
function valueText(spec: BarSpec, v: number, iv: readonly [number, number] | null): string {
  const unit = spec.value.unit !== undefined ? ` ${spec.value.unit}` : '';
  return `${short(v)}${unit}${iv !== null ? ` (${spec.interval ?? 'interval'} ${short(iv[0])} to ${short(iv[1])})` : ''}`;
}

function hoverText(spec: BarSpec, id: string): string {
  const [label, cat] = id.split('|') as [string, string];
  const s = spec.series.find((x) => x.label === label);
  const i = spec.categories.indexOf(cat);
  const v = s?.values[i];
  return v === null || v === undefined ? '' : `${cat} · ${label}: ${valueText(spec, v, s?.intervals?.[i] ?? null)}`;
}
