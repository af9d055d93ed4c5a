/**
 * What a figure draws, as plain data: built from a check's evidence by the pure functions of this folder
 * (one file per check kind in kinds/, listed in registry.ts) and drawn by one component per kind of plot: in the
 * UI (renderer/figures: XYPlot, BarChart, HullDiagram, Timeline) and in reports. Every number in a spec comes from
 * the evidence it was built from.
 */

/** Which plot colour: 1..3 are `--plot-line`, `--plot-line-2`, `--plot-line-3`; 4 is `--plot-axis` (grey). */
export type Tone = 1 | 2 | 3 | 4;

export interface Axis {
  label: string;
  unit?: string;
  /** Logarithmic scale (every value positive). */
  log?: boolean;
  /** The axis' range, when the data's own would clip a mark (every mark lies inside it). */
  domain?: readonly [number, number];
  /** The only ticks, each with its label (e.g. whole seed positions); round ticks otherwise. */
  ticks?: readonly { value: number; label: string }[];
}

interface Common {
  /** Unique within a check's figures; used in test ids. */
  id: string;
  title: string;
  /** What the figure shows, in a sentence or two, with its decisive numbers. */
  caption: string;
}

/** A series of an x-y plot: markers (optionally with ± error bars) or a line. */
export interface XYLayer {
  label: string;
  style: 'points' | 'line';
  tone: Tone;
  dash?: boolean;
  x: readonly number[];
  y: readonly number[];
  /** Half-length of the error bar at each point (same length as y). */
  err?: readonly number[];
  /** Drawn faint (thin, translucent): the raw series under its smoothed line. */
  faint?: boolean;
}

/**
 * A point that has no place on the y axis (NaN, +Infinity, -Infinity), marked at the plot's edge at its x: +Infinity
 * as a triangle up at the top edge, -Infinity as a triangle down at the bottom edge, NaN as a cross at the bottom.
 */
export interface EdgeMark {
  x: number;
  kind: 'nan' | 'posInf' | 'negInf';
  tone: Tone;
}

export interface XYSpec extends Common {
  type: 'xy';
  x: Axis;
  y: Axis;
  layers: XYLayer[];
  /** Vertical lines at an x, labelled. */
  markers?: { x: number; label: string; tone: Tone }[];
  /** Horizontal reference lines. */
  hlines?: { y: number; label: string }[];
  /** A shaded x range (to the right edge when `to` is absent). */
  band?: { from: number; to?: number; label: string };
  /** Non-finite points, marked at the plot's edge (the layers hold only finite points). */
  edgeMarks?: EdgeMark[];
  /** Plot height in CSS pixels (default 220). */
  height?: number;
}

export interface BarSpec extends Common {
  type: 'bars';
  /** One group of bars per category. */
  categories: string[];
  /**
   * One bar per category in each series; null where the series has no value. `intervals`, when given, draws a
   * whisker from low to high over each bar (null where a bar has none), e.g. a confidence interval.
   */
  series: { label: string; tone: Tone; values: (number | null)[]; intervals?: ([number, number] | null)[] }[];
  /** What the whiskers show, for the legend (e.g. "95% Wilson interval"). */
  interval?: string;
  value: Axis;
  /** Horizontal reference lines on the value axis. */
  refs?: { value: number; label: string }[];
}

/** Particle positions at one step: exact (rounded for drawing) and float64, null where a run had stopped. */
export interface HullFrame {
  t: number;
  exact: number[][] | null;
  float64: number[][] | null;
}

export interface HullSpec extends Common {
  type: 'hull';
  frames: HullFrame[];
  /** Index into frames shown first (the exact exit step when there is one). */
  start: number;
  exactExit: number | null;
  float64Exit: number | null;
}

export interface TimelineSpec extends Common {
  type: 'timeline';
  /** Steps 0..horizon. */
  horizon: number;
  unit: string;
  ranges: { from: number; to: number; label: string; tone: Tone }[];
  marks: { t: number; label: string; tone: Tone }[];
}

export type FigureSpec = XYSpec | BarSpec | HullSpec | TimelineSpec;
