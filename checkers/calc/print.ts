/**
 * A calculator tree written back as text that parses to the same tree (checkers/calc/parse.ts): numbers as
 * integers or (p/q), binary operations parenthesised where precedence or associativity needs it.
 * Example: `printExpression(parseExpression("-(2^2)+(1/3)"))` is "-2^2 + 1/3".
 */
import type { CalcNode } from './ast';

const PRECEDENCE = { '+': 1, '-': 1, '*': 2, '/': 2, neg: 3, '^': 4, atom: 5 } as const;

export function printExpression(node: CalcNode): string {
  return print(node);
}

function print(node: CalcNode): string {
  switch (node.kind) {
    case 'number':
      return numberText(node);
    case 'name':
      return node.name;
    case 'neg':
      return `-${wrap(node.arg, PRECEDENCE.neg)}`;
    case 'call':
      return `${node.fn}(${node.args.map(print).join(', ')})`;
    case 'sum':
      return `sum(${print(node.body)}, ${node.variable}, ${print(node.lo)}, ${print(node.hi)})`;
    case 'binary': {
      const p = PRECEDENCE[node.op];
      if (node.op === '^') return `${wrap(node.left, p + 1)}^${wrap(node.right, PRECEDENCE.neg)}`;
      // Left-associative: the right operand needs parentheses at equal precedence.
      const spaced = p === 1 ? ` ${node.op} ` : node.op;
      return `${wrap(node.left, p)}${spaced}${wrap(node.right, p + 1)}`;
    }
  }
}

/** A literal as the parser reads it: an integer or a terminating decimal (a literal is never negative). */
function numberText(node: Extract<CalcNode, { kind: 'number' }>): string {
  if (node.value.den === 1n) return node.value.toString();
  const decimal = node.value.toRepeatingDecimal();
  // Only a tree built by hand holds a non-decimal literal: print it as a quotient, which is another tree.
  return decimal.includes('(') ? `(${node.value})` : decimal;
}

/** The node's text, parenthesised when it binds looser than `min`. */
function wrap(node: CalcNode, min: number): string {
  return precedence(node) < min ? `(${print(node)})` : print(node);
}

function precedence(node: CalcNode): number {
  if (node.kind === 'binary') return PRECEDENCE[node.op];
  if (node.kind === 'neg') return PRECEDENCE.neg;
  return PRECEDENCE.atom;
}
