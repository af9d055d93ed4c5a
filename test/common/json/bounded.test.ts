import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkJsonBounds,
  DEFAULT_JSON_LIMITS,
  jsonTextDepth,
  JsonLimitError,
  parseJsonBounded,
  stripBom,
} from '../../../common/json/bounded';

/** Depth of a parsed value, computed recursively (the oracle for the linear text scan). */
function depthOf(v: unknown): number {
  if (typeof v !== 'object' || v === null) return 0;
  const children = Array.isArray(v) ? v : Object.values(v);
  return 1 + children.reduce<number>((m, c) => Math.max(m, depthOf(c)), 0);
}

describe('bounded JSON', () => {
  it('the text scan gives the depth of the parsed value, strings with brackets and escapes included', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (v) => {
        const text = JSON.stringify(v);
        expect(jsonTextDepth(text)).toBe(depthOf(JSON.parse(text)));
      }),
      { seed: 20261130, numRuns: 500 },
    );
    expect(jsonTextDepth('{"a":"[[[\\"]]]","b":[1]}')).toBe(2);
  });

  it('parses what JSON.parse parses, within the limits', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (v) => {
        const text = JSON.stringify(v);
        expect(parseJsonBounded(text)).toEqual(JSON.parse(text));
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it('refuses deep, long and wide values before anything recurses over them', () => {
    const deep = `${'['.repeat(300_000)}${']'.repeat(300_000)}`;
    expect(() => parseJsonBounded(deep)).toThrow(new JsonLimitError('maxDepth', 256, 257));
    expect(() => parseJsonBounded('"abc"', { ...DEFAULT_JSON_LIMITS, maxChars: 4 })).toThrow(/longer than 4 characters/);
    expect(() => parseJsonBounded(JSON.stringify(Array(11).fill(0)), { ...DEFAULT_JSON_LIMITS, maxNodes: 10 })).toThrow(
      /more than 10 values/,
    );
    expect(() => parseJsonBounded('{"a":')).toThrow(SyntaxError);
  });

  it('checks an already-parsed value iteratively, cycles included', () => {
    let v: unknown = 1;
    for (let i = 0; i < 100_000; i++) v = [v];
    expect(() => checkJsonBounds(v)).toThrow(/nested deeper than 256 levels/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => checkJsonBounds(cyclic)).toThrow(JsonLimitError);
    expect(checkJsonBounds({ a: [1, { b: null }] })).toEqual({ a: [1, { b: null }] });
  });

  it('strips one leading byte order mark', () => {
    expect(stripBom('\ufeff{"a":1}')).toBe('{"a":1}');
    expect(stripBom('{"a":1}')).toBe('{"a":1}');
  });
});
