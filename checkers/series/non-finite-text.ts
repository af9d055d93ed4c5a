/**
 * The one-line description of a series' non-finite values (non-finite.ts), built only from the computed facts:
 * steps, counts and the runs and cycles of each burst. Kinds are written NaN, +Inf, -Inf; a cycle of two
 * different kinds is a "strict alternation" counted in pairs, a longer one a "repeating cycle" counted in
 * cycles; a burst of many segments shows its first MAX_SEGMENTS_SHOWN and counts the rest.
 *
 * Examples: 'NaN throughout from step 37 to 1000 (964 values)';
 * 'strict alternation +Inf, NaN throughout from step 150 to 400 (125 pairs, then +Inf)';
 * 'isolated: 3 non-finite values among 1000 (2 NaN, 1 +Inf; first at step 17, last at step 802)'.
 */
import type { KindCounts } from './points';
import type { Segment } from './segments';

/** Segments written out per burst before the rest are only counted. */
export const MAX_SEGMENTS_SHOWN = 4;

/** What the description is built from (a NonFiniteReport's own fields). */
export interface NonFiniteFacts {
  readonly points: number;
  readonly counts: KindCounts;
  readonly bursts: readonly {
    readonly fromStep: number;
    readonly toStep: number;
    readonly length: number;
    readonly counts: KindCounts;
    readonly segments: readonly Segment[];
    readonly reachesEnd: boolean;
  }[];
  readonly pattern: 'none' | 'throughout' | 'isolated' | 'bursts';
}

type BurstFacts = NonFiniteFacts['bursts'][number];

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Example: `kindsText({ finite: 9, nan: 2, posInf: 1, negInf: 0 })` is '2 NaN, 1 +Inf'. */
export function kindsText(c: KindCounts): string {
  const parts: string[] = [];
  if (c.nan > 0) parts.push(`${c.nan} NaN`);
  if (c.posInf > 0) parts.push(`${c.posInf} +Inf`);
  if (c.negInf > 0) parts.push(`${c.negInf} -Inf`);
  return parts.join(', ');
}

/**
 * One segment; `throughout` when it is the whole of a burst that runs to the end.
 * Example: a run of 12 NaN from step 40 to 51 is 'NaN from step 40 to 51 (12 values)'.
 */
export function describeSegment(s: Segment, throughout = false): string {
  const from = throughout ? 'throughout from' : 'from';
  if (s.shape === 'run') {
    if (s.length === 1) return throughout ? `${s.kind} at step ${s.fromStep}, the last` : `${s.kind} at step ${s.fromStep}`;
    return `${s.kind} ${from} step ${s.fromStep} to ${s.toStep} (${plural(s.length, 'value')})`;
  }
  const pair = s.cycle.length === 2 && s.cycle[0] !== s.cycle[1];
  const name = pair ? 'strict alternation' : 'repeating cycle';
  const count = pair ? plural(s.cycles, 'pair') : plural(s.cycles, 'cycle');
  const rest = s.remainder > 0 ? `, then ${s.cycle.slice(0, s.remainder).join(', ')}` : '';
  return `${name} ${s.cycle.join(', ')} ${from} step ${s.fromStep} to ${s.toStep} (${count}${rest})`;
}

/** One burst: its single segment, or its range with its first segments. */
export function describeBurst(b: BurstFacts, throughout = false): string {
  if (b.segments.length === 1) return describeSegment(b.segments[0] as Segment, throughout);
  const shown = b.segments.slice(0, MAX_SEGMENTS_SHOWN).map((s) => describeSegment(s));
  const more = b.segments.length - shown.length;
  const tail = more > 0 ? `; and ${plural(more, 'more segment')}` : '';
  return `non-finite ${throughout ? 'throughout from' : 'from'} step ${b.fromStep} to ${b.toStep} (${plural(b.length, 'value')}: ${shown.join('; then ')}${tail})`;
}

/** The description of a NonFiniteReport's facts. Example: see the module comment. */
export function describeNonFinite(f: NonFiniteFacts): string {
  const bursts = f.bursts;
  const first = bursts[0];
  const last = bursts[bursts.length - 1];
  if (f.pattern === 'none' || first === undefined || last === undefined)
    return f.points === 0 ? 'no values' : `finite throughout: ${plural(f.points, 'value')}`;
  if (f.pattern === 'throughout') return describeBurst(first, true);
  const nonFinite = f.points - f.counts.finite;
  if (f.pattern === 'isolated') {
    const where =
      bursts.length === 1
        ? `${kindsText(f.counts)} at step ${first.fromStep}`
        : `${kindsText(f.counts)}; first at step ${first.fromStep}, last at step ${last.fromStep}`;
    return `isolated: ${plural(nonFinite, 'non-finite value')} among ${f.points} (${where})`;
  }
  let longest = first;
  for (const b of bursts) if (b.length > longest.length) longest = b;
  const head = `${plural(bursts.length, 'burst')} of non-finite values among ${f.points} (${kindsText(f.counts)})`;
  const firstText = bursts.length === 1 ? `: ${describeBurst(first)}` : `; first: ${describeBurst(first)}`;
  const longestText = longest !== first ? `; longest: ${describeBurst(longest)}` : '';
  const end = last.reachesEnd ? `; non-finite throughout from step ${last.fromStep}` : `; finite after step ${last.toStep}`;
  return `${head}${firstText}${longestText}${end}`;
}
