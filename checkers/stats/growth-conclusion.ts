/**
 * Does y grow without bound, or level off? One of three answers, from the laws of growth-models.ts and their
 * lack-of-fit tests (lack-of-fit.ts) at a stated level (default 0.05). The rule (docs/decisions.md, "Growth
 * and boundedness"):
 * 0. Minimums: at least `points` distinct x (default 6) and xmax/xmin >= `xRange` (default 10, one decade).
 *    Below either, the answer is `cannot-tell`, naming what is missing.
 * 1. `grows` when every bounded law (const, inverse, inverse-power, exponential) is rejected over its members
 *    that cover at least half of their approach to the limit within the measured x (inverse-power p >= ln 2 /
 *    ln R, exponential s <= (xmax - xmin)/ln 2), and either at least one growing law (log, log-inverse,
 *    log-shift, power) is not rejected, or (no law fits: the shape is outside the family, e.g. a kink) the best growing law's
 *    AICc is at least 10 below every bounded law's (Burnham and Anderson 2002: no support left for those).
 *    `direction` says whether the best-fitting growing law increases or decreases.
 *    A bounded law that still fits, but only with its limit so far out that the data cover less than half the
 *    approach, is named in the reasons ("fits only with its limit far outside the data").
 * 2. `bounded` when some bounded law is not rejected (over all its members) and every growing law is rejected
 *    over its members whose growth is material (for log-inverse a + b ln x + c x0/x: |b| ln R >= |c|(1 - 1/R),
 *    the log term makes at least half the fitted change; the other growing laws have no bounded member).
 * 3. Otherwise `cannot-tell`, with what would decide it (more points, a larger range of x, smaller errors).
 * Error rates: if the data follow a bounded law that covers at least half its approach within the range, the
 * test of that true member has size `level` under Gaussian errors (exactly with known se; approximately for the
 * J tests without), so `grows` is said with probability at most about `level`; likewise `bounded` for data
 * following a growing law (measured: test/checkers/stats/growth-conclusion.test.ts). A bounded law whose approach is mostly
 * beyond the data is, over the measured range, indistinguishable from growth: it is called `grows` by design.
 * Guarantee: statistical (the tests' p-values and degrees of freedom are reported with the answer).
 */
import type { LackOfFit } from './lack-of-fit';
import { normalQuantile } from './normal-quantile';
import { tQuantile } from './student-t';
import type { ModelFit } from './growth-models';

export type GrowthConclusionValue = 'grows' | 'bounded' | 'cannot-tell';

export interface GrowthMinimums {
  /** Distinct x values. */
  points: number;
  /** xmax / xmin. */
  xRange: number;
}

export const DEFAULT_MINIMUMS: GrowthMinimums = { points: 6, xRange: 10 };
export const DEFAULT_LEVEL = 0.05;

export interface GrowthConclusion {
  value: GrowthConclusionValue;
  level: number;
  /** The test behind the answer, e.g. "lack of fit, chi-square (known se)". */
  test: string;
  /** The deciding p-value (the weakest rejection, or the test that failed to reject), null below the minimums. */
  p: number | null;
  dof: number | null;
  /** The law whose test gave p. */
  law: string | null;
  /** For `grows`: whether the best-fitting growing law increases or decreases without bound. */
  direction?: 'increasing' | 'decreasing';
  reasons: string[];
  /** For `cannot-tell`: what would decide it. */
  wouldDecide: string[];
  minimums: { required: GrowthMinimums; actual: GrowthMinimums; met: boolean; missing: string[] };
}

export interface DataShape {
  n: number;
  distinctX: number;
  xMin: number;
  xMax: number;
  known: boolean;
}

/**
 * The answer for fitted laws. Example: for 0.45 + 0.6 ln k with small noise at k = 2, 4, ..., 1024 the value is
 * `grows`; for the 4-row table k = 2..16 it is `cannot-tell` (4 distinct x, range 8).
 */
export function concludeGrowth(
  models: readonly ModelFit[],
  shape: DataShape,
  level = DEFAULT_LEVEL,
  required: GrowthMinimums = DEFAULT_MINIMUMS,
): GrowthConclusion {
  const actual = { points: shape.distinctX, xRange: shape.xMax / shape.xMin };
  const missing: string[] = [];
  if (actual.points < required.points) missing.push(`more points: ${actual.points} distinct x, at least ${required.points} needed`);
  if (!(actual.xRange >= required.xRange))
    missing.push(
      `a larger range of x: xmax/xmin = ${fmt(actual.xRange)} (${shape.xMin} to ${shape.xMax}), at least ${required.xRange} needed`,
    );
  const minimums = { required, actual, met: missing.length === 0, missing };
  const test = shape.known
    ? 'lack of fit: chi-square goodness of fit with the given se'
    : 'lack of fit: F (J) test of each law against it plus the fitted curve of the best law of the other kind';
  const weights = `AICc weights: ${models.map((m) => `${m.name} ${m.weight !== undefined ? fmt(m.weight) : '-'}`).join(', ')}`;
  if (!minimums.met) {
    const laws = models.map((m) => `${describe(m, level, shape)} (not used: below the minimums)`);
    return {
      value: 'cannot-tell',
      level,
      test,
      p: null,
      dof: null,
      law: null,
      reasons: [`below the minimums before any law may support or refute: ${missing.join('; ')}`, ...laws, weights],
      wouldDecide: missing,
      minimums,
    };
  }
  const bounded = models.filter((m) => m.kind === 'bounded');
  const growing = models.filter((m) => m.kind === 'growing');
  const pOf = (t: LackOfFit | null | undefined): number => (t === null || t === undefined ? 1 : t.p); // no test: cannot reject
  const reasons: string[] = [];
  for (const m of models) reasons.push(describe(m, level, shape));
  reasons.push(weights);

  const boundedNearRejected = bounded.every((m) => pOf(m.lackOfFitNear ?? m.lackOfFit) < level);
  // Growing laws count with their material members only (log-inverse: the log term makes at least half the
  // change; the others have no bounded member inside their range).
  const growingP = (m: ModelFit): number => pOf(m.lackOfFitNear ?? m.lackOfFit);
  const growingFits = growing.filter((m) => growingP(m) >= level);
  const boundedFits = bounded.filter((m) => pOf(m.lackOfFit) >= level);
  const growingRejected = growing.every((m) => growingP(m) < level);
  const weakest = (ms: readonly ModelFit[], near: boolean) => {
    let best: ModelFit | undefined;
    for (const m of ms)
      if (
        best === undefined ||
        pOf(near ? (m.lackOfFitNear ?? m.lackOfFit) : m.lackOfFit) > pOf(near ? (best.lackOfFitNear ?? best.lackOfFit) : best.lackOfFit)
      )
        best = m;
    const t = best === undefined ? null : near ? (best.lackOfFitNear ?? best.lackOfFit) : best.lackOfFit;
    return { law: best?.name ?? null, p: t?.p ?? null, dof: t?.dof ?? null };
  };

  const aicc = (m: ModelFit): number => m.aicc ?? Infinity;
  const bestGrowing = [...growing].sort((a, b) => aicc(a) - aicc(b))[0];
  const bestBoundedAicc = Math.min(...bounded.map(aicc));
  const growingPreferred = bestGrowing !== undefined && aicc(bestGrowing) <= bestBoundedAicc - 10;
  if (boundedNearRejected && (growingFits.length > 0 || growingPreferred)) {
    const w = weakest(bounded, true);
    const fitting =
      growingFits.length > 0
        ? growingFits.map((m) => `${m.name} fits (p = ${fmtP(growingP(m))})`).join(', ')
        : `no law fits exactly, but ${bestGrowing?.name} is preferred by AICc by ${fmt(bestBoundedAicc - aicc(bestGrowing as ModelFit))} over every bounded law`;
    const lead = growingFits.length > 0 ? [...growingFits].sort((a, b) => aicc(a) - aicc(b))[0] : bestGrowing;
    const direction = lead === undefined ? undefined : directionOf(lead);
    reasons.unshift(
      `grows${direction === 'decreasing' ? ' (decreasing without bound)' : ''}: every bounded law is rejected at level ${level} over its members that reach at least half their limit within x = ${shape.xMin}..${shape.xMax} (largest p = ${fmtP(w.p)}, ${w.law}); ${fitting}`,
    );
    return { value: 'grows', level, test, ...w, ...(direction !== undefined ? { direction } : {}), reasons, wouldDecide: [], minimums };
  }
  if (boundedFits.length > 0 && growingRejected) {
    const w = weakest(growing, true);
    reasons.unshift(
      `bounded: every growing law is rejected at level ${level} (largest p = ${fmtP(w.p)}, ${w.law}); ${boundedFits.map((m) => `${m.name} fits (p = ${fmtP(pOf(m.lackOfFit))}, limit ${fmt(m.params.a ?? Number.NaN)})`).join(', ')}`,
    );
    return { value: 'bounded', level, test, ...w, reasons, wouldDecide: [], minimums };
  }
  const wouldDecide: string[] = [];
  const nearFits = bounded.filter((m) => pOf(m.lackOfFitNear ?? m.lackOfFit) >= level);
  if (nearFits.length > 0 && growingFits.length > 0) {
    reasons.unshift(
      `cannot tell: a bounded law (${nearFits.map((m) => `${m.name}, p = ${fmtP(pOf(m.lackOfFitNear ?? m.lackOfFit))}`).join('; ')}) and a growing law (${growingFits.map((m) => `${m.name}, p = ${fmtP(growingP(m))}`).join('; ')}) both fit at level ${level}`,
    );
    wouldDecide.push(
      `a larger range of x (beyond ${shape.xMax}), where the bounded and growing fits part`,
      `more points (${shape.n} now)`,
      shape.known ? 'smaller standard errors' : 'smaller errors, or known standard errors (an se column) for an absolute test',
    );
  } else if (growingFits.length === 0 && boundedFits.length === 0) {
    reasons.unshift(`cannot tell: no law describes the data at level ${level} (every bounded and growing law is rejected)`);
    wouldDecide.push(
      'check the table (outliers, a mixed-up column); the shape may be outside these laws',
      'more points per x, to tell noise from shape',
    );
  } else {
    reasons.unshift(
      `cannot tell: every bounded law that reaches its limit within the data is rejected, but no growing law fits (level ${level})`,
    );
    wouldDecide.push(`a larger range of x (beyond ${shape.xMax})`, `more points (${shape.n} now)`);
  }
  const log = models.find((m) => m.name === 'log');
  if (log !== undefined && Number.isFinite(log.se.b)) {
    // How much growth the data still allow: the confidence interval of the log slope at 1 - level.
    const q = shape.known ? normalQuantile(1 - level / 2) : tQuantile(1 - level / 2, shape.n - 2);
    const b = log.params.b as number;
    const half = q * (log.se.b as number);
    reasons.splice(
      1,
      0,
      `the log slope is b = ${fmt(b)} ± ${fmt(log.se.b as number)}; its ${fmt(100 * (1 - level))}% confidence interval is [${fmt(b - half)}, ${fmt(b + half)}] (${shape.known ? 'z' : `t, ${shape.n - 2} dof`})`,
    );
  }
  const w = weakest(bounded, true);
  return { value: 'cannot-tell', level, test, ...w, reasons, wouldDecide, minimums };
}

/** Increasing or decreasing: the sign of the growing law's slope (b, or a for the power law). */
function directionOf(m: ModelFit): 'increasing' | 'decreasing' {
  const slope = m.name === 'power' ? (m.params.a ?? 0) : (m.params.b ?? 0);
  return slope < 0 ? 'decreasing' : 'increasing';
}

/** One line per law: formula with parameters ± se, its lack-of-fit test, and for bounded laws where its limit lies. */
function describe(m: ModelFit, level: number, shape: DataShape): string {
  const ps = Object.keys(m.params)
    .filter((k) => k !== 'x0')
    .map((k) => `${k} = ${fmt(m.params[k] as number)}${m.se[k] !== undefined ? ` ± ${fmt(m.se[k] as number)}` : ''}`)
    .join(', ');
  const t = m.lackOfFit;
  const verdict = t === null ? 'too few points for a lack-of-fit test' : `${testText(t)}: ${t.p < level ? 'rejected' : 'fits'}`;
  let line = `${m.name} (${m.kind}): ${ps}; ${verdict}`;
  if (
    m.name === 'log-inverse' &&
    t !== null &&
    t.p >= level &&
    m.lackOfFitNear !== undefined &&
    m.lackOfFitNear !== null &&
    m.lackOfFitNear.p < level
  ) {
    line += `; fits only with an immaterial log term (a bounded inverse law in effect): every member whose log term makes at least half the change is rejected (${testText(m.lackOfFitNear)})`;
  }
  if (
    m.kind === 'bounded' &&
    t !== null &&
    t.p >= level &&
    m.lackOfFitNear !== undefined &&
    m.lackOfFitNear !== null &&
    m.lackOfFitNear !== t &&
    m.lackOfFitNear.p < level
  ) {
    line += `; fits only with its limit far outside the data: the best fit covers ${fmt(100 * (m.approach ?? 0))}% of its approach to a = ${fmt(m.params.a ?? Number.NaN)} by x = ${shape.xMax}, and every member covering at least half is rejected (${testText(m.lackOfFitNear)})`;
  }
  return line;
}

function testText(t: LackOfFit): string {
  const at = t.at !== undefined ? ` at ${t.at.name} = ${fmt(t.at.value)}` : '';
  return t.test === 'chi-square'
    ? `chi2 = ${fmt(t.statistic)} on ${t.dof} dof, p = ${fmtP(t.p)}${at}`
    : `F = ${fmt(t.statistic)} on (1, ${t.dof}) dof against + ${t.against}, p = ${fmtP(t.p)}${at}`;
}

function fmt(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  return String(Number(v.toPrecision(3)));
}

function fmtP(p: number | null): string {
  if (p === null) return 'n/a';
  return p < 1e-4 ? p.toExponential(1) : String(Number(p.toPrecision(2)));
}
