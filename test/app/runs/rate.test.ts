// Rate and ETA of a progressing check: no ETA until the run has shown enough of its pace (issue 22: the first
// ETA of a 0.3 s check said "2 min 50 s", extrapolated from one unit done at start-up).
import { describe, expect, it } from 'vitest';
import { MIN_ETA_DONE, MIN_ETA_SECONDS, RateMeter } from '../../../app/runs/rate';

function meter(): { m: RateMeter; at: (s: number) => void } {
  let now = 0;
  return { m: new RateMeter(() => now), at: (s) => void (now = s * 1000) };
}

describe('RateMeter', () => {
  it('says no ETA from the first units or the first moments, however fast or slow they look', () => {
    const { m, at } = meter();
    at(0.002);
    expect(m.update(1, 500)).toEqual({ rate: 500 }); // one unit in 2 ms: no ETA yet
    at(0.3);
    expect(m.update(2, 1000).etaS).toBeUndefined();
    at(MIN_ETA_SECONDS / 2);
    expect(m.update(400, 1000).etaS).toBeUndefined(); // many units, too little time
  });

  it('gives the ETA once enough units and time have passed, from the rate over the whole run', () => {
    const { m, at } = meter();
    at(2);
    const r = m.update(Math.max(MIN_ETA_DONE, 50), 100);
    expect(r.rate).toBeCloseTo(25, 12);
    expect(r.etaS).toBeCloseTo(2, 12);
    expect(m.update(100, 100)).toEqual({ rate: 50 });
  });

  it('nothing done, or no time elapsed: nothing to say', () => {
    const { m } = meter();
    expect(m.update(0, 10)).toEqual({});
  });
});
