/**
 * Figures of an `image-metrics` check: the mean PSNR and the mean SSIM of each condition's pairs, the whiskers
 * spanning their least to greatest pair, with the paper's threshold when one is declared; and every pair as a
 * point (PSNR against SSIM, one colour per condition), so that pairs the metric passes can be picked out and
 * held against what reviewers saw (the report's gallery shows both for the decisive pairs).
 */
import { num, obj, records, short, str, type Json } from '../read';
import type { BarSpec, FigureSpec, Tone, XYLayer } from '../spec';

interface Group {
  label: string;
  count: number;
  psnr: { mean: number | null; min: number | null; max: number | null; identical: number };
  ssim: { mean: number | null; min: number | null; max: number | null };
}

/** "q2 vs fp", or the condition alone when both sides share it (as the check words it). */
const groupLabel = (a: string, b: string): string => (a === b ? b : `${b} vs ${a}`);

function summary(v: unknown): { mean: number | null; min: number | null; max: number | null } {
  const o = obj(v) ?? {};
  return { mean: num(o.mean) ?? null, min: num(o.min) ?? null, max: num(o.max) ?? null };
}

function groupsOf(e: Json): Group[] {
  return records(e.conditions).flatMap((c) => {
    const a = str(c.conditionA);
    const b = str(c.conditionB);
    const count = num(c.count);
    if (a === undefined || b === undefined || count === undefined) return [];
    return [
      { label: groupLabel(a, b), count, psnr: { ...summary(c.psnr), identical: num(obj(c.psnr)?.identical) ?? 0 }, ssim: summary(c.ssim) },
    ];
  });
}

const TONES: readonly Tone[] = [1, 2, 3, 4];

function metricBars(e: Json, groups: Group[], metric: 'psnr' | 'ssim'): BarSpec | null {
  const shown = groups.filter((g) => g[metric].mean !== null);
  if (shown.length === 0) return null;
  const threshold = obj(e.threshold);
  const min = str(threshold?.metric) === metric ? num(threshold?.min) : undefined;
  const name = metric === 'psnr' ? 'PSNR' : 'SSIM';
  const unit = metric === 'psnr' ? 'dB' : undefined;
  const u = unit !== undefined ? ` ${unit}` : '';
  const identical = metric === 'psnr' ? groups.filter((g) => g.psnr.identical > 0) : [];
  const below = min !== undefined ? shown.filter((g) => (g[metric].mean as number) < min) : [];
  return {
    type: 'bars',
    id: metric,
    title: `Mean ${name} per condition`,
    caption:
      `${name} of each pair against its reference, averaged per condition (whiskers: least to greatest pair): ` +
      shown
        .map(
          (g) =>
            `${g.label} ${short(g[metric].mean as number)}${u} (${short(g[metric].min as number)} to ${short(g[metric].max as number)}, ${g.count} pairs)`,
        )
        .join('; ') +
      '.' +
      (identical.length > 0
        ? ` Identical pairs have an infinite PSNR and are left out: ${identical.map((g) => `${g.psnr.identical} in ${g.label}`).join(', ')}.`
        : '') +
      (min !== undefined
        ? ` The paper's threshold is ${short(min)}${u}: ${below.length === 0 ? 'every condition’s mean meets it' : `${below.map((g) => g.label).join(', ')} fall${below.length === 1 ? 's' : ''} below it`}${threshold?.decides === false ? ' (reported, not deciding)' : ''}.`
        : ''),
    categories: shown.map((g) => g.label),
    series: [
      {
        label: `mean ${name}`,
        tone: metric === 'psnr' ? 1 : 3,
        values: shown.map((g) => g[metric].mean),
        intervals: shown.map((g) => (g[metric].min !== null && g[metric].max !== null ? [g[metric].min, g[metric].max] : null)),
      },
    ],
    interval: 'least to greatest pair',
    value: { label: name, ...(unit !== undefined ? { unit } : {}) },
    ...(min !== undefined ? { refs: [{ value: min, label: `threshold ${short(min)}${u}` }] } : {}),
  };
}

/** Every pair with a finite PSNR as a point (PSNR, SSIM), one layer per condition. */
function pairScatter(e: Json): FigureSpec | null {
  const pairs = records(e.pairs).filter(
    (p) => str(p.conditionA) !== undefined && str(p.conditionB) !== undefined && num(p.ssim) !== undefined,
  );
  const finite = pairs.filter((p) => num(p.psnr) !== undefined);
  if (finite.length === 0) return null;
  const labels = [...new Set(finite.map((p) => groupLabel(p.conditionA as string, p.conditionB as string)))];
  const layers: XYLayer[] = labels.map((label, i) => {
    const of = finite.filter((p) => groupLabel(p.conditionA as string, p.conditionB as string) === label);
    return {
      label,
      style: 'points',
      tone: TONES[i % TONES.length] as Tone,
      x: of.map((p) => p.psnr as number),
      y: of.map((p) => p.ssim as number),
    };
  });
  const threshold = obj(e.threshold);
  const metric = str(threshold?.metric);
  const min = num(threshold?.min);
  const passing =
    min === undefined ? null : finite.filter((p) => (metric === 'ssim' ? (p.ssim as number) : (p.psnr as number)) >= min).length;
  return {
    type: 'xy',
    id: 'pairs',
    title: 'Every pair: PSNR against SSIM',
    caption:
      `Each of the ${finite.length} pairs with a finite PSNR as one point, coloured by condition` +
      (pairs.length > finite.length ? ` (${pairs.length - finite.length} identical pairs left out)` : '') +
      '.' +
      (min !== undefined && passing !== null
        ? ` ${passing} of ${finite.length} pairs meet the paper's ${metric === 'ssim' ? 'SSIM' : 'PSNR'} threshold of ${short(min)}${metric === 'ssim' ? '' : ' dB'} on their own.`
        : ''),
    x: { label: 'PSNR', unit: 'dB' },
    y: { label: 'SSIM' },
    layers,
    ...(min !== undefined && metric === 'psnr' ? { markers: [{ x: min, label: `threshold ${short(min)} dB`, tone: 4 as Tone }] } : {}),
    ...(min !== undefined && metric === 'ssim' ? { hlines: [{ y: min, label: `threshold ${short(min)}` }] } : {}),
  };
}

export function imageMetricsFigures(e: Json): FigureSpec[] {
  const groups = groupsOf(e);
  const out: FigureSpec[] = [];
  for (const metric of ['psnr', 'ssim'] as const) {
    const f = metricBars(e, groups, metric);
    if (f !== null) out.push(f);
  }
  const scatter = pairScatter(e);
  if (scatter !== null) out.push(scatter);
  return out;
}
