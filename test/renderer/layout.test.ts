import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { languageFor } from '../../renderer/lib/language';
import { MIN_PANE_FRACTION, moveBoundary } from '../../renderer/lib/layout';

describe('moveBoundary', () => {
  it('moves one boundary and leaves the other panes alone', () => {
    const next = moveBoundary([0.3, 0.4, 0.3], 0, 0.1);
    expect(next[0]).toBeCloseTo(0.4, 12);
    expect(next[1]).toBeCloseTo(0.3, 12);
    expect(next[2]).toBe(0.3);
  });

  it('clamps at the minimum pane size', () => {
    const pushed = moveBoundary([0.3, 0.4, 0.3], 1, 1);
    expect(pushed[0]).toBe(0.3);
    expect(pushed[1]).toBeCloseTo(0.4 + (0.3 - MIN_PANE_FRACTION), 12);
    expect(pushed[2]).toBeCloseTo(MIN_PANE_FRACTION, 12);
    expect(moveBoundary([0.5, 0.5], 0, -2)).toEqual([MIN_PANE_FRACTION, 1 - MIN_PANE_FRACTION]);
    expect(moveBoundary([0.5, 0.5], 3, 0.1)).toEqual([0.5, 0.5]);
    expect(moveBoundary([0.5, 0.5], 0, Number.NaN)).toEqual([0.5, 0.5]);
  });

  it('keeps the total and every pane at or above the minimum (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -2, max: 2, noNaN: true }), fc.integer({ min: 0, max: 1 }), (delta, i) => {
        const start = [0.31, 0.36, 0.33];
        const next = moveBoundary(start, i, delta);
        expect(next.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
        for (const s of next) expect(s).toBeGreaterThanOrEqual(MIN_PANE_FRACTION - 1e-12);
      }),
    );
  });
});

describe('languageFor', () => {
  it.each([
    ['sandbox/dynamic.ts', 'typescript'],
    ['sandbox/loss.mjs', 'javascript'],
    ['sandbox/certificates/c200.json', 'json'],
    ['sandbox/NOTES.MD', 'markdown'],
    ['sandbox/ref.py', 'python'],
    ['sandbox/results/sweep.csv', 'plaintext'],
    ['sandbox/.env', 'plaintext'],
    ['sandbox/v1.2/Makefile', 'plaintext'],
  ])('%s -> %s', (path, lang) => {
    expect(languageFor(path)).toBe(lang);
  });
});
