/**
 * From check outcomes to a decision about a claimed falsification.
 * - confirmed: some check supports the falsification and none refutes it;
 * - refuted: some check refutes it and none supports it;
 * - contested: checks disagree;
 * - inconclusive: no check decides either way, or a check failed to run (a failed check never lets a
 *   decision through: we do not write to authors on partial evidence). When undecided checks wait for people
 *   (a blind review not yet done), the reason says what they wait for.
 */
import type { CheckResultView, FalsificationDecision } from '../api/contract';

export function decide(checks: readonly CheckResultView[]): { decision: FalsificationDecision; reason: string } {
  const failed = checks.filter((c) => c.outcome === 'error');
  const supports = checks.filter((c) => c.outcome === 'supports');
  const refutes = checks.filter((c) => c.outcome === 'refutes');
  const names = (xs: readonly CheckResultView[]) => xs.map((c) => c.checkId).join(', ');
  if (failed.length > 0) {
    return { decision: 'inconclusive', reason: `check(s) failed to run: ${names(failed)}` };
  }
  if (supports.length > 0 && refutes.length > 0) {
    return { decision: 'contested', reason: `supported by ${names(supports)}; refuted by ${names(refutes)}` };
  }
  if (supports.length > 0) return { decision: 'confirmed', reason: `supported by ${names(supports)}; no check refutes it` };
  if (refutes.length > 0) return { decision: 'refuted', reason: `refuted by ${names(refutes)}; no check supports it` };
  const waiting = checks.filter((c) => c.waitingFor !== undefined);
  if (waiting.length > 0) {
    const what = [...new Set(waiting.map((c) => c.waitingFor))].join('; ');
    return { decision: 'inconclusive', reason: `waiting for ${what} (${names(waiting)})` };
  }
  return { decision: 'inconclusive', reason: 'no check decides either way' };
}
