// Tightness of the interval functions of checkers/interval/elementary.ts against mpmath.iv at four times the
// precision (issue 25). Each end is one correctly rounded MPFR step (monotone functions at an endpoint, powers
// at the extreme corner, 0 for an even power across 0), so each must be the reference end rounded outward.
// 320 seeded intervals per function at 24 to 256 bits, with the singular ends of each domain: log1p just above
// -1, logarithms and negative powers near 0, roots across 0.
import { abs, cbrt, expm1, log10, log1p, log2, max, min, powInt, powPositive, root } from '../../../checkers/interval/elementary';
import { binary, cases, describeTightness, unary } from './tightness-harness';

const any = { sign: 'any' } as const;
const positive = { sign: 'positive' } as const;

describeTightness('interval elementary functions are tight against mpmath.iv', [
  { op: 'log1p', bound: 0, cases: unary('log1p', 2511, { sign: 'aboveMinusOne' }), ours: (_, [x]) => [log1p(x!)] },
  { op: 'expm1', bound: 0, cases: unary('expm1', 2512, { sign: 'any', maxE: 16 }), ours: (_, [x]) => [expm1(x!)] },
  { op: 'log2', bound: 0, cases: unary('log2', 2513, positive), ours: (_, [x]) => [log2(x!)] },
  { op: 'log10', bound: 0, cases: unary('log10', 2514, positive), ours: (_, [x]) => [log10(x!)] },
  {
    op: 'root',
    bound: 0,
    cases: cases('root', 2515, (s, bits) => {
      const n = s.pick([1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 17, 1000, 1001]);
      return { xs: [s.box(bits, n % 2 === 0 ? { sign: 'nonnegative' } : any)], n };
    }),
    ours: (_, [x], __, c) => [root(x!, c.n!)],
  },
  { op: 'cbrt', bound: 0, cases: unary('cbrt', 2516, any), ours: (_, [x]) => [cbrt(x!)] },
  {
    op: 'powInt',
    bound: 0,
    cases: cases('powInt', 2517, (s, bits) => {
      const big = s.int(0, 9) === 0;
      const n = big ? s.pick([-1001, -1000, 1000, 1001]) : s.int(-40, 40);
      const limits = big ? { maxE: 200, minE: -200 } : {};
      return { xs: [s.box(bits, { sign: n < 0 ? 'nonzero' : 'any', ...limits })], n };
    }),
    ours: (_, [x], __, c) => [powInt(x!, c.n!)],
  },
  // |y| < 2^7 keeps x^y within 2^400000
  {
    op: 'powPositive',
    bound: 0,
    cases: binary('powPositive', 2518, positive, { sign: 'any', maxE: 6 }),
    ours: (_, [x], [y]) => [powPositive(x!, y!)],
  },
  { op: 'abs', bound: 0, cases: unary('abs', 2519, any), ours: (_, [x]) => [abs(x!)] },
  { op: 'min', bound: 0, cases: binary('min', 2520, any, any), ours: (_, [x], [y]) => [min(x!, y!)] },
  { op: 'max', bound: 0, cases: binary('max', 2521, any, any), ours: (_, [x], [y]) => [max(x!, y!)] },
]);
