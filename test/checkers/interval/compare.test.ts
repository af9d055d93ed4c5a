import { describe, expect, it } from 'vitest';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { withIntervals } from '../../../checkers/interval/arena';
import {
  certainlyGreater,
  certainlyLess,
  certainlyLessOrEqual,
  certainlyNegative,
  certainlyPositive,
} from '../../../checkers/interval/compare';
import { certifySign } from '../../../checkers/interval/certify';
import { exp, ln, sub } from '../../../checkers/interval/ops';

const mpfr = await loadMpfr();

describe('certified comparisons', () => {
  it('decide separated intervals and refuse to decide overlapping ones', () => {
    withIntervals(mpfr, { bits: 64 }, (I) => {
      const ln2 = ln(I.enclose(2)); // 0.6931...
      expect(certainlyLess(ln2, I.enclose('0.7'))).toBe(true);
      expect(certainlyLess(I.enclose('0.7'), ln2)).toBe(false);
      expect(certainlyGreater(I.enclose('0.7'), ln2)).toBe(true);
      // ln 2 vs a 64-bit-close neighbour: the enclosures overlap
      expect(certainlyLess(ln2, I.enclose('0.69314718055994530941723212145817656807'))).toBe('undecided');
      const tenth = I.enclose('0.1');
      expect(certainlyLess(tenth, tenth)).toBe('undecided'); // a nonpoint interval against itself
      const three = I.enclose(3);
      expect(certainlyLess(three, three)).toBe(false); // equal points: certainly not less
      expect(certainlyLessOrEqual(three, three)).toBe(true);
      expect(certainlyLessOrEqual(I.enclose(4), three)).toBe(false);
    });
  });

  it('certify signs of tiny and zero-straddling values', () => {
    withIntervals(mpfr, { bits: 64 }, (I) => {
      expect(certainlyPositive(I.enclose('1e-300'))).toBe(true);
      expect(certainlyNegative(I.enclose('-1e-300'))).toBe(true);
      expect(certainlyPositive(I.enclose(0))).toBe(false);
      expect(certainlyNegative(I.enclose(0))).toBe(false);
      expect(certainlyPositive(sub(I.enclose('0.1'), I.enclose('0.1')))).toBe('undecided');
    });
  });

  it('escalates precision until the sign is certain', () => {
    // e^(1/3) vs a rational that agrees with it to about 40 digits: 64 bits cannot tell, more bits can.
    const close = '1.395612425086089528628125319602586837597';
    const r = certifySign(mpfr, (I) => sub(exp(I.rational(1n, 3n)), I.enclose(close)));
    expect(r.sign).toBe(1);
    expect(r.bits).toBeGreaterThan(128);
    // exactly zero can never be certified: undecided at the budget
    const zero = certifySign(mpfr, (I) => sub(ln(I.enclose(8)), sub(ln(I.enclose(16)), ln(I.enclose(2)))), {
      maxBits: 512,
    });
    expect(zero).toMatchObject({ sign: 'undecided', bits: 512 });
  });
});
