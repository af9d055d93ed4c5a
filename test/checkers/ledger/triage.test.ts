import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLedger } from '../../../checkers/ledger/summary';
import { triageQueue, TRIAGE_TIERS } from '../../../checkers/ledger/triage';
import { VERDICTS, type VerdictRow } from '../../../checkers/ledger/verdicts';

const row = (paper: string, claim: string, logbook: string, verdict: VerdictRow['verdict']): VerdictRow => ({ paper, claim, logbook, verdict, source: 'test' });

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
    const arb = fc.array(fc.record({ paper: fc.constantFrom('p1', 'p2', 'p3'), claim: fc.constantFrom('c1', 'c2', 'c3'), logbook: fc.constantFrom('a', 'b', 'c', 'd'), verdict: fc.constantFrom(...VERDICTS) }), { maxLength: 40 });
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
});
