import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseJsonText } from '../../../app/tables/json-file';
import { BadInputError } from '../../../app/errors';

describe('parseJsonText', () => {
  it("the doc-comment examples: the parser's excerpt of the input is left out, the place named when known", () => {
    expect(() => parseJsonText('{"a":\n}', 'q.json')).toThrow(/^q\.json: malformed JSON \(Unexpected token '}'\)$/);
    expect(() => parseJsonText('[1]x', 'q.json')).toThrow(
      /^q\.json: malformed JSON at line 1, column 4 \(Unexpected non-whitespace character after JSON\)$/,
    );
    expect(() => parseJsonText('{\n"a": 1,\n"b" 2}', 'q.json')).toThrow(/^q\.json: malformed JSON at line 3, column 5 /);
    expect(() => parseJsonText(' \n', 'q.json')).toThrow('q.json: empty file; expected a JSON document');
    expect(() => parseJsonText('[[[1]]]', 'q.json', { maxChars: 100, maxDepth: 2, maxNodes: 100 })).toThrow(
      'q.json: JSON nested deeper than 2 levels',
    );
    expect(() => parseJsonText('[1,2,3]', 'q.json', { maxChars: 100, maxDepth: 2, maxNodes: 3 })).toThrow(
      'q.json: JSON with more than 3 values',
    );
    expect(parseJsonText('{"__proto__": 1}', 'q.json')).toEqual(JSON.parse('{"__proto__": 1}'));
  });

  it('any text: a value or one BadInputError of one line naming the file', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.json().map((j) => j.slice(0, Math.max(0, j.length - 1))),
        ),
        (text) => {
          try {
            parseJsonText(text, 'q.json');
          } catch (err) {
            expect(err).toBeInstanceOf(BadInputError);
            expect((err as Error).message.startsWith('q.json: ')).toBe(true);
            expect((err as Error).message).not.toMatch(/[\n\r\u2028\u2029]/);
          }
        },
      ),
      { numRuns: 1000, seed: 20261130 },
    );
  });
});
