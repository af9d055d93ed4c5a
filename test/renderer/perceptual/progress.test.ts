// Progress words of a review: never "100%" before the last answer, "complete" only once every item is answered.
import { describe, expect, it } from 'vitest';
import { isComplete, progressShare, progressWords } from '../../../renderer/perceptual/progress';

describe('review progress', () => {
  it('says how many of how many, rounding down', () => {
    expect(progressWords({ answered: 10, total: 141 })).toBe('10 of 141 answered (7%)');
    expect(progressWords({ answered: 140, total: 141 })).toBe('140 of 141 answered (99%)');
    expect(progressWords({ answered: 0, total: 0 })).toBe('0 of 0 answered (0%)');
  });

  it('is complete only when every item is answered', () => {
    expect(isComplete({ answered: 141, total: 141 })).toBe(true);
    expect(isComplete({ answered: 0, total: 0 })).toBe(false);
    expect(progressWords({ answered: 141, total: 141 })).toBe('complete: 141 of 141 answered');
    expect(progressShare({ answered: 3, total: 4 })).toBe(0.75);
  });
});
