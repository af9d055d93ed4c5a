import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oneLine, shown } from '../../../app/text/display';

describe('shown and oneLine: names from outside on one safe line', () => {
  it('escapes line breaks, terminal escapes, bidi overrides and zero-width characters', () => {
    expect(shown('a\nb\u001b[31m')).toBe('a\\nb\\x1b[31m');
    expect(shown('evil\u202etxt.ts')).toBe('evil\\u202etxt.ts');
    expect(shown('x$(touch pwned)\u200b')).toBe('x$(touch pwned)\\u200b');
    expect(shown('lone \ud800 surrogate')).toBe('lone \ufffd surrogate');
    expect(shown('x'.repeat(400))).toHaveLength(303);
  });

  it('never lets a control character or a line break through, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        for (const out of [shown(s, 10_000), oneLine(s, 10_000)]) {
          expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/u);
        }
      }),
      { seed: 11, numRuns: 1000 },
    );
  });

  it('folds a multi-line message onto one line', () => {
    expect(oneLine('first\n\n  second\r\nthird')).toBe('first | second | third');
  });
});
