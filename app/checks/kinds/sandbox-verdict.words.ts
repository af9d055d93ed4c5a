/**
 * Letter words of `sandbox-verdict`, from its evidence only: which module ran, with which seeds, and the decisive
 * comparisons as Recheck decided them (numbers printed as the module wrote them, never re-rounded); a split between
 * runs, a comparison that cannot be told, or a claimed guarantee the comparisons do not bear out is said as such.
 * The module's own summary is never quoted (it is the module's word, not evidence).
 * Example: for the bundled test module, "Recheck ran the case's re-implementation `sandbox/exact-refutes.ts` in the
 * sandbox (seed 0) and decided its comparison exactly: share at k=20 = 0.99999904632568359375, > 0.999999, which
 * stands for refutes."
 */
import type { CheckResultView } from '../../../common/api/contract';
import { arrayAt, stringAt } from '../../text/prose-numbers';
import type { KindLetterWords } from '../kind-words';
import { comparisonText, type JudgedComparison } from './sandbox-verdict-judge';

/** A comparison of the evidence, or null when a field is missing or of the wrong type. */
function comparisonOf(c: unknown): JudgedComparison | null {
  if (typeof c !== 'object' || c === null) return null;
  const o = c as Record<string, unknown>;
  const value = o.value;
  const okValue = typeof value === 'string' || (Array.isArray(value) && value.length === 2 && value.every((x) => typeof x === 'string'));
  const ok =
    okValue &&
    typeof o.quantity === 'string' &&
    typeof o.relation === 'string' &&
    typeof o.bound === 'string' &&
    (o.means === 'supports' || o.means === 'refutes') &&
    (o.truth === 'holds' || o.truth === 'fails' || o.truth === 'undecided');
  return ok ? (o as unknown as JudgedComparison) : null;
}

interface RunWords {
  seed: number;
  outcome: string;
  decides: JudgedComparison[];
  problem: string | null;
}

function runsOf(r: CheckResultView): RunWords[] | null {
  const runs = arrayAt(r.evidence, 'runs').map((x) => {
    const o = (typeof x === 'object' && x !== null ? x : {}) as Record<string, unknown>;
    const decides = Array.isArray(o.decides) ? o.decides.map(comparisonOf) : [null];
    if (typeof o.seed !== 'number' || typeof o.outcome !== 'string' || decides.some((c) => c === null)) return null;
    return {
      seed: o.seed,
      outcome: o.outcome,
      decides: decides as JudgedComparison[],
      problem: typeof o.problem === 'string' ? o.problem : null,
    };
  });
  return runs.length > 0 && runs.every((x) => x !== null) ? (runs as RunWords[]) : null;
}

function where(module: string, runs: readonly RunWords[]): string {
  const seeds = runs.length === 1 ? `seed ${runs[0]?.seed}` : `${runs.length} runs, seeds ${runs.map((x) => x.seed).join(', ')}`;
  return `Recheck ran the case's re-implementation \`${module.replace(/`/g, "'")}\` in the sandbox (${seeds})`;
}

function finding(r: CheckResultView): string | null {
  const module = stringAt(r.evidence, 'module');
  const runs = runsOf(r);
  if (module === null || runs === null) return null;
  const first = runs[0] as RunWords;
  const head = where(module, runs);
  const outcomes = new Set(runs.map((x) => x.outcome));
  if (outcomes.size > 1) {
    const split = ['supports', 'refutes', 'neutral']
      .map((o) => [o, runs.filter((x) => x.outcome === o).map((x) => x.seed)] as const)
      .filter(([, s]) => s.length > 0)
      .map(([o, s]) => `${o} with seed${s.length === 1 ? '' : 's'} ${s.join(', ')}`);
    return `${head}; its runs disagree (${split.join('; ')}), so it decides nothing.`;
  }
  const open = runs.find((x) => x.decides.some((c) => c.truth === 'undecided'));
  if (open !== undefined) {
    const c = open.decides.find((x) => x.truth === 'undecided') as JudgedComparison;
    return `${head}; its evidence cannot tell: ${comparisonText(c)} (seed ${open.seed}), so it decides nothing.`;
  }
  const outcome = first.outcome;
  const shown = first.decides.filter((c) => c.truth === 'holds' && c.means === outcome).slice(0, 3);
  const each = runs.length > 1 ? ` in every run (the first shown)` : '';
  const capped = stringAt(r.guarantee, 'kind') === 'approximate' ? stringAt(r.guarantee, 'bound') : null;
  const worth =
    capped !== null && capped.startsWith('claimed ') ? ` Its guarantee is recorded as approximate (${capped}), so it decides nothing.` : '';
  if (outcome === 'neutral' || shown.length === 0) return `${head}; its comparisons, decided exactly${each}, decide neither way.${worth}`;
  const plural = shown.length === 1 ? 'its comparison' : 'its comparisons';
  const pinned = Array.isArray(r.evidence.declared) ? ', against bounds the case declares' : '';
  return `${head} and decided ${plural} exactly${pinned}${each}: ${shown.map(comparisonText).join('; ')}, which stand${shown.length === 1 ? 's' : ''} for ${outcome}.${worth}`;
}

/** A POSIX shell single-quoted word. Example: `quoted("a'b")` is `'a'\''b'`. */
function quoted(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

export const sandboxVerdictWords: KindLetterWords = {
  finding,
  /** A refuting result's own decisive comparisons are where the finding went wrong. */
  diagnosis(r) {
    if (r.outcome !== 'refutes') return null;
    const module = stringAt(r.evidence, 'module');
    const first = runsOf(r)?.[0];
    const shown = first?.decides.filter((c) => c.truth === 'holds' && c.means === 'refutes').slice(0, 3) ?? [];
    if (module === null || shown.length === 0) return null;
    return `Recomputed by \`${module.replace(/`/g, "'")}\` and decided exactly by Recheck: ${shown.map(comparisonText).join('; ')}.`;
  },
  rerun(params, at) {
    const module = at.file('module');
    const input = params.input === undefined ? '' : JSON.stringify(params.input);
    if (module === null || input === undefined || !/^[\x20-\x7e]{0,1000}$/.test(input)) return null;
    const seeds = Array.isArray(params.seeds) && params.seeds.every((s) => Number.isInteger(s)) ? ` --seeds ${params.seeds.join(',')}` : '';
    const seed = Number.isInteger(params.seed) ? ` --seed ${params.seed as number}` : '';
    const timeout = typeof params.timeoutSeconds === 'number' ? ` --timeout ${params.timeoutSeconds}` : '';
    return `npx recheck sandbox-verdict ${module}${input !== '' ? ` --input ${quoted(input)}` : ''}${seeds}${seed}${timeout}`;
  },
};
