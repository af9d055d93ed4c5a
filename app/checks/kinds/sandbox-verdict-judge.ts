/**
 * The host's judgement of a `sandbox-verdict` module's runs (docs/sandbox-verdict.md): each run's comparisons are
 * decided exactly here, the outcome they imply is compared with the one the module states, its claimed guarantee
 * is capped to what the comparisons bear out, and the runs are combined (they decide only when all agree).
 * Pure: the sandbox runs are made by the kind (sandbox-verdict.ts).
 * - the module's outcome is never taken on its word: when its own comparisons imply another outcome (or none, or
 *   both), `judgeRun` says so and `combineRuns` throws VerdictContradictionError (a BadInputError) "the module
 *   says X but its evidence says Y", so the check fails (status error, and the finding's decision is
 *   inconclusive until the module is fixed);
 * - comparisons that cannot be decided (an interval across its bound) leave the run neutral ("cannot tell"),
 *   recorded approximate.
 * Example: one run stating `refutes` with `{ quantity: 'ratio at k=1024', value: '1.73', relation: '<', bound: '2',
 * means: 'refutes' }` and guarantee exact is judged `refutes`, exact.
 */
import { BadInputError } from '../../errors';
import { decideComparison, isInterval, type ComparisonTruth, type WrittenValue } from '../../../checkers/verdicts/comparison';
import {
  cappedGuarantee,
  deriveOutcome,
  weakestGuarantee,
  type DecisiveComparison,
  type ImpliedOutcome,
  type VerdictGuarantee,
  type VerdictOutcome,
} from '../../../checkers/verdicts/derive';
import type { Rational } from '../../../checkers/exact/rational';
import type { CheckResult } from '../kind';
import type { ModuleVerdict } from './sandbox-verdict-validate';

/** One comparison as the evidence records it: the numbers as written, their form, and how it came out here. */
export interface JudgedComparison {
  quantity: string;
  /** The value as written: a number string, a float as JS prints it, or [lo, hi]. */
  value: string | [string, string];
  form: 'exact' | 'float' | 'interval';
  relation: string;
  bound: string;
  means: 'supports' | 'refutes';
  truth: ComparisonTruth;
  /** float64 approximations for drawing only (never used to decide). */
  plot: { value: number | null; lo?: number | null; hi?: number | null; bound: number | null };
}

export interface JudgedRun {
  seed: number;
  /** What the module says. */
  stated: VerdictOutcome;
  /** What its comparisons imply, decided here. */
  implied: ImpliedOutcome;
  /** The run's outcome as the host records it (null: the module contradicts its evidence). */
  outcome: VerdictOutcome | null;
  /** Why the outcome is not the stated one, or null. */
  problem: string | null;
  claimed: VerdictGuarantee;
  guarantee: VerdictGuarantee;
  decides: JudgedComparison[];
  moduleSummary: string;
}

/** A module whose stated outcome its own comparisons do not imply: the check fails (the CLI exits 1). */
export class VerdictContradictionError extends BadInputError {
  constructor(module: string, problem: string) {
    super(module, problem);
    this.name = 'VerdictContradictionError';
  }
}

/** A label safe in one line of prose: no control characters or backticks, at most 80 characters. */
export function label(text: string): string {
  const flat = text
    .replace(/[\u0000-\u001f\u007f`]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

/** A float64 for drawing, or null beyond float64's range (evidence stays JSON). */
const drawn = (r: Rational): number | null => (Number.isFinite(r.toNumber()) ? r.toNumber() : null);

function judged(c: DecisiveComparison, truth: ComparisonTruth): JudgedComparison {
  const v: WrittenValue = c.value;
  const base = { quantity: c.quantity, relation: c.relation, bound: c.bound.text, means: c.means, truth };
  if (isInterval(v)) {
    const [lo, hi] = [drawn(v.lo.value), drawn(v.hi.value)];
    const mid = lo !== null && hi !== null ? lo / 2 + hi / 2 : null;
    return { ...base, value: [v.lo.text, v.hi.text], form: 'interval', plot: { value: mid, lo, hi, bound: drawn(c.bound.value) } };
  }
  return { ...base, value: v.text, form: v.form, plot: { value: drawn(v.value), bound: drawn(c.bound.value) } };
}

/** "ratio at k=1024 = 1.73 < 2", or "... in [1.9, 2.1], across 2" for an undecided interval. */
export function comparisonText(c: JudgedComparison): string {
  const value = Array.isArray(c.value) ? `in [${c.value[0]}, ${c.value[1]}]` : `= ${c.value}`;
  const negated: Record<string, string> = { '<': '>=', '<=': '>', '=': '!=', '>=': '<', '>': '<=' };
  const rel = c.truth === 'holds' ? c.relation : c.truth === 'fails' ? negated[c.relation] : `${c.relation} undecided against`;
  return `${label(c.quantity)} ${value}, ${rel} ${c.bound}`;
}

/** Judges one run's verdict: re-derives its outcome, caps its guarantee. */
export function judgeRun(v: ModuleVerdict, seed: number): JudgedRun {
  const truths = v.decides.map((c) => decideComparison(c.value, c.relation, c.bound));
  const implied = deriveOutcome(v.decides, truths);
  const { guarantee, gap } = cappedGuarantee(v.guarantee, v.decides, truths);
  const decides = v.decides.map((c, i) => judged(c, truths[i] as ComparisonTruth));
  let outcome: VerdictOutcome | null = v.outcome;
  let problem: string | null = gap;
  if (implied === 'undecided') {
    outcome = 'neutral';
    const open = decides.find((c) => c.truth === 'undecided');
    problem = `cannot tell: ${open !== undefined ? `${comparisonText(open)}` : 'a comparison is undecided'}`;
  } else if (implied !== v.outcome) {
    outcome = null;
    problem = `the module says ${v.outcome} but its evidence says ${impliedWords(implied, v, decides)}`;
  }
  return {
    seed,
    stated: v.outcome,
    implied,
    outcome,
    problem,
    claimed: v.guarantee,
    guarantee: implied === 'undecided' ? { kind: 'approximate', bound: problem ?? 'cannot tell' } : guarantee,
    decides,
    moduleSummary: v.summary,
  };
}

function impliedWords(implied: ImpliedOutcome, v: ModuleVerdict, decides: readonly JudgedComparison[]): string {
  if (v.decides.length === 0) return 'nothing: evidence.decides holds no comparison';
  const shown = (cs: readonly JudgedComparison[]) => cs.slice(0, 3).map(comparisonText).join('; ');
  if (implied === 'both') return `both supports and refutes (${shown(decides.filter((c) => c.truth === 'holds'))})`;
  if (implied === 'neutral') {
    const broken = decides.filter((c) => c.truth === 'fails');
    return `neutral: no side's comparisons all hold${broken.length > 0 ? ` (${shown(broken)})` : ''}`;
  }
  return `${implied} (${shown(decides.filter((c) => c.means === implied && c.truth === 'holds'))})`;
}

/**
 * The check's result from its runs: throws BadInputError(module, ...) when a run's module contradicts its own
 * evidence; else the common outcome when every run agrees (neutral, saying how they split, when they do not).
 * `seedsMatter`: the case gave several seeds, so the result states them (the gates want at least 3).
 */
export function combineRuns(
  module: string,
  runs: readonly JudgedRun[],
  o: { seedsMatter: boolean; extra?: Record<string, unknown> },
): CheckResult {
  const liar = runs.find((r) => r.outcome === null);
  if (liar !== undefined) throw new VerdictContradictionError(module, `${liar.problem} (seed ${liar.seed})`);
  const outcomes = runs.map((r) => r.outcome as VerdictOutcome);
  const agree = outcomes.every((x) => x === outcomes[0]);
  const guarantee = weakestGuarantee(runs.map((r) => r.guarantee));
  const first = runs[0] as JudgedRun;
  const seedsText = runs.length === 1 ? `seed ${first.seed}` : `${runs.length} runs (seeds ${runs.map((r) => r.seed).join(', ')})`;
  const evidence: Record<string, unknown> = {
    module,
    seeds: runs.map((r) => r.seed),
    runs,
    agreeing: agree ? runs.length : Math.max(...['supports', 'refutes', 'neutral'].map((x) => outcomes.filter((y) => y === x).length)),
    outcome: agree ? outcomes[0] : 'neutral',
    guarantee,
    ...o.extra,
  };
  const seeds = o.seedsMatter ? { seeds: runs.length } : {};
  const base = { guarantee, basis: 'recomputed' as const, evidence, ...seeds };
  if (!agree) {
    const split = ['supports', 'refutes', 'neutral']
      .map((x) => [x, runs.filter((r) => r.outcome === x).map((r) => r.seed)] as const)
      .filter(([, s]) => s.length > 0)
      .map(([x, s]) => `${x} with seed${s.length === 1 ? '' : 's'} ${s.join(', ')}`);
    return { ...base, outcome: 'neutral', summary: `The runs of ${module} disagree (${split.join('; ')}): nothing is decided.` };
  }
  const outcome = outcomes[0] as VerdictOutcome;
  const undecided = runs.find((r) => r.implied === 'undecided');
  if (undecided !== undefined)
    return {
      ...base,
      outcome: 'neutral',
      summary: `${module} says ${undecided.stated}, but its evidence ${undecided.problem?.replace(/^cannot tell: /, 'cannot tell it: ')} (${seedsText}).`,
    };
  const shown = first.decides.filter((c) => c.truth === 'holds' && c.means === outcome).slice(0, 3);
  const worth =
    guarantee.kind === 'approximate'
      ? `recorded approximate${guarantee.bound !== undefined ? ` (${guarantee.bound})` : ''}, so it decides nothing`
      : `worth ${guarantee.kind}`;
  if (outcome === 'neutral')
    return { ...base, outcome, summary: `${module} decides neither way, and its comparisons agree (${seedsText}); ${worth}.` };
  return {
    ...base,
    outcome,
    summary: `${module} ${outcome}, re-derived here from its own comparisons in ${runs.length === 1 ? 'its run' : `all ${seedsText}`}: ${shown.map(comparisonText).join('; ')}${runs.length === 1 ? ` (seed ${first.seed})` : ''}; ${worth}.`,
  };
}
