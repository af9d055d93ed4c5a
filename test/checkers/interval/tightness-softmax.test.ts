// Tightness of softplus, log-sum-exp, softmax and log-softmax (checkers/interval/softplus.ts, softmax.ts)
// against mpmath.iv at four times the precision (issue 25). The reference is each function's exact range over
// the box of logits: softplus is increasing; lse, softmax_i = 1 / (1 + sum_{j != i} e^(x_j - x_i)) and
// log softmax_i = -log1p(sum_{j != i} e^(x_j - x_i)) use every logit with one monotonicity, so their interval
// evaluations are exact ranges. These are chains of several rounded steps: the bounds are in the test names.
import { logSoftmax, logSumExp, softmax } from '../../../checkers/interval/softmax';
import { softplus } from '../../../checkers/interval/softplus';
import { cases, describeTightness, unary } from './tightness-harness';

// |x| < 2^17: logits far apart (e^(x_j - x_i) down to 2^-380000) but inside MPFR's exponent range
const logit = { sign: 'any', maxE: 16 } as const;
const logits = (op: string, seed: number) =>
  cases(op, seed, (s, bits) => ({ xs: Array.from({ length: s.int(1, 6) }, () => s.box(bits, logit)) }));

describeTightness('interval softplus and softmax are tight against mpmath.iv', [
  { op: 'softplus', bound: 1, cases: unary('softplus', 2531, logit), ours: (_, [x]) => [softplus(x!)] },
  { op: 'logSumExp', bound: 1, cases: logits('logSumExp', 2532), ours: (I, xs) => [logSumExp(I, xs)] },
  { op: 'softmax', bound: 1, cases: logits('softmax', 2533), ours: (I, xs) => softmax(I, xs) },
  { op: 'logSoftmax', bound: 1, cases: logits('logSoftmax', 2534), ours: (I, xs) => logSoftmax(I, xs) },
]);
