/**
 * Figure of a `metrics-series` check on non-finite values: the run's steps as a timeline, each stretch of
 * non-finite values shaded with what it holds (+Inf, -Inf, NaN counts), and the onset marked. The evidence keeps
 * stretches, not values (the series itself is in the Metrics tab), so the timeline ends at the last non-finite
 * step and says so unless a stretch runs to the last point. A series with no non-finite value draws nothing.
 * Example: the kl-direction case's reverse-KL `train/loss` gives one stretch, steps 150..399 (125 +Inf, 125 NaN),
 * reaching the end, with the onset marked at 150.
 */
import { num, obj, records, str, type Json } from '../read';
import type { FigureSpec } from '../spec';

function countsWords(c: Json | undefined): string {
  if (c === undefined) return '';
  const parts = [
    [num(c.posInf), '+Inf'],
    [num(c.negInf), '-Inf'],
    [num(c.nan), 'NaN'],
  ].flatMap(([n, w]) => (typeof n === 'number' && n > 0 ? [`${n} ${w as string}`] : []));
  return parts.join(', ');
}

export function metricsSeriesFigures(e: Json): FigureSpec[] {
  const s = obj(e.series);
  if (s === undefined || !(num(s.nonFinite) !== undefined && (s.nonFinite as number) > 0)) return [];
  const bursts = records(s.bursts).flatMap((b) => {
    const from = num(b.fromStep);
    const to = num(b.toStep);
    return from !== undefined && to !== undefined ? [{ from, to, counts: obj(b.counts), end: b.reachesEnd === true }] : [];
  });
  if (bursts.length === 0) return [];
  const onset = num(s.onsetStep);
  const last = Math.max(...bursts.map((b) => b.to));
  const toEnd = bursts.some((b) => b.end);
  const left = num(s.burstsLeftOut) ?? 0;
  const metric = str(e.metric) ?? 'the metric';
  const run = str(obj(e.run)?.name) ?? str(obj(e.run)?.ref) ?? 'the run';
  const ev = obj(e.eval);
  const evalWords =
    ev !== undefined && str(ev.metric) !== undefined ? ` Eval metric ${str(ev.metric)}: ${str(ev.outcome) ?? 'see the evidence'}.` : '';
  return [
    {
      type: 'timeline',
      id: 'non-finite',
      title: `Non-finite ${metric} in run ${run}`,
      caption: `${str(s.description) ?? `${num(s.nonFinite)} non-finite values`}. ${bursts.length} stretch${bursts.length === 1 ? '' : 'es'} drawn${left > 0 ? ` (${left} more left out of the evidence)` : ''}; the timeline ends at step ${last}${toEnd ? ', the last point of the run' : ', the last non-finite step (the run goes on, finite)'}.${evalWords}`,
      horizon: last,
      unit: 'step',
      ranges: bursts.map((b) => ({ from: b.from, to: b.to, label: countsWords(b.counts), tone: 2 as const })),
      marks: onset !== undefined ? [{ t: onset, label: `onset (${str(s.onsetKind) ?? 'non-finite'})`, tone: 1 as const }] : [],
    },
  ];
}
