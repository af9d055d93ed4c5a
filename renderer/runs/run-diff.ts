/**
 * Two runs of one finding side by side: the decision of each, and per check (in the newer run's order, then checks
 * only the older run had) its outcome, guarantee and key numbers in each run, with what changed. Key numbers are
 * the finite numbers of the check's evidence at depth one or two (`slope`, `fit.slope`), arrays left out; those
 * that differ come first.
 * Example: a check that supported in run A and errored in run B gives `{ outcome: { a: 'supports', b: 'error',
 * changed: true } }`.
 */
import type { CheckResultView, FalsificationReport, GuaranteeView } from '../../common/api/contract';
import { gateLine, guaranteeWords } from '../../common/words/outcomes';

export interface Pair<T> {
  a: T | undefined;
  b: T | undefined;
  changed: boolean;
}

export interface NumberRow {
  path: string;
  a: number | undefined;
  b: number | undefined;
  changed: boolean;
}

export interface CheckDiff {
  checkId: string;
  title: string;
  outcome: Pair<CheckResultView['outcome']>;
  guarantee: Pair<string>;
  summary: Pair<string>;
  numbers: NumberRow[];
}

export interface RunDiff {
  decision: Pair<FalsificationReport['decision']>;
  gate: Pair<string>;
  checks: CheckDiff[];
  /** Checks whose outcome changed. */
  changedOutcomes: number;
}

/** Most key numbers shown per check. */
export const MAX_NUMBERS = 12;

const pair = <T>(a: T | undefined, b: T | undefined): Pair<T> => ({ a, b, changed: a !== b });

/** The finite numbers of an evidence record at depth one or two, by dotted path. Example: `{ fit: { slope: 2 } }` gives fit.slope = 2. */
export function keyNumbers(evidence: Record<string, unknown>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, v] of Object.entries(evidence)) {
    if (typeof v === 'number' && Number.isFinite(v)) out.set(k, v);
    else if (typeof v === 'object' && v !== null && !Array.isArray(v))
      for (const [k2, v2] of Object.entries(v)) if (typeof v2 === 'number' && Number.isFinite(v2)) out.set(`${k}.${k2}`, v2);
  }
  return out;
}

function numberRows(a: CheckResultView | undefined, b: CheckResultView | undefined): NumberRow[] {
  const na = a !== undefined ? keyNumbers(a.evidence) : new Map<string, number>();
  const nb = b !== undefined ? keyNumbers(b.evidence) : new Map<string, number>();
  const paths = [...new Set([...na.keys(), ...nb.keys()])];
  const rows = paths.map((path) => {
    const x = na.get(path);
    const y = nb.get(path);
    return { path, a: x, b: y, changed: x !== y };
  });
  // Changed first, each group in evidence order (a stable sort).
  return rows.sort((r, s) => Number(s.changed) - Number(r.changed));
}

const guarantee = (g: GuaranteeView | undefined, present: boolean): string | undefined => (present ? guaranteeWords(g) : undefined);

/** `a` (the older run) against `b` (the newer), as the comparison shows them. */
export function diffRuns(a: FalsificationReport, b: FalsificationReport): RunDiff {
  const ids = [
    ...b.checks.map((c) => c.checkId),
    ...a.checks.map((c) => c.checkId).filter((id) => !b.checks.some((c) => c.checkId === id)),
  ];
  const checks = ids.map((checkId): CheckDiff => {
    const ca = a.checks.find((c) => c.checkId === checkId);
    const cb = b.checks.find((c) => c.checkId === checkId);
    return {
      checkId,
      title: (cb ?? ca)?.title ?? checkId,
      outcome: pair(ca?.outcome, cb?.outcome),
      guarantee: pair(guarantee(ca?.guarantee, ca !== undefined), guarantee(cb?.guarantee, cb !== undefined)),
      summary: pair(ca?.summary, cb?.summary),
      numbers: numberRows(ca, cb),
    };
  });
  return {
    decision: pair(a.decision, b.decision),
    gate: pair(gateLine(a.gate), gateLine(b.gate)),
    checks,
    changedOutcomes: checks.filter((c) => c.outcome.changed).length,
  };
}
