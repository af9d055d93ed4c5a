import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { auditPadding } from '../../../checkers/audits/padding';
import type { PositionRow } from '../../../checkers/audits/padding';
import { DomainError } from '../../../checkers/errors';

const seq = (model: string, id: string, tokens: string[], nll: number[]): PositionRow[] =>
  tokens.map((token, pos) => ({ model, seq: id, pos, token, nll: nll[pos]! }));

describe('auditPadding', () => {
  it('hand-computed table: the first pad is kept, later pads are padding', () => {
    const rows = [
      ...seq('a', 's1', ['5', '7', '0', '0', '0', '0'], [2, 1, 0.5, 0.01, 0.01, 0.01]),
      ...seq('a', 's2', ['9', '0', '0', '0'], [3, 0.3, 0.02, 0.02]),
    ];
    const out = auditPadding(rows, '0');
    const m = out.models[0]!;
    expect(m.positions).toBe(10);
    expect(m.padPositions).toBe(5);
    expect(m.padFraction).toBe(0.5);
    const all = 2 + 1 + 0.5 + 0.03 + 3 + 0.3 + 0.04;
    const kept = 2 + 1 + 0.5 + 3 + 0.3;
    expect(m.perplexityAll).toBeCloseTo(Math.exp(all / 10), 12);
    expect(m.perplexityNoPad).toBeCloseTo(Math.exp(kept / 5), 12);
    expect(m.deflation).toBeCloseTo(Math.exp(kept / 5 - all / 10), 12);
  });

  it('quality cost against a baseline with and without padding', () => {
    const rows = [...seq('base', 's', ['1', '0', '0', '0'], [1, 0.1, 0, 0]), ...seq('small', 's', ['1', '0', '0', '0'], [1.5, 0.2, 0, 0])];
    const out = auditPadding(rows, '0', 'base');
    expect(out.qualityCost).toHaveLength(1);
    const c = out.qualityCost![0]!;
    expect(c.model).toBe('small');
    expect(c.costAll).toBeCloseTo(Math.exp(1.7 / 4) / Math.exp(1.1 / 4) - 1, 12);
    expect(c.costNoPad).toBeCloseTo(Math.exp(1.7 / 2) / Math.exp(1.1 / 2) - 1, 12);
    expect(() => auditPadding(rows, '0', 'nope')).toThrow(DomainError);
  });

  it('row order carries no meaning', () => {
    const rows = [...seq('a', 's1', ['5', '0', '3', '0', '0'], [2, 0.5, 1, 0.1, 0.1]), ...seq('a', 's2', ['0', '0', '4'], [0.4, 0.2, 1.5])];
    const ref = auditPadding(rows, '0');
    fc.assert(
      fc.property(fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length }), (perm) => {
        const out = auditPadding(perm, '0');
        expect(out.models[0]!.padPositions).toBe(ref.models[0]!.padPositions);
        expect(out.models[0]!.perplexityNoPad).toBeCloseTo(ref.models[0]!.perplexityNoPad, 12);
      }),
    );
    // s1: pads at pos 1 (first, kept), 3, 4 (padding); s2: pad at 0 kept, 1 padding.
    expect(ref.models[0]!.padPositions).toBe(3);
  });

  it('rejects duplicate positions and non-finite losses, naming the source', () => {
    const dup = [
      { seq: 's', pos: 0, token: '1', nll: 1 },
      { seq: 's', pos: 0, token: '1', nll: 1, source: 'line 3' },
    ];
    expect(() => auditPadding(dup, '0')).toThrow(/position 0 appears twice/);
    expect(() => auditPadding([{ seq: 's', pos: 0, token: '1', nll: Number.NaN, source: 'line 2' }], '0')).toThrow(/line 2/);
    expect(auditPadding([{ seq: 's', pos: 0, token: '1', nll: 1 }], '0').models[0]!.name).toBe('default');
  });

  it('rejects a negative loss or position and a perplexity beyond float64, naming the source', () => {
    expect(() => auditPadding([{ seq: 's', pos: 0, token: '1', nll: -0.5, source: 'line 4' }], '0')).toThrow(
      /line 4: nll -0\.5 is negative/,
    );
    expect(() => auditPadding([{ seq: 's', pos: -1, token: '1', nll: 0.5, source: 'line 5' }], '0')).toThrow(/line 5: pos -1 is negative/);
    expect(() => auditPadding([{ seq: 's', pos: 2 ** 60, token: '1', nll: 0.5 }], '0')).toThrow(/is not an integer/);
    expect(() => auditPadding([{ seq: 's', pos: 0, token: '1', nll: 800 }], '0')).toThrow(/perplexity overflows float64/);
    expect(auditPadding([{ seq: 's', pos: 0, token: '1', nll: 0 }], '0').models[0]!.perplexityAll).toBe(1);
  });
});
