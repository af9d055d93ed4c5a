import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from '../../renderer/api/backoff';
import { takeToken, tokenFromHash, type TokenEnv } from '../../renderer/api/token';

function env(hash: string, stored: Record<string, string> = {}): TokenEnv & { store: Record<string, string>; cleared: number } {
  const e = {
    hash,
    store: { ...stored },
    cleared: 0,
    storage: {
      getItem: (k: string) => e.store[k] ?? null,
      setItem: (k: string, v: string) => {
        e.store[k] = v;
      },
    },
    clearHash: () => {
      e.cleared += 1;
    },
  };
  return e;
}

const T = '0123456789abcdef0123456789abcdef';

describe('token', () => {
  it('takes the token from the fragment, stores it and clears the fragment', () => {
    const e = env(`#token=${T}`);
    expect(takeToken(e)).toBe(T);
    expect(e.store['recheck.token']).toBe(T);
    expect(e.cleared).toBe(1);
  });

  it('falls back to the stored token on reload, and to null without either', () => {
    expect(takeToken(env('', { 'recheck.token': T }))).toBe(T);
    const none = env('');
    expect(takeToken(none)).toBeNull();
    expect(none.cleared).toBe(0);
  });

  it('refuses tokens that are not hex of a sane length', () => {
    expect(tokenFromHash('#token=short')).toBeNull();
    expect(tokenFromHash(`#token=${T}zz`)).toBeNull();
    expect(tokenFromHash(`#case=x&token=${T}`)).toBe(T);
    expect(takeToken(env('', { 'recheck.token': '<script>' }))).toBeNull();
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from 250 ms up to the cap, with at most 25% jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((n) => reconnectDelayMs(n, 0))).toEqual([250, 500, 1000, 2000, 4000, 8000, 10000, 10000]);
    expect(reconnectDelayMs(2, 0.5)).toBe(1125);
    expect(reconnectDelayMs(100, 0.999)).toBeLessThanOrEqual(12500);
    expect(reconnectDelayMs(-3, 0)).toBe(250);
  });
});
