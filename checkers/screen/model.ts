/**
 * What the challenge screen reads and says, as plain data: a logbook's pages and cells (the shape
 * app/logbook/trackio-page.ts parses, restated here because checkers/ imports nothing outside itself), the
 * facts about files the rules cannot read themselves (artifacts present, metrics databases' non-finite
 * values), and the flags. Guarantee: none (types only).
 */

/** A fenced block of a cell: language, text, and characters Trackio elided from it. */
export interface ScreenBlock {
  readonly lang: string;
  readonly title?: string;
  readonly text: string;
  readonly elidedChars?: number;
}

/** A cell as app/logbook/trackio-page.ts reads it (only the fields the rules use). */
export type ScreenCell =
  | { readonly type: 'markdown'; readonly id: string; readonly title: string; readonly markdown: string; readonly problem?: string }
  | {
      readonly type: 'code';
      readonly id: string;
      readonly title: string;
      readonly command: readonly string[];
      readonly exitCode: number | null;
      /** Seconds the run took, as recorded (null when not recorded). */
      readonly durationS?: number | null;
      readonly interrupted?: boolean;
      readonly blocks: readonly ScreenBlock[];
      readonly problem?: string;
    }
  | { readonly type: 'artifact'; readonly id: string; readonly title: string; readonly ref: string; readonly uri?: string }
  | { readonly type: 'dashboard'; readonly id: string; readonly title: string; readonly project: string }
  | { readonly type: 'figure'; readonly id: string; readonly title: string };

export interface ScreenPage {
  readonly slug: string;
  readonly title: string;
  readonly cells: readonly ScreenCell[];
}

/** A metrics database a dashboard cell references, as read: non-finite values per run and key, or why it could not be read. */
export interface ScreenMetrics {
  /** The dashboard cell that references it. */
  readonly page: string;
  readonly cell: string;
  /** The file, relative to the logbook folder. */
  readonly file: string;
  readonly nonFinite: readonly {
    readonly run: string;
    readonly key: string;
    readonly nan: number;
    readonly posInf: number;
    readonly negInf: number;
  }[];
  /** Set when the file could not be read (the reason, one line). */
  readonly unreadable?: string;
}

/** A local artifact an artifact cell names, and whether it is in the logbook folder. */
export interface ScreenArtifact {
  readonly page: string;
  readonly cell: string;
  readonly path: string;
  readonly present: boolean;
}

/** Everything the rules need about one logbook. */
export interface ScreenInput {
  readonly pages: readonly ScreenPage[];
  readonly artifacts: readonly ScreenArtifact[];
  readonly metrics: readonly ScreenMetrics[];
}

/** The kinds of flag, in the order a logbook's flags are listed when page and cell tie. */
export const FLAG_KINDS = [
  'unreadable-logbook',
  'printed-inconsistent',
  'premature-verification',
  'premature-falsification',
  'failed-run',
  'truncated-output',
  'missing-artifact',
  'non-finite-metrics',
  'unreadable-metrics',
  'units-mismatch',
  'replay-differs',
] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];

/** One flag: where (page slug and cell id; '' for the whole logbook) and the computed numbers in one message. */
export interface ScreenFlag {
  readonly kind: FlagKind;
  readonly page: string;
  readonly cell: string;
  readonly message: string;
  /** The finding cell whose evidence this is (absent when the flag is about no finding). */
  readonly finding?: string;
}

/** What a finding says, read from its words. */
export type FindingSays = 'verified' | 'falsified';

/** A finding of the logbook: its cell, what it says, and a short claim text (the "Claim under test" of its page). */
export interface ScreenFinding {
  readonly page: string;
  readonly cell: string;
  readonly says: FindingSays;
  readonly claim: string;
}

/** The screen of one logbook. */
export interface LogbookScreen {
  readonly findings: readonly ScreenFinding[];
  readonly flags: readonly ScreenFlag[];
}

/**
 * The version of the rules: part of every cache key, so a change to any rule (or to what a flag says) must
 * bump it. Example: a cached screen made under version 1 is never read by version 2 (version 2: bare numbers in a finding take distinct quantities of its evidence).
 */
export const SCREEN_RULE_VERSION = 2;
