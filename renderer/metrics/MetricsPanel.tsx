/**
 * The case's Trackio metrics, plotted (the checks dock's Metrics tab): pick a metrics file of the case, its runs
 * and metric keys; the series are overlaid on the step axis, smoothed by a debiased EMA of a stated weight (raw
 * faint), on a linear or log y axis, with every NaN, +Infinity and -Infinity point marked at the plot's edge and
 * listed by step below (common/figures/metrics-plot.ts). Every number comes from the file, read by the core.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { RecheckApi } from '../../common/api/contract';
import type { MetricsSeriesView, MetricsSourceView } from '../../common/api/metrics';
import { MAX_SMOOTHING, metricsPlotSpec, stepsPhrase, type NonFiniteSteps } from '../../common/figures/metrics-plot';
import { XYPlot } from '../figures/XYPlot';
import { TONE_VAR, cssVar } from '../figures/colors';
import { firstChoice, keysOf, seriesPicks, toggled, type MetricsChoice } from './selection';
import './metrics.css';

/** TensorBoard's default smoothing weight. */
const DEFAULT_SMOOTHING = 0.6;
/** Room under the plot's canvas for its legend (two lines) and caption. */
const BELOW_PLOT = 64;

/** The plot's height for a panel `px` tall: what the panel leaves under the legend and caption, within bounds. */
export const plotHeightFor = (px: number): number => Math.max(200, Math.min(520, Math.round(px - BELOW_PLOT)));

/** The height of the element `ref` points to, followed as it is resized (the dock's splitter). */
function useHeight(ref: RefObject<HTMLElement | null>, ready: boolean): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (el === null) return;
    setHeight(el.clientHeight);
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, ready]);
  return height;
}

export function MetricsPanel({ api, caseId }: { api: RecheckApi; caseId: string }) {
  const [sources, setSources] = useState<MetricsSourceView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [path, setPath] = useState<string | null>(null);
  const [choice, setChoice] = useState<MetricsChoice>({ runs: [], keys: [] });
  const [smoothing, setSmoothing] = useState(DEFAULT_SMOOTHING);
  const [logY, setLogY] = useState(false);
  const [series, setSeries] = useState<MetricsSeriesView[] | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelHeight = useHeight(panel, sources !== null && sources.length > 0);

  useEffect(() => {
    let live = true;
    setSources(null);
    setError(null);
    api.listMetricsSources(caseId).then(
      (s) => {
        if (!live) return;
        setSources(s);
        const first = s.find((x) => x.runs.length > 0);
        setPath(first?.path ?? null);
        setChoice(first !== undefined ? firstChoice(first) : { runs: [], keys: [] });
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [api, caseId]);

  const source = sources?.find((s) => s.path === path) ?? null;
  const picks = useMemo(() => (source !== null ? seriesPicks(source, choice) : []), [source, choice]);
  useEffect(() => {
    if (source === null || picks.length === 0) {
      setSeries([]);
      return;
    }
    let live = true;
    setSeries(null);
    api.readMetricsSeries(caseId, source.path, picks).then(
      (s) => live && setSeries(s),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [api, caseId, source, picks]);

  const height = panelHeight !== null ? plotHeightFor(panelHeight) : null;
  const plot = useMemo(() => {
    if (series === null || series.length === 0) return null;
    const p = metricsPlotSpec(series, { smoothing, logY });
    return height !== null ? { ...p, spec: { ...p.spec, height } } : p;
  }, [series, smoothing, logY, height]);

  if (error !== null)
    return (
      <div className="error-box pad" role="alert">
        {error}
      </div>
    );
  if (sources === null) return <div className="muted pad">Reading the case's metrics files…</div>;
  if (sources.length === 0)
    return (
      <div className="empty-state" data-testid="metrics-none">
        No Trackio metrics file in this case (a project's <span className="mono">.db</span> or a{' '}
        <span className="mono">metrics.parquet</span> export).
      </div>
    );
  const openSource = (p: string) => {
    const s = sources.find((x) => x.path === p);
    setPath(p);
    setChoice(s !== undefined ? firstChoice(s) : { runs: [], keys: [] });
  };
  return (
    <div className="metrics-panel" data-testid="metrics-panel" ref={panel}>
      <div className="metrics-controls">
        <label className="metrics-field">
          <span>File</span>
          <select value={path ?? ''} onChange={(e) => openSource(e.target.value)} data-testid="metrics-source">
            {sources.map((s) => (
              <option key={s.path} value={s.path}>
                {s.path}
                {s.error !== undefined ? ' (unreadable)' : ''}
              </option>
            ))}
          </select>
        </label>
        {source?.error !== undefined ? <div className="error-text">{source.error}</div> : null}
        {source !== null && source.error === undefined ? (
          <>
            <fieldset className="metrics-group" data-testid="metrics-runs">
              <legend>Runs</legend>
              {source.runs.map((r) => (
                <label key={r.id} className="checkbox-label" title={`run id ${r.id}`}>
                  <input
                    type="checkbox"
                    checked={choice.runs.includes(r.id)}
                    onChange={(e) => setChoice((c) => ({ ...c, runs: toggled(c.runs, r.id, e.target.checked) }))}
                  />
                  <span>{r.name}</span>
                  <span className="muted small">
                    {r.rows} rows{r.lastStep !== null ? `, last step ${r.lastStep}` : ''}
                    {r.createdAt !== null ? `, ${r.createdAt.slice(0, 16).replace('T', ' ')}` : ''}
                  </span>
                </label>
              ))}
            </fieldset>
            <fieldset className="metrics-group" data-testid="metrics-keys">
              <legend>Metrics</legend>
              {keysOf(source).map((k) => (
                <label key={k.key} className="checkbox-label">
                  <input
                    type="checkbox"
                    checked={choice.keys.includes(k.key)}
                    onChange={(e) => setChoice((c) => ({ ...c, keys: toggled(c.keys, k.key, e.target.checked) }))}
                  />
                  <span className="mono">{k.key}</span>
                  <span className="muted small">
                    {k.points} points{k.nonFinite > 0 ? `, ${k.nonFinite} non-finite` : ''}
                  </span>
                </label>
              ))}
            </fieldset>
            <label className="metrics-field">
              <span>
                Smoothing: EMA weight <output data-testid="metrics-smoothing-value">{smoothing.toFixed(2)}</output>
              </span>
              <input
                type="range"
                min={0}
                max={MAX_SMOOTHING}
                step={0.01}
                value={smoothing}
                onChange={(e) => setSmoothing(Number(e.target.value))}
                data-testid="metrics-smoothing"
              />
            </label>
            <fieldset className="metrics-group metrics-scale">
              <legend>y axis</legend>
              <label className="checkbox-label">
                <input
                  type="radio"
                  name={`metrics-y-${caseId}`}
                  checked={!logY}
                  onChange={() => setLogY(false)}
                  data-testid="metrics-linear"
                />
                linear
              </label>
              <label className="checkbox-label">
                <input type="radio" name={`metrics-y-${caseId}`} checked={logY} onChange={() => setLogY(true)} data-testid="metrics-log" />
                log
              </label>
            </fieldset>
            {source.notes.map((n) => (
              <div key={n} className="muted small">
                {n}
              </div>
            ))}
          </>
        ) : null}
      </div>
      <div className="metrics-figure" tabIndex={0} role="region" aria-label="Metrics plot and non-finite points">
        {series === null ? <div className="muted pad">Reading the series…</div> : null}
        {series !== null && plot === null ? <div className="empty-state">Pick at least one run and one metric.</div> : null}
        {plot !== null ? (
          <figure className="metrics-plot" data-testid="metrics-plot" aria-label={`Plot of ${plot.spec.title}`}>
            <XYPlot spec={plot.spec} />
            <figcaption className="figure-caption" data-testid="metrics-caption">
              {plot.spec.caption}
            </figcaption>
            {plot.nonFinite.length > 0 ? <NonFiniteList items={plot.nonFinite} /> : null}
            {series
              ?.flatMap((s) => s.notes.map((n) => `${s.runName} · ${s.key}: ${n}`))
              .map((n) => (
                <div key={n} className="muted small">
                  {n}
                </div>
              ))}
          </figure>
        ) : null}
      </div>
    </div>
  );
}

const MARK: Record<'posInf' | 'negInf' | 'nan', { glyph: string; word: string; where: string }> = {
  posInf: { glyph: '▲', word: '+Infinity', where: 'top edge' },
  negInf: { glyph: '▼', word: '-Infinity', where: 'bottom edge' },
  nan: { glyph: '✕', word: 'NaN', where: 'bottom edge' },
};

/** The non-finite points of each series, by kind, with their steps (the marks' key). */
function NonFiniteList({ items }: { items: readonly NonFiniteSteps[] }) {
  return (
    <div className="metrics-nonfinite" data-testid="metrics-nonfinite">
      <div className="section-heading">Non-finite points</div>
      <ul>
        {items.flatMap((s) =>
          (['posInf', 'negInf', 'nan'] as const)
            .filter((kind) => s[kind].length > 0)
            .map((kind) => (
              <li key={`${s.label}/${kind}`} data-testid={`nonfinite-${kind}`} data-series={s.label} data-count={s[kind].length}>
                <span className="metrics-glyph" style={{ color: cssVar(TONE_VAR[s.tone]) }} aria-hidden="true">
                  {MARK[kind].glyph}
                </span>{' '}
                <strong>{s.label}</strong>: {MARK[kind].word} at {s[kind].length} step{s[kind].length === 1 ? '' : 's'} ({MARK[kind].where}
                ): <span className="mono">{stepsPhrase(s[kind])}</span>
              </li>
            )),
        )}
      </ul>
    </div>
  );
}
