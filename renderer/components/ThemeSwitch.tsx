/** The top bar's theme switch: follow the system, or always light, or always dark (remembered). */
import { useSyncExternalStore } from 'react';
import { THEME_CHOICES, type ThemeChoice, type ThemeController } from '../lib/theme';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemeSwitch({ theme }: { theme: ThemeController }) {
  const choice = useSyncExternalStore(theme.subscribe, theme.choice);
  return (
    <label className="theme-switch small">
      <span className="muted">Theme</span>
      <select aria-label="Theme" value={choice} onChange={(e) => theme.setChoice(e.target.value as ThemeChoice)} data-testid="theme-switch">
        {THEME_CHOICES.map((c) => (
          <option key={c} value={c}>
            {LABELS[c]}
          </option>
        ))}
      </select>
    </label>
  );
}
