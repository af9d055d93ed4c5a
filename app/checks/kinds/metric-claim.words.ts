/**
 * Letter words of `metric-claim`, from its evidence only: the seeds (how many, from where, rescaled how), their
 * mean, sd and t interval, the claim's region, the decision with the deciding one-sample t test (p, dof, level),
 * and the case's reason when it let fewer than 3 seeds decide. The diagnosis: the decision's reason as the check
 * wrote it (the interval against the region), or why the seeds cannot tell. Names are in backticks.
 * Example: for 5 seeds of `gain` in `logbook/seeds.csv` against "+4pp at least", `metricClaimWords.finding(result,
 * 'falsified')` is "Over 5 seeds (column `gain` of `logbook/seeds.csv`), the mean is 4.06 (sd 0.207) and its 95%
 * interval is [3.8, 4.32]; the claim allows at least 3.5: the claim's number is reproduced (one-sided t test:
 * the mean lies at or above the boundary, p = 0.0019 with 4 dof, level 0.025)."
 */
import type { CheckResultView } from '../../../common/api/contract';
import { arrayAt, num, numberAt, objectAt, pval, stringAt } from '../../text/prose-numbers';
import type { KindLetterWords } from '../kind-words';

/** A finite number as a command-line value (written `--flag=value`, so a negative one is not read as a flag). */
const numArg = (v: unknown): string | null => (typeof v === 'number' && Number.isFinite(v) ? String(v) : null);

/** A name in backticks (backticks inside it dropped). */
const code = (s: string) => `\`${s.replace(/`/g, '')}\``;

function sourceText(ev: Record<string, unknown>, n: number): string | null {
  const s = objectAt(ev, 'source');
  const kind = stringAt(s, 'kind');
  const file = stringAt(s, 'file');
  if (kind === 'table' && file !== null) return `column ${code(stringAt(s, 'column') ?? '?')} of ${code(file)}`;
  if (kind === 'metrics' && file !== null) {
    const step = numberAt(s, 'step');
    return `${step !== null ? `the value at step ${step}` : 'the last value'} of ${code(stringAt(s, 'metric') ?? '?')} in ${n} runs of ${code(file)}`;
  }
  if (kind === 'inline') return 'values given inline';
  return null;
}

function finding(r: CheckResultView): string | null {
  const ev = r.evidence;
  const n = numberAt(ev, 'n');
  const decision = stringAt(ev, 'decisionWords');
  const region = stringAt(objectAt(ev, 'claim'), 'words');
  const from = n !== null ? sourceText(ev, n) : null;
  if (n === null || decision === null || region === null || from === null) return null;
  const unitsWords = stringAt(objectAt(ev, 'units'), 'words');
  const scale = numberAt(objectAt(ev, 'units'), 'scale');
  const rescaled = scale !== null && scale !== 1 && unitsWords !== null ? `, ${unitsWords}` : '';
  const head = `Over ${n} seed${n === 1 ? '' : 's'} (${from}${rescaled})`;
  const mean = numberAt(ev, 'mean');
  const sd = numberAt(ev, 'sd');
  const confidence = numberAt(ev, 'confidence');
  const iv = objectAt(ev, 'interval');
  const low = numberAt(iv, 'low');
  const high = numberAt(iv, 'high');
  const d = objectAt(ev, 'deciding');
  const p = numberAt(d, 'p');
  const dof = numberAt(d, 'dof');
  const level = numberAt(d, 'level');
  const words = stringAt(d, 'words');
  const gate = objectAt(ev, 'gate');
  const because = stringAt(gate, 'fewerSeedsBecause');
  const fewer =
    because !== null
      ? ` Only ${n} seeds decide here, below the minimum of ${numberAt(gate, 'minSeeds') ?? 3}, because the case says: “${because}”.`
      : '';
  if (
    mean === null ||
    sd === null ||
    confidence === null ||
    low === null ||
    high === null ||
    p === null ||
    dof === null ||
    level === null ||
    words === null
  )
    return `${head}: the claim allows ${region}, and the seeds cannot tell: ${stringAt(ev, 'reason') ?? 'no interval'}.`;
  const test = `${words}, p = ${pval(p)} with ${dof} dof, level ${num(level)}`;
  const said =
    ev.decides === true
      ? `the claim's number is ${decision} (${test})`
      : `the seeds cannot tell${gate !== null && gate.passed === false ? ` (${n} seeds, below the minimum of ${numberAt(gate, 'minSeeds') ?? 3}, with no reason stated for fewer)` : ` (${test})`}`;
  return `${head}, the mean is ${num(mean)} (sd ${num(sd)}) and its ${num(confidence * 100)}% interval is [${num(low)}, ${num(high)}]; the claim allows ${region}: ${said}.${fewer}`;
}

export const metricClaimWords: KindLetterWords = {
  rerun: (params, at) => {
    // A derived column or a stated reason is not a plain word on a command line: the letter then gives `recheck run`.
    if (params.derive !== undefined || params.fewerSeedsBecause !== undefined) return null;
    const words: (string | null)[] = [];
    const flag = (name: string, value: string | null) => words.push(value === null ? null : `--${name}=${value}`);
    if (params.table !== undefined) {
      words.push(at.file('table'));
      flag('column', at.arg(params.column));
    } else if (params.database !== undefined) {
      words.push(at.file('database'));
      flag('metric', at.arg(params.metric));
      if (params.step !== undefined) flag('step', numArg(params.step));
      for (const run of arrayAt(params, 'runs')) flag('run', at.arg(run));
    } else return null;
    flag('claimed', numArg(params.claimed));
    flag('direction', at.arg(params.direction));
    const tol = params.tolerance as Record<string, unknown> | undefined;
    if (tol !== undefined) {
      const v = numArg(tol.value);
      flag('tolerance', (tol.kind === 'abs' || tol.kind === 'rel') && v !== null ? `${tol.kind}:${v}` : null);
    }
    if (params.margin !== undefined) flag('margin', numArg(params.margin));
    if (params.confidence !== undefined) flag('confidence', numArg(params.confidence));
    if (params.claimUnit !== undefined) flag('claim-unit', at.arg(params.claimUnit));
    if (params.valuesUnit !== undefined) flag('values-unit', at.arg(params.valuesUnit));
    if (params.scale !== undefined) flag('scale', numArg(params.scale));
    if (words.some((w) => w === null)) return null;
    return `npx recheck claim ${words.join(' ')}`;
  },
  finding,
  diagnosis(r) {
    const ev = r.evidence;
    const reason = stringAt(ev, 'reason');
    if (reason === null) return null;
    const decision = stringAt(ev, 'decision');
    if (decision === 'cannot-tell') return `The seeds cannot tell whether the claim's number is reproduced: ${reason}.`;
    if (r.outcome !== 'refutes') return null;
    return decision === 'reproduced'
      ? `The seeds reproduce the claim's number: ${reason}.`
      : `The seeds do not reproduce the claim's number: ${reason}.`;
  },
};
