// Trackio's spelling of non-finite floats and its top-level-only restoration; what counts as a point.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { UNSAFE_INTEGER_KIND, classifyEntry, restoreNonFinite, trackioSpelling } from '../../../app/metrics/entry';

describe('restoreNonFinite and trackioSpelling', () => {
  it('the doc-comment examples', () => {
    expect(restoreNonFinite('-Infinity')).toBe(Number.NEGATIVE_INFINITY);
    expect(restoreNonFinite('nan')).toBe('nan');
    expect(trackioSpelling(Number.NEGATIVE_INFINITY)).toBe('-Infinity');
  });

  it('round trip: every double, spelled as Trackio stores it and sent through JSON, comes back identical', () => {
    fc.assert(
      fc.property(fc.double(), (d) => {
        const stored = JSON.parse(JSON.stringify({ v: trackioSpelling(d) })) as { v: unknown };
        const back = restoreNonFinite(stored.v);
        expect(Object.is(back, d) || (d === 0 && back === 0)).toBe(true); // JSON.stringify writes -0 as 0
        const entry = classifyEntry(stored.v);
        expect(entry.type).toBe('number');
        expect(entry.type === 'number' && entry.restored).toBe(!Number.isFinite(d));
      }),
      { seed: 7, numRuns: 2000 },
    );
  });

  it('any other string stays a string: only the three exact spellings are numbers', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        fc.pre(!['NaN', 'Infinity', '-Infinity'].includes(s));
        expect(restoreNonFinite(s)).toBe(s);
        expect(classifyEntry(s).type).toBe('other');
      }),
      { seed: 8, numRuns: 500 },
    );
  });
});

describe('classifyEntry', () => {
  it.each([
    [null, { type: 'absent' }],
    [undefined, { type: 'absent' }],
    [0.5, { type: 'number', value: 0.5, restored: false }],
    ['Infinity', { type: 'number', value: Number.POSITIVE_INFINITY, restored: true }],
    [12n, { type: 'number', value: 12, restored: false }],
    [2n ** 53n, { type: 'other', kind: UNSAFE_INTEGER_KIND }],
    [-(2n ** 60n), { type: 'other', kind: UNSAFE_INTEGER_KIND }],
    [true, { type: 'other', kind: 'boolean' }],
    ['hello', { type: 'other', kind: 'string' }],
    [[1, 'NaN'], { type: 'other', kind: 'list' }],
    [
      { _type: 'trackio.image', file_path: 'a.png' },
      { type: 'other', kind: 'trackio.image' },
    ],
    ['{"_type": "trackio.table", "data": []}', { type: 'other', kind: 'trackio.table' }],
    [{ bins: [1, 2] }, { type: 'other', kind: 'object' }],
    [{ _type: 'x\u001b[31m' }, { type: 'other', kind: 'x\\x1b[31m' }],
    [new Uint8Array(2), { type: 'other', kind: 'bytes' }],
  ] as const)('%o is %o', (value, entry) => {
    expect(classifyEntry(value)).toEqual(entry);
  });
});
