import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatRate, formatSeconds, formatUtc, fractionDone, shortHash } from '../../renderer/lib/format';

describe('formatters', () => {
  it.each([
    [0.0425, '43 ms'],
    [0.091, '91 ms'],
    [1.5, '1.50 s'],
    [12.34, '12.3 s'],
    [245, '4 min 05 s'],
    [7380, '2 h 03 min'],
    [null, '–'],
    [-1, '–'],
    [Number.NaN, '–'],
  ])('formatSeconds(%s) = %s', (s, want) => {
    expect(formatSeconds(s)).toBe(want);
  });

  it('formats rates, bytes and counts', () => {
    expect(formatRate(1234.5)).toBe('1.23k/s');
    expect(formatRate(2_500_000)).toBe('2.50M/s');
    expect(formatRate(0.5)).toBe('0.500/s');
    expect(formatRate(undefined)).toBe('');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(formatCount(20000)).toBe('20,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(999)).toBe('999');
  });

  it('shortens hashes keeping the algorithm prefix', () => {
    expect(shortHash('sha256:abcdef0123456789')).toBe('sha256:abcdef0123');
    expect(shortHash('abcdef0123456789')).toBe('abcdef0123');
    expect(shortHash('abc')).toBe('abc');
  });

  it('prints times in UTC and progress fractions clamped to [0, 1]', () => {
    expect(formatUtc('2026-11-29T15:47:00+01:00')).toBe('2026-11-29 14:47:00 UTC');
    expect(formatUtc('not a date')).toBe('not a date');
    expect(fractionDone(5, 20)).toBe(0.25);
    expect(fractionDone(30, 20)).toBe(1);
    expect(fractionDone(3, undefined)).toBeNull();
    expect(fractionDone(3, 0)).toBeNull();
  });
});
