/**
 * The lines of a printed output as a replay compares them: line ends normalised (`\r\n`, trailing whitespace
 * dropped, trailing blank lines dropped), and what the logbook writer cut out of the output located: Trackio's
 * elision (`... [N chars elided] ...`, with the line before and the line after it cut mid-line) and an
 * `[interrupted]` last line. Lines are numbered from 1 as in the output block.
 * Example: `outputLines('a \r\nb\n\n').lines` is `['a', 'b']`.
 */

const ELISION = /^\.\.\. \[(\d+) chars elided\] \.\.\.$/;

/** A printed output split for comparison. */
export interface OutputLines {
  readonly lines: readonly string[];
  /** The part kept before the (first) elision marker, without the line it cut (0-based end, exclusive). */
  readonly headEnd: number;
  /** Where the part kept after the (last) marker starts, after the line it cut (0-based); lines.length when none. */
  readonly tailStart: number;
  /** 1-based line numbers of the elision markers, and the characters each says were elided. */
  readonly elisions: readonly { line: number; chars: number }[];
  /** 1-based numbers of the lines an elision cut mid-line (never compared). */
  readonly cut: readonly number[];
  /** The output ended with Trackio's `[interrupted]` line (dropped): the replay is compared on the printed lines only. */
  readonly interrupted: boolean;
}

/** Splits and normalises an output (rules in the file comment). */
export function outputLines(text: string): OutputLines {
  const lines = normalisedLines(text);
  let interrupted = false;
  if (lines.length > 0 && lines[lines.length - 1] === '[interrupted]') {
    lines.pop();
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    interrupted = true;
  }
  const elisions: { line: number; chars: number }[] = [];
  lines.forEach((l, i) => {
    const m = ELISION.exec(l.trim());
    if (m !== null) elisions.push({ line: i + 1, chars: Number(m[1]) });
  });
  if (elisions.length === 0) return { lines, headEnd: lines.length, tailStart: lines.length, elisions, cut: [], interrupted };
  const first = (elisions[0] as { line: number }).line - 1;
  const last = (elisions[elisions.length - 1] as { line: number }).line - 1;
  const cut: number[] = [];
  // The line right before a marker and the line right after it were cut mid-line by the writer.
  if (first > 0 && (lines[first - 1] ?? '') !== '') cut.push(first);
  if (last + 1 < lines.length && (lines[last + 1] ?? '') !== '') cut.push(last + 2);
  return {
    lines,
    headEnd: Math.max(0, first - 1),
    tailStart: Math.min(lines.length, last + 2),
    elisions,
    cut,
    interrupted,
  };
}

/** Lines with `\r` and trailing whitespace dropped, and no trailing blank lines. Example: `normalisedLines('x  \n\n')` is `['x']`. */
export function normalisedLines(text: string): string[] {
  const lines = text.split('\n').map((l) => l.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
