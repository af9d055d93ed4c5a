/**
 * Letter words of `metrics-series`, from its evidence alone: where the run's recorded metric turns non-finite
 * and how (the checker's own one-line description), whether eval stays finite over those steps and whether the
 * compared run stays finite at the same steps, with their counts; or the window's finite count; or the slope
 * test with its slope, se, t, dof and one-sided p against the level (and, adjusted for AR(1) errors, the lag-1
 * autocorrelation and effective n). The diagnosis: the parts of the finding the recorded series contradicts or
 * cannot carry, as the check wrote them. Names are in backticks.
 * Example: on the reverse-KL run of issue 20, `metricsSeriesWords.finding(result, 'falsified')` is "In run
 * `reverse-kl` of `logbook/trackio.db`, `train/loss` is finite up to its first non-finite value at step 150
 * (+Inf): strict alternation +Inf, NaN throughout from step 150 to 399 (125 pairs). Over those steps `eval/ppl`
 * stays finite at all 25 of its points (steps 150..390). Run `forward-kl` is finite at all 400 steps both runs
 * logged; `reverse-kl` is non-finite at 250 of them."
 */
import type { CheckResultView } from '../../../common/api/contract';
import { arrayAt, num, numberAt, objectAt, pval, stringAt } from '../../text/prose-numbers';
import type { KindLetterWords } from '../kind-words';

/** A name in backticks (backticks inside it dropped). */
const code = (s: string) => `\`${s.replace(/`/g, '')}\``;

function nonFiniteWords(ev: Record<string, unknown>, run: string, metric: string, db: string): string | null {
  const series = objectAt(ev, 'series');
  const points = numberAt(series, 'points');
  const onset = numberAt(series, 'onsetStep');
  const kind = stringAt(series, 'onsetKind');
  const description = stringAt(series, 'description');
  if (points === null || description === null) return null;
  if (onset === null) return `In run ${run} of ${db}, ${metric} is finite at all ${points} recorded points.`;
  const out = [
    `In run ${run} of ${db}, ${metric} is finite up to its first non-finite value at step ${onset} (${kind ?? '?'}): ${description}.`,
  ];
  const e = objectAt(ev, 'eval');
  const evalMetric = stringAt(e, 'metric');
  const inside = numberAt(e, 'pointsInRanges');
  if (e !== null && evalMetric !== null && inside !== null) {
    const outcome = stringAt(e, 'outcome');
    const bad = objectAt(e, 'firstNonFinite');
    const from = numberAt(e, 'firstStep');
    const to = numberAt(e, 'lastStep');
    const span = from !== null && to !== null ? ` (steps ${from}..${to})` : '';
    if (outcome === 'stays-finite') out.push(`Over those steps ${code(evalMetric)} stays finite at all ${inside} of its points${span}.`);
    else if (outcome === 'not-finite' && bad !== null)
      out.push(
        `Over those steps ${code(evalMetric)} is not finite: ${stringAt(bad, 'kind') ?? '?'} at step ${numberAt(bad, 'step') ?? '?'}.`,
      );
    else if (outcome === 'too-few-points')
      out.push(
        `Over those steps ${code(evalMetric)} has ${inside} points, fewer than the ${numberAt(e, 'minPoints') ?? '?'} needed to decide.`,
      );
  }
  const c = objectAt(ev, 'compare');
  const other = stringAt(objectAt(c, 'run'), 'name');
  const steps = numberAt(c, 'steps');
  const onlyA = numberAt(c, 'onlyANonFinite');
  const bBad = (numberAt(c, 'onlyBNonFinite') ?? 0) + (numberAt(c, 'bothNonFinite') ?? 0);
  if (c !== null && other !== null && steps !== null && onlyA !== null) {
    if (bBad > 0) out.push(`Run ${code(other)} is non-finite too, at ${bBad} of the ${steps} steps both runs logged.`);
    else out.push(`Run ${code(other)} is finite at all ${steps} steps both runs logged; ${run} is non-finite at ${onlyA} of them.`);
  }
  return out.join(' ');
}

function staysFiniteWords(ev: Record<string, unknown>, run: string, metric: string, db: string): string | null {
  const w = objectAt(ev, 'window');
  const points = numberAt(w, 'points');
  const nonFinite = numberAt(w, 'nonFinite');
  if (points === null || nonFinite === null) return null;
  const from = numberAt(w, 'fromStep');
  const to = numberAt(w, 'toStep');
  const where = from === null && to === null ? 'over all its steps' : `over steps ${from ?? 'from the first'}..${to ?? 'the last'}`;
  const head = `In run ${run} of ${db}, ${where},`;
  if (points === 0) return `${head} ${metric} has no recorded point.`;
  const bad = objectAt(w, 'firstNonFinite');
  if (nonFinite === 0 || bad === null) return `${head} ${metric} is finite at all ${points} recorded points.`;
  return `${head} ${metric} has ${nonFinite} non-finite values among ${points}, the first ${stringAt(bad, 'kind') ?? '?'} at step ${numberAt(bad, 'step') ?? '?'}.`;
}

function trendWords(ev: Record<string, unknown>, run: string, metric: string): string | null {
  const d = objectAt(ev, 'divergence');
  const outcome = stringAt(d, 'outcome');
  const w = objectAt(d, 'window');
  const points = numberAt(w, 'points');
  if (d === null || outcome === null || points === null) return null;
  const from = numberAt(w, 'fromStep');
  const to = numberAt(w, 'toStep');
  const where = from === null && to === null ? '' : `, steps ${from ?? 'from the first'}..${to ?? 'the last'}`;
  const of = `${metric} (run ${run}${where})`;
  if (outcome === 'constant') return `${of} is constant at all ${points} finite points: no trend.`;
  if (outcome === 'cannot-tell') return `No trend test on ${of}: ${stringAt(d, 'reasonText') ?? 'too few points'}.`;
  const slope = numberAt(d, 'slope');
  const se = numberAt(d, 'se');
  const t = numberAt(d, 't');
  const dof = numberAt(d, 'dof');
  const p = numberAt(d, 'p');
  const level = numberAt(d, 'level');
  const direction = stringAt(d, 'direction');
  if (slope === null || se === null || t === null || dof === null || p === null || level === null || direction === null) return null;
  const y = stringAt(d, 'scale') === 'log' ? 'the log of the value' : 'the value';
  const r1 = numberAt(d, 'residualLag1');
  const ne = numberAt(d, 'effectiveN');
  const ar1 =
    stringAt(d, 'errors') === 'ar1' && ne !== null
      ? `, adjusted for AR(1) errors (lag-1 autocorrelation ${num(r1 ?? 0)}, effective n ${num(ne)})`
      : '';
  const side =
    p < level
      ? `below the level ${level}: a significant ${direction} trend`
      : `not below the level ${level}: no significant ${direction} trend`;
  return `Over ${points} finite points of ${of}, the slope of ${y} on step is ${num(slope)} (se ${num(se)}${ar1}), t = ${num(t)} with ${num(dof)} dof, one-sided p = ${pval(p)}, ${side}.`;
}

function finding(r: CheckResultView): string | null {
  const ev = r.evidence;
  const run = stringAt(objectAt(ev, 'run'), 'name');
  const metric = stringAt(ev, 'metric');
  const db = stringAt(ev, 'database');
  if (run === null || metric === null || db === null) return null;
  switch (stringAt(ev, 'expect')) {
    case 'non-finite':
      return nonFiniteWords(ev, code(run), code(metric), code(db));
    case 'stays-finite':
      return staysFiniteWords(ev, code(run), code(metric), code(db));
    case 'diverges':
      return trendWords(ev, code(run), code(metric));
    default:
      return null;
  }
}

/** The parts of the finding that failed (false) or could not be told (null), as the check wrote them. */
function said(r: CheckResultView, holds: boolean | null): string[] {
  return arrayAt(r.evidence, 'conditions')
    .filter((c) => typeof c === 'object' && c !== null && (c as { holds?: unknown }).holds === holds)
    .map((c) => stringAt(c, 'says'))
    .filter((s): s is string => s !== null);
}

export const metricsSeriesWords: KindLetterWords = {
  finding,
  diagnosis(r) {
    const parts: string[] = [];
    const wrong = said(r, false);
    const unknown = said(r, null);
    if (wrong.length > 0) parts.push(`The recorded series does not show what the finding says: ${wrong.join('; ')}.`);
    if (r.evidence.decides === false && unknown.length > 0)
      parts.push(`The recorded series cannot carry the finding: ${unknown.join('; ')}.`);
    return parts.length > 0 ? parts.join(' ') : null;
  },
};
