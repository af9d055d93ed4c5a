/**
 * The fw-attention particles and their convex hull at one recorded step, exact against float64, in SVG: a
 * slider picks the step (it opens at the exit), axes are rescaled to each step, the origin is a cross;
 * hovering a particle shows its coordinates.
 */
import { useState } from 'react';
import { cssVar } from './colors';
import { convexHull, niceTicks, scale } from '../../common/figures/geometry';
import { short } from '../../common/figures/read';
import type { HullFrame, HullSpec } from '../../common/figures/spec';

const W = 420;
const H = 300;
const M = { left: 56, right: 12, top: 12, bottom: 34 };

function bounds(f: HullFrame): [number, number, number, number] {
  const pts = [...(f.exact ?? []), ...(f.float64 ?? []), [0, 0]];
  let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const p of pts) {
    x0 = Math.min(x0, p[0]!);
    x1 = Math.max(x1, p[0]!);
    y0 = Math.min(y0, p[1]!);
    y1 = Math.max(y1, p[1]!);
  }
  const pad = 0.08 * Math.max(x1 - x0, y1 - y0, 1e-300);
  return [x0 - pad, x1 + pad, y0 - pad, y1 + pad];
}

export function HullDiagram({ spec }: { spec: HullSpec }) {
  const [index, setIndex] = useState(spec.start);
  const [hover, setHover] = useState<string | null>(null);
  const frame = spec.frames[Math.min(index, spec.frames.length - 1)]!;
  const [x0, x1, y0, y1] = bounds(frame);
  // Equal units on both axes, so the hull keeps its shape.
  const span = Math.max(x1 - x0, ((y1 - y0) * (W - M.left - M.right)) / (H - M.top - M.bottom));
  const cx = (x0 + x1) / 2;
  const spanY = (span * (H - M.top - M.bottom)) / (W - M.left - M.right);
  const cy = (y0 + y1) / 2;
  const sx = scale(cx - span / 2, cx + span / 2, M.left, W - M.right);
  const sy = scale(cy - spanY / 2, cy + spanY / 2, H - M.bottom, M.top);
  const xt = niceTicks(cx - span / 2, cx + span / 2, 5);
  const yt = niceTicks(cy - spanY / 2, cy + spanY / 2, 4);
  const poly = (pts: number[][]): string =>
    convexHull(pts)
      .map((p) => `${sx(p[0])},${sy(p[1])}`)
      .join(' ');
  const note = [frame.t === spec.exactExit ? 'exact exit' : null, frame.t === spec.float64Exit ? 'float64 exit' : null]
    .filter((s) => s !== null)
    .join(', ');
  return (
    <div className="hull-diagram" data-testid="hull-diagram">
      <div className="hull-controls small">
        <label>
          step{' '}
          <input
            type="range"
            min={0}
            max={spec.frames.length - 1}
            value={index}
            onChange={(ev) => setIndex(Number(ev.target.value))}
            aria-label="step of the run"
          />
        </label>{' '}
        <span className="mono" data-testid="hull-step">
          t = {frame.t}
          {note !== '' ? ` (${note})` : ''}
        </span>
        {spec.exactExit !== null && spec.frames.some((f) => f.t === spec.exactExit) ? (
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => setIndex(spec.frames.findIndex((f) => f.t === spec.exactExit))}
          >
            exact exit
          </button>
        ) : null}
        {spec.float64Exit !== null && spec.float64Exit !== spec.exactExit && spec.frames.some((f) => f.t === spec.float64Exit) ? (
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => setIndex(spec.frames.findIndex((f) => f.t === spec.float64Exit))}
          >
            float64 exit
          </button>
        ) : null}
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${spec.title}, step ${frame.t}`}>
        {xt.map((t) => (
          <g key={`x${t}`}>
            <line x1={sx(t)} x2={sx(t)} y1={M.top} y2={H - M.bottom} stroke={cssVar('--plot-grid')} />
            <text x={sx(t)} y={H - M.bottom + 14} textAnchor="middle" fill={cssVar('--plot-axis')} fontSize="10">
              {short(t)}
            </text>
          </g>
        ))}
        {yt.map((t) => (
          <g key={`y${t}`}>
            <line x1={M.left} x2={W - M.right} y1={sy(t)} y2={sy(t)} stroke={cssVar('--plot-grid')} />
            <text x={M.left - 5} y={sy(t) + 3} textAnchor="end" fill={cssVar('--plot-axis')} fontSize="10">
              {short(t)}
            </text>
          </g>
        ))}
        <text
          x={(M.left + W - M.right) / 2}
          y={H - 4}
          textAnchor="middle"
          fill={cssVar('--plot-axis')}
          fontSize="11"
          className="axis-label"
        >
          x₁
        </text>
        <text
          transform={`translate(12 ${(H - M.bottom + M.top) / 2}) rotate(-90)`}
          textAnchor="middle"
          fill={cssVar('--plot-axis')}
          fontSize="11"
          className="axis-label"
        >
          x₂
        </text>
        {frame.exact !== null ? (
          <polygon points={poly(frame.exact)} fill={cssVar('--plot-band')} stroke={cssVar('--plot-line')} strokeWidth={1.5} />
        ) : null}
        {frame.float64 !== null ? (
          <polygon points={poly(frame.float64)} fill="none" stroke={cssVar('--plot-line-2')} strokeWidth={1.5} strokeDasharray="5 4" />
        ) : null}
        <g stroke={cssVar('--plot-line-3')} strokeWidth={2}>
          <line x1={sx(0) - 6} x2={sx(0) + 6} y1={sy(0) - 6} y2={sy(0) + 6} />
          <line x1={sx(0) - 6} x2={sx(0) + 6} y1={sy(0) + 6} y2={sy(0) - 6} />
        </g>
        {(['exact', 'float64'] as const).flatMap((run) =>
          (frame[run] ?? []).map((p, i) => {
            const id = `${run} particle ${i + 1}: (${p.map((v) => short(v)).join(', ')})`;
            return (
              <circle
                key={`${run}${i}`}
                cx={sx(p[0]!)}
                cy={sy(p[1]!)}
                r={run === 'exact' ? 4.5 : 7}
                fill={run === 'exact' ? cssVar('--plot-line') : 'none'}
                stroke={run === 'exact' ? 'none' : cssVar('--plot-line-2')}
                strokeWidth={1.5}
                onMouseEnter={() => setHover(id)}
                onMouseLeave={() => setHover(null)}
                data-testid="particle"
              >
                <title>{id}</title>
              </circle>
            );
          }),
        )}
      </svg>
      <div className="figure-legend small">
        <span className="legend-item">
          <span className="legend-swatch" style={{ background: cssVar('--plot-line') }} /> exact
        </span>
        <span className="legend-item">
          <span className="legend-swatch legend-ring" style={{ borderColor: cssVar('--plot-line-2') }} /> float64
        </span>
        <span className="legend-item">
          <span className="legend-swatch" style={{ background: cssVar('--plot-line-3') }} /> origin
        </span>
        <span className="hover-value mono" data-testid="hover-value">
          {hover ?? 'hover a particle for its coordinates'}
        </span>
      </div>
    </div>
  );
}
