/**
 * The full growth-law report behind `recheck fit` and the `growth-fit` check kind: every law of
 * growth-models.ts fitted on the y scale, AIC / AICc with Akaike weights and the preferred law (least AICc),
 * each law's lack-of-fit test, the conclusion (`grows` | `bounded` | `cannot-tell`, growth-conclusion.ts),
 * growthSigma = b / se(b) of the log law with its two-sided p-value (t on n - 2 dof, or z with known errors),
 * and the horizon analysis with the conclusion on a geometric subset of the prefixes.
 * Guarantee: statistical for the conclusion (tests at a stated level), approximate for the numbers (floating
 * point, see wls.ts and growth-laws.ts).
 */
import { DomainError } from '../errors';
import type { DataPoint, ModelFit, ModelName } from './growth-models';
import { akaikeWeights, fitLaw, hasKnownErrors, preferredModel } from './growth-models';
import { LAWS, lawProblem, separableFit, type LawKind, type LawName, type SeparableFit } from './growth-laws';
import type { Alternative } from './lack-of-fit';
import { concludeGrowth, DEFAULT_LEVEL, DEFAULT_MINIMUMS, type GrowthConclusion, type GrowthMinimums } from './growth-conclusion';
import type { PrefixFit } from './horizon';
import { horizonAnalysis } from './horizon';
import { normalTwoSided, tTwoSided } from './student-t';

export interface GrowthReport {
  n: number;
  /** Whether the fits were weighted by known standard errors. */
  weighted: boolean;
  models: ModelFit[];
  preferred: ModelName;
  /** b / se(b) of the log law. */
  growthSigma: number;
  /** Its two-sided p-value (t on growthDof degrees of freedom, or z with known errors). */
  growthP: number;
  growthDof: number;
  growthTest: 't' | 'z';
  conclusion: GrowthConclusion;
  prefix: PrefixFit[];
  significantFrom: number | null;
  /** Smallest maxX from which every prefix evaluated says `grows`; null if the last does not. */
  growsFrom: number | null;
  /** Prefixes (their maxX) on which the conclusion was evaluated. */
  conclusionAt: number[];
  /** Laws left out and why (e.g. more parameters than points). */
  skipped: { name: ModelName; reason: string }[];
}

export interface GrowthOptions {
  /** Test level of the conclusion (default 0.05). */
  level?: number;
  minimums?: GrowthMinimums;
  /** At most this many prefixes get the full conclusion, spread geometrically in n (default 12; 6 above 20,000 rows). */
  maxConclusionPrefixes?: number;
}

const ORDER: readonly LawName[] = ['const', 'log', 'power', 'inverse', 'inverse-power', 'exponential', 'log-inverse', 'log-shift'];

/** The laws, weights, preferred law and conclusion for one table (no horizon). */
export function fitLaws(
  points: readonly DataPoint[],
  level = DEFAULT_LEVEL,
  minimums: GrowthMinimums = DEFAULT_MINIMUMS,
): { models: ModelFit[]; skipped: { name: ModelName; reason: string }[]; conclusion: GrowthConclusion; weighted: boolean } {
  const weighted = hasKnownErrors(points);
  const P = lawProblem(points, weighted);
  const models: ModelFit[] = [];
  const skipped: { name: ModelName; reason: string }[] = [];
  // First the fits, then the best-fitting law of each kind as the other kind's alternative (unknown errors).
  const fits = new Map<LawName, SeparableFit>();
  for (const name of ORDER) {
    if (P.n < LAWS[name].k + (name === 'const' || name === 'log' ? 0 : 1)) {
      skipped.push({ name, reason: `needs more points than its ${LAWS[name].k} parameters (${P.n} points)` });
      continue;
    }
    fits.set(name, separableFit(P, LAWS[name]));
  }
  const alternatives: Partial<Record<LawKind, Alternative>> = {};
  for (const [name, fit] of fits) {
    const kind = LAWS[name].kind;
    const current = alternatives[kind];
    if (Number.isFinite(fit.chi2) && (current === undefined || fit.chi2 < (fits.get(current.name) as SeparableFit).chi2))
      alternatives[kind] = { name, fitted: fit.fitted };
  }
  for (const [name, fit] of fits) {
    const m = fitLaw(P, name, alternatives, fit);
    // AIC is -Infinity for an exact fit (RSS = 0 without known errors): a fine answer, not an overflow.
    const numbers = [...Object.values(m.params), m.rss, m.aic === -Infinity && m.rss === 0 ? 0 : m.aic];
    if (!numbers.every(Number.isFinite)) {
      if (name === 'const' || name === 'log')
        throw new DomainError('fit', `the ${name} fit is not finite in float64 (values too large or too spread: rescale the columns)`);
      skipped.push({ name, reason: 'its fit is not finite in float64' });
      continue;
    }
    models.push(m);
  }
  const weights = akaikeWeights(models.map((m) => m.aicc));
  models.forEach((m, i) => (m.weight = weights[i] as number));
  // A loop, not Math.min(...xs): spreading a million values overflows the call stack.
  let xMin = Infinity;
  let xMax = -Infinity;
  const distinct = new Set<number>();
  for (const p of points) {
    if (p.x < xMin) xMin = p.x;
    if (p.x > xMax) xMax = p.x;
    distinct.add(p.x);
  }
  const shape = { n: points.length, distinctX: distinct.size, xMin, xMax, known: weighted };
  return { models, skipped, conclusion: concludeGrowth(models, shape, level, minimums), weighted };
}

/**
 * Fits every law and runs the horizon analysis. Needs at least 3 points with 2 distinct positive x, and const
 * and log fits that are finite (DomainError otherwise). Example:
 * `fitGrowth([1, 2, 4, 8].map((x) => ({ x, y: 1 + 2 * Math.log(x) }))).models[1].params` is about {a: 1, b: 2}.
 */
export function fitGrowth(points: readonly DataPoint[], sigmaThreshold = 5, options: GrowthOptions = {}): GrowthReport {
  if (points.length < 3) throw new DomainError('fit', `${points.length} points; need at least 3`);
  for (const pt of points) {
    if (!Number.isFinite(pt.x) || !Number.isFinite(pt.y)) throw new DomainError('fit', `non-finite point (${pt.x}, ${pt.y})`);
  }
  if (new Set(points.map((pt) => pt.x)).size < 2) throw new DomainError('fit', 'all x are equal; need at least 2 distinct x');
  const level = options.level ?? DEFAULT_LEVEL;
  if (!(level > 0 && level < 1)) throw new DomainError('fit', `level ${level} must be in (0, 1)`);
  const minimums = options.minimums ?? DEFAULT_MINIMUMS;
  const { models, skipped, conclusion, weighted } = fitLaws(points, level, minimums);
  const log = models.find((m) => m.name === 'log') as ModelFit;
  const growthSigma = (log.params.b as number) / (log.se.b as number);
  const growthDof = points.length - 2;
  const growthP = Number.isNaN(growthSigma) ? 1 : weighted ? normalTwoSided(growthSigma) : tTwoSided(growthSigma, growthDof);
  const horizon = horizonAnalysis(points, sigmaThreshold, minimums);
  const sorted = [...points].sort((p, q) => p.x - q.x);
  // Each conclusion costs a few hundred O(n) least-squares solves: 12 prefixes up to 20,000 rows, 6 beyond.
  const picked = geometricSubset(horizon.prefix.length, options.maxConclusionPrefixes ?? (points.length <= 20_000 ? 12 : 6));
  for (const i of picked) {
    const pf = horizon.prefix[i] as PrefixFit;
    pf.conclusion =
      i === horizon.prefix.length - 1 && pf.n === points.length
        ? conclusion.value
        : fitLaws(sorted.slice(0, pf.n), level, minimums).conclusion.value;
  }
  let growsFrom: number | null = null;
  for (let j = picked.length - 1; j >= 0; j--) {
    const pf = horizon.prefix[picked[j] as number] as PrefixFit;
    if (pf.conclusion !== 'grows') break;
    growsFrom = pf.maxX;
  }
  return {
    n: points.length,
    weighted,
    models,
    preferred: preferredModel(models),
    growthSigma,
    growthP,
    growthDof,
    growthTest: weighted ? 'z' : 't',
    conclusion,
    prefix: horizon.prefix,
    significantFrom: horizon.significantFrom,
    growsFrom,
    conclusionAt: picked.map((i) => (horizon.prefix[i] as PrefixFit).maxX),
    skipped,
  };
}

/**
 * At most `max` indices of 0..count-1, spread evenly on a log scale of the position, the last always in.
 * Example: `geometricSubset(5, 24)` is [0, 1, 2, 3, 4]; `geometricSubset(1000, 3)` is [0, 31, 999].
 */
export function geometricSubset(count: number, max: number): number[] {
  if (count <= max) return Array.from({ length: count }, (_, i) => i);
  const picked = new Set<number>();
  for (let k = 0; k < max; k++) picked.add(Math.min(count - 1, Math.round(Math.expm1((k / (max - 1)) * Math.log1p(count - 1)))));
  return [...picked].sort((a, b) => a - b);
}
