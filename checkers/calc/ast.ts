/**
 * The calculator's expression tree. Every node keeps the 1-based column where it starts in the text (for an
 * operator, the operator's column), so that evaluation errors can point at it too. Values are immutable.
 */
import type { Rational } from '../exact/rational';

/** The functions of one or two arguments (`H` is the harmonic number, also written `H_k`). */
export const CALC_FUNCTIONS = {
  exp: [1, 1],
  ln: [1, 1],
  log: [1, 2],
  log2: [1, 1],
  log10: [1, 1],
  sqrt: [1, 1],
  cbrt: [1, 1],
  root: [2, 2],
  abs: [1, 1],
  floor: [1, 1],
  ceil: [1, 1],
  H: [1, 1],
} as const satisfies Record<string, readonly [number, number]>;

export type CalcFunction = keyof typeof CALC_FUNCTIONS;

/** The named constants. */
export const CALC_CONSTANTS = ['pi', 'e'] as const;

export type BinaryOperator = '+' | '-' | '*' | '/' | '^';

export type CalcNode =
  | { readonly kind: 'number'; readonly value: Rational; readonly column: number }
  /** A constant (pi, e) or a sum's variable. */
  | { readonly kind: 'name'; readonly name: string; readonly column: number }
  | { readonly kind: 'neg'; readonly arg: CalcNode; readonly column: number }
  | { readonly kind: 'binary'; readonly op: BinaryOperator; readonly left: CalcNode; readonly right: CalcNode; readonly column: number }
  | { readonly kind: 'call'; readonly fn: CalcFunction; readonly args: readonly CalcNode[]; readonly column: number }
  /** sum(body, variable, lo, hi): body summed over the integers variable = lo..hi. */
  | {
      readonly kind: 'sum';
      readonly body: CalcNode;
      readonly variable: string;
      readonly lo: CalcNode;
      readonly hi: CalcNode;
      readonly column: number;
    };

/** Most terms one evaluation may visit in all its sums and harmonic numbers together. */
export const MAX_TERMS = 1_000_000;
