/**
 * The full growth-law report behind `recheck fit` and the `growth-fit` check kind: the three models,
 * the preferred one by AIC, growthSigma = b / se(b) of the log model (how many sigma the data reject
 * "no growth"), and the horizon analysis. Guarantee: approximate (floating point, see wls.ts).
 */
import { DomainError } from '../errors';
import type { DataPoint, ModelFit, ModelName } from './growth-models';
import { fitConst, fitLog, fitPower, hasKnownErrors, powerApplies, preferredModel } from './growth-models';
import type { PrefixFit } from './horizon';
import { horizonAnalysis } from './horizon';

export interface GrowthReport {
  n: number;
  /** Whether the fits were weighted by known standard errors. */
  weighted: boolean;
  models: ModelFit[];
  preferred: ModelName;
  growthSigma: number;
  prefix: PrefixFit[];
  significantFrom: number | null;
  /** Models left out and why (e.g. the power law with a non-positive y). */
  skipped: { name: ModelName; reason: string }[];
}

/**
 * Fits const, log and power (when all values are positive) and runs the horizon analysis.
 * Needs at least 3 points with 2 distinct positive x, and fits whose parameters, RSS and AIC are finite
 * (DomainError otherwise). Example:
 * `fitGrowth([1, 2, 4, 8].map((x) => ({ x, y: 1 + 2 * Math.log(x) }))).models[1].params` is about {a: 1, b: 2}.
 */
export function fitGrowth(points: readonly DataPoint[], sigmaThreshold = 5): GrowthReport {
  if (points.length < 3) throw new DomainError('fit', `${points.length} points; need at least 3`);
  for (const pt of points) {
    if (!Number.isFinite(pt.x) || !Number.isFinite(pt.y)) throw new DomainError('fit', `non-finite point (${pt.x}, ${pt.y})`);
  }
  if (new Set(points.map((pt) => pt.x)).size < 2) throw new DomainError('fit', 'all x are equal; need at least 2 distinct x');
  const weighted = hasKnownErrors(points);
  const models: ModelFit[] = [fitConst(points), fitLog(points)];
  const skipped: { name: ModelName; reason: string }[] = [];
  if (powerApplies(points)) models.push(fitPower(points));
  else skipped.push({ name: 'power', reason: 'needs all x > 0 and y > 0' });
  for (const m of models) {
    // AIC is -Infinity for an exact fit (RSS = 0 without known errors): a fine answer, not an overflow.
    const numbers = [...Object.values(m.params), m.rss, m.aic === -Infinity && m.rss === 0 ? 0 : m.aic];
    if (!numbers.every(Number.isFinite)) throw new DomainError('fit', `the ${m.name} fit is not finite in float64 (values too large or too spread: rescale the columns)`);
  }
  const log = models[1] as ModelFit;
  const horizon = horizonAnalysis(points, sigmaThreshold);
  return {
    n: points.length,
    weighted,
    models,
    preferred: preferredModel(models),
    growthSigma: (log.params.b as number) / (log.se.b as number),
    prefix: horizon.prefix,
    significantFrom: horizon.significantFrom,
    skipped,
  };
}
