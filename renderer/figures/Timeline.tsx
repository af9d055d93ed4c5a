/** A step timeline in SVG: an axis from step 0 to the horizon, shaded ranges and labelled marks (marks at one step share a label); hovering a mark shows it. */
import { useState } from 'react';
import { cssVar, TONE_VAR } from './colors';
import { niceTicks, scale } from '../../common/figures/geometry';
import type { TimelineSpec } from '../../common/figures/spec';

const W = 560;
const H = 118;
const M = { left: 16, right: 16 };
const AXIS_Y = 78;

export function Timeline({ spec }: { spec: TimelineSpec }) {
  const [hover, setHover] = useState<number | null>(null);
  const x = scale(0, spec.horizon, M.left, W - M.right);
  const ticks = niceTicks(0, spec.horizon, 6);
  const steps = [...new Set(spec.marks.map((m) => m.t))].sort((a, b) => a - b);
  return (
    <div className="timeline" data-testid="timeline">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={spec.title}>
        {spec.ranges.map((r) => (
          <g key={r.label}>
            <rect
              x={x(r.from)}
              y={AXIS_Y - 26}
              width={Math.max(1, x(r.to) - x(r.from))}
              height={26}
              fill={cssVar('--plot-band')}
              stroke={cssVar(TONE_VAR[r.tone])}
              strokeDasharray="3 3"
            />
            <text x={x(r.from) + 4} y={AXIS_Y - 14} fill={cssVar('--plot-axis')} fontSize="11">
              {r.label}
            </text>
          </g>
        ))}
        <line x1={M.left} x2={W - M.right} y1={AXIS_Y} y2={AXIS_Y} stroke={cssVar('--plot-axis')} />
        {ticks.map((t) => (
          <g key={t}>
            <line x1={x(t)} x2={x(t)} y1={AXIS_Y} y2={AXIS_Y + 5} stroke={cssVar('--plot-axis')} />
            <text x={x(t)} y={AXIS_Y + 17} textAnchor="middle" fill={cssVar('--plot-axis')} fontSize="11">
              {t}
            </text>
          </g>
        ))}
        <text x={W - M.right} y={H - 4} textAnchor="end" fill={cssVar('--plot-axis')} fontSize="11" className="axis-label">
          {spec.unit}
        </text>
        {steps.map((t, i) => {
          const here = spec.marks.filter((m) => m.t === t);
          const tone = here[0]!.tone;
          const label = `${here.map((m) => m.label).join(', ')}: ${t}`;
          const right = x(t) > W / 2;
          return (
            <g key={t} onMouseEnter={() => setHover(t)} onMouseLeave={() => setHover(null)} data-testid="timeline-mark">
              <line
                x1={x(t)}
                x2={x(t)}
                y1={10 + 14 * (i % 3)}
                y2={AXIS_Y}
                stroke={cssVar(TONE_VAR[tone])}
                strokeWidth={hover === t ? 3 : 2}
              />
              <circle cx={x(t)} cy={AXIS_Y} r={4} fill={cssVar(TONE_VAR[tone])} />
              <rect x={x(t) - 7} y={6} width={14} height={AXIS_Y} fill="transparent" data-testid="timeline-hit" />
              <text
                x={x(t) + (right ? -5 : 5)}
                y={20 + 14 * (i % 3)}
                textAnchor={right ? 'end' : 'start'}
                fill={cssVar(TONE_VAR[tone])}
                fontSize="11"
              >
                {label}
              </text>
              <title>{label}</title>
            </g>
          );
        })}
      </svg>
      <div className="figure-legend small">
        <span className="hover-value mono" data-testid="hover-value">
          {hover !== null
            ? `step ${hover}: ${spec.marks
                .filter((m) => m.t === hover)
                .map((m) => m.label)
                .join(', ')}`
            : 'hover a mark for its step'}
        </span>
      </div>
    </div>
  );
}
