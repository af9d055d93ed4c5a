/**
 * Figure of a `metric-claim` check: each seed's value (in the claim's unit) at x = 1..n, the mean with its t
 * interval as an error bar at x = n + 1, and the claim as horizontal lines: the claimed value and the finite
 * boundaries of its region (claimed +- tolerance; claimed - margin for at-least; claimed + margin for at-most).
 * Seeds whose value is not finite are left out of the plot and named in the caption. Seeds are whole positions: the
 * x axis has ticks only at integers (each seed's position, thinned to a whole step past 12 seeds, and "mean" at
 * n + 1), and its domain runs half a slot past the first seed and the mean, so the mean's whisker is not on the edge.
 * Example: five seeds 4.12, 4.3, 3.95, 4.4, 4.18 against "at least 4" give points at x = 1..5, the mean 4.19 at
 * x = 6 with an error bar of 0.244, and lines at 4 (claimed, also the boundary).
 */
import { num, obj, records, short, str, type Json } from '../read';
import type { FigureSpec, XYLayer } from '../spec';

export function metricClaimFigures(e: Json): FigureSpec[] {
  const claim = obj(e.claim);
  const claimed = num(claim?.claimed);
  const seeds = records(e.seeds);
  if (claim === undefined || claimed === undefined || seeds.length === 0) return [];
  const unit = str(obj(e.units)?.claimUnit) ?? undefined;
  const xs: number[] = [];
  const ys: number[] = [];
  const notFinite: string[] = [];
  seeds.forEach((s, i) => {
    const v = num(s.value);
    if (v === undefined) notFinite.push(`${str(s.seed) ?? `seed ${i + 1}`} (${String(s.value)})`);
    else {
      xs.push(i + 1);
      ys.push(v);
    }
  });
  const layers: XYLayer[] = [{ label: 'seeds', style: 'points', tone: 1, x: xs, y: ys }];
  const mean = num(e.mean);
  const iv = obj(e.interval);
  const low = num(iv?.low);
  const high = num(iv?.high);
  const confidence = num(e.confidence);
  const level = confidence !== undefined ? `${short(100 * confidence)}% ` : '';
  if (mean !== undefined && low !== undefined && high !== undefined)
    layers.push({
      label: `mean ± ${level}t interval`,
      style: 'points',
      tone: 2,
      x: [seeds.length + 1],
      y: [mean],
      err: [(high - low) / 2],
    });
  const hlines = [{ y: claimed, label: `claimed ${short(claimed)}` }];
  for (const [key, name] of [
    ['low', 'lower boundary'],
    ['high', 'upper boundary'],
  ] as const) {
    const b = num(claim[key]);
    if (b !== undefined && b !== claimed) hlines.push({ y: b, label: `${name} ${short(b)}` });
  }
  const decision = str(e.decisionWords) ?? '';
  const interval =
    mean !== undefined && low !== undefined && high !== undefined
      ? `; mean ${short(mean)}, ${level}interval [${short(low)}, ${short(high)}]`
      : '';
  const missing = notFinite.length > 0 ? ` Not plotted (not finite): ${notFinite.join(', ')}.` : '';
  const reason = str(e.reason);
  return [
    {
      type: 'xy',
      id: 'seeds-vs-claim',
      title: `The seeds against the claim (${str(claim.words) ?? ''})`,
      caption: `${seeds.length} seeds${interval}: ${decision}${reason !== undefined ? ` (${reason})` : ''}.${missing}`,
      x: { label: 'seed', domain: [0.5, seeds.length + 1.5], ticks: seedTicks(seeds.length) },
      y: { label: 'value', ...(unit !== undefined ? { unit } : {}) },
      layers,
      hlines,
    },
  ];
}

/** Ticks at whole seed positions 1..n (every one up to 12 seeds, else every k-th with k whole) and "mean" at n + 1. */
function seedTicks(n: number): { value: number; label: string }[] {
  const step = n <= 12 ? 1 : Math.ceil(n / 10);
  const ticks: { value: number; label: string }[] = [];
  for (let i = 1; i <= n; i += step) ticks.push({ value: i, label: String(i) });
  ticks.push({ value: n + 1, label: 'mean' });
  return ticks;
}
