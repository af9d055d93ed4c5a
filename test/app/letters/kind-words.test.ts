// The kinds' letter words over arbitrary evidence (fast-check): what a sentence says of a growth-fit's
// conclusion is its conclusion, every number it prints is in the evidence (the claim-sentence check of
// claim-check.ts), a printed statistic is said to follow from its table exactly when the check found it
// consistent, and no diagnosis is given without evidence for it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CheckResultView, LatestFalsificationReport } from '../../../common/api/contract';
import { diagnosisSentence, findingSentence, KIND_LETTER_WORDS } from '../../../app/letters/kind-words';
import { builtinCheckKinds } from '../../../app/checks/kinds';
import { claimProblems } from './claim-check';

const result = (
  kind: string,
  evidence: Record<string, unknown>,
  outcome: CheckResultView['outcome'] = 'neutral',
  extra: Partial<CheckResultView> = {},
): CheckResultView => ({
  falsificationId: 'F1',
  checkId: 'c-1',
  kind,
  title: 'The check.',
  outcome,
  summary: 'unused',
  evidence,
  artifacts: [],
  durationMs: 1,
  basis: 'logbook',
  ...extra,
});
const reportOf = (r: CheckResultView): LatestFalsificationReport => ({
  falsificationId: 'F1',
  claim: 'C1',
  assertion: '',
  decision: 'inconclusive',
  reason: '',
  runId: 'r',
  finishedAt: '',
  checks: [r],
});
/** The problems of the one line a letter would print for this result. */
const problems = (r: CheckResultView) => claimProblems(`1. **The check.** ${findingSentence(r, 'verified')}`, [reportOf(r)], []);

const finite = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

describe('letter words of the kinds', () => {
  it('every kind with words is a registered kind', () => {
    for (const kind of Object.keys(KIND_LETTER_WORDS)) expect(builtinCheckKinds.map((k) => k.kind)).toContain(kind);
  });

  it('growth-fit: the sentence states the conclusion the evidence holds, with its numbers', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('grows', 'bounded', 'cannot-tell'),
        fc.boolean(),
        fc.option(finite(1e-9, 1)),
        fc.integer({ min: 1, max: 40 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { minLength: 2, maxLength: 12 }),
        fc.constantFrom(null, 'cannot-tell', 'grows', 'bounded'),
        (value, met, p, dof, xs, atStop) => {
          const evidence = {
            x: 'k',
            y: 'additive',
            n: xs.length,
            points: xs.map((x) => ({ x, y: Math.log(x) })),
            conclusion: {
              value,
              level: 0.05,
              test: 'F',
              p,
              dof: p === null ? null : dof,
              law: p === null ? null : 'inverse',
              reasons: [],
              wouldDecide: ['more points'],
              minimums: { required: { points: 6, xRange: 10 }, actual: { points: xs.length, xRange: 3 }, met, missing: [] },
            },
            models: [{ name: 'log', params: { b: 0.6 }, se: { b: 0.03 } }],
            growthP: 1e-7,
            growthDof: xs.length - 2,
            stoppedAt: atStop === null ? null : { maxX: Math.min(...xs) },
            stoppedAtConclusion: atStop,
          };
          const r = result('growth-fit', evidence);
          expect(problems(r)).toEqual([]);
          const [s, stop] = findingSentence(r, 'verified').split(' Stopped at ');
          if (value === 'grows') expect(s).toMatch(/`additive` grows\./);
          else expect(s).not.toMatch(/\bgrows\b/);
          // The logbook's stopping point is named only when the conclusion there differs.
          expect(stop !== undefined).toBe(atStop !== null && atStop !== value);
          if (value === 'cannot-tell' && !met) expect(s).toContain('below the minimums (6 distinct `k` over a decade)');
        },
      ),
    );
  });

  it('printed-consistency: "does not follow" exactly when inconsistent, with the printed text and the recomputed numbers', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('consistent', 'inconsistent'),
        finite(-100, 100),
        finite(1e-6, 10),
        finite(0, 1000),
        fc.integer({ min: 3, max: 500 }),
        fc.boolean(),
        (verdict, value, se, units, n, quotes) => {
          const evidence = {
            verdict,
            label: 'b',
            method: 'log law, OLS',
            printed: { text: '0.41', se: { text: '0.07' } },
            recomputed: { value, se, n },
            printedSeUnits: units,
            recomputedSeUnits: units * 2,
            findingQuotesIt: quotes,
          };
          const r = result('printed-consistency', evidence, verdict === 'inconsistent' && quotes ? 'refutes' : 'neutral');
          expect(problems(r)).toEqual([]);
          const s = findingSentence(r, 'verified');
          expect(s.includes('does not follow')).toBe(verdict === 'inconsistent');
          expect(s).toContain('b = 0.41 ± 0.07');
          expect(diagnosisSentence(r, 'verified') !== null).toBe(verdict === 'inconsistent' && quotes);
        },
      ),
    );
  });

  it('no diagnosis without its evidence: a refuting units audit that is no unit slip, a padding audit not explained by padding', () => {
    const units = result(
      'units-audit',
      {
        commensurable: true,
        ratio: 0.5,
        naiveRatio: 0.5,
        unit: 's',
        claim: { numerator: 'a', denominator: 'b', ratio: 2 },
        claimHolds: false,
        explainedByUnitSlip: false,
      },
      'refutes',
    );
    expect(findingSentence(units, 'falsified')).toBe(
      'Normalised to s, `a`/`b` = 0.5 (the ratio of the numbers as written is 0.5): the asserted `a`/`b` = 2 does not hold.',
    );
    expect(diagnosisSentence(units, 'falsified')).toBeNull();
    const padding = result(
      'padding-audit',
      {
        models: [{ name: 't', perplexityNoPad: 5, perplexityAll: 4.9, padFraction: 0.01 }],
        explainedByPadding: false,
        logbookComparison: [],
      },
      'refutes',
    );
    expect(diagnosisSentence(padding, 'falsified')).toBeNull();
    // A kind without words, refuting, insufficient: its own stated reason; refuting without one: nothing.
    expect(diagnosisSentence(result('image-metrics', {}, 'refutes'), 'falsified')).toBeNull();
    expect(diagnosisSentence(result('image-metrics', {}, 'neutral', { insufficient: 'too few pairs' }), 'verified')).toBe('Too few pairs.');
  });
});
