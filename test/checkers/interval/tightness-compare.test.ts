// The certified comparisons of checkers/interval/compare.ts decide exactly as mpmath.iv's interval comparisons
// do (issue 25): true when the relation holds for every pair of enclosed values, false when for none, and
// undecided (mpmath: None) otherwise. 320 seeded pairs at 24 to 256 bits, a third of them touching or equal,
// where a strict and a non-strict comparison part ways.
import { beforeAll, describe, expect, it } from 'vitest';
import { withIntervals } from '../../../checkers/interval/arena';
import {
  certainlyGreater,
  certainlyLess,
  certainlyLessOrEqual,
  certainlyNegative,
  certainlyPositive,
  type Certainty,
} from '../../../checkers/interval/compare';
import { loadMpfr, type Mpfr } from '../../../checkers/precise/mpfr';
import { cases } from './tightness-harness';
import { floatLe, type Box } from './tightness-inputs';
import { mpmathMissing, referenceRanges, span } from './tightness-oracle';

type Decisions = Record<'less' | 'lessEq' | 'greater' | 'positive' | 'negative', boolean | null>;

const any = { sign: 'any' } as const;
const pairs = cases('compare', 2551, (s, bits) => {
  const x = s.box(bits, any);
  const u = s.int(0, 5);
  // touching (y starts where x ends, or ends where x starts), equal, or independent
  const y: Box = u === 0 ? [x[1], s.box(bits, any)[1]] : u === 1 ? [s.box(bits, any)[0], x[0]] : u === 2 ? x : s.box(bits, any);
  return { xs: [x], ys: [floatLe(y[0], y[1]) ? y : [y[1], y[0]]] };
});

const asMpmath = (c: Certainty): boolean | null => (c === 'undecided' ? null : c);

describe.skipIf(mpmathMissing !== '')('certified interval comparisons agree with mpmath.iv', () => {
  let mpfr: Mpfr;
  let reference: Decisions[];
  beforeAll(async () => {
    mpfr = await loadMpfr();
    reference = referenceRanges(pairs).map((r) => r[0] as unknown as Decisions);
  }, 120_000);

  it(`x < y, x <= y, x > y, x > 0 and x < 0 on ${pairs.length} pairs`, () => {
    const ours = pairs.map((c) =>
      withIntervals(mpfr, { bits: c.bits }, (I) => {
        const [x, y] = [span(I, c.xs[0] as Box), span(I, (c.ys as Box[])[0] as Box)];
        return {
          less: asMpmath(certainlyLess(x, y)),
          lessEq: asMpmath(certainlyLessOrEqual(x, y)),
          greater: asMpmath(certainlyGreater(x, y)),
          positive: asMpmath(certainlyPositive(x)),
          negative: asMpmath(certainlyNegative(x)),
        };
      }),
    );
    expect(ours).toEqual(reference);
    // every outcome occurs, so the comparison is not vacuous
    const seen = new Set(ours.flatMap((d) => Object.values(d).map(String)));
    expect([...seen].sort()).toEqual(['false', 'null', 'true']);
  });
});
