/**
 * A small tokenizer of Python source, enough to find the literals a reviewer may override (literals.ts) without
 * matching regular expressions over the whole file: names, numbers, strings (any prefix, single or triple quoted,
 * escapes skipped, so a `#` or a `=` inside a string is never code), comments, operators, and the end of each
 * logical line (a line break outside brackets; a backslash continuation joins lines). Each token carries its
 * character span, its line, the bracket depth it sits at, and the indentation of its logical line.
 * Not a full Python tokenizer: no INDENT/DEDENT, no validation; an unclosed string or bracket runs to the end.
 * Linear in the source (each character is read a bounded number of times).
 * Example: `pythonTokens('K = [2, 4]\n').map((t) => t.text)` is `['K', '=', '[', '2', ',', '4', ']', '\n']`.
 */

export type TokenType = 'name' | 'number' | 'string' | 'op' | 'newline';

export interface PythonToken {
  readonly type: TokenType;
  readonly text: string;
  /** Character offsets in the source: text = source.slice(start, end). */
  readonly start: number;
  readonly end: number;
  /** 1-based line of the token's first character. */
  readonly line: number;
  /** Bracket depth before the token (0: top level of a statement). */
  readonly depth: number;
  /** Indentation (columns) of the logical line the token belongs to. */
  readonly indent: number;
  /** First token of its logical line. */
  readonly lineStart: boolean;
}

const OPS3 = ['**=', '//=', '>>=', '<<=', '...'];
const OPS2 = ['==', '!=', '<=', '>=', '->', ':=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '@=', '**', '//', '<<', '>>'];
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isNameStart = (c: string | undefined) => c !== undefined && /[\p{L}_]/u.test(c);
const isNameChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);
const STRING_PREFIX = /^(?:[rRbBuUfF]{1,2})$/;

/** The tokens of `source` (rules in the file comment). */
export function pythonTokens(source: string): PythonToken[] {
  const tokens: PythonToken[] = [];
  let i = 0;
  let line = 1;
  let depth = 0;
  let atLineStart = true;
  let indent = 0;
  let column = 0; // column on the current physical line, for indentation
  const push = (type: TokenType, start: number, end: number, startLine: number) => {
    tokens.push({
      type,
      text: source.slice(start, end),
      start,
      end,
      line: startLine,
      depth,
      indent,
      lineStart: atLineStart && type !== 'newline',
    });
    if (type !== 'newline') atLineStart = false;
  };
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '\n') {
      if (depth === 0 && !atLineStart) push('newline', i, i + 1, line);
      if (depth === 0) atLineStart = true;
      i++;
      line++;
      column = 0;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f') {
      column += c === '\t' ? 8 - (column % 8) : 1;
      i++;
      continue;
    }
    if (c === '\\' && source[i + 1] === '\n') {
      i += 2;
      line++;
      column = 0;
      continue;
    }
    if (c === '#') {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    if (atLineStart) indent = column;
    const startLine = line;
    const start = i;
    if (c === '"' || c === "'") {
      const end = stringEnd(source, i);
      line += countLines(source, i, end);
      push('string', start, end, startLine);
      column += end - start;
      i = end;
      continue;
    }
    if (isNameStart(c)) {
      let j = i + 1;
      while (isNameChar(source[j])) j++;
      const word = source.slice(i, j);
      if ((source[j] === '"' || source[j] === "'") && STRING_PREFIX.test(word)) {
        const end = stringEnd(source, j);
        line += countLines(source, j, end);
        push('string', start, end, startLine);
        column += end - start;
        i = end;
        continue;
      }
      push('name', start, j, startLine);
      column += j - i;
      i = j;
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(source[i + 1]))) {
      const j = numberEnd(source, i);
      push('number', start, j, startLine);
      column += j - i;
      i = j;
      continue;
    }
    const op = OPS3.find((o) => source.startsWith(o, i)) ?? OPS2.find((o) => source.startsWith(o, i)) ?? c;
    if (op === ')' || op === ']' || op === '}') depth = Math.max(0, depth - 1);
    push('op', start, i + op.length, startLine);
    if (op === '(' || op === '[' || op === '{') depth++;
    column += op.length;
    i += op.length;
  }
  if (!atLineStart) tokens.push({ type: 'newline', text: '', start: i, end: i, line, depth, indent, lineStart: false });
  return tokens;
}

/** End (exclusive) of the string literal whose opening quote is at `q`. */
function stringEnd(source: string, q: number): number {
  const quote = source[q] as string;
  const triple = source.startsWith(quote.repeat(3), q);
  let i = q + (triple ? 3 : 1);
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (triple) {
      if (source.startsWith(quote.repeat(3), i)) return i + 3;
    } else {
      if (c === quote) return i + 1;
      if (c === '\n') return i; // unterminated single-quoted string ends at the line
    }
    i++;
  }
  return source.length;
}

/** End of a numeric literal at `i`: digits with `_`, a point, an exponent, hex/octal/binary, a `j` suffix. */
function numberEnd(source: string, i: number): number {
  let j = i;
  if (source[j] === '0' && /[xXoObB]/.test(source[j + 1] ?? '')) {
    j += 2;
    while (/[0-9a-fA-F_]/.test(source[j] ?? '')) j++;
    return j;
  }
  while (isDigit(source[j]) || source[j] === '_') j++;
  if (source[j] === '.') {
    j++;
    while (isDigit(source[j]) || source[j] === '_') j++;
  }
  if (source[j] === 'e' || source[j] === 'E') {
    let k = j + 1;
    if (source[k] === '+' || source[k] === '-') k++;
    if (isDigit(source[k])) {
      while (isDigit(source[k]) || source[k] === '_') k++;
      j = k;
    }
  }
  if (source[j] === 'j' || source[j] === 'J') j++;
  return j;
}

function countLines(source: string, from: number, to: number): number {
  let n = 0;
  for (let k = from; k < to; k++) if (source[k] === '\n') n++;
  return n;
}
