/**
 * The divergences a distillation or variational loss usually computes, as named candidates for classifying
 * an unknown loss function `(p, q) => number` (p the target/teacher, q the model/student, in the paper's order):
 * - forward-kl:    KL(p || q) = sum_i p_i ln(p_i / q_i)      (mode-covering when fitted in q)
 * - reverse-kl:    KL(q || p) = sum_i q_i ln(q_i / p_i)      (mode-seeking when fitted in q)
 * - cross-entropy: H(p, q)    = -sum_i p_i ln q_i           (= forward KL + H(p))
 * - js:            JS(p, q)   = (KL(p || m) + KL(q || m)) / 2, m = (p + q) / 2, natural log
 *
 * References are computed by checkers/precise (MPFR) from the exact values of the float64 inputs.
 * Guarantee (approximate with a bound): each reference is within 10^-digits * sum_i w_i (|ln(a_i/b_i)| + 1)
 * of the exact divergence of the given doubles (see checkers/precise/divergence.ts); at 40 digits and
 * entries >= 1e-12 that is below 1e-36 relative, far under any classification tolerance.
 */
import type Decimal from 'decimal.js';
import { crossEntropy, jsDivergence, klDivergence } from '../precise/divergence';
import type { Precise } from '../precise/precise';

export const DIVERGENCE_CANDIDATES = ['forward-kl', 'reverse-kl', 'cross-entropy', 'js'] as const;
export type DivergenceCandidate = (typeof DIVERGENCE_CANDIDATES)[number];
/** A classification: one of the candidates, or `unknown` when none matches within the tolerance. */
export type DivergenceVerdict = DivergenceCandidate | 'unknown';

/** True for a candidate name or `unknown`. Example: `isDivergenceVerdict('reverse-kl')` is true. */
export function isDivergenceVerdict(name: string): name is DivergenceVerdict {
  return name === 'unknown' || (DIVERGENCE_CANDIDATES as readonly string[]).includes(name);
}

/**
 * High-precision value of candidate `name` at the exact values of the doubles `p`, `q`.
 * Example: `preciseCandidate(P, 'forward-kl', [0.5, 0.5], [0.25, 0.75])` is ln(4/3)/2 = 0.1438410362258904...
 */
export function preciseCandidate(P: Precise, name: DivergenceCandidate, p: readonly number[], q: readonly number[]): Decimal {
  const ps = p.map((x) => P.fromFloat64(x));
  const qs = q.map((x) => P.fromFloat64(x));
  switch (name) {
    case 'forward-kl':
      return klDivergence(P, ps, qs);
    case 'reverse-kl':
      return klDivergence(P, qs, ps);
    case 'cross-entropy':
      return crossEntropy(P, ps, qs);
    case 'js':
      return jsDivergence(P, ps, qs);
  }
}

/**
 * Plain float64 value of candidate `name` (naive summation; a second, independent method for tests and the
 * sandbox re-implementations). Example: `float64Candidate('reverse-kl', [0.5, 0.5], [0.25, 0.75])` is about 0.1308.
 */
export function float64Candidate(name: DivergenceCandidate, p: readonly number[], q: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) {
    const a = p[i] ?? 0;
    const b = q[i] ?? 0;
    if (name === 'forward-kl') s += a > 0 ? a * Math.log(a / b) : 0;
    else if (name === 'reverse-kl') s += b > 0 ? b * Math.log(b / a) : 0;
    else if (name === 'cross-entropy') s -= a > 0 ? a * Math.log(b) : 0;
    else {
      const m = (a + b) / 2;
      s += ((a > 0 ? a * Math.log(a / m) : 0) + (b > 0 ? b * Math.log(b / m) : 0)) / 2;
    }
  }
  return s;
}
