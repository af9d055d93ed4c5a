// Tightness of the divergence enclosures (checkers/interval/divergence.ts) against mpmath.iv at four times the
// precision (issue 25). Entries are boxes (points, narrow and wide intervals, [0, x], exact zeros), so the reference
// is the exact range of each term over its box, summed (the terms share no variable): KL's p ln(p/q) falls in q
// and is convex in p with minimum -q/e at p = q/e; JS's term is jointly convex (maximum at a corner) and 0 on
// p = q; cross-entropy's -p ln q uses each entry once, so its interval evaluation is already the exact range.
import { crossEntropyEnclosure, jsEnclosure, klEnclosure } from '../../../checkers/interval/divergence';
import type { Box, IntervalSource } from './tightness-inputs';
import { cases, describeTightness } from './tightness-harness';

/** Entries below 2: exact zeros a fifth of the time where allowed, else boxes (from 0 when allowed). */
const entry = (s: IntervalSource, bits: number, zeros: boolean): Box =>
  zeros && s.int(0, 4) === 0
    ? [
        { m: 0n, e: 0 },
        { m: 0n, e: 0 },
      ]
    : s.box(bits, { sign: zeros ? 'nonnegative' : 'positive', maxE: 0, minE: -200 });
/** p and q of one length; q has zeros only for JS (KL and cross-entropy need q > 0 where p > 0). */
const pair = (zerosInQ: boolean) => (s: IntervalSource, bits: number) => {
  const n = s.int(1, 6);
  return { xs: Array.from({ length: n }, () => entry(s, bits, true)), ys: Array.from({ length: n }, () => entry(s, bits, zerosInQ)) };
};

describeTightness('interval divergences are tight against mpmath.iv', [
  { op: 'kl', bound: 1, cases: cases('kl', 2541, pair(false)), ours: (I, p, q) => [klEnclosure(I, p, q)] },
  { op: 'crossEntropy', bound: 1, cases: cases('crossEntropy', 2542, pair(false)), ours: (I, p, q) => [crossEntropyEnclosure(I, p, q)] },
  { op: 'js', bound: 1, cases: cases('js', 2543, pair(true)), ours: (I, p, q) => [jsEnclosure(I, p, q)] },
]);
