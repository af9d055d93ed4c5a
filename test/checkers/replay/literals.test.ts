/** Literals a reviewer may override, found on Python's tokens, and overrides that rewrite exactly their span. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { detectLiterals } from '../../../checkers/replay/literals';
import { applyOverrides, parseSetting } from '../../../checkers/replay/override';
import { pythonTokens } from '../../../checkers/replay/python-tokens';

const SWEEP = `"""Sweep: KS = [1] in a docstring is not code."""
import argparse, os, sys
KS = [2, 4, 8, 16]  # the cache sizes
SEEDS: int = 3
LR = -1e-3
NAME = "x = 5"
def f():
    INNER = 7
    return INNER
TABLE = [1, 2,
         3]
parser = argparse.ArgumentParser()
parser.add_argument("--trials", type=int, default=100, help="trials, = per k")
parser.add_argument('--eps', default=f(1, 2))
steps = int(os.environ.get("STEPS", "50"))
home = os.getenv('HOME_X')
mode = os.environ["MODE"]
n = int(sys.argv[1]) if len(sys.argv) > 1 else 3
x = 1 if True else 2
`;

describe('detectLiterals', () => {
  const lits = detectLiterals(SWEEP);
  it('finds top-level constants with their exact span, and nothing inside strings, functions or expressions', () => {
    const constants = lits.filter((l) => l.kind === 'constant');
    expect(constants.map((c) => (c.kind === 'constant' ? [c.name, c.shape, c.value, c.line] : null))).toEqual([
      ['KS', 'list', '[2, 4, 8, 16]', 3],
      ['SEEDS', 'number', '3', 4],
      ['LR', 'number', '-1e-3', 5],
      ['TABLE', 'list', '[1, 2,\n         3]', 10],
    ]);
    for (const c of constants) if (c.kind === 'constant') expect(SWEEP.slice(c.start, c.end)).toBe(c.value);
  });
  it('finds argparse flags, environment variables and sys.argv', () => {
    expect(lits.filter((l) => l.kind === 'flag')).toEqual([
      { kind: 'flag', flag: '--trials', default: '100', type: 'int', line: 13 },
      { kind: 'flag', flag: '--eps', default: 'f(1, 2)', type: null, line: 14 },
    ]);
    expect(lits.filter((l) => l.kind === 'env')).toEqual([
      { kind: 'env', name: 'STEPS', default: '"50"', line: 15 },
      { kind: 'env', name: 'HOME_X', default: null, line: 16 },
      { kind: 'env', name: 'MODE', default: null, line: 17 },
    ]);
    expect(lits.filter((l) => l.kind === 'argv').map((l) => (l.kind === 'argv' ? l.index : -1))).toEqual([1]);
  });
  it('is not fooled by strings, comments and continuation lines', () => {
    expect(detectLiterals('s = """\nK = 3\n"""\n# J = 4\nM = \\\n  5\n').map((l) => (l.kind === 'constant' ? l.name : ''))).toEqual(['M']);
    expect(detectLiterals("A = 3 + 4\nB = [1, x]\nC = 2  # c\nD = f'{E}'\n").map((l) => (l.kind === 'constant' ? l.name : ''))).toEqual([
      'C',
    ]);
    expect(detectLiterals('if x:\n    K = 3\n')).toEqual([]);
  });
  it('tokens cover the source: concatenating them with the gaps gives it back (property)', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('K', ' ', '=', '1', '.', 'e', '[', ']', ',', '\n', '"', "'", '#', '\\', '(', ')', '-'),
          maxLength: 80,
        }),
        (src) => {
          const toks = pythonTokens(src);
          let at = 0;
          for (const t of toks) {
            expect(t.start).toBeGreaterThanOrEqual(at);
            expect(src.slice(t.start, t.end)).toBe(t.text);
            at = t.end;
          }
          for (const l of detectLiterals(src)) if (l.kind === 'constant') expect(src.slice(l.start, l.end)).toBe(l.value);
        },
      ),
      { seed: 3, numRuns: 500 },
    );
  });
});

describe('overrides', () => {
  it('rewrites exactly the span of the constant', () => {
    const r = applyOverrides(SWEEP, [parseSetting('KS=[2,4,8,16,1024]'), parseSetting('LR=0.5')]);
    expect(r.source).toBe(SWEEP.replace('KS = [2, 4, 8, 16]', 'KS = [2, 4, 8, 16, 1024]').replace('LR = -1e-3', 'LR = 0.5'));
    expect(r.applied).toEqual([
      { name: 'KS', line: 3, from: '[2, 4, 8, 16]', to: '[2, 4, 8, 16, 1024]' },
      { name: 'LR', line: 5, from: '-1e-3', to: '0.5' },
    ]);
  });
  it('validates values as numbers or lists of numbers', () => {
    expect(parseSetting('K= 1e-3 ')).toEqual({ name: 'K', value: '1e-3', shape: 'number' });
    expect(parseSetting('K=[1, 2,]')).toEqual({ name: 'K', value: '[1, 2]', shape: 'list' });
    expect(() => parseSetting('K=__import__("os")')).toThrow(/not a number or a list of numbers/);
    expect(() => parseSetting('K=[1, x]')).toThrow(/not a number/);
    expect(() => parseSetting('K=[]')).toThrow(/not a number/);
    expect(() => parseSetting('1K=3')).toThrow(/not a Python name/);
    expect(() => parseSetting('K')).toThrow(/NAME=VALUE/);
  });
  it('refuses a name that is not a top-level constant, or is assigned twice', () => {
    expect(() => applyOverrides(SWEEP, [parseSetting('INNER=3')])).toThrow(/no top-level INNER .*overridable: KS, SEEDS, LR, TABLE/);
    expect(() => applyOverrides('K = 1\nK = 2\n', [parseSetting('K=3')])).toThrow(/assigned 2 times at the top level \(lines 1, 2\)/);
    expect(() => applyOverrides('K = 1\n', [parseSetting('K=3'), parseSetting('K=4')])).toThrow(/set twice/);
  });
});
