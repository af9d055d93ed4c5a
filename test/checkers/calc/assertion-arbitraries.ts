/**
 * Random calculator assertions for the tests, written so that Python can evaluate the same text
 * (^ becomes **, numbers become Fraction or mpf): rational sides (+ - * /, integer powers, H(n), abs,
 * floor, ceil) and irrational ones (sqrt, cbrt, ln, exp, pi, e among them). Pairs are independent,
 * equal by construction (X against (X)*3/3), or 1e-40 apart, so that every outcome is exercised.
 * Example: `fc.sample(assertionCase, { seed: 1, numRuns: 3 })`.
 */
import fc from 'fast-check';
import type { Relation } from '../../../checkers/calc/relation';

export interface AssertionCase {
  readonly lhs: string;
  readonly relation: Relation;
  readonly rhs: string;
  /** Both sides built from rational operations only (the oracle then uses Fraction). */
  readonly rational: boolean;
}

interface Side {
  readonly text: string;
  readonly rational: boolean;
}

const integer = fc.integer({ min: 0, max: 10 ** 6 }).map(String);
const decimal = fc.tuple(fc.nat(999), fc.nat(9999)).map(([a, b]) => `${a}.${b}`);
const positive = fc.oneof(
  fc.integer({ min: 1, max: 1000 }).map(String),
  fc.tuple(fc.nat(99), fc.integer({ min: 1, max: 999 })).map(([a, b]) => `${a}.${b}`),
);
const small = fc.tuple(fc.constantFrom('', '-'), fc.nat(20), fc.nat(99)).map(([s, a, b]) => `${s}${a}.${b}`);

const rationalLeaf: fc.Arbitrary<Side> = fc
  .oneof(
    integer,
    decimal,
    fc.integer({ min: 0, max: 30 }).map((n) => `H(${n})`),
    fc.nat(12).map((n) => `1e-${n}`),
  )
  .map((text) => ({ text, rational: true }));

const irrationalLeaf: fc.Arbitrary<Side> = fc
  .oneof(
    positive.map((x) => `sqrt(${x})`),
    positive.map((x) => `cbrt(${x})`),
    positive.map((x) => `ln(${x})`),
    small.map((x) => `exp(${x})`),
    fc.constantFrom('pi', 'e', 'pi^2', 'e^-1'),
  )
  .map((text) => ({ text, rational: false }));

function tree(leaf: fc.Arbitrary<Side>): fc.Arbitrary<Side> {
  return fc.letrec<{ node: Side }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      leaf,
      fc
        .tuple(tie('node'), fc.constantFrom('+', '-', '*', '/'), tie('node'))
        .map(([a, op, b]) => ({ text: `(${a.text}) ${op} (${b.text})`, rational: a.rational && b.rational })),
      tie('node').map((a) => ({ text: `-(${a.text})`, rational: a.rational })),
      fc.tuple(tie('node'), fc.integer({ min: -3, max: 3 })).map(([a, n]) => ({ text: `(${a.text})^(${n})`, rational: a.rational })),
      fc.tuple(tie('node'), fc.constantFrom('abs', 'floor', 'ceil')).map(([a, fn]) => ({ text: `${fn}(${a.text})`, rational: a.rational })),
    ),
  })).node;
}

/** A side: rational only, or with irrational leaves among rational ones. */
export const side: fc.Arbitrary<Side> = fc.oneof(tree(rationalLeaf), tree(fc.oneof(rationalLeaf, irrationalLeaf, irrationalLeaf)));

const relation = fc.constantFrom<Relation>('<', '<=', '=', '!=', '>=', '>');

const rewrites = ['(X)*3/3', '(X) + 1/7 - 1/7', '-(-(X))', '((X)*(X))/(X)', '(X)/2 + (X)/2'];

export const assertionCase: fc.Arbitrary<AssertionCase> = fc.oneof(
  fc.tuple(side, relation, side).map(([a, r, b]) => ({ lhs: a.text, relation: r, rhs: b.text, rational: a.rational && b.rational })),
  fc.tuple(side, relation, fc.constantFrom(...rewrites), fc.boolean()).map(([a, r, w, flip]) => {
    const other = w.replaceAll('X', a.text);
    return { lhs: flip ? other : a.text, relation: r, rhs: flip ? a.text : other, rational: a.rational };
  }),
  fc
    .tuple(side, relation, fc.constantFrom('+', '-'))
    .map(([a, r, s]) => ({ lhs: a.text, relation: r, rhs: `(${a.text}) ${s} 1e-40`, rational: a.rational })),
);
