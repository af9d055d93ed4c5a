/**
 * Check kind `image-metrics`: the numbers a paper reports for image quality, PSNR and SSIM
 * (checkers/images), for every pair of a case's image-pair table and per condition (the pair of conditions
 * "B vs A": mean, min, max and count), so that a report can show where the metric and the eye disagree.
 *
 * - Without `threshold`, or with `decides: false`: neutral (it reports what the metric says).
 * - With `threshold` (the paper's "no collapse" level, e.g. PSNR >= 18 dB) and `decides` (default true): the
 *   claim "the metric stays at or above the threshold for every condition" is tested on each condition's
 *   mean; it refutes the falsification when every mean meets it, and supports it otherwise. Use it to decide
 *   only when the falsification is about the metric itself.
 *
 * An identical pair has an infinite PSNR: it is null in the evidence (`identical: true`), left out of the PSNR
 * mean and counted apart (`psnr.identical`), and never below a threshold.
 */
import { BadInputError, BudgetExceededError, CancelledError } from '../../errors';
import { ImageBudgetError } from '../../images/budget';
import { psnr } from '../../../checkers/images/psnr';
import { ssim } from '../../../checkers/images/ssim';
import type { DecodedImage } from '../../images/decode';
import { imageProblem } from '../../images/read-case-image';
import { readPairSet, type ImagePair } from '../../cases/pair-set';
import { shown } from '../../text/display';
import { resolveCasePath, type CheckKind, type CheckResult } from '../kind';
import { DecodedImageCache } from '../../images/image-cache';

export type ImageMetric = 'psnr' | 'ssim';

export interface ImageMetricsParams {
  /** The pairs table, relative to the case folder (the case's `perceptual.pairs`). */
  pairs: string;
  threshold?: { metric: ImageMetric; min: number };
  /** Whether the threshold decides the outcome (default true); false only reports it. */
  decides?: boolean;
}

interface PairMetrics {
  pair: string;
  line: number;
  imageA: string;
  imageB: string;
  conditionA: string;
  conditionB: string;
  prompt?: string;
  width: number;
  height: number;
  /** Decibels over RGB; null for an identical pair. */
  psnr: number | null;
  identical: boolean;
  mse: number;
  /** Mean SSIM over R, G and B (Gaussian window, skimage's settings). */
  ssim: number;
  /** Below the threshold (present only with a threshold). */
  below?: boolean;
}

interface Summary {
  mean: number | null;
  min: number | null;
  max: number | null;
}

interface ConditionMetrics {
  conditionA: string;
  conditionB: string;
  count: number;
  psnr: Summary & { identical: number };
  ssim: Summary;
  /** Pairs below the threshold (present only with a threshold). */
  below?: number;
}

const UNITS: Record<ImageMetric, string> = { psnr: ' dB', ssim: '' };
const NAMES: Record<ImageMetric, string> = { psnr: 'PSNR', ssim: 'SSIM' };

export const imageMetricsKind: CheckKind<ImageMetricsParams> = {
  kind: 'image-metrics',
  title: 'PSNR and SSIM per image pair and per condition',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['pairs'],
    properties: {
      pairs: {
        type: 'string',
        minLength: 1,
        casePath: true,
        description: 'case-relative pairs table: pair_id,image_a,image_b,condition_a,condition_b[,prompt,seed]',
      },
      threshold: {
        type: 'object',
        additionalProperties: false,
        required: ['metric', 'min'],
        properties: { metric: { enum: ['psnr', 'ssim'] }, min: { type: 'number' } },
        description: "the paper's level for the metric (e.g. PSNR >= 18 dB means no collapse), tested on each condition's mean",
      },
      decides: { type: 'boolean', description: 'whether the threshold decides the outcome (default true); false only reports it' },
    },
  },
  example: { pairs: 'images/pairs.csv', threshold: { metric: 'psnr', min: 18 }, decides: false },
  // Recheck computes the metrics from the images; float64 means against a threshold, no proven bound.
  basis: 'recomputed',
  guarantee: { kind: 'approximate', bound: 'float64 PSNR/SSIM means' },
  async run(params, ctx): Promise<CheckResult> {
    resolveCasePath(ctx, params.pairs);
    const set = await readPairSet(ctx.caseDir, params.pairs);
    const table = shown(params.pairs);
    const cache = new DecodedImageCache(ctx.caseDir);
    const pairs: PairMetrics[] = [];
    for (const [i, pair] of set.pairs.entries()) {
      if (ctx.signal.aborted) throw new CancelledError();
      pairs.push(await measure(pair, cache, table));
      ctx.progress({ done: i + 1, total: set.pairs.length, message: 'pairs measured' });
    }
    const threshold = params.threshold;
    if (threshold !== undefined) for (const p of pairs) p.below = isBelow(p, threshold.metric, threshold.min);
    const conditions = byCondition(pairs);
    const decides = threshold !== undefined && params.decides !== false;
    const evidence: Record<string, unknown> = {
      table: params.pairs,
      tableSha256: set.sha256,
      metrics: {
        psnr: 'PSNR over RGB, data range 255 (dB)',
        ssim: 'mean SSIM over R, G, B; Gaussian window sigma 1.5, K1 0.01, K2 0.03, data range 255',
      },
      ...(threshold !== undefined ? { threshold: { ...threshold, decides } } : {}),
      conditions,
      pairs,
    };
    const numbers = `PSNR and SSIM of ${pairs.length} pairs in ${table}. ${conditions.map(describe).join('; ')}.`;
    if (threshold === undefined) return { outcome: 'neutral', summary: numbers, evidence };
    const level = `${NAMES[threshold.metric]} ${threshold.min}${UNITS[threshold.metric]}`;
    const failing = conditions.filter((c) => c[threshold.metric].mean !== null && (c[threshold.metric].mean as number) < threshold.min);
    const belowPairs = pairs.filter((p) => p.below).length;
    const pairNote = `${belowPairs} of ${pairs.length} pairs are below ${level} on their own.`;
    if (!decides) {
      const where =
        failing.length === 0
          ? `every condition's mean ${NAMES[threshold.metric]} is at least ${threshold.min}${UNITS[threshold.metric]}`
          : `the mean ${NAMES[threshold.metric]} is below ${level} for ${failing.map(label).join(', ')}`;
      return {
        outcome: 'neutral',
        summary: `Against the declared threshold (reported, not deciding): ${where}; ${pairNote} ${numbers}`,
        evidence,
      };
    }
    if (failing.length === 0) {
      return {
        outcome: 'refutes',
        summary: `By this metric the claim holds: every condition's mean ${NAMES[threshold.metric]} is at least ${threshold.min}${UNITS[threshold.metric]}. ${pairNote} ${numbers}`,
        evidence,
      };
    }
    const which = failing.map((c) => `${label(c)} (mean ${fmt(c[threshold.metric].mean as number)}${UNITS[threshold.metric]})`).join(', ');
    return {
      outcome: 'supports',
      summary: `By this metric the claim fails: the mean ${NAMES[threshold.metric]} is below ${level} for ${which}. ${pairNote} ${numbers}`,
      evidence,
    };
  },
};

async function load(cache: DecodedImageCache, pair: ImagePair, rel: string, table: string): Promise<DecodedImage> {
  try {
    return await cache.get(rel);
  } catch (err) {
    const problem = imageProblem(err);
    if (problem === undefined) throw err;
    if (err instanceof BudgetExceededError || err instanceof ImageBudgetError)
      throw new BudgetExceededError(table, `pair ${pair.id}: ${shown(rel)}: ${problem}`, `line ${pair.line}`);
    throw new BadInputError(table, `pair ${pair.id}: ${shown(rel)}: ${problem}`, `line ${pair.line}`);
  }
}

async function measure(pair: ImagePair, cache: DecodedImageCache, table: string): Promise<PairMetrics> {
  const a = await load(cache, pair, pair.imageA, table);
  const b = await load(cache, pair, pair.imageB, table);
  if (a.width !== b.width || a.height !== b.height) {
    throw new BadInputError(
      table,
      `pair ${pair.id}: ${shown(pair.imageB)}: is ${b.width}x${b.height} but ${shown(pair.imageA)} is ${a.width}x${a.height}`,
      `line ${pair.line}`,
    );
  }
  if (a.width < 11 || a.height < 11) {
    throw new BadInputError(
      table,
      `pair ${pair.id}: ${shown(pair.imageA)}: is ${a.width}x${a.height}, smaller than SSIM's 11x11 window`,
      `line ${pair.line}`,
    );
  }
  const p = psnr(a, b);
  return {
    pair: pair.id,
    line: pair.line,
    imageA: pair.imageA,
    imageB: pair.imageB,
    conditionA: pair.conditionA,
    conditionB: pair.conditionB,
    ...(pair.prompt !== undefined ? { prompt: pair.prompt } : {}),
    width: a.width,
    height: a.height,
    psnr: Number.isFinite(p.psnr) ? p.psnr : null,
    identical: p.mse === 0,
    mse: p.mse,
    ssim: ssim(a, b),
  };
}

function isBelow(p: PairMetrics, metric: ImageMetric, min: number): boolean {
  if (metric === 'ssim') return p.ssim < min;
  return p.psnr !== null && p.psnr < min;
}

function summary(values: number[]): Summary {
  if (values.length === 0) return { mean: null, min: null, max: null };
  return { mean: values.reduce((s, v) => s + v, 0) / values.length, min: Math.min(...values), max: Math.max(...values) };
}

/** Per pair of conditions, in the order they first appear in the table. */
function byCondition(pairs: readonly PairMetrics[]): ConditionMetrics[] {
  const groups = new Map<string, PairMetrics[]>();
  for (const p of pairs) {
    const key = JSON.stringify([p.conditionA, p.conditionB]);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [p]);
    else group.push(p);
  }
  return [...groups.values()].map((g) => {
    const first = g[0] as PairMetrics;
    const finite = g.map((p) => p.psnr).filter((v): v is number => v !== null);
    const withThreshold = first.below !== undefined;
    return {
      conditionA: first.conditionA,
      conditionB: first.conditionB,
      count: g.length,
      psnr: { ...summary(finite), identical: g.length - finite.length },
      ssim: summary(g.map((p) => p.ssim)),
      ...(withThreshold ? { below: g.filter((p) => p.below).length } : {}),
    };
  });
}

function label(c: ConditionMetrics): string {
  return c.conditionA === c.conditionB ? c.conditionB : `${c.conditionB} vs ${c.conditionA}`;
}

function describe(c: ConditionMetrics): string {
  const p = c.psnr.mean === null ? 'PSNR infinite (identical)' : `PSNR mean ${fmt(c.psnr.mean)} dB (min ${fmt(c.psnr.min as number)})`;
  return `${label(c)}: ${p}, SSIM mean ${fmt(c.ssim.mean as number)} (min ${fmt(c.ssim.min as number)}), ${c.count} pairs`;
}

function fmt(v: number): string {
  return Math.abs(v) >= 10 ? v.toFixed(1) : String(Number(v.toPrecision(3)));
}
