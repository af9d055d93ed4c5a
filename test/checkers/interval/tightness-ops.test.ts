// Tightness of the basic interval operations (checkers/interval/ops.ts) against mpmath.iv at four times the
// precision (issue 25): each is one correctly rounded MPFR step per end, so each end must be the reference end
// rounded outward, 0 ulps away. Inputs: 320 seeded intervals per operation at 24 to 256 bits (points, a few
// ulps wide, wide, straddling 0, ending at 0; magnitudes 2^-3000 to 2^3000; divisors near 0).
import { add, div, exp, ln, mul, neg, sqrt, sub, sum } from '../../../checkers/interval/ops';
import { binary, cases, describeTightness, unary } from './tightness-harness';

const any = { sign: 'any' } as const;

describeTightness('interval ops are tight against mpmath.iv', [
  { op: 'add', bound: 0, cases: binary('add', 2501, any, any), ours: (_, [x], [y]) => [add(x!, y!)] },
  { op: 'sub', bound: 0, cases: binary('sub', 2502, any, any), ours: (_, [x], [y]) => [sub(x!, y!)] },
  { op: 'neg', bound: 0, cases: unary('neg', 2503, any), ours: (_, [x]) => [neg(x!)] },
  { op: 'mul', bound: 0, cases: binary('mul', 2504, any, any), ours: (_, [x], [y]) => [mul(x!, y!)] },
  { op: 'div', bound: 0, cases: binary('div', 2505, any, { sign: 'nonzero' }), ours: (_, [x], [y]) => [div(x!, y!)] },
  {
    op: 'sum',
    bound: 0,
    cases: cases('sum', 2506, (s, bits) => ({ xs: Array.from({ length: s.int(1, 6) }, () => s.box(bits, any)) })),
    ours: (I, xs) => [sum(I, xs)],
  },
  { op: 'sqrt', bound: 0, cases: unary('sqrt', 2507, { sign: 'nonnegative' }), ours: (_, [x]) => [sqrt(x!)] },
  // |x| < 2^17: e^x up to 2^189000 (MPFR's range ends at 2^(2^30); exact bounds of e^(2^24) are 48M-bit integers)
  { op: 'exp', bound: 0, cases: unary('exp', 2508, { sign: 'any', maxE: 16 }), ours: (_, [x]) => [exp(x!)] },
  { op: 'ln', bound: 0, cases: unary('ln', 2509, { sign: 'positive' }), ours: (_, [x]) => [ln(x!)] },
]);
