/** The review plan: fixed by its seed, a permutation of the pairs, repeats after their first showing, swaps in compare mode only. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repeatCount, reviewPlan } from '../../../app/perceptual/plan';

const settings = fc.record({
  pairCount: fc.integer({ min: 1, max: 200 }),
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  repeatShare: fc.constantFrom(0, 0.05, 0.1, 0.25, 0.5),
  mode: fc.constantFrom('rate-right' as const, 'compare' as const),
});

describe('reviewPlan', () => {
  it('is the same for the same seed and settings, and differs for another seed', () => {
    const a = reviewPlan({ pairCount: 128, seed: 42, repeatShare: 0.1, mode: 'compare' });
    expect(reviewPlan({ pairCount: 128, seed: 42, repeatShare: 0.1, mode: 'compare' })).toEqual(a);
    const b = reviewPlan({ pairCount: 128, seed: 43, repeatShare: 0.1, mode: 'compare' });
    expect(b.map((x) => x.pair)).not.toEqual(a.map((x) => x.pair));
    // Pinned: a change of the plan's algorithm changes the order of every existing review's items.
    expect(a.slice(0, 6)).toEqual([
      { pair: 24, aOnLeft: true },
      { pair: 108, aOnLeft: true },
      { pair: 33, aOnLeft: true },
      { pair: 7, aOnLeft: true },
      { pair: 63, aOnLeft: true },
      { pair: 27, aOnLeft: false },
    ]);
    expect(a).toHaveLength(141);
    expect(a.filter((x) => x.repeatOf !== undefined).slice(0, 3)).toEqual([
      { pair: 105, aOnLeft: false, repeatOf: 65 },
      { pair: 35, aOnLeft: false, repeatOf: 21 },
      { pair: 7, aOnLeft: false, repeatOf: 3 },
    ]);
  });

  it('shows every pair once plus round(share * n) repeats, each after its first showing', () => {
    fc.assert(
      fc.property(settings, (s) => {
        const plan = reviewPlan(s);
        const firsts = plan.filter((x) => x.repeatOf === undefined);
        expect(firsts.map((x) => x.pair).sort((a, b) => a - b)).toEqual(Array.from({ length: s.pairCount }, (_, i) => i));
        const repeats = plan.filter((x) => x.repeatOf !== undefined);
        expect(repeats).toHaveLength(repeatCount(s.pairCount, s.repeatShare));
        expect(new Set(repeats.map((x) => x.pair)).size).toBe(repeats.length);
        plan.forEach((x, i) => {
          if (x.repeatOf === undefined) return;
          expect(x.repeatOf).toBeLessThan(i);
          expect(plan[x.repeatOf]?.pair).toBe(x.pair);
          expect(plan[x.repeatOf]?.repeatOf).toBeUndefined();
        });
      }),
      { seed: 7, numRuns: 150 },
    );
  });

  it('swaps the sides of about half the repeats in compare mode, and of none in rate-right mode', () => {
    fc.assert(
      fc.property(settings, (s) => {
        const plan = reviewPlan(s);
        const repeats = plan.filter((x) => x.repeatOf !== undefined);
        const swapped = repeats.filter((x) => plan[x.repeatOf as number]?.aOnLeft !== x.aOnLeft).length;
        expect(swapped).toBe(s.mode === 'compare' ? Math.round(repeats.length / 2) : 0);
      }),
      { seed: 8, numRuns: 150 },
    );
  });

  it('puts image A on the left for about half the pairs', () => {
    const plan = reviewPlan({ pairCount: 1000, seed: 5, repeatShare: 0, mode: 'rate-right' });
    const left = plan.filter((x) => x.aOnLeft).length;
    expect(left).toBeGreaterThan(440);
    expect(left).toBeLessThan(560);
  });

  it('keeps the order and the sides of the first showings when only the repeat share changes', () => {
    const a = reviewPlan({ pairCount: 50, seed: 9, repeatShare: 0, mode: 'compare' });
    const b = reviewPlan({ pairCount: 50, seed: 9, repeatShare: 0.2, mode: 'compare' }).filter((x) => x.repeatOf === undefined);
    expect(b.map((x) => [x.pair, x.aOnLeft])).toEqual(a.map((x) => [x.pair, x.aOnLeft]));
  });
});
