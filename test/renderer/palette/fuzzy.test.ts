// Fuzzy matching: the query's characters in order; better matches (word starts, runs, early, short) rank first.
// The positions are checked against the text independently (each is the query's character, in increasing order).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzyFilter, fuzzyMatch } from '../../../renderer/palette/fuzzy';

const TITLES = [
  'Run all checks of the case',
  'Draft the letter to the authors',
  'Cancel the run',
  'Focus the paper pane',
  'Focus the sandbox pane',
  'Record a decision…',
  'Open case: Follow-then-mark paging',
];

describe('fuzzyMatch', () => {
  it('matches a subsequence and says where', () => {
    expect(fuzzyMatch('rac', 'Run all checks')?.positions).toEqual([0, 4, 8]);
    expect(fuzzyMatch('xyz', 'Run all checks')).toBeNull();
    expect(fuzzyMatch('', 'anything')).toEqual({ score: 0, positions: [] });
    expect(fuzzyMatch('RUN ALL', 'Run all checks')?.positions).toEqual([0, 1, 2, 4, 5, 6]);
  });

  it('positions are the query characters, in order, for any match (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 6 }), (text, query) => {
        const m = fuzzyMatch(query, text);
        const q = query.replace(/\s+/g, '').toLowerCase();
        // An independent check of "is a subsequence": greedy scan.
        let j = 0;
        for (const ch of text.toLowerCase()) if (j < q.length && ch === q[j]) j++;
        expect(m !== null).toBe(j === q.length);
        if (m === null) return;
        expect(m.positions.length).toBe(q.length);
        m.positions.forEach((p, i) => {
          expect(text[p]!.toLowerCase()).toBe(q[i]);
          if (i > 0) expect(p).toBeGreaterThan(m.positions[i - 1]!);
        });
      }),
    );
  });
});

describe('fuzzyFilter', () => {
  it('ranks word starts and runs first', () => {
    expect(fuzzyFilter('run', TITLES, (t) => t)[0]?.item).toBe('Run all checks of the case');
    expect(fuzzyFilter('sandbox', TITLES, (t) => t).map((r) => r.item)).toEqual(['Focus the sandbox pane']);
    expect(fuzzyFilter('fp', TITLES, (t) => t)[0]?.item).toBe('Focus the paper pane');
    expect(fuzzyFilter('paging', TITLES, (t) => t)[0]?.item).toBe('Open case: Follow-then-mark paging');
  });

  it('keeps every item, in order, for an empty query', () => {
    expect(fuzzyFilter('', TITLES, (t) => t).map((r) => r.item)).toEqual(TITLES);
  });
});
