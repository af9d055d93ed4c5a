import { describe, expect, it } from 'vitest';
import { findSeries, seriesOf } from '../../../common/figures/evidence-series';

describe('seriesOf', () => {
  it('reads the accepted shapes', () => {
    expect(seriesOf('a', [1, 4, 9])).toEqual([{ label: 'a', x: [0, 1, 2], y: [1, 4, 9] }]);
    expect(
      seriesOf('b', [
        [1, 2],
        [3, 4],
        [5, 6],
      ]),
    ).toEqual([{ label: 'b', x: [1, 3, 5], y: [2, 4, 6] }]);
    expect(
      seriesOf('c', [
        { step: 1, value: 2 },
        { step: 2, value: 3 },
        { step: 3, value: 5 },
      ]),
    ).toEqual([{ label: 'c', x: [1, 2, 3], y: [2, 3, 5] }]);
    expect(seriesOf('d', { x: [1, 2, 3], y: [7, 8, 9] })).toEqual([{ label: 'd', x: [1, 2, 3], y: [7, 8, 9] }]);
  });

  it('plots every numeric field of a horizon analysis against maxX (n is a count, not a y)', () => {
    const prefix = [
      { maxX: 8, n: 3, b: 1.04, sigma: 22.9 },
      { maxX: 16, n: 4, b: 0.9, sigma: 10.6 },
      { maxX: 32, n: 5, b: 0.7, sigma: 12.1, note: 'x' },
    ];
    expect(seriesOf('prefix', prefix)).toEqual([
      { label: 'prefix.b', x: [8, 16, 32], y: [1.04, 0.9, 0.7] },
      { label: 'prefix.sigma', x: [8, 16, 32], y: [22.9, 10.6, 12.1] },
    ]);
  });

  it('refuses short, mixed or non-finite arrays', () => {
    expect(seriesOf('a', [1, 2])).toEqual([]);
    expect(seriesOf('a', [1, '2', 3])).toEqual([]);
    expect(seriesOf('a', [1, Number.NaN, 3])).toEqual([]);
    expect(seriesOf('a', [{ x: 1 }, { x: 2 }, { x: 3 }])).toEqual([]);
    expect(seriesOf('a', [{ x: 1, y: 1 }, { x: 2 }, { x: 3, y: 3 }])).toEqual([]);
    expect(
      seriesOf('a', [
        { name: 'const', aic: 1 },
        { name: 'log', aic: 2 },
        { name: 'power', aic: 3 },
      ]),
    ).toEqual([]);
    expect(
      seriesOf('models', [
        { name: 'const', k: 1, aic: 5.3 },
        { name: 'log', k: 2, aic: -9.1 },
        { name: 'power', k: 2, aic: 0.4 },
      ]),
    ).toEqual([]);
    expect(seriesOf('a', { x: [1, 2, 3], y: [1, 2] })).toEqual([]);
    expect(seriesOf('a', 'text')).toEqual([]);
  });
});

describe('findSeries', () => {
  it('puts `series` first, looks one level down, and sorts x', () => {
    const found = findSeries({
      other: [3, 2, 1],
      nested: {
        prefix: [
          [16, 1],
          [4, 2],
          [8, 3],
        ],
      },
      series: [5, 6, 7],
      n: 3,
    });
    expect(found.map((s) => s.label)).toEqual(['series', 'other', 'nested.prefix']);
    expect(found[2]).toEqual({ label: 'nested.prefix', x: [4, 8, 16], y: [2, 3, 1] });
  });

  it('finds nothing in scalar evidence', () => {
    expect(findSeries({ holds: true, firstExitStep: 706, reason: 'x' })).toEqual([]);
  });
});
