import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { buildLedger, claimStatus, paperCategories } from '../../../checkers/ledger/summary';
import { LedgerInputError, parseVerdict, verdictRowsFromJson, verdictRowsFromJsonLines } from '../../../checkers/ledger/verdicts';
import type { Verdict, VerdictRow } from '../../../checkers/ledger/verdicts';

const r = (paper: string, claim: string, logbook: string, verdict: Verdict, line: number): VerdictRow => ({
  paper,
  claim,
  logbook,
  verdict,
  source: `line ${line}`,
});
const counts = (v: Partial<Record<Verdict, number>>) => ({ verified: 0, falsified: 0, toy: 0, inconclusive: 0, ...v });

describe('claim status and paper categories', () => {
  it('follows the precedence contested > verified > falsified > toy > inconclusive', () => {
    expect(claimStatus(counts({ verified: 1, falsified: 2 }))).toBe('contested');
    expect(claimStatus(counts({ verified: 1, toy: 3 }))).toBe('verified');
    expect(claimStatus(counts({ falsified: 1, toy: 3 }))).toBe('falsified');
    expect(claimStatus(counts({ toy: 1, inconclusive: 3 }))).toBe('toy');
    expect(claimStatus(counts({ inconclusive: 2 }))).toBe('inconclusive');
  });

  it('assigns paper categories (a paper may fall in several)', () => {
    expect(paperCategories(['verified', 'verified'])).toEqual(['fullyReproduced', 'atLeastOneVerified']);
    expect(paperCategories(['verified', 'toy'])).toEqual(['partiallyReproduced', 'atLeastOneVerified']);
    expect(paperCategories(['verified', 'falsified'])).toEqual(['atLeastOneVerified', 'falsifiedOrContested']);
    expect(paperCategories(['contested', 'inconclusive'])).toEqual(['atLeastOneVerified', 'falsifiedOrContested', 'contested']);
    expect(paperCategories(['falsified', 'falsified'])).toEqual(['falsifiedOrContested', 'allFalsified']);
    expect(paperCategories(['toy', 'inconclusive'])).toEqual(['toyOnly']);
    expect(paperCategories(['inconclusive'])).toEqual(['inconclusive']);
  });
});

describe('buildLedger on a hand-computed table', () => {
  // Paper A: C1 verified (L1) + falsified (L2) -> contested; C2 verified -> A: atLeastOneVerified, falsifiedOrContested, contested.
  // Paper B: C1 falsified twice -> falsified; B: falsifiedOrContested, allFalsified.
  // Paper C: C1 toy, C2 inconclusive -> toyOnly.  Paper D: C1 verified -> fullyReproduced, atLeastOneVerified.
  const rows = [
    r('A', 'C1', 'L1', 'verified', 2),
    r('A', 'C1', 'L2', 'falsified', 3),
    r('A', 'C2', 'L1', 'verified', 4),
    r('B', 'C1', 'L3', 'falsified', 5),
    r('B', 'C1', 'L4', 'falsified', 6),
    r('C', 'C1', 'L5', 'toy', 7),
    r('C', 'C2', 'L5', 'inconclusive', 8),
    r('D', 'C1', 'L6', 'verified', 9),
    r('D', 'C1', 'L6', 'verified', 10),
  ];
  const ledger = buildLedger(rows);
  it('counts papers, claims, logbooks and statuses', () => {
    expect([ledger.papers, ledger.claims, ledger.logbooks]).toEqual([4, 6, 6]);
    expect(ledger.claimStatus).toEqual({ contested: 1, verified: 2, falsified: 1, toy: 1, inconclusive: 1 });
    expect(ledger.paperCategories).toEqual({
      fullyReproduced: 1,
      partiallyReproduced: 0,
      atLeastOneVerified: 2,
      falsifiedOrContested: 2,
      allFalsified: 1,
      contested: 1,
      toyOnly: 1,
      inconclusive: 0,
    });
  });
  it('lists contested then falsified claims for re-checking', () => {
    expect(ledger.recheck.map((c) => `${c.paper}/${c.claim}:${c.status}`)).toEqual(['A/C1:contested', 'B/C1:falsified']);
  });
  it('counts do not depend on row order; the re-check list order is stable', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length }), (perm) => {
        const l = buildLedger(perm);
        expect([l.papers, l.claims, l.logbooks]).toEqual([ledger.papers, ledger.claims, ledger.logbooks]);
        expect(l.claimStatus).toEqual(ledger.claimStatus);
        expect(l.paperCategories).toEqual(ledger.paperCategories);
        expect(l.recheck.map((c) => c.paper + c.claim)).toEqual(ledger.recheck.map((c) => c.paper + c.claim));
      }),
    );
  });

  it('rejects contradictory duplicates naming both lines', () => {
    expect(() => buildLedger([r('A', 'C1', 'L1', 'verified', 2), r('A', 'C1', 'L1', 'toy', 9)])).toThrow(/line 9.*line 2/);
  });
});

describe('verdict words and tolerant JSON', () => {
  it('reads verdict words case-insensitively and rejects unknown words naming the place', () => {
    expect(parseVerdict(' Verified ', 'line 2')).toBe('verified');
    expect(parseVerdict('toy-only', 'line 2')).toBe('toy');
    expect(() => parseVerdict('refuted', 'line 7')).toThrow(LedgerInputError);
    expect(() => parseVerdict('refuted', 'line 7')).toThrow(/line 7: unknown verdict "refuted"/);
  });

  it('accepts logbook objects with claim arrays or claim maps and key variants', () => {
    const doc = {
      paper: 'openreview:P',
      logbooks: [
        {
          logbook_id: 'L1',
          claims: [
            { claim_id: 'C1', verdict: 'Falsified' },
            { id: 'C2', status: 'verified' },
          ],
        },
        { name: 'L2', paper_id: 'openreview:Q', verdicts: { C1: 'toy', C2: { label: 'inconclusive' } } },
      ],
    };
    const rows = verdictRowsFromJson(doc);
    expect(rows.map((x) => [x.paper, x.claim, x.logbook, x.verdict])).toEqual([
      ['openreview:P', 'C1', 'L1', 'falsified'],
      ['openreview:P', 'C2', 'L1', 'verified'],
      ['openreview:Q', 'C1', 'L2', 'toy'],
      ['openreview:Q', 'C2', 'L2', 'inconclusive'],
    ]);
    expect(rows[3]!.source).toBe('/logbooks/1/verdicts/C2/label');
    const single = verdictRowsFromJson({ paper: { id: 'P' }, logbook: 'L', claims: [{ claim: 'C9', judgement: 'verified' }] });
    expect(single).toHaveLength(1);
  });

  it('names the JSON pointer of an unknown verdict or a missing key', () => {
    expect(() => verdictRowsFromJson([{ paper: 'P', logbook: 'L', claims: [{ id: 'C1', verdict: 'ok' }] }])).toThrow(
      /\/0\/claims\/0\/verdict: unknown verdict/,
    );
    expect(() => verdictRowsFromJson([{ logbook: 'L', claims: [] }])).toThrow(/\/0: no paper id/);
    expect(() => verdictRowsFromJson(42)).toThrow(LedgerInputError);
  });
});

describe('the public challenge verdict shape', () => {
  // As the public verdict files give them: one object per logbook (Space), the paper as paper_id/orid,
  // claims by text or only by position, upper- or lower-case verdict words, extra keys ignored.
  const official = [
    {
      space_id: 'u/first',
      paper_id: 'paper-a',
      judged_at: '2026-07-27T01:00:00+00:00',
      claims: [{ verdict: 'verified' }, { verdict: 'toy' }, { verdict: 'inconclusive' }],
    },
    {
      space_id: 'u/later',
      paper_id: 'paper-a',
      judged_at: '2026-07-27T02:00:00+00:00',
      claims: [{ verdict: 'falsified' }, { verdict: 'VERIFIED' }],
    },
    { space_id: 'u/b', orid: 'paper-b', paper_title: 'Paper B', claims: [{ claim: 'Claim B1', verdict: 'toy', evidence: 'bounded run' }] },
  ];

  it('reads claims by position and by text, under a verdicts key too', () => {
    for (const doc of [official, { verdicts: official, fetched_at: 'x' }]) {
      const ledger = buildLedger(verdictRowsFromJson(doc));
      // paper-a: #1 verified + falsified = contested, #2 toy + verified = verified, #3 inconclusive; paper-b: toy.
      expect(ledger.claimStatus).toEqual({ contested: 1, verified: 1, falsified: 0, toy: 1, inconclusive: 1 });
      expect(ledger.paperCategories.contested).toBe(1);
      expect(ledger.paperCategories.toyOnly).toBe(1);
      expect(ledger.recheck.map((c) => `${c.paper} ${c.claim}`)).toEqual(['paper-a #1']);
    }
  });

  it('reads JSON Lines and names the line of a bad verdict', () => {
    const text = `${official.map((o) => JSON.stringify(o)).join('\n')}\n`;
    expect(verdictRowsFromJsonLines(text)).toHaveLength(6);
    expect(verdictRowsFromJsonLines(text)[3]!.source).toBe('line 2: /claims/0/verdict');
    const bad = text
      .replace('"toy", "evidence"', '"partial", "evidence"')
      .replace('"verdict":"toy","evidence"', '"verdict":"partial","evidence"');
    expect(() => verdictRowsFromJsonLines(bad)).toThrow(/line 3: \/claims\/0\/verdict: unknown verdict "partial"/);
    expect(() => verdictRowsFromJsonLines('{"paper_id": "p"\n')).toThrow(/line 1: not valid JSON/);
    expect(() => verdictRowsFromJsonLines('{"space_id": "s", "claims": []}\n')).toThrow(/^recheck\.ledger: line 1: no paper id/);
  });
});

describe('ledger input edges (issue 9)', () => {
  it('numeric ids that float64 cannot hold exactly are refused, not merged', () => {
    expect(() => verdictRowsFromJson(JSON.parse('[{"paper": 1e400, "logbook": "L", "claims": {"C": "verified"}}]'))).toThrow(
      /\/0\/paper: paper id Infinity is not exact/,
    );
    expect(() => verdictRowsFromJson(JSON.parse('[{"paper": 9007199254740993, "logbook": "L", "claims": {"C": "verified"}}]'))).toThrow(
      /not exact as a JSON number/,
    );
    expect(verdictRowsFromJson(JSON.parse('[{"paper": 42, "logbook": "L", "claims": {"C": "verified"}}]'))[0]!.paper).toBe('42');
  });

  it('JSON Lines take the parser as a parameter; its message is cut before any quoted excerpt', () => {
    const refuse = () => {
      throw new SyntaxError('Unexpected token \'x\', "a\nb" is not valid JSON');
    };
    expect(() => verdictRowsFromJsonLines('{"x": 1}\n', refuse)).toThrow(/^recheck\.ledger: line 1: not valid JSON: Unexpected token 'x'$/);
  });

  it('a contradiction names paper, claim and logbook quoted, so a line break in a name stays escaped', () => {
    const rows = [r('P\nQ', 'C', 'L', 'verified', 2), r('P\nQ', 'C', 'L', 'falsified', 3)];
    expect(() => buildLedger(rows)).toThrow(/for paper "P\\nQ", claim "C", logbook "L"$/);
  });
});
