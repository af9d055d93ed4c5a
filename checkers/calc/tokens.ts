/**
 * Tokens of a calculator expression, each with its 1-based column. Numbers are read exactly by the one
 * number rule (checkers/exact/number-syntax.ts via Rational.parse): "0.1" is 1/10, "1e-5" is 1/100000.
 * Example: `tokenize("2^-1")` gives number 2 (column 1), "^" (2), "-" (3), number 1 (4), end (5).
 */
import { ParseError } from '../errors';
import { Rational } from '../exact/rational';
import { CalcError } from './calc-error';

export type Token =
  | { readonly kind: 'number'; readonly value: Rational; readonly text: string; readonly column: number }
  | { readonly kind: 'name'; readonly text: string; readonly column: number }
  | { readonly kind: 'symbol'; readonly text: '+' | '-' | '*' | '/' | '^' | '(' | ')' | ','; readonly column: number }
  | { readonly kind: 'end'; readonly text: ''; readonly column: number };

const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const SYMBOLS = '+-*/^(),';

/** The tokens of `text`, ending with an `end` token; CalcError at the first character that starts none. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    const column = i + 1;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const rest = text.slice(i);
    const number = NUMBER.exec(rest)?.[0];
    if (number !== undefined) {
      tokens.push({ kind: 'number', value: readNumber(number, column), text: number, column });
      i += number.length;
      continue;
    }
    const name = NAME.exec(rest)?.[0];
    if (name !== undefined) {
      tokens.push({ kind: 'name', text: name, column });
      i += name.length;
      continue;
    }
    if (SYMBOLS.includes(ch)) {
      tokens.push({ kind: 'symbol', text: ch as '+', column });
      i++;
      continue;
    }
    const shownChar = String.fromCodePoint(text.codePointAt(i) ?? 0);
    throw new CalcError(column, `unexpected character ${JSON.stringify(shownChar)}`);
  }
  tokens.push({ kind: 'end', text: '', column: text.length + 1 });
  return tokens;
}

function readNumber(text: string, column: number): Rational {
  try {
    return Rational.parse(text);
  } catch (e) {
    if (e instanceof ParseError) throw new CalcError(column, `number ${text}: ${e.reason}`);
    throw e;
  }
}
