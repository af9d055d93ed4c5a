/**
 * A calculator tree in interval arithmetic (checkers/interval) at the arena's precision. Guarantee:
 * enclosure (the result contains the exact value). Exponents, roots' degrees, sum bounds and harmonic
 * indices are evaluated exactly first (checkers/calc/exact.ts), so that x^3 is an integer power, (-8)^(1/3)
 * is -2 and sums run over exact ranges. pi is MPFR's mpfr_const_pi rounded down and up (correctly rounded,
 * so [RNDD, RNDU] encloses pi); e is exp of the point 1.
 * UndecidedError (a divisor or floor argument not yet separated from 0 or an integer) asks for more
 * precision; CalcError for values certainly outside a domain.
 * Example: at 64 bits, `encloseExpression(I, parseExpression("sqrt(2)"))` contains 1.41421356237309504880.
 */
import { DomainError } from '../errors';
import { Rational } from '../exact/rational';
import type { Interval, IntervalArena } from '../interval/arena';
import { withIntervals } from '../interval/arena';
import { abs, cbrt, log10, log2, powInt, powPositive, root } from '../interval/elementary';
import { add, div, exp, ln, mul, neg, sqrt, sub } from '../interval/ops';
import { UndecidedError } from '../interval/undecided';
import { RND } from '../precise/mpfr';
import type { CalcNode } from './ast';
import { CalcError } from './calc-error';
import { evaluateExact, integerBound, NotExact, TermBudget, type Bindings } from './exact';

/** Terms evaluated in one child arena before its endpoints are freed (sums of 10^6 terms stay small). */
const CHUNK = 4096;

export interface EncloseOptions {
  /**
   * floor/ceil of an argument not yet separated from an integer: false (default) raises UndecidedError, for
   * callers that need a converging enclosure (Ziv's loop); true gives the wider enclosure [f(lo), f(hi)]
   * (f is monotone), still rigorous, for callers that only need bounds (checkers/calc/assertion.ts).
   */
  readonly wideIntegerParts?: boolean;
}

/** An enclosure of `node` in arena I. */
export function encloseExpression(I: IntervalArena, node: CalcNode, options: EncloseOptions = {}): Interval {
  return enclose(I, node, new Map(), new TermBudget(), options);
}

function enclose(I: IntervalArena, node: CalcNode, env: Bindings, budget: TermBudget, options: EncloseOptions): Interval {
  const en = (n: CalcNode, e: Bindings = env) => enclose(I, n, e, budget, options);
  switch (node.kind) {
    case 'number':
      return I.rational(node.value.num, node.value.den);
    case 'name': {
      const v = env.get(node.name);
      if (v !== undefined) return I.enclose(v);
      if (node.name === 'pi') return pi(I);
      if (node.name === 'e') return exp(I.enclose(1));
      // A free name of parseExpression's `names` that the caller did not bind (checkers/calc/column-names.ts binds them all).
      throw new CalcError(node.column, `"${node.name}" has no value`);
    }
    case 'neg':
      return neg(en(node.arg));
    case 'binary':
      return guarded(node.column, () => binary(I, node.op, en(node.left), node.right, env, budget, en));
    case 'call':
      return guarded(node.column, () => call(I, node, env, budget, en, options));
    case 'sum': {
      const lo = integerBound(evaluateExact(node.lo, env), node.lo, 'sum: the lower bound');
      const hi = integerBound(evaluateExact(node.hi, env), node.hi, 'sum: the upper bound');
      if (hi >= lo) budget.take(hi - lo + 1n, node.column);
      return accumulate(I, lo, hi, (J, k) => enclose(J, node.body, new Map([...env, [node.variable, k]]), budget, options));
    }
  }
}

function binary(
  I: IntervalArena,
  op: string,
  a: Interval,
  rightNode: CalcNode,
  env: Bindings,
  budget: TermBudget,
  en: (n: CalcNode) => Interval,
): Interval {
  if (op !== '^') {
    const b = en(rightNode);
    if (op === '+') return add(a, b);
    if (op === '-') return sub(a, b);
    if (op === '*') return mul(a, b);
    return div(a, b);
  }
  const exponent = evaluateExact(rightNode, env, budget);
  if (exponent instanceof NotExact) return powPositive(a, en(rightNode));
  return rationalPower(I, a, exponent);
}

/** a^(p/q) for an exact exponent: integer powers on any base, odd-denominator powers of negative bases. */
function rationalPower(I: IntervalArena, a: Interval, y: Rational): Interval {
  if (y.den === 1n && y.num >= -(2n ** 31n) && y.num < 2n ** 31n) {
    const n = Number(y.num);
    return n >= 0 ? powInt(a, n) : div(I.enclose(1), powInt(a, -n));
  }
  const sign = signOf(I, a);
  if (sign === 0) throw new UndecidedError('pow', 'the base is not yet separated from 0');
  if (sign > 0) return powPositive(a, I.rational(y.num, y.den));
  if (y.den % 2n === 0n) throw new DomainError('pow', `a negative base has no real power with an even denominator (exponent ${y})`);
  const magnitude = powPositive(neg(a), I.rational(y.num, y.den));
  return y.num % 2n === 0n ? magnitude : neg(magnitude);
}

function call(
  I: IntervalArena,
  node: Extract<CalcNode, { kind: 'call' }>,
  env: Bindings,
  budget: TermBudget,
  en: (n: CalcNode) => Interval,
  options: EncloseOptions,
): Interval {
  const arg = node.args[0] as CalcNode;
  switch (node.fn) {
    case 'exp':
      return exp(en(arg));
    case 'ln':
      return ln(en(arg));
    case 'log':
      return node.args.length === 1 ? ln(en(arg)) : div(ln(en(arg)), ln(en(node.args[1] as CalcNode)));
    case 'log2':
      return log2(en(arg));
    case 'log10':
      return log10(en(arg));
    case 'sqrt':
      return sqrt(en(arg));
    case 'cbrt':
      return cbrt(en(arg));
    case 'root': {
      const n = evaluateExact(node.args[1] as CalcNode, env, budget);
      if (n instanceof NotExact || n.den !== 1n || n.num < 1n || n.num > 1_000_000n)
        throw new CalcError(node.column, 'root: the degree must be an exact integer from 1 to 1000000');
      return root(en(arg), Number(n.num));
    }
    case 'abs':
      return abs(en(arg));
    case 'floor':
    case 'ceil':
      return integerPart(I, en(arg), node.fn, options.wideIntegerParts === true);
    case 'H': {
      const n = integerBound(evaluateExact(arg, env, budget), arg, 'H: the index');
      if (n < 0n) throw new CalcError(node.column, `H: the index must be a non-negative integer, got ${n}`);
      budget.take(n, node.column);
      return accumulate(I, 1n, n, (J, k) => J.rational(1n, k));
    }
  }
}

/** floor or ceil: exact once both ends give the same integer, else more precision is needed (or, wide, [f(lo), f(hi)]). */
function integerPart(I: IntervalArena, a: Interval, fn: 'floor' | 'ceil', wide: boolean): Interval {
  const { lo, hi } = I.bounds(a);
  const f = (p: { num: bigint; den: bigint }) => (fn === 'floor' ? Rational.of(p.num, p.den).floor() : Rational.of(p.num, p.den).ceil());
  const [l, h] = [f(lo), f(hi)];
  if (l.equals(h)) return I.rational(l.num, 1n);
  if (!wide) throw new UndecidedError(fn, 'the argument is not yet separated from an integer');
  const r = I.allocate();
  I.mpfr.binding.mpfr_set(r.lo, I.rational(l.num, 1n).lo, RND.down);
  I.mpfr.binding.mpfr_set(r.hi, I.rational(h.num, 1n).hi, RND.up);
  return I.checked(r, fn);
}

/** Sum of term(k) for k = lo..hi, each term in a child arena of the same precision, added outward. */
function accumulate(I: IntervalArena, lo: bigint, hi: bigint, term: (J: IntervalArena, k: bigint) => Interval): Interval {
  const b = I.mpfr.binding;
  const total = I.enclose(0);
  const out = I.allocate();
  b.mpfr_set(out.lo, total.lo, RND.down);
  b.mpfr_set(out.hi, total.hi, RND.up);
  for (let start = lo; start <= hi; start += BigInt(CHUNK)) {
    const end = start + BigInt(CHUNK) - 1n < hi ? start + BigInt(CHUNK) - 1n : hi;
    withIntervals(I.mpfr, { bits: I.bits }, (J) => {
      for (let k = start; k <= end; k++) {
        const t = term(J, k);
        b.mpfr_add(out.lo, out.lo, t.lo, RND.down);
        b.mpfr_add(out.hi, out.hi, t.hi, RND.up);
      }
    });
  }
  return I.checked(out, 'sum');
}

/** pi enclosed by MPFR's correctly rounded constant in the two directions. */
function pi(I: IntervalArena): Interval {
  const r = I.allocate();
  I.mpfr.binding.mpfr_const_pi(r.lo, RND.down);
  I.mpfr.binding.mpfr_const_pi(r.hi, RND.up);
  return I.checked(r, 'pi');
}

/** 1 when certainly positive, -1 when certainly negative, 0 when the interval touches 0. */
function signOf(I: IntervalArena, a: Interval): -1 | 0 | 1 {
  const b = I.mpfr.binding;
  if (b.mpfr_sgn(a.lo) > 0) return 1;
  if (b.mpfr_sgn(a.hi) < 0) return -1;
  return 0;
}

/** Runs an operation, turning a DomainError that is not about precision into a CalcError at `column`. */
function guarded(column: number, op: () => Interval): Interval {
  try {
    return op();
  } catch (e) {
    if (e instanceof DomainError && !(e instanceof UndecidedError) && !/exponent range/.test(e.reason)) {
      throw new CalcError(column, `${e.operation}: ${e.reason}`);
    }
    throw e;
  }
}
