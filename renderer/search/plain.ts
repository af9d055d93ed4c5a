/**
 * Markdown source as the plain text a search snippet shows, with where each character came from: emphasis marks
 * (`*`, `_`, `~~` runs that open or close), code marks (backtick runs, fence lines), link and image syntax (the text
 * stays, `](url)` goes), heading, quote and bullet marks at a line's start and backslash escapes are dropped; math
 * keeps its source with the delimiters (`$`, `$$`, pandoc rules as in common/text/markdown-math.ts) removed, and
 * code and math contents are copied as written. Pure.
 * Example: `markdownPlain('**forward KL** $\\mathrm{KL}(p)$').text` is `forward KL \mathrm{KL}(p)`, and its `from`
 * maps each of those characters to its offset in the source (`from[0]` is 2).
 */

export interface PlainText {
  text: string;
  /** `from[i]`: the offset in the source of `text[i]`. */
  from: number[];
}

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;

/** The end of the inline math opened at `at` (a `$` or `$$`), or -1 when it does not close on pandoc's rules. */
function mathEnd(src: string, at: number, open: number): number {
  if (open === 2) {
    const close = src.indexOf('$$', at + 2);
    return close > at + 2 ? close : -1;
  }
  const first = src[at + 1];
  if (first === undefined || /\s/.test(first)) return -1;
  for (let i = at + 1; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '\n' && src[i + 1] === '\n') return -1;
    if (c === '$') return !/\s/.test(src[i - 1]!) && !/[0-9]/.test(src[i + 1] ?? '') ? i : -1;
  }
  return -1;
}

/** Whether a run of delimiter characters from `a` to `b` (exclusive) opens or closes emphasis (flanks a word side). */
function flanking(src: string, a: number, b: number, underscore: boolean): boolean {
  const before = src[a - 1] ?? ' ';
  const after = src[b] ?? ' ';
  const spaceBefore = /\s/.test(before);
  const spaceAfter = /\s/.test(after);
  if (spaceBefore && spaceAfter) return false;
  // Inside a word an underscore is part of it (snake_case), never emphasis.
  if (underscore && WORD.test(before) && WORD.test(after)) return false;
  return true;
}

export function markdownPlain(src: string): PlainText {
  let text = '';
  const from: number[] = [];
  const emit = (a: number, b: number) => {
    for (let i = a; i < b; i++) {
      text += src[i]!;
      from.push(i);
    }
  };
  // Where a link's `](url)` is dropped: its `]` offset -> the offset after its `)`.
  const linkTails = new Map<number, number>();
  let fence: string | null = null;
  let i = 0;
  while (i < src.length) {
    const lineStart = i === 0 || src[i - 1] === '\n';
    if (lineStart) {
      const lineEnd = src.indexOf('\n', i) < 0 ? src.length : src.indexOf('\n', i);
      const line = src.slice(i, lineEnd);
      const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (fence !== null || fenceMark !== null) {
        // A fence line is dropped with its newline; a code line is copied with its own.
        if (fence === null) fence = fenceMark![1]!.slice(0, 3);
        else if (fenceMark !== null && fenceMark[1]!.startsWith(fence)) fence = null;
        else emit(i, Math.min(src.length, lineEnd + 1));
        i = lineEnd + 1;
        continue;
      }
      const mark = /^\s{0,3}(?:(?:>\s?)+|#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?)/.exec(line);
      if (mark !== null && mark[0].trim() !== '') {
        i += mark[0].length;
        continue;
      }
    }
    const c = src[i]!;
    const tail = linkTails.get(i);
    if (tail !== undefined) {
      i = tail;
      continue;
    }
    if (c === '\\' && i + 1 < src.length && PUNCTUATION.test(src[i + 1]!)) {
      emit(i + 1, i + 2);
      i += 2;
      continue;
    }
    if (c === '`') {
      let n = 1;
      while (src[i + n] === '`') n++;
      const ticks = '`'.repeat(n);
      let close = src.indexOf(ticks, i + n);
      while (close >= 0 && src[close + n] === '`') close = src.indexOf(ticks, close + n + 1);
      if (close < 0) {
        emit(i, i + n);
        i += n;
        continue;
      }
      emit(i + n, close);
      i = close + n;
      continue;
    }
    if (c === '$') {
      const open = src[i + 1] === '$' ? 2 : 1;
      const end = mathEnd(src, i, open);
      if (end < 0) {
        emit(i, i + open);
        i += open;
        continue;
      }
      emit(i + open, end);
      i = end + open;
      continue;
    }
    if (c === '[' || (c === '!' && src[i + 1] === '[')) {
      const at = c === '!' ? i + 1 : i;
      const link = /^\[([^\]\n]*)\]\([^)\s]*(?:\s+"[^"\n]*")?\)/.exec(src.slice(at, at + 2048));
      if (link !== null) {
        linkTails.set(at + 1 + link[1]!.length, at + link[0].length);
        i = at + 1;
        continue;
      }
    }
    if (c === '*' || c === '_' || (c === '~' && src[i + 1] === '~')) {
      let n = 1;
      while (src[i + n] === c) n++;
      if (flanking(src, i, i + n, c === '_')) {
        i += n;
        continue;
      }
      emit(i, i + n);
      i += n;
      continue;
    }
    emit(i, i + 1);
    i++;
  }
  return { text, from };
}
