/**
 * The settings a reviewer chooses for one browser-sandbox run: the seed handed to the program (an unsigned
 * 32-bit integer, `RunRequest.seed`) and the wall-clock limit in whole seconds. Parsing is strict: text that
 * is not exactly such a number is rejected with a one-line reason, never clamped or rounded, so the run that
 * happens is the run the reviewer typed.
 */

export const MAX_SEED = 0xffff_ffff;
export const MIN_LIMIT_S = 1;
export const MAX_LIMIT_S = 3600;
export const DEFAULT_SEED = 1;
export const DEFAULT_LIMIT_S = 120;

/** The text of the two fields, as typed. */
export interface RunSettingsText {
  readonly seed: string;
  readonly limitS: string;
}

/** Valid settings of a run. */
export interface RunSettings {
  readonly seed: number;
  readonly limitS: number;
}

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

export const DEFAULT_SETTINGS_TEXT: RunSettingsText = { seed: String(DEFAULT_SEED), limitS: String(DEFAULT_LIMIT_S) };

/** Whole number written in plain decimal digits (no sign, point, exponent, hex or spaces inside). */
function wholeNumber(text: string): number | null {
  const t = text.trim();
  return /^[0-9]+$/.test(t) ? Number(t) : null;
}

function shown(text: string): string {
  const t = text.trim();
  return t.length > 24 ? `"${t.slice(0, 24)}…"` : `"${t}"`;
}

/**
 * Parses a seed: a whole number from 0 to 4294967295 (exact; leading zeros allowed).
 * Example: `parseSeed('7')` is `{ ok: true, value: 7 }`; `parseSeed('-1')` is not ok.
 */
export function parseSeed(text: string): Parsed<number> {
  if (text.trim() === '') return { ok: false, problem: `Seed is empty: enter a whole number from 0 to ${MAX_SEED}.` };
  const n = wholeNumber(text);
  if (n === null || n > MAX_SEED) return { ok: false, problem: `Seed ${shown(text)} is not a whole number from 0 to ${MAX_SEED}.` };
  return { ok: true, value: n };
}

/**
 * Parses a wall-clock limit: a whole number of seconds from 1 to 3600 (exact).
 * Example: `parseLimitSeconds('120')` is `{ ok: true, value: 120 }`; `parseLimitSeconds('0')` is not ok.
 */
export function parseLimitSeconds(text: string): Parsed<number> {
  if (text.trim() === '') return { ok: false, problem: `Time limit is empty: enter whole seconds from ${MIN_LIMIT_S} to ${MAX_LIMIT_S}.` };
  const n = wholeNumber(text);
  if (n === null || n < MIN_LIMIT_S || n > MAX_LIMIT_S) {
    return { ok: false, problem: `Time limit ${shown(text)} is not a whole number of seconds from ${MIN_LIMIT_S} to ${MAX_LIMIT_S}.` };
  }
  return { ok: true, value: n };
}

/**
 * Parses both fields; when either is invalid, the problem is the first one (seed first), one line.
 * Example: `parseRunSettings({ seed: '7', limitS: '2' })` is `{ ok: true, value: { seed: 7, limitS: 2 } }`.
 */
export function parseRunSettings(text: RunSettingsText): Parsed<RunSettings> {
  const seed = parseSeed(text.seed);
  if (!seed.ok) return seed;
  const limitS = parseLimitSeconds(text.limitS);
  if (!limitS.ok) return limitS;
  return { ok: true, value: { seed: seed.value, limitS: limitS.value } };
}

/**
 * The settings as the status line names them. Example: `settingsLine({ seed: 7, limitS: 2 })` is
 * `'seed 7 · limit 2 s'`.
 */
export function settingsLine(s: RunSettings): string {
  return `seed ${s.seed} · limit ${s.limitS} s`;
}

/** What is known about a run once it has ended: its settings, measured wall time, and how it ended. */
export interface RunRecord {
  readonly settings: RunSettings;
  /** Wall-clock time from the start of the run (sandbox page load included) to its end, in ms. */
  readonly wallMs: number;
  /** `finished` when the program returned a result, else the end reason (`timeout`, `killed`, ...). */
  readonly outcome: string;
}

/**
 * The status line of an ended run. Example:
 * `recordLine({ settings: { seed: 7, limitS: 2 }, wallMs: 2034, outcome: 'timeout' })` is
 * `'seed 7 · limit 2 s · wall 2.0 s · timeout'`.
 */
export function recordLine(r: RunRecord): string {
  return `${settingsLine(r.settings)} · wall ${(r.wallMs / 1000).toFixed(1)} s · ${r.outcome}`;
}
