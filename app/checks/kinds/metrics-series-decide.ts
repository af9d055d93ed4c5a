/**
 * How a `metrics-series` check decides what the finding asserts of a recorded series (metrics-series.ts), from
 * the analyses of checkers/series only. Each part of the assertion is a condition that holds (true), fails
 * (false) or cannot be told (null, with why); the outcome is `refutes` when some condition fails, else `neutral`
 * when some cannot be told (`insufficient` says why), else `supports`.
 * - `non-finite`: the run has a non-finite value (and, as asserted, its first one at `onsetStep`; the pattern
 *   `throughout` or `alternation`; `evalMetric` finite at every point it logged inside the run's non-finite
 *   stretches, at least minPoints of them; `compareRun` finite at every step both runs logged, with the run
 *   non-finite at some of them). Counting: exact.
 * - `stays-finite`: every point in the window is finite (at least one point). Counting: exact.
 * - `diverges`: the one-sided slope test over the window (checkers/series/divergence.ts) rejects "no trend" at
 *   `level` (supports; statistical with its test, p and dof); values exactly constant contradict it (refutes,
 *   exact); no significant trend decides nothing (absence of a trend at a level is not evidence of stability,
 *   nor evidence against the finding strong enough to refute it); fewer than minPoints finite (or, with AR(1)
 *   errors, effective) points decide nothing (approximate, never decides).
 *
 * Example: `decideConditions([{ what: 'onset', holds: true, says: '' }, { what: 'eval', holds: null, says:
 * '3 eval points' }])` is `{ outcome: 'neutral', insufficient: '3 eval points' }`.
 */
import type { FiniteWhileResult } from '../../../checkers/series/finite-while-non-finite';
import type { RunComparison } from '../../../checkers/series/compare-runs';
import type { NonFiniteReport } from '../../../checkers/series/non-finite';
import { reasonText, type DivergenceResult } from '../../../checkers/series/divergence';
import type { CheckOutcome, Guarantee } from '../kind';
import { alternationOf } from './metrics-series-evidence';

/** One part of what the finding asserts, as the recorded series bears it out. */
export interface Condition {
  readonly what: 'non-finite' | 'onset' | 'pattern' | 'eval' | 'compare' | 'finite' | 'trend';
  /** true: borne out; false: contradicted; null: cannot be told from the recorded points. */
  readonly holds: boolean | null;
  /** One clause saying what was found (numbers and names only from the analyses). */
  readonly says: string;
}

export interface Decision {
  readonly outcome: CheckOutcome;
  readonly insufficient?: string;
}

/** The outcome of a list of conditions. Example: see the module comment. */
export function decideConditions(conditions: readonly Condition[]): Decision {
  if (conditions.some((c) => c.holds === false)) return { outcome: 'refutes' };
  const unknown = conditions.filter((c) => c.holds === null);
  if (unknown.length > 0) return { outcome: 'neutral', insufficient: unknown.map((c) => c.says).join('; ') };
  return { outcome: 'supports' };
}

/** What a finding of `non-finite` may assert beyond the onset itself. */
export interface NonFiniteAssertion {
  readonly onsetStep?: number;
  readonly pattern?: 'throughout' | 'alternation';
}

/** The conditions of `non-finite` on the run's own series. */
export function nonFiniteConditions(metric: string, r: NonFiniteReport, a: NonFiniteAssertion): Condition[] {
  if (r.onset === null) return [{ what: 'non-finite', holds: false, says: `${metric} is finite at all ${r.points} recorded points` }];
  const out: Condition[] = [
    { what: 'non-finite', holds: true, says: `${metric} is non-finite from step ${r.onset.step} (${r.description})` },
  ];
  if (a.onsetStep !== undefined)
    out.push({
      what: 'onset',
      holds: r.onset.step === a.onsetStep,
      says:
        r.onset.step === a.onsetStep
          ? `its first non-finite value is at step ${r.onset.step}, as asserted`
          : `its first non-finite value is at step ${r.onset.step}, not at step ${a.onsetStep} as asserted`,
    });
  if (a.pattern === 'throughout')
    out.push({
      what: 'pattern',
      holds: r.throughout,
      says: r.throughout ? 'it stays non-finite to its last point' : `it does not stay non-finite to its last point (${r.pattern})`,
    });
  if (a.pattern === 'alternation') {
    const alt = alternationOf(r);
    out.push({
      what: 'pattern',
      holds: alt !== null,
      says:
        alt !== null
          ? `a strict alternation of ${alt.cycle.join(' and ')} to its last point`
          : 'not a strict alternation of two kinds to its last point',
    });
  }
  return out;
}

/** The condition "eval stays finite while the metric is non-finite". */
export function evalCondition(evalMetric: string, f: FiniteWhileResult): Condition {
  const s = f.secondary;
  switch (f.outcome) {
    case 'stays-finite':
      return { what: 'eval', holds: true, says: `${evalMetric} is finite at all ${s.pointsInRanges} of its points in those steps` };
    case 'not-finite':
      return {
        what: 'eval',
        holds: false,
        says: `${evalMetric} is not finite there: ${s.firstNonFinite?.kind ?? 'non-finite'} at step ${s.firstNonFinite?.step ?? '?'}`,
      };
    case 'too-few-points':
      return {
        what: 'eval',
        holds: null,
        says: `${evalMetric} has ${s.pointsInRanges} points in the non-finite steps, fewer than the minimum of ${f.minPoints}`,
      };
    case 'primary-finite':
      return { what: 'eval', holds: null, says: `no non-finite steps to read ${evalMetric} over` };
  }
}

/** The condition "the compared run stays finite where this run is not" (a = this run, b = the compared run). */
export function compareCondition(run: string, compareRun: string, c: RunComparison): Condition {
  const s = c.summary;
  const bBad = c.common.onlyBNonFinite + c.common.bothNonFinite;
  if (s.commonSteps === 0) return { what: 'compare', holds: null, says: `${run} and ${compareRun} logged no common step` };
  if (bBad > 0)
    return {
      what: 'compare',
      holds: false,
      says: `${compareRun} is also non-finite at ${bBad} of the ${s.commonSteps} common steps`,
    };
  if (s.onlyANonFinite === 0)
    return { what: 'compare', holds: null, says: `${run} is finite at all ${s.commonSteps} steps it shares with ${compareRun}` };
  return {
    what: 'compare',
    holds: true,
    says: `${compareRun} is finite at all ${s.commonSteps} common steps, ${run} non-finite at ${s.onlyANonFinite} of them from step ${s.firstOneSidedStep}`,
  };
}

/** The condition of `stays-finite` over a window. */
export function finiteCondition(
  metric: string,
  points: number,
  nonFinite: number,
  first: { step: number; kind: string } | null,
): Condition {
  if (points === 0) return { what: 'finite', holds: null, says: `${metric} has no recorded point in the window` };
  if (first !== null)
    return {
      what: 'finite',
      holds: false,
      says: `${metric} has ${nonFinite} non-finite of ${points} points, the first ${first.kind} at step ${first.step}`,
    };
  return { what: 'finite', holds: true, says: `${metric} is finite at all ${points} points` };
}

/** The condition of `diverges` and its guarantee. */
export function trendCondition(metric: string, d: DivergenceResult): { condition: Condition; guarantee: Guarantee } {
  const used = d.adjusted ?? d.slope;
  switch (d.outcome) {
    case 'diverging':
    case 'not-significant': {
      const g = d.guarantee as Guarantee;
      const p = used?.p ?? Number.NaN;
      const says =
        d.outcome === 'diverging'
          ? `${metric} has a significant ${d.direction} trend (one-sided p = ${p.toPrecision(3)} < ${d.level})`
          : `${metric} shows no significant ${d.direction} trend at level ${d.level} (one-sided p = ${p.toPrecision(3)})`;
      return { condition: { what: 'trend', holds: d.outcome === 'diverging' ? true : null, says }, guarantee: g };
    }
    case 'constant':
      return {
        condition: { what: 'trend', holds: false, says: `${metric} is constant at all ${d.window.points} finite points of the window` },
        guarantee: { kind: 'exact' },
      };
    case 'cannot-tell': {
      const why = reasonText(d.reason as NonNullable<DivergenceResult['reason']>);
      return {
        condition: { what: 'trend', holds: null, says: `no trend test: ${why}` },
        guarantee: { kind: 'approximate', bound: `no test: ${why}` },
      };
    }
  }
}
