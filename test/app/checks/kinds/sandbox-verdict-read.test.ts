// The host's reader of a sandbox-verdict module's return value, without the sandbox: strict shape, bounded sizes,
// exact numbers, values beyond float64, and a fuzz of anything a module can return.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readModuleVerdict, VERDICT_LIMITS } from '../../../../app/checks/kinds/sandbox-verdict-validate';
import { judgeRun } from '../../../../app/checks/kinds/sandbox-verdict-judge';

const comparison = (over: Record<string, unknown> = {}) => ({
  quantity: 'ratio at k=1024',
  value: '1.73',
  relation: '<',
  bound: '2',
  means: 'refutes',
  ...over,
});
const verdict = (over: Record<string, unknown> = {}, c: Record<string, unknown> = {}) => ({
  outcome: 'refutes',
  summary: 'ratio below 2',
  evidence: { decides: [comparison(c)] },
  guarantee: { kind: 'exact' },
  ...over,
});
const read = (v: unknown) => readModuleVerdict(v, 'sandbox/v.ts');
const judge = (v: unknown, seed = 0) => judgeRun(read(v), seed);

describe('readModuleVerdict: the shape, strictly', () => {
  it('reads an honest verdict, its numbers exactly', () => {
    const v = read(verdict({}, { value: '-2.5e-3', bound: '7/3' }));
    expect(v.decides[0]?.value).toMatchObject({ form: 'exact', text: '-2.5e-3' });
    expect(String((v.decides[0]?.value as { value: unknown }).value)).toBe('-1/400');
    expect(String(v.decides[0]?.bound.value)).toBe('7/3');
    expect(read(verdict({}, { value: 0.1 })).decides[0]?.value).toMatchObject({ form: 'float', text: '0.1' });
  });

  it.each([
    [
      'an extra top-level key',
      verdict({ decision: 'refutes' }),
      'at /: has a key "decision" besides outcome, summary, evidence, guarantee',
    ],
    [
      'an extra comparison key',
      verdict({}, { weight: 2 }),
      'at /evidence/decides/0: has a key "weight" besides quantity, value, relation, bound, means',
    ],
    [
      'an extra guarantee key',
      verdict({ guarantee: { kind: 'exact', proof: 'trust me' } }),
      'at /guarantee: has a key "proof" besides kind',
    ],
    ['an unknown outcome', verdict({ outcome: 'confirmed' }), 'at /outcome: must be "supports", "refutes" or "neutral", got "confirmed"'],
    ['an empty summary', verdict({ summary: ' ' }), 'at /summary: must be a non-empty string of at most 1000 characters'],
    ['a long summary', verdict({ summary: 'x'.repeat(1001) }), 'at /summary: must be a non-empty string of at most 1000 characters'],
    ['no decides', verdict({ evidence: { note: 1 } }), 'at /evidence/decides: must be a list of comparisons'],
    [
      'too many comparisons',
      verdict({ evidence: { decides: Array.from({ length: 65 }, () => comparison()) } }),
      'holds 65 comparisons, more than 64',
    ],
    ['a malformed number', verdict({}, { value: '1.7.3' }), 'at /evidence/decides/0/value: "1.7.3" is not an exact number'],
    ['a hex number', verdict({}, { bound: '0x10' }), 'at /evidence/decides/0/bound: "0x10" is not an exact number'],
    ['a huge exponent', verdict({}, { value: '1e5000' }), 'exponent out of range'],
    ['a long number string', verdict({}, { value: '1'.repeat(121) }), 'longer than 120 characters'],
    [
      'Infinity (a structured clone can carry it)',
      verdict({}, { value: Infinity }),
      'at /evidence/decides/0/value: is Infinity, not a finite number',
    ],
    ['a boolean value', verdict({}, { value: true }), 'must be a number string ("1.25", "-3e-4", "7/3") or a JS number, got true'],
    ['a 3-element interval', verdict({}, { value: ['1', '2', '3'] }), 'an interval must be [lo, hi]'],
    ['a reversed interval', verdict({}, { value: ['2', '1.9'] }), 'is the interval [2, 1.9], whose lower end exceeds its upper end'],
    ['an unknown relation', verdict({}, { relation: '<<' }), 'at /evidence/decides/0/relation: must be one of < <= = >= >, got "<<"'],
    ['an unknown meaning', verdict({}, { means: 'confirms' }), 'at /evidence/decides/0/means: must be "supports" or "refutes"'],
    [
      'an unnamed quantity',
      verdict({}, { quantity: '' }),
      'at /evidence/decides/0/quantity: must name the quantity in 1 to 200 characters',
    ],
    [
      'an unknown guarantee',
      verdict({ guarantee: { kind: 'proven' } }),
      'at /guarantee/kind: must be "exact", "enclosure", "statistical" or "approximate", got "proven"',
    ],
    [
      'a p as a string',
      verdict({ guarantee: { kind: 'statistical', test: 't', p: '0.01', dof: 3 } }),
      'at /guarantee/p: must be a finite number, got "0.01"',
    ],
    ['not an object', ['refutes'], 'the verdict it returned: must be an object { outcome, summary, evidence, guarantee }'],
  ])('refuses %s, in one line naming the module', (_, value, message) => {
    expect(() => read(value)).toThrow(`sandbox/v.ts: ${message.startsWith('at ') ? `the verdict it returned ${message}` : ''}`);
    expect(() => read(value)).toThrow(message);
    try {
      read(value);
    } catch (e) {
      expect((e as Error).message).not.toContain('\n');
      expect((e as Error).name).toBe('BadInputError');
    }
  });

  it('bounds the evidence: depth, values, string length, total size, JSON only', () => {
    const nest = (levels: number) => {
      let v: unknown = 1;
      for (let i = 0; i < levels; i++) v = { a: v };
      return v;
    };
    const withEvidence = (extra: Record<string, unknown>) => verdict({ evidence: { decides: [comparison()], ...extra } });
    // evidence is level 1, so `deep` may hold 10 more levels, and its leaf is the 12th
    expect(() => read(withEvidence({ deep: nest(10) }))).not.toThrow();
    expect(() => read(withEvidence({ deep: nest(11) }))).toThrow(/\/evidence\/deep(\/a){11}: is nested deeper than 12 levels$/);
    expect(() => read(withEvidence({ many: Array.from({ length: VERDICT_LIMITS.evidenceNodes }, () => 0) }))).toThrow(
      /at \/evidence: holds more than 20000 values$/,
    );
    expect(() => read(withEvidence({ s: 'x'.repeat(10_001) }))).toThrow(
      /at \/evidence\/s: is a string of 10001 characters, more than 10000$/,
    );
    expect(() => read(withEvidence({ parts: Array.from({ length: 30 }, () => 'y'.repeat(9000)) }))).toThrow(
      /at \/evidence: is \d+ characters as JSON, more than 262144$/,
    );
    expect(() => read(withEvidence({ when: new Date(0) }))).toThrow(/at \/evidence\/when: is not JSON \(object\)$/);
    expect(() => read(withEvidence({ n: Number.NaN }))).toThrow(/at \/evidence\/n: is NaN, not a finite number$/);
    expect(() =>
      read(JSON.parse('{"outcome":"refutes","summary":"s","guarantee":{"kind":"exact"},"evidence":{"decides":[],"__proto__":{"x":1}}}')),
    ).toThrow(/has a key that is not allowed \("__proto__"\)/);
  });
});

describe('values beyond float64', () => {
  it('decides them exactly and draws nothing for them (the evidence stays JSON)', () => {
    const r = judge(verdict({ outcome: 'supports' }, { value: '1e1000', relation: '>', bound: '9.99e999', means: 'supports' }));
    expect([r.outcome, r.decides[0]?.truth]).toEqual(['supports', 'holds']);
    expect(r.decides[0]?.plot).toEqual({ value: null, bound: null });
    expect(JSON.parse(JSON.stringify(r.decides[0]))).toEqual(r.decides[0]);
  });
});

describe('the reader on anything a module can return', () => {
  it('either reads a verdict or throws a one-line BadInputError naming the module (never another error)', () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    const field = fc.oneof(json, fc.constantFrom('supports', 'refutes', 'neutral', 'x', 1.5, '1/0', '1e999999', '-0', [1, 2], [2, 1]));
    const anyComparison = fc.dictionary(fc.constantFrom('quantity', 'value', 'relation', 'bound', 'means', 'extra'), field);
    const anyVerdict = fc.record(
      {
        outcome: field,
        summary: field,
        evidence: fc.oneof(json, fc.record({ decides: fc.oneof(field, fc.array(anyComparison, { maxLength: 3 })) })),
        guarantee: fc.oneof(
          field,
          fc.record({ kind: fc.constantFrom('exact', 'statistical', 'enclosure', 'approximate'), p: field, dof: field, test: field }),
        ),
      },
      { requiredKeys: [] },
    );
    // Valid verdicts with one comparison field replaced by anything: some still read, most are refused.
    const nearValid = fc
      .tuple(fc.constantFrom('quantity', 'value', 'relation', 'bound', 'means', 'none'), field)
      .map(([key, x]) => verdict({}, key === 'none' ? {} : { [key]: x }));
    let read = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.oneof(anyVerdict, json, nearValid), (v) => {
        try {
          judgeRun(readModuleVerdict(v, 'sandbox/v.ts'), 0);
          read += 1;
        } catch (e) {
          refused += 1;
          expect((e as Error).name).toBe('BadInputError');
          expect((e as Error).message.startsWith('sandbox/v.ts: the verdict it returned')).toBe(true);
          expect((e as Error).message).not.toContain('\n');
        }
      }),
      { numRuns: 3000, seed: 20261202 },
    );
    expect(read).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(1000);
  });
});
