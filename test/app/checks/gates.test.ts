// Decisions with gates (issue 19, items 2 and 4): which results count, when two checks are independent, what a
// claim-fails decision needs, and the words and values of each polarity. The rules: /work/notes/decisions-gates.md.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide } from '../../../app/checks/decide';
import { claimFailsGate, independent, MIN_SEEDS } from '../../../app/checks/gates';
import type { CheckResultView, FalsificationDecision, FindingSays, GuaranteeView } from '../../../common/api/contract';
import { decisionWords, gateLine } from '../../../common/words/outcomes';

const EXACT: GuaranteeView = { kind: 'exact' };
const ENCLOSURE: GuaranteeView = { kind: 'enclosure' };
const STAT: GuaranteeView = { kind: 'statistical', test: 'F-test log vs saturating', p: 0.001, dof: 8 };
const APPROX: GuaranteeView = { kind: 'approximate' };

function view(checkId: string, outcome: CheckResultView['outcome'], more: Partial<CheckResultView> = {}): CheckResultView {
  return {
    falsificationId: 'F1',
    checkId,
    kind: 'k',
    title: checkId,
    outcome,
    summary: '',
    evidence: {},
    artifacts: [],
    durationMs: 0,
    ...more,
  };
}

describe('gates of a claimed falsification', () => {
  it("a check on the logbook's own numbers alone can at most support: it does not confirm", () => {
    const r = decide([view('logbook-fit', 'supports', { kind: 'growth-fit', guarantee: STAT, basis: 'logbook', dataSha256: 'aa' })]);
    expect(r.decision).toBe('inconclusive');
    expect(r.reason).toBe("supported, not decided: misses the gate: only the logbook's own numbers (logbook-fit)");
    expect(r.gate).toMatchObject({ passed: false, missing: "only the logbook's own numbers (logbook-fit)" });
    // Nor does an exact computation on the logbook's numbers: a certificate is one Recheck recomputes or verifies.
    expect(decide([view('exact-on-logbook', 'supports', { guarantee: EXACT, basis: 'logbook' })]).decision).toBe('inconclusive');
  });

  it('an exact certificate recomputed by Recheck confirms; so does a rigorous enclosure', () => {
    const r = decide([view('certificate', 'supports', { kind: 'fw-certificate', guarantee: EXACT, basis: 'recomputed' })]);
    expect(r.decision).toBe('confirmed');
    expect(r.gate?.passed).toBe(true);
    expect(r.gate?.rule).toContain('(certificate: certificate)');
    expect(decide([view('witness', 'supports', { guarantee: ENCLOSURE, basis: 'recomputed' })]).decision).toBe('confirmed');
  });

  it('two independent agreeing checks confirm: a recomputed sweep and the logbook’s own run, different tables', () => {
    const sweep = view('full-sweep', 'supports', { kind: 'growth-fit', guarantee: STAT, basis: 'recomputed', dataSha256: 'sweep' });
    const own = view('logbook-fit', 'supports', { kind: 'growth-fit', guarantee: STAT, basis: 'logbook', dataSha256: 'logbook' });
    const r = decide([sweep, own]);
    expect(r.decision).toBe('confirmed');
    expect(r.gate?.rule).toContain('(independent: full-sweep, logbook-fit)');
    // Two recomputed checks of different kinds (a replay and a re-implementation) are independent too.
    expect(
      decide([
        view('replay', 'supports', { kind: 'a', guarantee: STAT, basis: 'recomputed' }),
        view('reimpl', 'supports', { kind: 'b', guarantee: STAT, basis: 'recomputed' }),
      ]).decision,
    ).toBe('confirmed');
  });

  it('one result holding two or more independent sources that each reach its side (blind reviewers) counts as two', () => {
    const review = (sources: number, basis: 'logbook' | 'recomputed' = 'recomputed') =>
      view('perceptual-verdict', 'supports', { kind: 'perceptual-verdict', guarantee: STAT, basis, sources });
    expect(decide([review(1)]).decision).toBe('inconclusive');
    expect(decide([review(1)]).gate?.missing).toBe('one statistical check (perceptual-verdict) and no independent second');
    expect(decide([review(2)])).toMatchObject({ decision: 'confirmed', gate: { passed: true } });
    expect(decide([review(2)]).gate?.rule).toContain('(independent: 2 sources in perceptual-verdict)');
    expect(decide([review(3, 'logbook')]).decision).toBe('inconclusive');
  });

  it('two fits of the same table do not confirm (same sha256: one source)', () => {
    const a = view('full-sweep', 'supports', { kind: 'growth-fit', guarantee: STAT, basis: 'recomputed', dataSha256: 'f00dfeedbeef0123' });
    const b = view('exact-expectation', 'supports', {
      kind: 'growth-fit',
      guarantee: STAT,
      basis: 'recomputed',
      dataSha256: 'f00dfeedbeef0123',
    });
    expect(independent(a, b)).toBe(false);
    const r = decide([a, b]);
    expect(r.decision).toBe('inconclusive');
    expect(r.gate?.missing).toBe('no two independent checks: full-sweep, exact-expectation examine the same data (sha256 f00dfeedbeef...)');
    expect(r.reason.startsWith('supported, not decided: misses the gate: no two independent checks')).toBe(true);
    // Two checks of one kind and basis that name no data cannot be told apart: not independent either.
    expect(
      independent(
        view('x', 'supports', { guarantee: STAT, basis: 'recomputed' }),
        view('y', 'supports', { guarantee: STAT, basis: 'recomputed' }),
      ),
    ).toBe(false);
  });

  it('approximate results never decide, whichever side and however many', () => {
    for (const basis of ['logbook', 'recomputed'] as const) {
      expect(decide([view('a', 'supports', { guarantee: APPROX, basis })]).decision).toBe('inconclusive');
      expect(decide([view('a', 'refutes', { guarantee: APPROX, basis })]).decision).toBe('inconclusive');
      expect(
        decide([
          view('a', 'supports', { guarantee: APPROX, basis, kind: 'p' }),
          view('b', 'supports', { guarantee: APPROX, basis, kind: 'q' }),
        ]).decision,
      ).toBe('inconclusive');
    }
    // Results without a guarantee (kinds written before guarantees) are approximate.
    expect(decide([view('old', 'supports', { basis: 'recomputed' })]).reason).toBe(
      'only approximate results (old), and approximate results never decide',
    );
    // An approximate result against a certificate does not contest it; the reason names it.
    const r = decide([
      view('cert', 'supports', { guarantee: EXACT, basis: 'recomputed' }),
      view('float', 'refutes', { guarantee: APPROX, basis: 'recomputed' }),
    ]);
    expect(r).toMatchObject({ decision: 'confirmed', reason: 'supported by cert; no check refutes it; not counted: float (approximate)' });
  });

  it(`fewer than ${MIN_SEEDS} seeds misses the seeds gate where the check states seeds`, () => {
    const two = decide([view('seeded', 'supports', { guarantee: EXACT, basis: 'recomputed', seeds: 2 })]);
    expect(two.decision).toBe('inconclusive');
    expect(two.gate?.missing).toBe('fewer than 3 seeds: seeded (2)');
    expect(decide([view('seeded', 'supports', { guarantee: EXACT, basis: 'recomputed', seeds: 3 })]).decision).toBe('confirmed');
    // A pair of which one ran too few seeds is no pair.
    const pair = [
      view('a', 'supports', { kind: 'a', guarantee: STAT, basis: 'recomputed', seeds: 1 }),
      view('b', 'supports', { kind: 'b', guarantee: STAT, basis: 'recomputed', seeds: 5 }),
    ];
    expect(claimFailsGate(pair).passed).toBe(false);
  });

  it('the claim stands on a refutation from the logbook’s own numbers (they contradict the logbook), if not approximate', () => {
    const r = decide([view('units', 'refutes', { kind: 'units-audit', guarantee: ENCLOSURE, basis: 'logbook' })]);
    expect(r).toMatchObject({ decision: 'refuted', gate: { passed: true } });
  });

  it('counted checks on both sides contest', () => {
    const r = decide([
      view('a', 'supports', { guarantee: EXACT, basis: 'recomputed' }),
      view('b', 'refutes', { guarantee: STAT, basis: 'logbook' }),
    ]);
    expect(r.decision).toBe('contested');
  });
});

describe('decisions of a claimed verification', () => {
  const says: FindingSays = 'verified';
  it('upheld: a recomputed, non-approximate check supports it and none refutes it', () => {
    const r = decide([view('long-sweep', 'supports', { guarantee: STAT, basis: 'recomputed' })], { says });
    expect(r.decision).toBe('upheld');
    expect(decisionWords(r.decision, says).full).toBe('verification upheld: the claim holds at the checked scale');
  });

  it("the logbook's own numbers alone never uphold it", () => {
    const r = decide([view('logbook-fit', 'supports', { guarantee: STAT, basis: 'logbook' })], { says });
    expect(r.decision).toBe('inconclusive');
    expect(r.gate?.missing).toBe("only the logbook's own numbers (logbook-fit)");
  });

  it('overturned: the claim fails, through the same gate as a confirmed falsification', () => {
    const cert = decide([view('certificate', 'refutes', { guarantee: EXACT, basis: 'recomputed' })], { says });
    expect(cert.decision).toBe('overturned');
    expect(decisionWords(cert.decision, says).full).toBe('verification overturned: the claim fails');
    // A recomputed sweep and the logbook's own table that contradicts the logbook: two independent checks.
    const pair = decide(
      [
        view('sweep', 'refutes', { guarantee: STAT, basis: 'recomputed', dataSha256: 's' }),
        view('printed', 'refutes', { guarantee: STAT, basis: 'logbook', dataSha256: 'l' }),
      ],
      { says },
    );
    expect(pair.decision).toBe('overturned');
    // One statistical refutation alone misses the gate.
    expect(decide([view('sweep', 'refutes', { guarantee: STAT, basis: 'recomputed' })], { says }).decision).toBe('inconclusive');
  });

  it('premature: a check shows the evidence cannot carry it (a growth fit that cannot tell, too few points)', () => {
    const cannotTell = view('logbook-fit', 'neutral', {
      guarantee: STAT,
      basis: 'logbook',
      insufficient: '4 points, fewer than the minimum 6; x spans 0.9 decades',
    });
    const r = decide([cannotTell], { says });
    expect(r.decision).toBe('premature');
    expect(r.reason).toBe(
      'the evidence cannot carry the verification: logbook-fit: 4 points, fewer than the minimum 6; x spans 0.9 decades',
    );
    expect(decisionWords('premature', says).full).toBe('verification premature: the evidence cannot carry it');
    // A printed statistic that does not follow from its table refutes on the logbook's own numbers: not enough
    // to overturn (one check, logbook basis), and the verification stays premature, naming the missed gate.
    const withPrinted = decide(
      [cannotTell, view('printed-fit', 'refutes', { kind: 'printed-consistency', guarantee: EXACT, basis: 'logbook' })],
      { says },
    );
    expect(withPrinted.decision).toBe('premature');
    expect(withPrinted.gate?.rule).toContain("a decision misses its gate: only the logbook's own numbers (printed-fit)");
    // A recomputed long sweep that shows growth, with an independent second, overturns it instead.
    const decided = decide([cannotTell, view('sweep', 'refutes', { guarantee: EXACT, basis: 'recomputed' })], { says });
    expect(decided.decision).toBe('overturned');
    // A recomputed check that upholds it decides; the reason keeps what the logbook's evidence lacked.
    const upheld = decide([cannotTell, view('sweep', 'supports', { guarantee: STAT, basis: 'recomputed' })], { says });
    expect(upheld.decision).toBe('upheld');
    expect(upheld.reason).toContain("the logbook's own evidence cannot carry it (logbook-fit: 4 points");
  });

  it('contested and inconclusive as for falsifications', () => {
    expect(
      decide(
        [view('a', 'supports', { guarantee: STAT, basis: 'recomputed' }), view('b', 'refutes', { guarantee: EXACT, basis: 'recomputed' })],
        { says },
      ).decision,
    ).toBe('contested');
    expect(decide([view('a', 'neutral')], { says }).decision).toBe('inconclusive');
    expect(decide([view('a', 'error')], { says }).decision).toBe('inconclusive');
  });
});

describe('toy and inconclusive findings (no side: checks read as whether the claim fails)', () => {
  for (const says of ['toy', 'inconclusive'] as const) {
    it(`${says}: the claim fails through the gate, stands on a recomputed check, and is worded so`, () => {
      const fails = decide([view('cert', 'supports', { guarantee: EXACT, basis: 'recomputed' })], { says });
      expect(fails.decision).toBe('confirmed');
      expect(decisionWords(fails.decision, says).short).toBe('claim fails');
      const stands = decide([view('sweep', 'refutes', { guarantee: STAT, basis: 'recomputed' })], { says });
      expect(stands.decision).toBe('refuted');
      expect(decisionWords(stands.decision, says).short).toBe('claim stands');
      // The logbook's toy numbers decide nothing about the claim either way.
      expect(decide([view('toy-table', 'refutes', { guarantee: STAT, basis: 'logbook' })], { says }).decision).toBe('inconclusive');
    });
  }
});

describe('gate invariants (property)', () => {
  const guarantee = fc.constantFrom<GuaranteeView>(EXACT, ENCLOSURE, STAT, APPROX);
  const check = fc.record({
    outcome: fc.constantFrom<CheckResultView['outcome']>('supports', 'refutes', 'neutral'),
    guarantee,
    basis: fc.constantFrom<'logbook' | 'recomputed'>('logbook', 'recomputed'),
    kind: fc.constantFrom('a', 'b'),
    data: fc.constantFrom(undefined, 't1', 't2'),
    seeds: fc.constantFrom(undefined, 1, 3),
  });
  const list = fc.array(check, { maxLength: 6 }).map((xs) =>
    xs.map((x, i) =>
      view(`c${i}`, x.outcome, {
        guarantee: x.guarantee,
        basis: x.basis,
        kind: x.kind,
        ...(x.data !== undefined ? { dataSha256: x.data } : {}),
        ...(x.seeds !== undefined ? { seeds: x.seeds } : {}),
      }),
    ),
  );
  const says = fc.constantFrom<FindingSays>('falsified', 'verified', 'toy', 'inconclusive');
  const claimFails = (d: FalsificationDecision) => d === 'confirmed' || d === 'overturned';

  it('approximate results never change a decision', () => {
    fc.assert(
      fc.property(list, says, (xs, s) => {
        const kept = xs.filter((c) => c.guarantee?.kind !== 'approximate' || c.outcome === 'neutral');
        expect(decide(xs, { says: s }).decision).toBe(decide(kept, { says: s }).decision);
      }),
      { seed: 19, numRuns: 400 },
    );
  });

  it("the logbook's own numbers alone never make the claim fail, nor uphold a verification", () => {
    fc.assert(
      fc.property(list, says, (xs, s) => {
        const own = xs.map((c) => ({ ...c, basis: 'logbook' as const }));
        const d = decide(own, { says: s }).decision;
        expect(claimFails(d) || d === 'upheld').toBe(false);
      }),
      { seed: 20, numRuns: 400 },
    );
  });

  it('the claim fails only with a recomputed certificate or two independent agreeing checks, each with enough seeds', () => {
    fc.assert(
      fc.property(list, says, (xs, s) => {
        const r = decide(xs, { says: s });
        if (!claimFails(r.decision)) return;
        const failSide = s === 'verified' ? 'refutes' : 'supports';
        const ok = xs.filter(
          (c) => c.outcome === failSide && c.guarantee?.kind !== 'approximate' && (c.seeds === undefined || c.seeds >= MIN_SEEDS),
        );
        const cert = ok.some((c) => (c.guarantee?.kind === 'exact' || c.guarantee?.kind === 'enclosure') && c.basis === 'recomputed');
        const pair = ok.some((a) => ok.some((b) => independent(a, b) && (a.basis === 'recomputed' || b.basis === 'recomputed')));
        expect(cert || pair).toBe(true);
        expect(r.gate?.passed).toBe(true);
        expect(gateLine(r.gate).startsWith('gate passed: the claim fails')).toBe(true);
      }),
      { seed: 21, numRuns: 600 },
    );
  });

  it('a verification is never confirmed or refuted, a falsification never upheld, overturned or premature', () => {
    fc.assert(
      fc.property(list, says, (xs, s) => {
        const d = decide(xs, { says: s }).decision;
        if (s === 'verified') expect(['confirmed', 'refuted']).not.toContain(d);
        else expect(['upheld', 'overturned', 'premature']).not.toContain(d);
      }),
      { seed: 22, numRuns: 300 },
    );
  });
});
