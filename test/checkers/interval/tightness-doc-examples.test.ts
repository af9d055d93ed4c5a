// The examples in the doc comments of the files added for issue 25's tightness work (softmax-corners.ts,
// divergence-terms.ts, working.ts), run so that they cannot rot.
import { describe, expect, it } from 'vitest';
import { withIntervals } from '../../../checkers/interval/arena';
import { klTerm, termSum } from '../../../checkers/interval/divergence-terms';
import { lseCorner } from '../../../checkers/interval/softmax-corners';
import { withFloats } from '../../../checkers/interval/working';
import { loadMpfr, RND, toDecimalString } from '../../../checkers/precise/mpfr';

const mpfr = await loadMpfr();

describe('doc comment examples of the tight interval helpers', () => {
  it('lseCorner of (0, 0) rounded up is ln 2 rounded up at 53 bits', () => {
    withFloats(mpfr, 53, 3, ([x0, x1, out]) => {
      mpfr.binding.mpfr_set_si(x0!, 0, RND.down);
      mpfr.binding.mpfr_set_si(x1!, 0, RND.down);
      lseCorner(mpfr, [x0!, x1!], RND.up, out!, 53);
      // ln 2 = 0.693147180559945309417...: the doubles around it are 0.69314718055994528622... and
      // 0.6931471805599453972490664455108344554901123046875 (exactly), the upward rounding
      expect(toDecimalString(mpfr, out!, 49, RND.down)).toBe('0.6931471805599453972490664455108344554901123046875e0');
    });
  });

  it("termSum(I, 2, klTerm(ps, qs), 'kl') encloses KL([1/2, 1/2] || [1/4, 3/4]) = ln(4/3)/2", () => {
    withIntervals(mpfr, { bits: 64 }, (I) => {
      const ps = [I.enclose('1/2'), I.enclose('1/2')];
      const qs = [I.enclose('1/4'), I.enclose('3/4')];
      const { lo, hi } = I.format(termSum(I, 2, klTerm(ps, qs), 'kl'), 12);
      expect([lo, hi]).toEqual(['0.143841036225e0', '0.143841036226e0']);
    });
  });
});
