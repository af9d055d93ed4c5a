// Collapsed logbook cells kept per case (renderer/lib/collapsed-cells.ts): a round trip per case, other cases kept,
// bounded lists, and hostile stored values giving nothing rather than breaking the pane.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cellKey,
  COLLAPSED_CELLS_KEY,
  loadCollapsedCells,
  MAX_CELLS_PER_CASE,
  MAX_KEPT_CASES,
  parseCollapsedCells,
  saveCollapsedCells,
  withCollapsedCells,
} from '../../renderer/lib/collapsed-cells';

function memory(): { getItem(k: string): string | null; setItem(k: string, v: string): void; map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

const caseId = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,20}$/);
const cell = fc.string({ minLength: 1, maxLength: 30 });

describe('collapsed cells', () => {
  it('round-trips each case’s cells and keeps the other cases', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(caseId, { minLength: 1, maxLength: 6 }),
        fc.array(fc.uniqueArray(cell, { maxLength: 8 }), { minLength: 6, maxLength: 6 }),
        (ids, lists) => {
          const s = memory();
          ids.forEach((id, i) => saveCollapsedCells(s, id, lists[i]!));
          ids.forEach((id, i) => expect(loadCollapsedCells(s, id)).toEqual(lists[i]));
        },
      ),
    );
  });

  it('keeps the newest cases and the latest cells within their bounds; an empty list forgets the case', () => {
    let text: string | null = null;
    for (let i = 0; i < MAX_KEPT_CASES + 5; i++) text = withCollapsedCells(text, `case-${i}`, ['L/p/c']);
    const kept = parseCollapsedCells(text);
    expect(kept).toHaveLength(MAX_KEPT_CASES);
    expect(kept[0]![0]).toBe('case-5');
    const many = Array.from({ length: MAX_CELLS_PER_CASE + 10 }, (_, i) => `L/p/c${i}`);
    const big = parseCollapsedCells(withCollapsedCells(null, 'x', many))[0]![1];
    expect(big).toHaveLength(MAX_CELLS_PER_CASE);
    expect(big[0]).toBe('L/p/c10');
    expect(parseCollapsedCells(withCollapsedCells(withCollapsedCells(null, 'x', ['a']), 'x', []))).toEqual([]);
  });

  it('reads nothing from hostile or broken storage, and survives a storage that throws', () => {
    for (const bad of ['', '{', '{"a":1}', '[["../x",["a"]]]', '[[1,["a"]]]', '[["x","a"]]', 'null'])
      expect(parseCollapsedCells(bad).flatMap(([, c]) => c)).toEqual([]);
    expect(parseCollapsedCells('[["x",["ok",3,"",null]]]')).toEqual([['x', ['ok']]]);
    const throwing = {
      getItem(): string | null {
        throw new Error('denied');
      },
      setItem(): void {
        throw new Error('full');
      },
    };
    expect(loadCollapsedCells(throwing, 'x')).toEqual([]);
    expect(() => saveCollapsedCells(throwing, 'x', ['a'])).not.toThrow();
    const s = memory();
    s.setItem(COLLAPSED_CELLS_KEY, 'garbage');
    saveCollapsedCells(s, 'x', [cellKey('L1', 'writeup', 'writeup.md')]);
    expect(loadCollapsedCells(s, 'x')).toEqual(['L1/writeup/writeup.md']);
  });
});
