/**
 * Light and dark themes: the reviewer's choice (follow the system, or always light, or always dark),
 * remembered in localStorage, and the theme it means. The document side (writing `<html data-theme>`,
 * following the system's `prefers-color-scheme` live) is renderer/lib/theme-document.ts.
 */

export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const THEME_KEY = 'recheck.theme';

/** What a theme store needs of localStorage. */
export interface ThemeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The remembered choice; "system" when none (or an unknown value) is stored. */
export function loadThemeChoice(storage: ThemeStorage | null): ThemeChoice {
  try {
    const v = storage?.getItem(THEME_KEY);
    return v === 'light' || v === 'dark' || v === 'system' ? v : 'system';
  } catch {
    return 'system';
  }
}

export function saveThemeChoice(storage: ThemeStorage | null, choice: ThemeChoice): void {
  try {
    storage?.setItem(THEME_KEY, choice);
  } catch {
    // not remembered across sessions; harmless
  }
}

/** The theme in effect. Example: `themeFor('system', true)` returns 'dark'; `themeFor('light', true)` returns 'light'. */
export function themeFor(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

/** The choice and the theme in effect, observable (React reads it with useSyncExternalStore). */
export interface ThemeController {
  choice(): ThemeChoice;
  theme(): Theme;
  setChoice(choice: ThemeChoice): void;
  subscribe(listener: () => void): () => void;
}
