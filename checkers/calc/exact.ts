/**
 * Exact evaluation of a calculator tree in rationals (checkers/exact/rational.ts). Guarantee: exact. A step
 * whose value is not known to be rational (sqrt(2), exp(1), pi, ln(3)) makes the result `NotExact` with the
 * reason; rational cases are recognised: roots and rational powers of perfect powers, log_b x when
 * x = b^(p/q), exp(0), ln(1), integer powers, floor/ceil/abs, sums and harmonic numbers (up to a size).
 * Example: `evaluateExact(parseExpression("sum(1/k^2, k, 1, 3)"))` is 49/36.
 */
import { DomainError } from '../errors';
import { bestApproximation } from '../exact/approximation';
import { bitLength } from '../exact/bigint-bits';
import { exactRoot } from '../exact/integer-roots';
import { Rational } from '../exact/rational';
import { logProblem } from '../precise/elementary';
import { exactInput } from '../precise/exact-input';
import { MAX_TERMS, type CalcNode } from './ast';
import { CalcError } from './calc-error';

/** Why a value was not computed exactly (the node's column and a sentence). */
export class NotExact {
  constructor(
    readonly column: number,
    readonly reason: string,
  ) {}
}

export type ExactResult = Rational | NotExact;

/** Exact results above this many bits (numerator plus denominator) give up and leave it to the enclosure. */
export const MAX_EXACT_BITS = 20_000;

/** Values of the sum variables in scope (always integers). */
export type Bindings = ReadonlyMap<string, bigint>;

/** Counts terms across nested sums and harmonic numbers, against MAX_TERMS. */
export class TermBudget {
  private used = 0;
  take(n: bigint, column: number): void {
    if (n > BigInt(MAX_TERMS - this.used)) {
      throw new CalcError(column, `more than ${MAX_TERMS.toLocaleString('en-US')} terms in sums and harmonic numbers; narrow the range`);
    }
    this.used += Number(n);
  }
}

/** The exact value of `node`, or NotExact. CalcError for domain errors (ln of 0, division by zero, ...). */
export function evaluateExact(node: CalcNode, env: Bindings = new Map(), budget = new TermBudget()): ExactResult {
  const ev = (n: CalcNode, e: Bindings = env): ExactResult => evaluateExact(n, e, budget);
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'name': {
      const v = env.get(node.name);
      if (v !== undefined) return Rational.from(v);
      if (node.name !== 'pi' && node.name !== 'e') throw new CalcError(node.column, `"${node.name}" has no value`); // an unbound free name
      return new NotExact(node.column, `${node.name} is irrational`);
    }
    case 'neg': {
      const a = ev(node.arg);
      return a instanceof NotExact ? a : a.neg();
    }
    case 'binary': {
      const a = ev(node.left);
      if (a instanceof NotExact) return a;
      const b = ev(node.right);
      if (b instanceof NotExact) return b;
      return sized(binary(node.op, a, b, node.column), node.column);
    }
    case 'call': {
      const args: Rational[] = [];
      for (const arg of node.args) {
        const v = ev(arg);
        if (v instanceof NotExact) return v;
        args.push(v);
      }
      return sized(call(node.fn, args, node.column, budget), node.column);
    }
    case 'sum': {
      const [lo, hi] = [
        integerBound(ev(node.lo), node.lo, 'sum: the lower bound'),
        integerBound(ev(node.hi), node.hi, 'sum: the upper bound'),
      ];
      if (hi >= lo) budget.take(hi - lo + 1n, node.column);
      let total = Rational.ZERO;
      for (let k = lo; k <= hi; k++) {
        const term = ev(node.body, new Map([...env, [node.variable, k]]));
        if (term instanceof NotExact) return term;
        const next = sized(total.add(term), node.column);
        if (next instanceof NotExact) return next;
        total = next;
      }
      return total;
    }
  }
}

/** The integer value of a sum bound or harmonic index (CalcError otherwise). */
export function integerBound(v: ExactResult, node: CalcNode, what: string): bigint {
  if (v instanceof NotExact || v.den !== 1n) throw new CalcError(node.column, `${what} must be an exact integer`);
  return v.num;
}

function binary(op: string, a: Rational, b: Rational, column: number): ExactResult {
  switch (op) {
    case '+':
      return a.add(b);
    case '-':
      return a.sub(b);
    case '*':
      return a.mul(b);
    case '/':
      if (b.isZero()) throw new CalcError(column, 'division by zero');
      return a.div(b);
    default:
      return power(a, b, column);
  }
}

/** a^b exactly when it is rational: b = p/q and a's numerator and denominator are perfect q-th powers. */
function power(a: Rational, b: Rational, column: number): ExactResult {
  if (a.isZero()) {
    if (b.sign() < 0) throw new CalcError(column, 'zero to a negative power');
    return b.isZero() ? Rational.ONE : Rational.ZERO;
  }
  if (a.sign() < 0 && b.den % 2n === 0n)
    throw new CalcError(column, `a negative base has no real power with an even denominator (exponent ${b})`);
  if (b.den > 1_000_000n) return new NotExact(column, `the power ${a}^(${b}) is not evaluated exactly (denominator too large)`);
  const base = rootOf(a, Number(b.den));
  if (base === null) return new NotExact(column, `${a}^(${b}) is irrational`);
  try {
    return base.pow(b.num);
  } catch (e) {
    if (e instanceof DomainError) return new NotExact(column, `${a}^(${b}) is too large to write exactly`);
    throw e;
  }
}

/** The real n-th root of x when rational (odd roots of negatives are negative), else null. */
function rootOf(x: Rational, n: number): Rational | null {
  if (n === 1) return x;
  const negative = x.sign() < 0;
  const num = exactRoot(negative ? -x.num : x.num, n);
  const den = exactRoot(x.den, n);
  if (num === null || den === null) return null;
  return Rational.of(negative ? -num : num, den);
}

function call(fn: string, args: readonly Rational[], column: number, budget: TermBudget): ExactResult {
  const x = args[0] as Rational;
  switch (fn) {
    case 'abs':
      return x.abs();
    case 'floor':
      return x.floor();
    case 'ceil':
      return x.ceil();
    case 'exp':
      return x.isZero() ? Rational.ONE : new NotExact(column, `exp(${x}) is irrational`);
    case 'ln':
      requirePositive(x, 'ln', column);
      return x.equals(1) ? Rational.ZERO : new NotExact(column, `ln(${x}) is irrational`);
    case 'log':
      return logarithm(x, args[1] ?? null, column);
    case 'log2':
      return logarithm(x, Rational.from(2), column);
    case 'log10':
      return logarithm(x, Rational.from(10), column);
    case 'sqrt':
      return root(x, 2, column);
    case 'cbrt':
      return root(x, 3, column);
    case 'root': {
      const n = args[1] as Rational;
      if (n.den !== 1n || n.num < 1n || n.num > 1_000_000n)
        throw new CalcError(column, `root: the degree must be an integer from 1 to 1000000, got ${n}`);
      return root(x, Number(n.num), column);
    }
    default:
      return harmonic(x, column, budget);
  }
}

function root(x: Rational, n: number, column: number): ExactResult {
  if (n % 2 === 0 && x.sign() < 0) throw new CalcError(column, `even root of a negative number (${x})`);
  return rootOf(x, n) ?? new NotExact(column, `the ${n === 2 ? 'square' : n === 3 ? 'cube' : `${n}-th`} root of ${x} is irrational`);
}

/** log_b x (natural when b is null): rational exactly when x = b^(p/q); p/q is guessed in floats, then proven. */
function logarithm(x: Rational, b: Rational | null, column: number): ExactResult {
  const name = b === null ? 'ln' : 'log';
  requirePositive(x, name, column);
  if (b !== null) {
    if (b.sign() <= 0) throw new CalcError(column, `log: the base must be positive, got ${b}`);
    if (b.equals(1)) throw new CalcError(column, 'log: base 1 has no logarithm');
  }
  if (x.equals(1)) return Rational.ZERO;
  if (b === null) return new NotExact(column, `ln(${x}) is irrational`);
  const guess = approxLn(x) / approxLn(b);
  if (Number.isFinite(guess) && Math.abs(guess) < 1e9) {
    const candidate = bestApproximation(Rational.fromFloat64(guess), 1000n);
    if (!candidate.isZero() && logProblem(exactInput(`${x}`), exactInput(`${b}`)).equals(candidate)) return candidate;
  }
  return new NotExact(column, `log(${x}, ${b}) is irrational`);
}

/** ln of a positive rational in float64, also for numbers beyond the double range. */
function approxLn(x: Rational): number {
  return approxLnInteger(x.num) - approxLnInteger(x.den);
}

function approxLnInteger(n: bigint): number {
  const bits = bitLength(n);
  const shift = Math.max(0, bits - 60);
  return Math.log(Number(n >> BigInt(shift))) + shift * Math.LN2;
}

function requirePositive(x: Rational, name: string, column: number): void {
  if (x.sign() <= 0) throw new CalcError(column, `${name} of a non-positive number (${x})`);
}

/** H_n = 1 + 1/2 + ... + 1/n (H_0 = 0). */
function harmonic(n: Rational, column: number, budget: TermBudget): ExactResult {
  if (n.den !== 1n || n.num < 0n) throw new CalcError(column, `H: the index must be a non-negative integer, got ${n}`);
  budget.take(n.num, column);
  // H_n's denominator divides lcm(1..n) (about 1.44 n bits): refuse before building when the size bound
  // is over the limit that `sized` applies to every exact value, so no exact H(n) is built only to be discarded.
  const bound = harmonicBitsBound(n.num);
  if (bound > MAX_EXACT_BITS) {
    return new NotExact(
      column,
      `H(${n}) is too large to write exactly (about ${bound.toLocaleString('en-US')} bits, over the ${MAX_EXACT_BITS.toLocaleString('en-US')}-bit limit)`,
    );
  }
  let total = Rational.ZERO;
  for (let k = 1n; k <= n.num; k++) total = total.add(Rational.of(1n, k));
  return total;
}

/**
 * An upper bound on bits(numerator) + bits(denominator) of H_n in lowest terms: the denominator divides
 * L = lcm(1..n), and the numerator is H_n times the denominator, so the total is at most
 * 2 log2 L + log2 H_n + 2, with log2 L = sum over primes p <= n of floor(log_p n) log2 p (a sieve, O(n)).
 * Rounded up with a margin of 2 bits for the float sum. Example: `harmonicBitsBound(10_000n)` is about
 * 28,900 (2 x 14,400 + 4), over the 20,000-bit limit; `harmonicBitsBound(3n)` is 11 (H_3 = 11/6 has 7 bits).
 */
export function harmonicBitsBound(n: bigint): number {
  if (n <= 1n) return 2;
  const N = Number(n);
  const composite = new Uint8Array(N + 1);
  let log2L = 0;
  for (let p = 2; p <= N; p++) {
    if (composite[p]) continue;
    for (let q = p * p; q <= N; q += p) composite[q] = 1;
    let power = p;
    while (power <= N / p) power *= p;
    log2L += Math.log2(power);
  }
  // H_n < ln n + 1.
  return Math.ceil(2 * log2L + Math.log2(Math.log(N) + 1) + 2 + 2);
}

/** `v` unless it exceeds the exact size limit. */
function sized(v: ExactResult, column: number): ExactResult {
  if (v instanceof NotExact) return v;
  if (bitLength(v.num < 0n ? -v.num : v.num) + bitLength(v.den) > MAX_EXACT_BITS) {
    return new NotExact(column, `the exact value is over ${MAX_EXACT_BITS.toLocaleString('en-US')} bits`);
  }
  return v;
}
