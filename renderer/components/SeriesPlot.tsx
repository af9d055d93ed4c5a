/**
 * A live series (a sweep's points as they are computed) drawn with uPlot while the run goes: the plot is made
 * once and each new point costs one `setData` of views of the series' typed arrays, at most once per frame.
 */
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { readVar, useThemeVersion } from '../figures/colors';
import type { LiveSeries } from '../figures/live-series';
import { short } from '../../common/figures/read';

const HEIGHT = 200;

/** Positive x spanning a factor of 32 or more reads better on a log axis (doubling sweeps). */
function wantsLogX(live: LiveSeries): boolean {
  const [x] = live.data();
  return x.length > 1 && x[0]! > 0 && x[x.length - 1]! / x[0]! >= 32;
}

/** Options of the live plot (exported for the benchmark, which draws the same plot). */
export function livePlotOptions(
  live: LiveSeries,
  width: number,
  logX: boolean,
  color: (v: Parameters<typeof readVar>[1]) => string,
): uPlot.Options {
  const axis = (label: string): uPlot.Axis => ({
    label,
    stroke: color('--plot-axis'),
    grid: { stroke: color('--plot-grid') },
    ticks: { stroke: color('--plot-grid') },
  });
  const value = (_u: uPlot, v: number | null): string => (v == null ? '—' : short(v));
  const stroke = color('--plot-line');
  return {
    width,
    height: HEIGHT,
    legend: { show: true, live: true },
    scales: { x: logX ? { time: false, distr: 3, range: (_u, min, max) => [min, max] } : { time: false } },
    axes: [axis(live.xLabel), { ...axis(live.series), size: 60 }],
    series: [
      { label: live.xLabel, value },
      // Markers only where uPlot finds them sparse enough to see (its default): a million markers cost seconds.
      { label: live.series, stroke, width: 1.5, points: { size: 6, stroke, fill: stroke }, value },
    ],
  };
}

/** One update of a live plot: draw the series' current points (views, no copy). */
export function drawLive(plot: uPlot, live: LiveSeries): void {
  plot.setData(live.data() as unknown as uPlot.AlignedData);
}

export function SeriesPlot({ live, version, title }: { live: LiveSeries; version: number; title: string }) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const theme = useThemeVersion();
  const [logX, setLogX] = useState(() => wantsLogX(live));
  useEffect(() => {
    const el = host.current;
    if (el === null) return;
    const p = new uPlot(
      livePlotOptions(live, Math.max(280, el.clientWidth || 560), logX, (v) => readVar(el, v)),
      live.data() as unknown as uPlot.AlignedData,
      el,
    );
    plot.current = p;
    return () => {
      plot.current = null;
      p.destroy();
    };
  }, [live, logX, theme]);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      if (wantsLogX(live) !== logX) setLogX(!logX);
      else if (plot.current !== null) drawLive(plot.current, live);
    });
    return () => cancelAnimationFrame(frame);
  }, [live, version, logX]);
  return (
    <figure className="check-figure live-figure" data-testid="live-series">
      <div className="figure-title">{title}</div>
      <div ref={host} className="xy-plot" />
      <figcaption className="figure-caption small muted" data-testid="live-caption">
        Live: {live.length} point{live.length === 1 ? '' : 's'} of {live.series} against {live.xLabel} so far, drawn as the sweep computes
        them
        {live.arrived > live.length ? ` (${live.arrived} arrived; every ${Math.round(live.arrived / live.length)}th kept)` : ''}.
      </figcaption>
    </figure>
  );
}
