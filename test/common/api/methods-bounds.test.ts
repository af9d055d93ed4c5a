/**
 * The method table bounds every argument (issue 9, findings 5 and 8): JSON arguments by depth, values and
 * size, names and paths by character class; every refusal is an ApiArgumentError with a one-line message.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { API_METHODS, ARGUMENT_JSON_LIMITS, ApiArgumentError } from '../../../common/api/methods';

const run = (input: unknown) =>
  API_METHODS.runSandboxProgram.validate([{ caseId: 'kl-direction', path: 'sandbox/mode-fit.ts', input, seed: 1, timeoutSeconds: 5 }]);
const save = (path: unknown) => API_METHODS.saveSandboxFile.validate([{ caseId: 'kl-direction', path, text: 'x' }]);

function nested(depth: number): unknown {
  let v: unknown = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

function refusal(f: () => unknown): ApiArgumentError {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiArgumentError);
    expect((err as Error).message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    return err as ApiArgumentError;
  }
  throw new Error('expected a refusal');
}

describe('runSandboxProgram input', () => {
  it('accepts JSON up to the limits: depth 64, 100,000 values, 1 MiB of text', () => {
    expect(run(nested(ARGUMENT_JSON_LIMITS.maxDepth))[0].input).toEqual(nested(64));
    expect((run(new Array(ARGUMENT_JSON_LIMITS.maxNodes - 1).fill(1))[0].input as unknown[]).length).toBe(99_999);
    expect(run('x'.repeat(ARGUMENT_JSON_LIMITS.maxChars - 2))[0].input).toHaveLength(ARGUMENT_JSON_LIMITS.maxChars - 2);
    expect(run(undefined)[0].input).toBeNull();
    expect(run({ k: [1, 'a', true, null, { z: -0.5 }] })[0].input).toEqual({ k: [1, 'a', true, null, { z: -0.5 }] });
  });

  it('refuses a value nested deeper than 64, with more than 100,000 values or over 1 MiB as JSON', () => {
    expect(refusal(() => run(nested(65))).message).toBe('runSandboxProgram: input is nested deeper than 64 levels');
    expect(refusal(() => run(nested(100_000))).message).toMatch(/nested deeper than 64/);
    expect(refusal(() => run(new Array(100_000).fill(1))).message).toMatch(/more than 100000 values/);
    expect(refusal(() => run('x'.repeat(ARGUMENT_JSON_LIMITS.maxChars))).message).toMatch(/longer than 1048576 characters as JSON/);
  });

  it('refuses what structured clone can carry but JSON cannot (IPC): NaN, undefined, bigint, Map, Date, typed arrays, cycles', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    for (const v of [
      NaN,
      Infinity,
      [undefined],
      { a: undefined },
      1n,
      new Map([[1, 2]]),
      new Date(0),
      new Uint8Array(4),
      cycle,
      [() => 1],
    ]) {
      expect(refusal(() => run(v)).message).toMatch(/^runSandboxProgram: input (must be JSON|is nested deeper)/);
    }
  });

  it('property: any JSON value within the limits is accepted unchanged', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (v) => {
        const parsed: unknown = JSON.parse(JSON.stringify(v) ?? 'null');
        expect(run(parsed)[0].input).toEqual(parsed);
      }),
      { seed: 9, numRuns: 200 },
    );
  });
});

describe('names and paths', () => {
  it.each([
    'sandbox/a\u0000.ts',
    'sandbox/a\nb.ts',
    'sandbox/a\rb.ts',
    'sandbox/\u001b[31m.ts',
    'sandbox/a\u0085.ts',
    'sandbox/a\u202e.ts',
    'sandbox/a\u200b.ts',
    'sandbox/a\u2028.ts',
    'sandbox/\ud800.ts',
    'sandbox/\udc00x.ts',
    'sandbox/\ufeff.ts',
  ])('a sandbox path %j is refused', (path) => {
    expect(refusal(() => save(path)).message).toBe('saveSandboxFile: path must not contain control or invisible characters');
    expect(() => API_METHODS.prepareSandboxProgram.validate(['kl-direction', path])).toThrow(ApiArgumentError);
  });

  it('accepts non-ASCII names (astral characters included) and refuses a component over 255 bytes', () => {
    expect(save('sandbox/données/ñ😀.ts')[0].path).toBe('sandbox/données/ñ😀.ts');
    expect(save(`sandbox/${'a'.repeat(255)}`)[0].path).toHaveLength(263);
    expect(refusal(() => save(`sandbox/${'é'.repeat(128)}`)).message).toMatch(/longer than 255 bytes/);
  });

  it('refuses a reviewer name with control characters, and echoes only plain unexpected field names', () => {
    const decision = { caseId: 'c', falsificationId: 'F1', verdict: 'confirmed', rationale: 'line 1\nline 2', reviewer: 'Ada' };
    expect(API_METHODS.recordVerdict.validate([decision])[0].rationale).toBe('line 1\nline 2');
    expect(refusal(() => API_METHODS.recordVerdict.validate([{ ...decision, reviewer: 'Ada\n\u001b[2J' }])).message).toMatch(
      /reviewer must not contain/,
    );
    const extra = refusal(() => API_METHODS.recordVerdict.validate([{ ...decision, 'x\ny': 1, plain: 2 }]));
    expect(extra.message).toBe('recordVerdict: unexpected field(s): (a field with an unusual name), plain');
  });

  it('property: every refusal of random arguments is an ApiArgumentError on one line, never another error', () => {
    const names = Object.keys(API_METHODS) as (keyof typeof API_METHODS)[];
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.array(
          fc.oneof(
            fc.anything(),
            fc.string({ unit: 'binary' }),
            fc.dictionary(
              fc.constantFrom(
                'caseId',
                'path',
                'text',
                'input',
                'seed',
                'timeoutSeconds',
                'verdict',
                'reviewer',
                'rationale',
                'falsificationId',
              ),
              fc.anything(),
            ),
          ),
          { maxLength: 3 },
        ),
        (method, args) => {
          try {
            API_METHODS[method].validate(args);
          } catch (err) {
            expect(err).toBeInstanceOf(ApiArgumentError);
            expect((err as Error).message).not.toMatch(/[\n\r]/);
          }
        },
      ),
      { seed: 5, numRuns: 500 },
    );
  });
});
