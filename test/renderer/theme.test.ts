// The theme choice: remembered, defaulting to the system, resolved against the system's preference.
import { describe, expect, it } from 'vitest';
import { loadThemeChoice, saveThemeChoice, themeFor, THEME_CHOICES, type ThemeStorage } from '../../renderer/lib/theme';

function memory(): ThemeStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('theme choice', () => {
  it('follows the system unless light or dark is chosen', () => {
    expect(themeFor('system', true)).toBe('dark');
    expect(themeFor('system', false)).toBe('light');
    for (const dark of [true, false]) {
      expect(themeFor('light', dark)).toBe('light');
      expect(themeFor('dark', dark)).toBe('dark');
    }
  });

  it('is remembered, and anything unknown or unreadable reads as "system"', () => {
    const s = memory();
    expect(loadThemeChoice(s)).toBe('system');
    for (const c of THEME_CHOICES) {
      saveThemeChoice(s, c);
      expect(loadThemeChoice(s)).toBe(c);
    }
    s.data.set('recheck.theme', 'sepia');
    expect(loadThemeChoice(s)).toBe('system');
    expect(loadThemeChoice(null)).toBe('system');
    const broken: ThemeStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadThemeChoice(broken)).toBe('system');
    expect(() => saveThemeChoice(broken, 'dark')).not.toThrow();
  });
});
