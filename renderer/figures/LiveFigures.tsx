/** The live series of a running run (sweeps' points as they arrive), one plot each, until their check has finished. */
import type { RunState } from '../lib/run-state';
import { SeriesPlot } from '../components/SeriesPlot';

export function LiveFigures({ run }: { run: RunState | undefined }) {
  if (run === undefined || run.status !== 'running' || run.series === undefined) return null;
  const finished = new Set(run.results.map((r) => JSON.stringify([r.falsificationId, r.checkId])));
  const going = Object.entries(run.series).filter(([key]) => {
    const [fid, checkId] = JSON.parse(key) as [string, string, string];
    return !finished.has(JSON.stringify([fid, checkId]));
  });
  if (going.length === 0) return null;
  return (
    <section className="live-figures" data-testid="live-figures" aria-label="Live series">
      {going.map(([key, live]) => {
        const [fid, checkId] = JSON.parse(key) as [string, string, string];
        return (
          <SeriesPlot
            key={key}
            live={live}
            version={run.seriesVersion ?? 0}
            title={`${fid} · ${checkId}: ${live.series} against ${live.xLabel} (running)`}
          />
        );
      })}
    </section>
  );
}
