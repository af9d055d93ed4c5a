/**
 * The theme on the document: `<html data-theme="light|dark">`, which the stylesheet's custom properties key on
 * (renderer/styles/app.css), following the system's `prefers-color-scheme` live while the choice is "system".
 * Figures (renderer/figures/colors.ts) and the editor (renderer/editor/theme.ts) watch `data-theme` themselves.
 */
import { loadThemeChoice, saveThemeChoice, themeFor, type ThemeController, type ThemeStorage } from './theme';

/** A controller bound to a window: applies the theme to its document now and whenever the choice or the system changes. */
export function createThemeController(win: Window, storage: ThemeStorage | null): ThemeController {
  const media = win.matchMedia('(prefers-color-scheme: dark)');
  const listeners = new Set<() => void>();
  let choice = loadThemeChoice(storage);
  let theme = themeFor(choice, media.matches);

  const notify = () => {
    for (const l of listeners) l();
  };
  /** Writes the theme in effect to the document; true when it changed. */
  const apply = (): boolean => {
    const next = themeFor(choice, media.matches);
    const root = win.document.documentElement;
    root.dataset.theme = next;
    root.style.colorScheme = next;
    const changed = next !== theme;
    theme = next;
    return changed;
  };
  media.addEventListener('change', () => {
    if (apply()) notify();
  });
  apply();

  return {
    choice: () => choice,
    theme: () => theme,
    setChoice(next) {
      if (next === choice) return;
      choice = next;
      saveThemeChoice(storage, next);
      apply();
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
