import { describe, expect, it } from 'vitest';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { createIntervalArena, withIntervals } from '../../../checkers/interval/arena';
import { add, exp, ln, mul } from '../../../checkers/interval/ops';
import { certainlyLess } from '../../../checkers/interval/compare';
import { CheckerError, ParseError } from '../../../checkers/errors';

const mpfr = await loadMpfr();

describe('interval arenas', () => {
  it('run the documented examples', () => {
    expect(withIntervals(mpfr, { bits: 128 }, (I) => certainlyLess(ln(I.enclose(2)), I.enclose('0.7')))).toBe(true);
    expect(withIntervals(mpfr, { bits: 64 }, (I) => I.format(I.enclose('1/3'), 5))).toEqual({
      lo: '0.33333e0',
      hi: '0.33334e0',
    });
  });

  it('take precision in bits or in decimal digits', () => {
    expect(createIntervalArena(mpfr, { bits: 100 }).bits).toBe(100);
    expect(createIntervalArena(mpfr, { digits: 30 }).bits).toBe(108); // ceil(30 log2 10) + 8
    expect(() => createIntervalArena(mpfr, { bits: 1 })).toThrow(/precision/);
  });

  it('refuse intervals after destroy and from another arena', () => {
    const I = createIntervalArena(mpfr, { bits: 64 });
    const J = createIntervalArena(mpfr, { bits: 64 });
    const x = I.enclose(2);
    expect(() => add(x, J.enclose(1))).toThrow(/another arena/);
    I.destroy();
    expect(() => exp(x)).toThrow(/destroyed/);
    expect(() => I.enclose(1)).toThrow(CheckerError);
    J.destroy();
  });

  it('destroy the arena when the callback throws', () => {
    let leaked: ReturnType<typeof createIntervalArena> | undefined;
    expect(() =>
      withIntervals(mpfr, { bits: 64 }, (I) => {
        leaked = I;
        return I.enclose('not a number');
      }),
    ).toThrow(ParseError);
    expect(() => leaked?.enclose(1)).toThrow(/destroyed/);
  });

  it('free their memory: thousands of arenas do not grow the wasm heap', () => {
    const work = () =>
      withIntervals(mpfr, { bits: 4096 }, (I) => {
        let x = I.enclose('1/7');
        for (let i = 0; i < 50; i++) x = add(x, 1);
        return I.format(mul(x, 2), 10).lo;
      });
    for (let i = 0; i < 50; i++) work(); // warm up: let the allocator reach its working size
    const before = mpfr.binding.mem.length;
    // without freeing, 1000 arenas x ~110 endpoints x ~530 bytes would need about 58 MB more
    for (let i = 0; i < 1000; i++) work();
    expect(mpfr.binding.mem.length - before).toBeLessThan(4 * 1024 * 1024);
  });
});
