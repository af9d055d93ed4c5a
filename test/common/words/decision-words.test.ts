// One word per thing, by the finding's polarity (issue 19, item 2): every decision value in the words of each
// polarity, outcomes relative to the finding, verdicts, the gate line and guarantees; and the verdict rule on
// verifications agrees with common/api/methods.ts verdictDisagrees on every falsification value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BASIS_WORDS,
  decisionSide,
  decisionWords,
  FALSIFICATION_DECISIONS,
  gateLine,
  guaranteeWords,
  outcomeWords,
  verdictDisagreesWith,
  verdictWords,
} from '../../../common/words/outcomes';
import { verdictDisagrees } from '../../../common/api/methods';
import type { FalsificationDecision, FindingSays, ReviewerVerdict } from '../../../common/api/contract';

describe('decision words per polarity', () => {
  const table: [FindingSays, FalsificationDecision, string][] = [
    ['falsified', 'confirmed', 'falsification confirmed: the claim fails'],
    ['falsified', 'refuted', 'falsification refuted: the claim stands'],
    ['falsified', 'contested', 'checks disagree: nothing is decided'],
    ['falsified', 'inconclusive', 'inconclusive: no check decides it'],
    ['verified', 'upheld', 'verification upheld: the claim holds at the checked scale'],
    ['verified', 'overturned', 'verification overturned: the claim fails'],
    ['verified', 'premature', 'verification premature: the evidence cannot carry it'],
    ['verified', 'contested', 'checks disagree: nothing is decided'],
    ['verified', 'inconclusive', 'inconclusive: no check decides it'],
    ['toy', 'confirmed', 'claim fails: the checks show it fails beyond the toy scale'],
    ['toy', 'refuted', 'claim stands: the checks show it holds beyond the toy scale'],
    ['inconclusive', 'confirmed', 'claim fails: the checks decide what the logbook left open'],
    ['inconclusive', 'refuted', 'claim stands: the checks decide what the logbook left open'],
    ['inconclusive', 'inconclusive', 'inconclusive: no check decides it'],
  ];
  it.each(table)('%s finding, %s: "%s"', (says, decision, full) => {
    expect(decisionWords(decision, says).full).toBe(full);
  });
  it('a finding without polarity reads as a falsification, and every value has words', () => {
    for (const d of FALSIFICATION_DECISIONS) expect(decisionWords(d).full).toBe(decisionWords(d, 'falsified').full);
    expect(new Set(FALSIFICATION_DECISIONS.map((d) => decisionWords(d).short)).size).toBe(FALSIFICATION_DECISIONS.length);
  });
  it('no verification is worded as a falsification, no falsification as a verification', () => {
    for (const d of ['upheld', 'overturned', 'premature'] as const) expect(decisionWords(d, 'verified').short).toMatch(/^verification /);
    for (const d of ['confirmed', 'refuted'] as const) expect(decisionWords(d, 'falsified').short).toMatch(/^falsification /);
  });
});

describe('outcome and verdict words', () => {
  it('outcomes are relative to the finding', () => {
    expect(outcomeWords('supports', 'verified').full).toBe('supports the verification: evidence that the claim holds');
    expect(outcomeWords('refutes', 'verified').full).toBe('refutes the verification: evidence that the claim fails');
    expect(outcomeWords('supports').full).toBe('supports the falsification: evidence that the claim fails');
    expect(outcomeWords('supports', 'toy').short).toBe('shows the claim fails');
  });
  it('a verdict on a verification', () => {
    expect(verdictWords('confirmed', 'verified').short).toBe('verification upheld');
    expect(verdictWords('refuted', 'verified').short).toBe('verification rejected');
    expect(verdictWords('confirmed').short).toBe('falsification confirmed');
    expect(verdictWords('needs-more-work', 'verified').short).toBe('needs more work');
  });
});

describe('verdicts against decisions', () => {
  it('decisionSide', () => {
    expect(FALSIFICATION_DECISIONS.map((d) => [d, decisionSide(d)])).toEqual([
      ['confirmed', 'confirmed'],
      ['refuted', 'refuted'],
      ['contested', null],
      ['inconclusive', null],
      ['upheld', 'confirmed'],
      ['overturned', 'refuted'],
      ['premature', 'refuted'],
    ]);
  });
  it('agrees with methods.ts verdictDisagrees on every falsification value (property)', () => {
    const verdict = fc.constantFrom<ReviewerVerdict>('confirmed', 'refuted', 'needs-more-work');
    const old = fc.constantFrom<FalsificationDecision | undefined>('confirmed', 'refuted', 'contested', 'inconclusive', undefined);
    fc.assert(
      fc.property(verdict, old, (v, d) => {
        expect(verdictDisagreesWith(v, d)).toBe(verdictDisagrees(v, d));
      }),
      { seed: 1, numRuns: 100 },
    );
  });
  it('on a verification: confirmed agrees with upheld, refuted with overturned and premature', () => {
    expect(verdictDisagreesWith('confirmed', 'upheld')).toBe(false);
    expect(verdictDisagreesWith('refuted', 'upheld')).toBe(true);
    expect(verdictDisagreesWith('refuted', 'overturned')).toBe(false);
    expect(verdictDisagreesWith('refuted', 'premature')).toBe(false);
    expect(verdictDisagreesWith('confirmed', 'premature')).toBe(true);
    expect(verdictDisagreesWith('needs-more-work', 'premature')).toBe(false);
  });
});

describe('gate and guarantee lines', () => {
  it('says passed or missed, and what is missing', () => {
    expect(gateLine({ passed: true, rule: 'the claim stands: r' })).toBe('gate passed: the claim stands: r');
    expect(gateLine({ passed: false, rule: 'r', missing: 'm' })).toBe('gate missed: r (missing: m)');
    expect(gateLine(undefined)).toBe('gate: not recorded (a run from before gates)');
  });
  it('states the guarantee', () => {
    expect(guaranteeWords({ kind: 'statistical', test: 't-test', p: 0.0362, dof: 2, level: 0.05 })).toBe(
      'statistical (t-test, p = 0.036, dof 2, level 0.05)',
    );
    expect(guaranteeWords({ kind: 'enclosure' })).toBe('rigorous enclosure');
    expect(guaranteeWords(undefined)).toBe('approximate (no guarantee stated)');
    expect(BASIS_WORDS.logbook).toBe("the logbook's own numbers");
  });
});
