/** Figures of a check kind without its own: each numeric series the evidence holds (common/figures/evidence-series.ts), as a line. */
import { findSeries } from './evidence-series';
import { wantsLog } from './kinds/growth-fit';
import type { Json } from './read';
import type { FigureSpec } from './spec';

/** At most this many generic series are drawn per check. */
const MAX_GENERIC = 2;

export function genericFigures(e: Json): FigureSpec[] {
  return findSeries(e)
    .slice(0, MAX_GENERIC)
    .map((s, i) => ({
      type: 'xy',
      id: `series-${i}`,
      title: s.label,
      caption: `The ${s.x.length} values of ${s.label} in the evidence${wantsLog(s.x) ? ' (log x)' : ''}.`,
      x: { label: 'x', log: wantsLog(s.x) },
      y: { label: s.label },
      layers: [{ label: s.label, style: 'line', tone: 1, x: s.x, y: s.y }],
    }));
}
