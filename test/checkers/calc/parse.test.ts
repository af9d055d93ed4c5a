// The calculator's parser: precedence, unary minus, right-associative ^, columns in errors, and a
// print/parse round trip over random expressions (fast-check).
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseExpression } from '../../../checkers/calc/parse';
import { printExpression } from '../../../checkers/calc/print';
import { CalcError } from '../../../checkers/calc/calc-error';
import type { CalcNode } from '../../../checkers/calc/ast';

/** The tree without columns, for structural comparison. */
function shape(n: CalcNode): unknown {
  switch (n.kind) {
    case 'number':
      return n.value.toString();
    case 'name':
      return n.name;
    case 'neg':
      return ['neg', shape(n.arg)];
    case 'binary':
      return [n.op, shape(n.left), shape(n.right)];
    case 'call':
      return [n.fn, ...n.args.map(shape)];
    case 'sum':
      return ['sum', shape(n.body), n.variable, shape(n.lo), shape(n.hi)];
  }
}

const p = (s: string) => shape(parseExpression(s));

function errorOf(s: string): CalcError {
  try {
    parseExpression(s);
  } catch (e) {
    if (e instanceof CalcError) return e;
    throw e;
  }
  throw new Error(`no error for ${s}`);
}

describe('calc parser', () => {
  it('binds ^ tighter than unary minus, unary minus tighter than * and /, and ^ to the right', () => {
    expect(p('-2^2')).toEqual(['neg', ['^', '2', '2']]);
    expect(p('2^3^2')).toEqual(['^', '2', ['^', '3', '2']]);
    expect(p('2^-1')).toEqual(['^', '2', ['neg', '1']]);
    expect(p('1+2*3')).toEqual(['+', '1', ['*', '2', '3']]);
    expect(p('1-2-3')).toEqual(['-', ['-', '1', '2'], '3']);
    expect(p('8/4/2')).toEqual(['/', ['/', '8', '4'], '2']);
    expect(p('-pi*2')).toEqual(['*', ['neg', 'pi'], '2']);
    expect(p('((1))')).toEqual('1');
  });

  it('reads numbers exactly, functions, constants, sums and harmonic numbers', () => {
    expect(p('0.1')).toEqual('1/10');
    expect(p('1e-5')).toEqual('1/100000');
    expect(p('2.5E3')).toEqual('2500');
    expect(p('.5')).toEqual('1/2');
    expect(p('log(8, 2)')).toEqual(['log', '8', '2']);
    expect(p('sum(1/k^2, k, 1, 10)')).toEqual(['sum', ['/', '1', ['^', 'k', '2']], 'k', '1', '10']);
    expect(p('H_10')).toEqual(['H', '10']);
    expect(p('sum(H_k, k, 1, 3)')).toEqual(['sum', ['H', 'k'], 'k', '1', '3']);
    expect(p('H(4) + pi * e')).toEqual(['+', ['H', '4'], ['*', 'pi', 'e']]);
  });

  it('points at the column of a syntax error with one line', () => {
    const cases: Array<[string, number, RegExp]> = [
      ['(1 + 2', 7, /expected "\)"/],
      ['1 + * 2', 5, /expected a number/],
      ['sqrt(2', 7, /expected "\)" or ","|expected "\)"/],
      ['2 $ 3', 3, /unexpected character "\$"/],
      ['foo(2)', 1, /unknown function "foo"/],
      ['x + 1', 1, /unknown name "x"/],
      ['sum(k, 2, 1, 3)', 8, /variable name/],
      ['log(1, 2, 3)', 11, /log takes 1 or 2 arguments/],
      ['1 2', 3, /expected an operator/],
      ['2e', 2, /expected an operator/],
      ['', 1, /expected a number/],
      ['1.2.3', 4, /expected an operator|unexpected/],
    ];
    for (const [text, column, message] of cases) {
      const e = errorOf(text);
      expect(e.column, text).toBe(column);
      expect(e.problem, text).toMatch(message);
      expect(e.message, text).toMatch(new RegExp(`^recheck\\.calc: column ${column}: `));
      expect(e.message).not.toContain('\n');
    }
  });

  it('round-trips: parsing the printed form of a random tree gives the same tree', () => {
    const leaf = fc.oneof(
      fc.bigInt({ min: 0n, max: 10n ** 12n }).map((n) => `${n}`),
      fc.tuple(fc.nat(999), fc.nat(999)).map(([a, b]) => `${a}.${b}`),
      fc.constantFrom('pi', 'e'),
    );
    const tree = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.tuple(fc.constantFrom('+', '-', '*', '/', '^'), tie('node'), tie('node')).map(([op, a, b]) => `(${a})${op}(${b})`),
        tie('node').map((a) => `-(${a})`),
        fc.tuple(fc.constantFrom('exp', 'ln', 'sqrt', 'abs', 'floor'), tie('node')).map(([f, a]) => `${f}(${a})`),
        fc.tuple(tie('node'), tie('node')).map(([a, b]) => `log(${a}, ${b})`),
      ),
    })).node;
    fc.assert(
      fc.property(tree, (text) => {
        const ast = parseExpression(text);
        const printed = printExpression(ast);
        expect(shape(parseExpression(printed))).toEqual(shape(ast));
        // printing is idempotent: the printed form prints as itself
        expect(printExpression(parseExpression(printed))).toBe(printed);
      }),
      { seed: 13, numRuns: 300 },
    );
  });
});
