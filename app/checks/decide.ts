/**
 * From check outcomes to a decision about a finding, by its polarity (`says`), through the gates of
 * /work/notes/decisions-gates.md. Outcomes are relative to the finding: `supports` = the evidence agrees with
 * what the finding says (for a toy or inconclusive finding, which states no side: the claim fails).
 * - a check failed to run: inconclusive (we never decide on partial evidence);
 * - approximate results count toward nothing (named in the reason);
 * - counted checks on both sides: contested;
 * - the claim fails (`confirmed` for a falsification or a toy/inconclusive finding, `overturned` for a
 *   verification): only through the claim-fails gate (gates.ts); a decision that would be reached but misses it
 *   is `inconclusive` (for a verification whose evidence a check shows insufficient: `premature`), and the
 *   reason says "not decided: misses the gate: ...";
 * - the claim stands: `refuted` (a falsification: any counted refuting check, the logbook's own numbers
 *   included, since they then contradict the logbook; a toy/inconclusive finding: a recomputed one), `upheld`
 *   (a verification: a recomputed counted check; the logbook's own numbers alone never uphold it);
 * - a verification some check shows the evidence cannot carry (`insufficient`): premature;
 * - otherwise inconclusive (waiting for people, or nothing decides).
 * `legacy: true` applies the rule of reports written before gates (outcomes only), to re-check them.
 * Example: `decide([exactSupport]).decision` is `confirmed`; `decide([logbookFitSupport]).decision` is `inconclusive`.
 */
import type { CheckResultView, DecisionGate, FalsificationDecision, FindingSays } from '../../common/api/contract';
import { claimFailsGate, notCounted, viewBasis } from './gates';

export interface DecideOptions {
  /** What the finding says (default falsified). */
  says?: FindingSays;
  /** Decide as before gates and polarity (outcomes only), for reports written then. */
  legacy?: boolean;
}

export interface Decided {
  decision: FalsificationDecision;
  reason: string;
  /** Absent only with `legacy`. */
  gate?: DecisionGate;
}

const names = (xs: readonly CheckResultView[]) => xs.map((c) => c.checkId).join(', ');

export function decide(checks: readonly CheckResultView[], opts: DecideOptions = {}): Decided {
  if (opts.legacy === true) return legacyDecide(checks);
  const says = opts.says ?? 'falsified';
  const failed = checks.filter((c) => c.outcome === 'error');
  if (failed.length > 0) {
    const why = `check(s) failed to run: ${names(failed)}`;
    return { decision: 'inconclusive', reason: why, gate: { passed: false, rule: 'every check ran', missing: why } };
  }
  const verification = says === 'verified';
  const sided = checks.filter((c) => c.outcome === 'supports' || c.outcome === 'refutes');
  const ignored = sided.filter((c) => notCounted(c) !== null);
  const counted = sided.filter((c) => notCounted(c) === null);
  const fails = counted.filter((c) => (verification ? c.outcome === 'refutes' : c.outcome === 'supports'));
  const stands = counted.filter((c) => (verification ? c.outcome === 'supports' : c.outcome === 'refutes'));
  const insufficient = checks.filter((c) => c.insufficient !== undefined);
  const ignoredNote = ignored.length > 0 ? `; not counted: ${ignored.map((c) => `${c.checkId} (${notCounted(c)})`).join(', ')}` : '';
  const supports = counted.filter((c) => c.outcome === 'supports');
  const refutes = counted.filter((c) => c.outcome === 'refutes');

  if (fails.length > 0 && stands.length > 0) {
    return {
      decision: 'contested',
      reason: `supported by ${names(supports)}; refuted by ${names(refutes)}${ignoredNote}`,
      gate: { passed: true, rule: 'contested: counted checks on both sides' },
    };
  }
  if (fails.length > 0) {
    const gate = claimFailsGate(fails);
    const shown = verification ? `refuted by ${names(fails)}; no check supports it` : `supported by ${names(fails)}; no check refutes it`;
    if (gate.passed)
      return {
        decision: verification ? 'overturned' : 'confirmed',
        reason: `${shown}${ignoredNote}`,
        gate: { passed: true, rule: gate.rule },
      };
    const missed: DecisionGate = { passed: false, rule: gate.rule, ...(gate.missing !== undefined ? { missing: gate.missing } : {}) };
    const notDecided = `${verification ? 'refuted' : 'supported'}, not decided: misses the gate: ${gate.missing}`;
    if (verification && insufficient.length > 0) return premature(insufficient, `; ${notDecided}${ignoredNote}`, missed);
    return { decision: 'inconclusive', reason: `${notDecided}${ignoredNote}`, gate: missed };
  }
  if (stands.length > 0) {
    const recomputed = stands.filter((c) => viewBasis(c) === 'recomputed');
    const needsRecomputed = verification || says === 'toy' || says === 'inconclusive';
    const standsRule = needsRecomputed
      ? 'the claim stands: a recomputed, non-approximate check shows it'
      : 'the claim stands: a non-approximate check refutes the falsification';
    if (!needsRecomputed || recomputed.length > 0) {
      const by = needsRecomputed ? recomputed : stands;
      const shown = verification ? `supported by ${names(by)}; no check refutes it` : `refuted by ${names(by)}; no check supports it`;
      const note =
        verification && insufficient.length > 0 ? `; the logbook's own evidence cannot carry it (${insufficientWhy(insufficient)})` : '';
      return {
        decision: verification ? 'upheld' : 'refuted',
        reason: `${shown}${note}${ignoredNote}`,
        gate: { passed: true, rule: standsRule },
      };
    }
    const missed: DecisionGate = { passed: false, rule: standsRule, missing: `only the logbook's own numbers (${names(stands)})` };
    if (verification && insufficient.length > 0)
      return premature(insufficient, `; supported by the logbook's own numbers only (${names(stands)})${ignoredNote}`, missed);
    return {
      decision: 'inconclusive',
      reason: `${verification ? 'supported' : 'refuted'}, not decided: misses the gate: only the logbook's own numbers (${names(stands)})${ignoredNote}`,
      gate: missed,
    };
  }
  if (verification && insufficient.length > 0) return premature(insufficient, ignoredNote, null);
  if (insufficient.length > 0) {
    const why = `the finding's evidence cannot carry it: ${insufficientWhy(insufficient)}`;
    return {
      decision: 'inconclusive',
      reason: `${why}${ignoredNote}`,
      gate: { passed: false, rule: 'a check that decides', missing: why },
    };
  }
  if (ignored.length > 0) {
    const why = `only approximate results (${names(ignored)}), and approximate results never decide`;
    return { decision: 'inconclusive', reason: why, gate: { passed: false, rule: 'a non-approximate check', missing: why } };
  }
  const waiting = checks.filter((c) => c.waitingFor !== undefined);
  if (waiting.length > 0) {
    const what = [...new Set(waiting.map((c) => c.waitingFor))].join('; ');
    const why = `waiting for ${what} (${names(waiting)})`;
    return { decision: 'inconclusive', reason: why, gate: { passed: false, rule: 'a check that decides', missing: why } };
  }
  return {
    decision: 'inconclusive',
    reason: 'no check decides either way',
    gate: { passed: false, rule: 'a check that decides', missing: 'no check decides either way' },
  };
}

function insufficientWhy(xs: readonly CheckResultView[]): string {
  return xs.map((c) => `${c.checkId}: ${c.insufficient}`).join('; ');
}

/** A verification whose evidence some check shows cannot carry it. The gate names what the prematurity rests on. */
function premature(insufficient: readonly CheckResultView[], tail: string, missed: DecisionGate | null): Decided {
  return {
    decision: 'premature',
    reason: `the evidence cannot carry the verification: ${insufficientWhy(insufficient)}${tail}`,
    gate: {
      passed: true,
      rule: `premature: a check shows the finding's evidence misses the minimums (${names(insufficient)})${missed?.missing !== undefined ? `; a decision misses its gate: ${missed.missing}` : ''}`,
    },
  };
}

/** The rule before gates and polarity: supports confirm, refutes refute, both contest (reports written then). */
function legacyDecide(checks: readonly CheckResultView[]): Decided {
  const failed = checks.filter((c) => c.outcome === 'error');
  const supports = checks.filter((c) => c.outcome === 'supports');
  const refutes = checks.filter((c) => c.outcome === 'refutes');
  if (failed.length > 0) return { decision: 'inconclusive', reason: `check(s) failed to run: ${names(failed)}` };
  if (supports.length > 0 && refutes.length > 0)
    return { decision: 'contested', reason: `supported by ${names(supports)}; refuted by ${names(refutes)}` };
  if (supports.length > 0) return { decision: 'confirmed', reason: `supported by ${names(supports)}; no check refutes it` };
  if (refutes.length > 0) return { decision: 'refuted', reason: `refuted by ${names(refutes)}; no check supports it` };
  const waiting = checks.filter((c) => c.waitingFor !== undefined);
  if (waiting.length > 0)
    return {
      decision: 'inconclusive',
      reason: `waiting for ${[...new Set(waiting.map((c) => c.waitingFor))].join('; ')} (${names(waiting)})`,
    };
  return { decision: 'inconclusive', reason: 'no check decides either way' };
}
