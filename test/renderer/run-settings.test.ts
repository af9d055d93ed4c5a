import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_SETTINGS_TEXT,
  parseLimitSeconds,
  parseRunSettings,
  parseSeed,
  recordLine,
  settingsLine,
} from '../../renderer/sandbox-client/run-settings';

describe('parseSeed', () => {
  it('accepts exactly the whole numbers 0..2^32-1 and gives them back unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (n) => {
        expect(parseSeed(String(n))).toEqual({ ok: true, value: n });
      }),
    );
  });

  it.each([
    ['0', 0],
    ['4294967295', 4294967295],
    [' 7 ', 7],
    ['007', 7],
  ])('accepts %j as %d', (text, value) => {
    expect(parseSeed(text)).toEqual({ ok: true, value });
  });

  // No clamping, rounding or wrapping: -1 is not 4294967295, 1.5 is not 1, 2^32 is not 0.
  it.each(['-1', '1.5', '4294967296', '99999999999999999999', '1e3', '0x10', '+1', '1 2', 'abc', 'NaN', 'Infinity'])(
    'rejects %j with a one-line reason',
    (text) => {
      const r = parseSeed(text);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.problem).toContain('0 to 4294967295');
        expect(r.problem).not.toContain('\n');
      }
    },
  );

  it('says when the field is empty', () => {
    expect(parseSeed('  ')).toEqual({ ok: false, problem: 'Seed is empty: enter a whole number from 0 to 4294967295.' });
  });

  it('cuts a long entry in the message', () => {
    const r = parseSeed('x'.repeat(500));
    expect(!r.ok && r.problem.length).toBeLessThan(100);
  });
});

describe('parseLimitSeconds', () => {
  it.each([
    ['1', 1],
    ['120', 120],
    ['3600', 3600],
  ])('accepts %j as %d s', (text, value) => {
    expect(parseLimitSeconds(text)).toEqual({ ok: true, value });
  });

  it.each(['0', '3601', '2.5', '-5', '', '1s', '1e2'])('rejects %j', (text) => {
    expect(parseLimitSeconds(text).ok).toBe(false);
  });

  it('names the field and the range', () => {
    expect(parseLimitSeconds('0')).toEqual({ ok: false, problem: 'Time limit "0" is not a whole number of seconds from 1 to 3600.' });
  });
});

describe('parseRunSettings', () => {
  it('parses the defaults to seed 1, limit 120 s', () => {
    expect(parseRunSettings(DEFAULT_SETTINGS_TEXT)).toEqual({ ok: true, value: { seed: 1, limitS: 120 } });
  });

  it('reports the seed problem first, then the limit problem', () => {
    const both = parseRunSettings({ seed: '-1', limitS: '0' });
    expect(!both.ok && both.problem).toMatch(/^Seed "-1"/);
    const limit = parseRunSettings({ seed: '3', limitS: '0' });
    expect(!limit.ok && limit.problem).toMatch(/^Time limit "0"/);
  });
});

describe('status lines', () => {
  it('states the settings, wall time to 0.1 s and the outcome', () => {
    expect(settingsLine({ seed: 7, limitS: 2 })).toBe('seed 7 · limit 2 s');
    expect(recordLine({ settings: { seed: 7, limitS: 2 }, wallMs: 2034, outcome: 'timeout' })).toBe(
      'seed 7 · limit 2 s · wall 2.0 s · timeout',
    );
    expect(recordLine({ settings: { seed: 0, limitS: 120 }, wallMs: 349.9, outcome: 'finished' })).toBe(
      'seed 0 · limit 120 s · wall 0.3 s · finished',
    );
  });
});
