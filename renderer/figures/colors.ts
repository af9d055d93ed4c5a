/**
 * Plot colours come from CSS custom properties (`--plot-line`, `--plot-line-2`, `--plot-line-3`, `--plot-grid`,
 * `--plot-axis`, `--plot-band`), so that a theme sets them. SVG figures use `var(...)` directly; canvas plots
 * (uPlot) read them here, and redraw when the theme may have changed (the system scheme or <html>'s attributes).
 */
import { useEffect, useState } from 'react';
import type { Tone } from '../../common/figures/spec';

export const FALLBACK = {
  '--plot-line': '#2f5fb3',
  '--plot-line-2': '#c2571a',
  '--plot-line-3': '#1f8a5b',
  '--plot-grid': '#e6e9ee',
  '--plot-axis': '#5b6673',
  '--plot-band': 'rgba(47, 95, 179, 0.09)',
} as const;

export type PlotVar = keyof typeof FALLBACK;

export const TONE_VAR: Record<Tone, PlotVar> = { 1: '--plot-line', 2: '--plot-line-2', 3: '--plot-line-3', 4: '--plot-axis' };

/** `var(--plot-line, #2f5fb3)` for SVG attributes. */
export function cssVar(v: PlotVar): string {
  return `var(${v}, ${FALLBACK[v]})`;
}

/** The colour of a plot variable as computed at `el` (its fallback when unset). */
export function readVar(el: Element, v: PlotVar): string {
  const got = getComputedStyle(el).getPropertyValue(v).trim();
  return got === '' ? FALLBACK[v] : got;
}

/** A number that changes whenever the theme may have changed: a canvas plot rebuilds on it. */
export function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = (): void => setVersion((v) => v + 1);
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', bump);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'data-theme', 'style'] });
    return () => {
      media.removeEventListener('change', bump);
      observer.disconnect();
    };
  }, []);
  return version;
}
