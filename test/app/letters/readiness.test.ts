// When a letter may be sent, by the finding's polarity and the decision's gate (app/letters/select.ts): never
// while the decision misses its gate, never while a premature or inconclusive decision lacks an agreeing
// verdict; the premature verification goes to its logbook's author; the overturned one to both.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { selectLetter } from '../../../app/letters/select';
import { draftLetter } from '../../../app/letters/draft';
import { CHECKLIST } from '../../../app/cases/checklist';
import type {
  AuditEntry,
  DecisionGate,
  FalsificationDecision,
  FindingSays,
  LatestFalsificationReport,
  ReviewerVerdict,
} from '../../../common/api/contract';
import { decisionSide } from '../../../common/words/outcomes';
import type { CaseFile } from '../../../app/cases/model';

const RUN = 'run-1';
const answered = Object.fromEntries(CHECKLIST.map((q) => [q.id, { status: 'not-applicable' as const, reason: 'synthetic' }]));

function caseWith(says: FindingSays): CaseFile {
  return {
    format: 'recheck.case/1',
    id: 'synthetic',
    title: 'Synthetic',
    paper: { title: 'A paper', venueId: 'openreview:x', claims: [{ id: 'C1', text: 'The bound holds.' }] },
    logbooks: [{ id: 'L1', path: 'logbooks/L1', format: 'trackio', title: 'A logbook' }],
    falsifications: [
      {
        id: 'F1',
        claim: 'C1',
        logbook: 'L1',
        says,
        assertion: 'Verified at this scale.',
        checks: [{ id: 'table-fit', kind: 'growth-fit', title: 'Fit the table', params: {} }],
        checklist: answered,
      },
    ],
  } as CaseFile;
}

function report(decision: FalsificationDecision, says: FindingSays, gate: DecisionGate): LatestFalsificationReport {
  return {
    falsificationId: 'F1',
    claim: 'C1',
    assertion: 'Verified at this scale.',
    says,
    decision,
    reason: '',
    gate,
    runId: RUN,
    finishedAt: '2026-12-02T00:00:00Z',
    checks: [],
  };
}

const verdict = (v: ReviewerVerdict): AuditEntry => ({
  at: '2026-12-02T00:00:01Z',
  who: 'Ada',
  action: 'decision',
  caseId: 'synthetic',
  falsificationId: 'F1',
  verdict: v,
  rationale: 'read the evidence',
  runId: RUN,
  hashes: {},
});
const PASSED: DecisionGate = { passed: true, rule: 'premature: a check shows the evidence misses the minimums (table-fit)' };
const MISSED: DecisionGate = {
  passed: false,
  rule: 'the claim fails: an exact or rigorous certificate, or two independent agreeing checks',
  missing: 'only logbook-only support (table-fit)',
};

describe('letter readiness by polarity and gate', () => {
  it('a premature verification goes to its logbook author, ready only with the verdict that agrees (refuted)', () => {
    const c = caseWith('verified');
    const agreed = selectLetter(c, [report('premature', 'verified', PASSED)], [verdict('refuted')], {}, 'x');
    expect(agreed.kind).toBe('logbook');
    expect(agreed.missing).toEqual([]);
    const against = selectLetter(
      c,
      [report('premature', 'verified', PASSED)],
      [verdict('confirmed')],
      { kind: 'logbook', falsificationId: 'F1' },
      'x',
    );
    expect(against.ready).toBe(false);
    expect(against.missing).toEqual([
      'F1: the reviewer\'s verdict is "verification upheld: the claim holds at the checked scale", the computed decision "verification premature: the evidence cannot carry it": they must agree',
    ]);
  });

  it('a decision that misses its gate is never ready, and the banner names the gate and what is missing (by check title)', () => {
    const c = caseWith('falsified');
    const sel = selectLetter(c, [report('confirmed', 'falsified', MISSED)], [verdict('confirmed')], { kind: 'authors' }, 'x');
    expect(sel.ready).toBe(false);
    expect(sel.missing).toEqual([
      'F1: the decision misses its gate: the claim fails: an exact or rigorous certificate, or two independent agreeing checks (missing: only logbook-only support (“fit the table”))',
    ]);
    const draft = draftLetter(c, [report('confirmed', 'falsified', MISSED)], [verdict('confirmed')], new Map(), { kind: 'authors' });
    expect(draft.markdown).toContain(
      'It misses its gate: the claim fails: an exact or rigorous certificate, or two independent agreeing checks (missing: only logbook-only support (“fit the table”)).',
    );
    expect(draft.markdown).not.toContain('table-fit');
  });

  it('for every polarity, decision, gate and verdict: ready only when the gate passed, the decision belongs to the letter, and the verdict agrees', () => {
    const decisions: FalsificationDecision[] = ['confirmed', 'refuted', 'contested', 'inconclusive', 'upheld', 'overturned', 'premature'];
    fc.assert(
      fc.property(
        fc.constantFrom<FindingSays>('falsified', 'verified', 'toy', 'inconclusive'),
        fc.constantFrom(...decisions),
        fc.boolean(),
        fc.constantFrom<ReviewerVerdict | null>('confirmed', 'refuted', 'needs-more-work', null),
        fc.constantFrom('authors' as const, 'logbook' as const),
        (says, decision, passed, v, kind) => {
          const sel = selectLetter(
            caseWith(says),
            [report(decision, says, passed ? PASSED : MISSED)],
            v === null ? [] : [verdict(v)],
            { kind, falsificationId: 'F1' },
            'x',
          );
          const belongs =
            kind === 'authors' ? ['confirmed', 'overturned'].includes(decision) : ['refuted', 'overturned', 'premature'].includes(decision);
          const agrees = v !== null && v !== 'needs-more-work' && v === decisionSide(decision);
          expect(sel.ready).toBe(passed && belongs && agrees);
          if (!passed) expect(sel.missing.some((m) => m.includes('misses its gate'))).toBe(true);
        },
      ),
    );
  });

  it('the opening and thanks follow the polarity: never "the failure you reported" to a verification, never "we believe"', () => {
    for (const [says, decision, words] of [
      ['verified', 'premature', 'holds at this scale; we re-checked it, and the evidence cannot yet carry that'],
      ['verified', 'upheld', 'our checks agree (verification upheld'],
      ['verified', 'overturned', 'our checks find that it fails (verification overturned'],
      ['falsified', 'refuted', 'our checks do not bear out the failure you reported (falsification refuted'],
      ['falsified', 'confirmed', 'our checks confirm it (falsification confirmed'],
    ] as const) {
      const md = draftLetter(caseWith(says), [report(decision, says, PASSED)], [], new Map(), {
        kind: 'logbook',
        falsificationId: 'F1',
      }).markdown;
      expect(md).toContain(words);
      expect(md).not.toMatch(/we believe/);
      if (says === 'verified') expect(md).not.toMatch(/failure you reported/);
    }
    const none = draftLetter(caseWith('falsified'), [], [], new Map(), { kind: 'authors' });
    expect(none.ready).toBe(false);
    expect(none.markdown).toContain('Nothing has been computed yet');
    expect(none.markdown).not.toMatch(/re-checked|stand/);
  });
});
