import { describe, expect, it } from 'vitest';
import { parseSweepSpec, pointAt, pointCount } from '../../../app/runs/grid';
import { inputHash } from '../../../app/runs/record';

describe('sweep grid', () => {
  const spec = { parameters: { a: [1, 2], b: ['x', 'y', 'z'] } };
  it('enumerates the cartesian product, last parameter fastest, each point once', () => {
    expect(pointCount(spec)).toBe(6);
    const points = Array.from({ length: 6 }, (_, i) => pointAt(spec, i));
    expect(points).toEqual([
      { a: 1, b: 'x' },
      { a: 1, b: 'y' },
      { a: 1, b: 'z' },
      { a: 2, b: 'x' },
      { a: 2, b: 'y' },
      { a: 2, b: 'z' },
    ]);
    expect(() => pointAt(spec, 6)).toThrow(RangeError);
  });

  it('a horizon is t = 1..N and costs nothing to enumerate lazily', () => {
    const h = { horizon: 50_000_000 };
    expect(pointCount(h)).toBe(50_000_000);
    expect(pointAt(h, 0)).toEqual({ t: 1 });
    expect(pointAt(h, 49_999_999)).toEqual({ t: 50_000_000 });
  });

  it('parses and rejects specs with a pointer to the problem', () => {
    expect(parseSweepSpec({ horizon: 3 }, 'g.json')).toEqual({ horizon: 3 });
    expect(() => parseSweepSpec({ horizon: 0 }, 'g.json')).toThrow('g.json: /horizon: horizon must be');
    expect(() => parseSweepSpec({ parameters: { a: [] } }, 'g.json')).toThrow('g.json: /parameters/a:');
    expect(() => parseSweepSpec({ parameters: { a: [1, Infinity] } }, 'g.json')).toThrow('/parameters/a');
    expect(() => parseSweepSpec([], 'g.json')).toThrow('g.json: a sweep spec');
  });

  it('input hashes are canonical (key order does not matter, values do)', () => {
    expect(inputHash({ b: 1, a: [1, { y: 2, x: 3 }] })).toBe(inputHash({ a: [1, { x: 3, y: 2 }], b: 1 }));
    expect(inputHash({ a: 1 })).not.toBe(inputHash({ a: 2 }));
  });
});
