import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLedger } from '../../../checkers/ledger/summary';
import { triageQueue, TRIAGE_RANK, TRIAGE_TIERS, type PrematureVerification } from '../../../checkers/ledger/triage';
import { VERDICTS, type VerdictRow } from '../../../checkers/ledger/verdicts';

const row = (paper: string, claim: string, logbook: string, verdict: VerdictRow['verdict']): VerdictRow => ({
  paper,
  claim,
  logbook,
  verdict,
  source: 'test',
});

describe('the re-check queue', () => {
  it('falsified claims first, then contested, then toy-only; verified and inconclusive ones are not queued', () => {
    const ledger = buildLedger([
      row('p1', 'c-verified', 'a', 'verified'),
      row('p1', 'c-toy', 'a', 'toy'),
      row('p2', 'c-contested', 'a', 'verified'),
      row('p2', 'c-contested', 'b', 'falsified'),
      row('p3', 'c-falsified', 'a', 'falsified'),
      row('p3', 'c-falsified-twice', 'a', 'falsified'),
      row('p3', 'c-falsified-twice', 'b', 'falsified'),
      row('p4', 'c-unclear', 'a', 'inconclusive'),
    ]);
    const q = triageQueue(ledger);
    expect(q.map((r) => [r.tier, r.claim])).toEqual([
      ['falsified', 'c-falsified-twice'],
      ['falsified', 'c-falsified'],
      ['contested', 'c-contested'],
      ['toy', 'c-toy'],
    ]);
    expect(q[2]?.logbookVerdicts).toEqual([
      { logbook: 'a', verdict: 'verified' },
      { logbook: 'b', verdict: 'falsified' },
    ]);
  });

  it('holds every falsified, contested and toy claim exactly once, tiers in order (property)', () => {
    const arb = fc.array(
      fc.record({
        paper: fc.constantFrom('p1', 'p2', 'p3'),
        claim: fc.constantFrom('c1', 'c2', 'c3'),
        logbook: fc.constantFrom('a', 'b', 'c', 'd'),
        verdict: fc.constantFrom(...VERDICTS),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(arb, (raw) => {
        // One verdict per (paper, claim, logbook): the ledger refuses contradictions.
        const unique = new Map(raw.map((r) => [`${r.paper}|${r.claim}|${r.logbook}`, r]));
        const ledger = buildLedger([...unique.values()].map((r) => ({ ...r, source: 'x' })));
        const q = triageQueue(ledger);
        const expected = ledger.claimSummaries.filter((c) => ['falsified', 'contested', 'toy'].includes(c.status));
        expect(q).toHaveLength(expected.length);
        const tiers = q.map((r) => TRIAGE_TIERS.indexOf(r.tier));
        expect([...tiers].sort((a, b) => a - b)).toEqual(tiers);
        for (const r of q) expect(r.tier).toBe(r.status);
      }),
      { seed: 3, numRuns: 300 },
    );
  });

  it('premature verifications rank beside contested claims: after them (they have a falsifying logbook), before toy', () => {
    const ledger = buildLedger([
      row('p1', 'c-toy', 'a', 'toy'),
      row('p1', 'c-verified-early', 'alice/repro', 'verified'),
      row('p1', 'c-verified-solid', 'bob/repro', 'verified'),
      row('p2', 'c-contested', 'a', 'verified'),
      row('p2', 'c-contested', 'b', 'falsified'),
      row('p3', 'c-falsified', 'a', 'falsified'),
      row('p4', 'c-two-verifiers', 'alice/repro', 'verified'),
      row('p4', 'c-two-verifiers', 'carol/repro', 'verified'),
    ]);
    const premature: PrematureVerification[] = [
      {
        paper: 'p1',
        claims: ['C1', 'c-verified-early', '#2'],
        logbooks: ['L1', 'logbook', 'alice/repro'],
        reason: 'paging/F1: 4 points, at least 6 needed',
      },
      // Only one of this claim's two verifying logbooks is shown premature: the other still verifies it.
      { paper: 'p4', claims: ['c-two-verifiers'], logbooks: ['alice/repro'], reason: 'too short a range' },
      // Another paper's claim of the same name says nothing about p1's.
      { paper: 'p9', claims: ['c-verified-solid'], logbooks: ['bob/repro'], reason: 'elsewhere' },
    ];
    const q = triageQueue(ledger, premature);
    expect(q.map((r) => [r.tier, r.claim])).toEqual([
      ['falsified', 'c-falsified'],
      ['contested', 'c-contested'],
      ['premature', 'c-verified-early'],
      ['toy', 'c-toy'],
    ]);
    expect(q[2]?.premature).toEqual([{ logbook: 'alice/repro', reason: 'paging/F1: 4 points, at least 6 needed' }]);
    expect(TRIAGE_RANK.premature).toBe(TRIAGE_RANK.contested);
    // Without premature findings the queue is what it was.
    expect(triageQueue(ledger).map((r) => r.tier)).toEqual(['falsified', 'contested', 'toy']);
  });

  it('one priority order: ranks never decrease along the queue, whatever the premature findings (property)', () => {
    const arb = fc.record({
      rows: fc.array(
        fc.record({
          paper: fc.constantFrom('p1', 'p2'),
          claim: fc.constantFrom('c1', 'c2', 'c3'),
          logbook: fc.constantFrom('a', 'b', 'c'),
          verdict: fc.constantFrom(...VERDICTS),
        }),
        { maxLength: 30 },
      ),
      premature: fc.array(
        fc.record({
          paper: fc.constantFrom('p1', 'p2'),
          claim: fc.constantFrom('c1', 'c2', 'c3'),
          logbook: fc.constantFrom('a', 'b', 'c'),
        }),
        { maxLength: 6 },
      ),
    });
    fc.assert(
      fc.property(arb, ({ rows, premature }) => {
        const unique = new Map(rows.map((r) => [`${r.paper}|${r.claim}|${r.logbook}`, r]));
        const ledger = buildLedger([...unique.values()].map((r) => ({ ...r, source: 'x' })));
        const q = triageQueue(
          ledger,
          premature.map((p) => ({ paper: p.paper, claims: [p.claim], logbooks: [p.logbook], reason: 'r' })),
        );
        const ranks = q.map((r) => TRIAGE_RANK[r.tier]);
        expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
        for (const r of q) {
          if (r.tier !== 'premature') continue;
          // Verified only, and every verifying logbook shown premature.
          expect(r.status).toBe('verified');
          const verifiers = r.logbookVerdicts.filter((v) => v.verdict === 'verified').map((v) => v.logbook);
          expect(verifiers.every((l) => premature.some((p) => p.paper === r.paper && p.claim === r.claim && p.logbook === l))).toBe(true);
        }
      }),
      { seed: 5, numRuns: 300 },
    );
  });
});
