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
import { akaikeWeights, fitLaw, hasKnownErrors, preferredModel, residualSum } from './growth-models';
import { distinctX, growthColumns, knownErrors, sliceRows, sortedByX, type GrowthColumns } from './growth-points';
import { LAWS, lawProblem, separableFit, type LawKind, type LawName, type SeparableFit } from './growth-laws';
import type { Alternative } from './lack-of-fit';
import { concludeGrowth, DEFAULT_LEVEL, DEFAULT_MINIMUMS, type GrowthConclusion, type GrowthMinimums } from './growth-conclusion';
import type { PrefixColumns, PrefixFit } from './horizon';
import { horizonOfSorted, prefixAt } from './horizon';
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
  hasKnownErrors(points); // all or none carry a standard error, each positive (the first error as before)
  return fitLawsColumns(growthColumns(points), level, minimums);
}

/** fitLaws on columns (growth-points.ts): the same results, to the last bit. */
export function fitLawsColumns(
  data: GrowthColumns,
  level = DEFAULT_LEVEL,
  minimums: GrowthMinimums = DEFAULT_MINIMUMS,
): { models: ModelFit[]; skipped: { name: ModelName; reason: string }[]; conclusion: GrowthConclusion; weighted: boolean } {
  const weighted = knownErrors(data);
  const P = lawProblem(data, weighted);
  const models: ModelFit[] = [];
  const skipped: { name: ModelName; reason: string }[] = [];
  // First the fits, then the best-fitting law of each kind as the other kind's alternative (unknown errors).
  // Only those two keep their fitted values (n numbers each; none with known errors); the others their residual sum.
  const fits = new Map<LawName, { fit: SeparableFit; rss: number }>();
  const alternatives: Partial<Record<LawKind, Alternative>> = {};
  const bestChi2: Partial<Record<LawKind, number>> = {};
  let spare: Float64Array | undefined;
  for (const name of ORDER) {
    if (P.n < LAWS[name].k + (name === 'const' || name === 'log' ? 0 : 1)) {
      skipped.push({ name, reason: `needs more points than its ${LAWS[name].k} parameters (${P.n} points)` });
      continue;
    }
    // The fitted values go into a reused buffer; one that becomes an alternative's is kept, and the one it
    // replaces is reused in its stead (a million rows: no new array of n per law).
    spare ??= new Float64Array(P.n);
    const fit = separableFit(P, LAWS[name], undefined, spare);
    fits.set(name, { fit: withoutFitted(fit), rss: residualSum(P, fit.fitted) });
    const kind = LAWS[name].kind;
    const current = bestChi2[kind];
    // With known errors the lack-of-fit test is chi-square and reads no alternative's fitted values.
    if (Number.isFinite(fit.chi2) && (current === undefined || fit.chi2 < current)) {
      bestChi2[kind] = fit.chi2;
      if (!weighted) {
        const replaced = alternatives[kind]?.fitted;
        spare = replaced !== undefined && replaced.length === P.n ? replaced : undefined;
      }
      alternatives[kind] = { name, fitted: weighted ? new Float64Array(0) : fit.fitted };
    }
  }
  for (const [name, { fit, rss }] of fits) {
    const m = fitLaw(P, name, alternatives, fit, rss);
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
  for (const v of data.x) {
    if (v < xMin) xMin = v;
    if (v > xMax) xMax = v;
  }
  const shape = { n: data.x.length, distinctX: distinctX(data.x), xMin, xMax, known: weighted };
  return { models, skipped, conclusion: concludeGrowth(models, shape, level, minimums), weighted };
}

/** A fit without its fitted values (lack-of-fit reads only its parameter and residual sum). */
function withoutFitted(fit: SeparableFit): SeparableFit {
  return { t: fit.t, coef: fit.coef, chi2: fit.chi2, fitted: new Float64Array(0), atBound: fit.atBound };
}

/**
 * The report of fitGrowthColumns: a GrowthReport whose prefix fits are columns (horizon.ts PrefixColumns;
 * prefixAt gives one as an object), so that a million prefixes are six arrays of numbers.
 */
export type GrowthReportColumns = Omit<GrowthReport, 'prefix'> & { prefix: PrefixColumns };

/**
 * Fits every law and runs the horizon analysis. Needs at least 3 points with 2 distinct positive x, and const
 * and log fits that are finite (DomainError otherwise). Example:
 * `fitGrowth([1, 2, 4, 8].map((x) => ({ x, y: 1 + 2 * Math.log(x) }))).models[1].params` is about {a: 1, b: 2}.
 */
export function fitGrowth(points: readonly DataPoint[], sigmaThreshold = 5, options: GrowthOptions = {}): GrowthReport {
  const withSe = points.filter((pt) => pt.se !== undefined).length;
  const mixed = withSe !== 0 && withSe !== points.length;
  // Point objects with only some standard errors have no columns: the checks before that one, then its error.
  const data = mixed ? growthColumns(points.map((pt) => ({ x: pt.x, y: pt.y }))) : growthColumns(points);
  if (mixed) {
    checkGrowthInput(data, options.level ?? DEFAULT_LEVEL);
    hasKnownErrors(points);
  }
  const r = fitGrowthColumns(data, sigmaThreshold, options);
  return { ...r, prefix: Array.from({ length: r.prefix.count }, (_, i) => prefixAt(r.prefix, i)) };
}

/** fitGrowth on columns: the same report, its prefix fits as columns (one pass, no point objects). */
export function fitGrowthColumns(data: GrowthColumns, sigmaThreshold = 5, options: GrowthOptions = {}): GrowthReportColumns {
  const level = options.level ?? DEFAULT_LEVEL;
  checkGrowthInput(data, level);
  const n = data.x.length;
  const minimums = options.minimums ?? DEFAULT_MINIMUMS;
  const { models, skipped, conclusion, weighted } = fitLawsColumns(data, level, minimums);
  const log = models.find((m) => m.name === 'log') as ModelFit;
  const growthSigma = (log.params.b as number) / (log.se.b as number);
  const growthDof = n - 2;
  const growthP = Number.isNaN(growthSigma) ? 1 : weighted ? normalTwoSided(growthSigma) : tTwoSided(growthSigma, growthDof);
  const sorted = sortedByX(data);
  const horizon = horizonOfSorted(sorted, weighted, sigmaThreshold, minimums);
  const prefix = horizon.prefix;
  // Each conclusion costs a few hundred O(n) least-squares solves: 12 prefixes up to 20,000 rows, 6 beyond.
  const picked = geometricSubset(prefix.count, options.maxConclusionPrefixes ?? (n <= 20_000 ? 12 : 6));
  for (const i of picked) {
    const rows = prefix.n[i] as number;
    prefix.conclusion.set(
      i,
      i === prefix.count - 1 && rows === n ? conclusion.value : fitLawsColumns(sliceRows(sorted, rows), level, minimums).conclusion.value,
    );
  }
  let growsFrom: number | null = null;
  for (let j = picked.length - 1; j >= 0; j--) {
    const i = picked[j] as number;
    if (prefix.conclusion.get(i) !== 'grows') break;
    growsFrom = prefix.maxX[i] as number;
  }
  return {
    n,
    weighted,
    models,
    preferred: preferredModel(models),
    growthSigma,
    growthP,
    growthDof,
    growthTest: weighted ? 'z' : 't',
    conclusion,
    prefix,
    significantFrom: horizon.significantFrom,
    growsFrom,
    conclusionAt: picked.map((i) => prefix.maxX[i] as number),
    skipped,
  };
}

/** fitGrowth's checks before any fit: 3 points, finite, 2 distinct x, a level in (0, 1). */
function checkGrowthInput(data: GrowthColumns, level: number): void {
  const { x, y } = data;
  if (x.length < 3) throw new DomainError('fit', `${x.length} points; need at least 3`);
  for (let i = 0; i < x.length; i++) {
    if (!Number.isFinite(x[i]) || !Number.isFinite(y[i])) throw new DomainError('fit', `non-finite point (${x[i]}, ${y[i]})`);
  }
  let other = false;
  for (let i = 1; i < x.length && !other; i++) if (x[i] !== x[0]) other = true;
  if (!other) throw new DomainError('fit', 'all x are equal; need at least 2 distinct x');
  if (!(level > 0 && level < 1)) throw new DomainError('fit', `level ${level} must be in (0, 1)`);
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
