// Next / previous claimed falsification: wraps around, starts at the first (or last), and does nothing without any.
import { describe, expect, it } from 'vitest';
import { stepFalsification } from '../../../renderer/palette/falsification-commands';

describe('stepFalsification', () => {
  const ids = ['F1', 'F2', 'F3'];
  it('steps and wraps', () => {
    expect(stepFalsification(ids, 'F1', 1)).toBe('F2');
    expect(stepFalsification(ids, 'F3', 1)).toBe('F1');
    expect(stepFalsification(ids, 'F1', -1)).toBe('F3');
  });
  it('starts at an end when none is current (or the current one is gone)', () => {
    expect(stepFalsification(ids, null, 1)).toBe('F1');
    expect(stepFalsification(ids, null, -1)).toBe('F3');
    expect(stepFalsification(ids, 'F9', 1)).toBe('F1');
    expect(stepFalsification([], null, 1)).toBeNull();
  });
});
