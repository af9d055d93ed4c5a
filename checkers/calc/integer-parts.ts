/**
 * floor and ceil of values not known exactly, made exact: the integer part of an irrational (floor(pi*1000))
 * is an integer that an enclosure of its argument decides as soon as both ends fall between the same two
 * integers. Each such call is replaced by that integer (a number node), so that exact evaluation
 * (checkers/calc/exact.ts) sees 3141/2 instead of "pi is irrational", and the rounding of a tie built from it is
 * exact in every mode. Guarantee: exact (the integer is proven by a rigorous enclosure, checkers/calc/enclose.ts).
 * A call whose argument cannot be separated from an integer within MAX_BITS (floor(sqrt(2)^2)), or that uses a
 * sum's variable, is left as it was.
 * Example: `decideIntegerParts(mpfr, parseExpression('floor(pi*1000)/2'))` is the tree of `3141/2`.
 */
import { Rational } from '../exact/rational';
import { withIntervals } from '../interval/arena';
import { UndecidedError } from '../interval/undecided';
import type { Mpfr } from '../precise/mpfr';
import { CALC_CONSTANTS, type CalcNode } from './ast';
import { encloseExpression } from './enclose';
import { evaluateExact, NotExact } from './exact';

/** Highest precision tried for one integer part (Ramanujan's constant needs about 100 bits). */
const MAX_BITS = 8192;

/** `node` with every decidable floor/ceil of an inexact, variable-free argument replaced by its integer. */
export function decideIntegerParts(mpfr: Mpfr, node: CalcNode): CalcNode {
  switch (node.kind) {
    case 'number':
    case 'name':
      return node;
    case 'neg':
      return { ...node, arg: decideIntegerParts(mpfr, node.arg) };
    case 'binary':
      return { ...node, left: decideIntegerParts(mpfr, node.left), right: decideIntegerParts(mpfr, node.right) };
    case 'sum':
      return node; // its body depends on the variable: evaluated term by term as before
    case 'call': {
      const args = node.args.map((a) => decideIntegerParts(mpfr, a));
      const call: CalcNode = { ...node, args };
      if ((node.fn !== 'floor' && node.fn !== 'ceil') || hasVariable(args[0] as CalcNode)) return call;
      if (!(evaluateExact(args[0] as CalcNode) instanceof NotExact)) return call;
      const value = integerOf(mpfr, call);
      return value === null ? call : { kind: 'number', value, column: node.column };
    }
  }
}

/** The integer the call evaluates to, once an enclosure at rising precision is a single integer; else null. */
function integerOf(mpfr: Mpfr, call: CalcNode): Rational | null {
  for (let bits = 64; bits <= MAX_BITS; bits *= 2) {
    try {
      return withIntervals(mpfr, { bits }, (I) => {
        const { lo, hi } = I.bounds(encloseExpression(I, call));
        const [l, h] = [Rational.of(lo.num, lo.den), Rational.of(hi.num, hi.den)];
        return l.equals(h) ? l : null;
      });
    } catch (e) {
      if (!(e instanceof UndecidedError)) throw e;
    }
  }
  return null;
}

/** Whether the tree names anything but the constants (a sum's variable). */
function hasVariable(node: CalcNode): boolean {
  switch (node.kind) {
    case 'number':
      return false;
    case 'name':
      return !(CALC_CONSTANTS as readonly string[]).includes(node.name);
    case 'neg':
      return hasVariable(node.arg);
    case 'binary':
      return hasVariable(node.left) || hasVariable(node.right);
    case 'call':
      return node.args.some(hasVariable);
    case 'sum':
      return true;
  }
}
