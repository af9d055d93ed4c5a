// The triage view's pure pieces: the queue grouped by tier (against the core's own ordering of a real ledger),
// the case id made from a paper id (against the contract's validator), the stub paper summary and which claims
// are text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TriageRowView } from '../../../common/api/contract';
import { API_METHODS } from '../../../common/api/methods';
import { createRecheckService } from '../../../app/api/service';
import {
  caseIdForPaper,
  claimIsText,
  countsLargestFirst,
  groupQueue,
  paperStub,
  TIER_HEADINGS,
  verdictTally,
} from '../../../renderer/triage/triage';
import { tempDir } from '../../helpers/temp-case';

function row(tier: TriageRowView['tier'], paper: string, claim: string, extra: Partial<TriageRowView> = {}): TriageRowView {
  return {
    tier,
    paper,
    claim,
    status: tier === 'premature' ? 'verified' : tier,
    verdicts: { verified: 0, falsified: 1, toy: 0, inconclusive: 0 },
    logbooks: ['a/repro'],
    logbookVerdicts: [{ logbook: 'a/repro', verdict: 'falsified' }],
    caseIds: [],
    ...extra,
  };
}

function contractAccepts(id: string): boolean {
  try {
    API_METHODS.openCase.validate([id]);
    return true;
  } catch {
    return false;
  }
}

describe('groupQueue', () => {
  it('puts falsified, then contested, then toy-only, keeps the order inside a tier and leaves out empty tiers', () => {
    const q = [row('contested', 'p2', 'C1'), row('falsified', 'p1', 'C2'), row('contested', 'p1', 'C3'), row('falsified', 'p3', 'C4')];
    const groups = groupQueue(q);
    expect(groups.map((g) => g.tier)).toEqual(['falsified', 'contested']);
    expect(groups.map((g) => g.rows.map((r) => r.claim))).toEqual([
      ['C2', 'C4'],
      ['C1', 'C3'],
    ]);
    expect(groups[0]!.heading).toBe('Claimed falsifications: re-check before anyone writes to the authors');
    expect(groups[1]!.heading).toBe('Contested: logbooks disagree');
    expect(TIER_HEADINGS.toy).toBe('Supported only at toy scale');
    expect(groupQueue([])).toEqual([]);
  });

  it('puts premature verifications after contested claims and before toy-only support (one rank with contested)', () => {
    const q = [
      row('contested', 'p2', 'C1'),
      row('premature', 'p1', 'C2', { status: 'verified', premature: [{ logbook: 'a/repro', reason: 'paging/F2: 4 points' }] }),
      row('toy', 'p3', 'C4'),
    ];
    const groups = groupQueue(q);
    expect(groups.map((g) => g.tier)).toEqual(['contested', 'premature', 'toy']);
    expect(groups.flatMap((g) => g.rows)).toEqual(q);
    expect(TIER_HEADINGS.premature).toBe('Premature verifications: verified on evidence a check shows cannot carry it');
  });

  it('groups the core’s queue of a real ledger without reordering it (the core sorts by tier first)', async () => {
    const service = await createRecheckService({ workspaceDir: tempDir() });
    const csv =
      'paper,claim,logbook,verdict\nopenreview:A,C1,x,toy\nopenreview:A,C2,x,verified\nopenreview:A,C2,y,falsified\nopenreview:B,C1,x,falsified\nopenreview:B,C2,y,falsified\nopenreview:B,C2,z,falsified\n';
    const t = await service.triageLedger({ name: 'v.csv', base64: Buffer.from(csv).toString('base64') });
    const flat = groupQueue(t.queue).flatMap((g) => g.rows);
    expect(flat).toEqual(t.queue);
    expect(groupQueue(t.queue).map((g) => g.tier)).toEqual(['falsified', 'contested', 'toy']);
  });
});

describe('caseIdForPaper', () => {
  it.each([
    ['openreview:Pag1ng', [], 'openreview-Pag1ng'],
    ['arxiv:2601.00001', [], 'arxiv-2601.00001'],
    ['openreview:Pag1ng', ['openreview-Pag1ng'], 'openreview-Pag1ng-2'],
    ['openreview:Pag1ng', ['openreview-Pag1ng', 'openreview-Pag1ng-2'], 'openreview-Pag1ng-3'],
    ['日本語', [], 'paper'],
    [':::', ['paper'], 'paper-2'],
  ])('%j (existing %j) -> %s', (paper, existing, want) => {
    expect(caseIdForPaper(paper, existing)).toBe(want);
  });

  it('always gives an id the contract accepts and the workspace does not have', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.array(fc.string({ maxLength: 20 }), { maxLength: 4 }), (paper, others) => {
        const first = caseIdForPaper(paper, []);
        const existing = [first, `${first}-2`, ...others];
        const id = caseIdForPaper(paper, existing);
        expect(contractAccepts(id)).toBe(true);
        expect(existing).not.toContain(id);
      }),
    );
  });
});

describe('claimIsText', () => {
  it.each([
    ['C1', false],
    ['#2', false],
    ['Theorem 3', false],
    ['  The additive term is O(1).  ', true],
    ['Follow-then-mark is (H_k + O(1))-competitive.', true],
  ])('%j -> %s', (claim, want) => {
    expect(claimIsText(claim)).toBe(want);
  });
});

describe('paperStub', () => {
  it('titles the paper by its id, quotes the claim and lists the logbooks with their verdicts', () => {
    const r = row('contested', 'openreview:Pag1ng', 'The additive term is O(1)\nfor every k.', {
      status: 'contested',
      logbookVerdicts: [
        { logbook: 'alice/repro', verdict: 'verified' },
        { logbook: 'bob/repro', verdict: 'falsified' },
      ],
    });
    const md = paperStub(r, 'verdicts.csv');
    expect(md.split('\n')[0]).toBe('# Paper openreview:Pag1ng');
    expect(md).toContain('> The additive term is O(1)\n> for every k.');
    expect(md).toContain('verdict ledger verdicts.csv');
    expect(md).toContain('- `alice/repro`: verified\n- `bob/repro`: falsified');
    expect(md).toContain('Ledger status: **contested**');
  });

  it('says so when the ledger names the claim by id only', () => {
    expect(paperStub(row('falsified', 'openreview:X', 'C7'), 'l.json')).toContain('> Claim `C7` (the ledger names it by id');
  });

  it('keeps its title line a title whatever the claim holds', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\r', '>', '#', '`'), maxLength: 40 })),
        (claim) => {
          const md = paperStub(row('falsified', 'openreview:X', claim), 'l.csv');
          expect(/^# Paper openreview:X$/m.exec(md)?.index).toBe(0);
          // Every line of the claim stays inside the quote.
          const section = md.slice(
            md.indexOf('## The claim to re-check') + '## The claim to re-check\n\n'.length,
            md.indexOf('\n\nLedger status'),
          );
          for (const line of section.split('\n')) expect(line.startsWith('>')).toBe(true);
        },
      ),
    );
  });
});

describe('tallies', () => {
  it('names counts largest first and leaves zeros out', () => {
    expect(verdictTally({ verified: 1, falsified: 2, toy: 0, inconclusive: 0 })).toBe('2 falsified, 1 verified');
    expect(countsLargestFirst({ contested: 1, verified: 3, falsified: 1 })).toEqual([
      ['verified', 3],
      ['contested', 1],
      ['falsified', 1],
    ]);
  });
});
