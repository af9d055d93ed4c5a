/**
 * A legend label as a figure shows it: at most LEGEND_MAX_CHARS characters on screen (longer ones end in "…"), the
 * whole label always in its title (shown on hover and read by screen readers' descriptions), so a long series name
 * is never cut off silently by the figure's width. uPlot's legend (XYPlot) is cut by the CSS, each label's
 * title the whole series name.
 *
 * Example: `legendText('loss')` is `{ text: 'loss', title: 'loss' }`; a 100-character label gives 48 characters
 * ending in "…" and the 100 characters as its title.
 */

/** Characters of a legend label shown before it is cut (with "…"); about a third of a figure's width at 11 px. */
export const LEGEND_MAX_CHARS = 48;

export interface LegendText {
  /** What the legend shows. */
  readonly text: string;
  /** The whole label, for the title attribute. */
  readonly title: string;
}

/** `label` cut to `max` characters (code points, never half a surrogate pair), its whole text as the title. */
export function legendText(label: string, max = LEGEND_MAX_CHARS): LegendText {
  const chars = Array.from(label);
  if (chars.length <= max) return { text: label, title: label };
  return {
    text: `${chars
      .slice(0, Math.max(1, max - 1))
      .join('')
      .trimEnd()}…`,
    title: label,
  };
}
