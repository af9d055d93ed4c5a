// The queue's order on a hand-built ledger, and its independence of the order of the input (fast-check).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildLedger } from '../../../checkers/ledger/summary';
import type { VerdictRow } from '../../../checkers/ledger/verdicts';
import type { FlagKind } from '../../../checkers/screen/model';
import { matchLogbook, screenQueue, type LogbookFlags } from '../../../checkers/screen/queue';

const row = (paper: string, claim: string, logbook: string, verdict: VerdictRow['verdict']): VerdictRow => ({
  paper,
  claim,
  logbook,
  verdict,
  source: 'test',
});
const flagged = (logbook: string, ...kinds: FlagKind[]): [string, LogbookFlags] => [
  logbook,
  { logbook, flags: kinds.map((kind, i) => ({ kind, page: 'p', cell: `c${i}` })) },
];

const ROWS = [
  row('P1', 'C1', 'L1', 'verified'), // premature, two kinds on one logbook
  row('P2', 'C1', 'L2', 'falsified'), // the one falsification, flagged
  row('P2', 'C1', 'L3', 'inconclusive'),
  row('P3', 'C1', 'L4', 'verified'), // contested, no flags
  row('P3', 'C1', 'L5', 'falsified'),
  row('P3', 'C1', 'L6', 'falsified'),
  row('P4', 'C1', 'L7', 'verified'), // flagged evidence only
  row('P5', 'C1', 'L8', 'verified'), // clean: not queued
  row('P6', 'C1', 'user/repro', 'verified'), // matched to the folder user--repro, premature
];
const SCREENED = new Map([
  flagged('L1', 'printed-inconsistent', 'premature-verification'),
  flagged('L2', 'units-mismatch'),
  flagged('L7', 'missing-artifact'),
  flagged('L8'),
  flagged('user--repro', 'premature-verification'),
]);

describe('screen queue', () => {
  it('orders rank 0 (premature verification, flagged falsification), then contested, then flagged evidence', () => {
    const q = screenQueue(buildLedger(ROWS).claimSummaries, SCREENED);
    expect(q.map((r) => [r.paper, r.rank, r.reasons.join('+')])).toEqual([
      ['P1', 0, 'premature-verification+flagged-evidence'],
      ['P2', 0, 'flagged-falsification+flagged-evidence'],
      ['P6', 0, 'premature-verification+flagged-evidence'],
      ['P3', 1, 'contested'],
      ['P4', 2, 'flagged-evidence'],
    ]);
    expect(q[2]?.logbooks[0]?.screened).toBe('user--repro');
  });

  it('matches ledger names to folders by name, --, __ or the last segment', () => {
    const m = new Map([flagged('a__b'), flagged('c')]);
    expect(matchLogbook('a/b', m)?.logbook).toBe('a__b');
    expect(matchLogbook('x/c', m)?.logbook).toBe('c');
    expect(matchLogbook('zzz', m)).toBeNull();
  });

  it('gives the same queue whatever the order of the verdict rows', () => {
    const expected = JSON.stringify(screenQueue(buildLedger(ROWS).claimSummaries, SCREENED));
    fc.assert(
      fc.property(fc.shuffledSubarray(ROWS, { minLength: ROWS.length, maxLength: ROWS.length }), (rows) => {
        const q = screenQueue(buildLedger(rows).claimSummaries, SCREENED);
        // Within a claim the logbooks keep input order; compare claims and reasons, and the set of logbooks.
        const norm = (s: string) =>
          JSON.parse(s).map((r: { paper: string; reasons: string[]; logbooks: { logbook: string }[] }) => [
            r.paper,
            r.reasons,
            r.logbooks.map((l) => l.logbook).sort(),
          ]);
        expect(norm(JSON.stringify(q))).toEqual(norm(expected));
      }),
    );
  });
});
