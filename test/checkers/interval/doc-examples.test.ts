/** The examples written in the doc comments of checkers/precise and checkers/interval, run so they cannot rot. */
import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { bitsForDigits, loadMpfr } from '../../../checkers/precise/mpfr';
import { createPrecise } from '../../../checkers/precise/precise';
import { crossEntropy } from '../../../checkers/precise/divergence';
import { withIntervals } from '../../../checkers/interval/arena';
import { certifySign } from '../../../checkers/interval/certify';
import { klEnclosure } from '../../../checkers/interval/divergence';
import { add, ln, sub, sum } from '../../../checkers/interval/ops';
import { logSumExp } from '../../../checkers/interval/softmax';

const mpfr = await loadMpfr();

describe('doc comment examples', () => {
  it('bitsForDigits(200, 0) is 665', () => {
    expect(bitsForDigits(200, 0)).toBe(665);
  });

  it('crossEntropy([1/2, 1/2], [1/4, 3/4]) = 0.83698...', () => {
    const P = createPrecise({ digits: 20, mpfr });
    expect(crossEntropy(P, ['1/2', '1/2'], ['1/4', '3/4']).toString()).toBe('0.83698821678583577314');
  });

  it('certifySign(ln 3 - 1.0986) is +1 at 64 bits', () => {
    expect(certifySign(mpfr, (I) => sub(ln(I.enclose(3)), I.enclose('1.0986')))).toMatchObject({ sign: 1, bits: 64 });
  });

  it('interval examples: 0.1 + 0.2 contains 3/10, sum of 0.1, 0.2, 0.7 contains 1, lse(1000, 1000) = 1000 + ln 2', () => {
    withIntervals(mpfr, { bits: 64 }, (I) => {
      const inside = (x: ReturnType<typeof I.enclose>, v: string) => {
        const { lo, hi } = I.format(x, 25);
        return new Decimal(lo).lte(v) && new Decimal(v).lte(hi);
      };
      expect(inside(add(I.enclose('0.1'), I.enclose('0.2')), '0.3')).toBe(true);
      expect(inside(sum(I, ['0.1', '0.2', '0.7']), '1')).toBe(true);
      const lse = I.format(logSumExp(I, ['1000', '1000']), 12);
      expect([lse.lo, lse.hi]).toEqual(['0.100069314718e4', '0.100069314719e4']);
      const kl = I.format(klEnclosure(I, ['1/2', '1/2'], ['1/4', '3/4']), 12);
      expect([kl.lo, kl.hi]).toEqual(['0.143841036225e0', '0.143841036226e0']);
    });
  });
});

describe('doc comment examples (issue 13 additions)', () => {
  it('Precise: rounding modes, exact logarithms and roots; intervals: softplus and log-softmax', async () => {
    const { softplus } = await import('../../../checkers/interval/softplus');
    const { logSoftmax } = await import('../../../checkers/interval/softmax');
    const { powInt, powPositive } = await import('../../../checkers/interval/elementary');
    expect(createPrecise({ digits: 6, mpfr, rounding: 'floor' }).sqrt('2').toString()).toBe('1.41421');
    const P = createPrecise({ digits: 20, mpfr });
    expect([P.log('243', 3).toString(), P.pow('-8', '1/3').toString()]).toEqual(['5', '-2']);
    withIntervals(mpfr, { bits: 64 }, (I) => {
      const ln2 = I.format(softplus(I.enclose(0)), 10);
      expect([ln2.lo, ln2.hi]).toEqual(['0.6931471805e0', '0.6931471806e0']);
      expect(I.format(softplus(I.enclose(-844)), 3)).toEqual({ lo: '0.285e-366', hi: '0.286e-366' });
      expect(I.format(logSoftmax(I, [0, -1000])[0]!, 3)).toEqual({ lo: '-0.508e-434', hi: '-0.507e-434' });
      expect(I.bounds(powInt(I.enclose(-2), 3)).lo).toEqual({ num: -8n, den: 1n });
      expect(I.format(powPositive(I.enclose('1/4'), I.enclose('1/2')), 5)).toEqual({ lo: '0.50000e0', hi: '0.50000e0' });
    });
  });
});
