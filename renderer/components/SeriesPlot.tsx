/** A small uPlot line chart of one evidence series (drawn only when the evidence carries one). */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Series } from '../lib/evidence';

/** Sweeps over doubling sizes read better on a log axis: positive x spanning a factor of 32 or more. */
function wantsLogX(xs: number[]): boolean {
  return xs.length > 0 && xs.every((x) => x > 0) && Math.max(...xs) / Math.min(...xs) >= 32;
}

export function SeriesPlot({ series }: { series: Series }) {
  const host = useRef<HTMLDivElement>(null);
  const logX = wantsLogX(series.x);
  useEffect(() => {
    const el = host.current;
    if (el === null) return;
    const width = Math.max(240, Math.min(560, el.clientWidth || 480));
    const plot = new uPlot(
      {
        width,
        height: 160,
        legend: { show: false },
        cursor: { drag: { x: true, y: false } },
        // Keep the x axis to the data's range (uPlot widens log axes to whole decades otherwise).
        scales: { x: logX ? { time: false, distr: 3, range: (_u, min, max) => [min, max] } : { time: false } },
        axes: [{ stroke: '#5b6673', grid: { stroke: '#eef0f3' } }, { stroke: '#5b6673', grid: { stroke: '#eef0f3' }, size: 56 }],
        series: [{}, { label: series.label, stroke: '#2f5fb3', width: 1.5, points: { show: series.x.length <= 60 } }],
      },
      [series.x, series.y],
      el,
    );
    return () => plot.destroy();
  }, [series, logX]);
  return (
    <figure className="series-plot">
      <figcaption className="mono small muted">
        {series.label} ({series.x.length} points{logX ? ', log x' : ''})
      </figcaption>
      <div ref={host} />
    </figure>
  );
}
