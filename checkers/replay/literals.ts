/**
 * The parameters of a Python source that a reviewer may override in a replay, found on its tokens
 * (python-tokens.ts), never by regular expressions over the file:
 * - `constant`: a top-level statement `NAME = <number>` or `NAME = [<number>, ...]` (an annotation `NAME: int = 16`
 *   too; a sign before a number is part of it), with the exact span of the value, which an override rewrites;
 * - `flag`: an argparse `.add_argument("--name", ..., default=<literal>, type=<name>)`;
 * - `argv`: a use of `sys.argv[i]` (or of a slice of it: index null);
 * - `env`: `os.environ.get("X", default)`, `os.getenv("X", default)` or `os.environ["X"]`.
 * Numbers are Python's decimal literals (digits with `_`, a point, an exponent); hexadecimal or complex values are
 * not offered for override. Guarantee: exact (spans index the source as given).
 * Example: `detectLiterals('KS = [2, 4, 8, 16]\n')[0]` is `{ kind: 'constant', name: 'KS', shape: 'list', value: '[2, 4, 8, 16]', line: 1, start: 5, end: 18 }`.
 */
import { pythonTokens, type PythonToken } from './python-tokens';

export type Literal =
  | { kind: 'constant'; name: string; shape: 'number' | 'list'; value: string; line: number; start: number; end: number }
  | { kind: 'flag'; flag: string; default: string | null; type: string | null; line: number }
  | { kind: 'argv'; index: number | null; line: number }
  | { kind: 'env'; name: string; default: string | null; line: number };

const DECIMAL_NUMBER = /^(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?$/;

/** Every overridable literal of `source`, in source order (rules in the file comment). */
export function detectLiterals(source: string): Literal[] {
  const t = pythonTokens(source);
  const out: Literal[] = [];
  for (let i = 0; i < t.length; i++) {
    const tok = t[i] as PythonToken;
    if (tok.lineStart && tok.indent === 0 && tok.depth === 0 && tok.type === 'name') {
      const c = constantAt(source, t, i);
      if (c !== null) out.push(c);
    }
    if (tok.type === 'op' && tok.text === '.' && t[i + 1]?.text === 'add_argument' && t[i + 2]?.text === '(') {
      const f = flagAt(source, t, i + 2);
      if (f !== null) out.push(f);
    }
    if (tok.type === 'name' && tok.text === 'sys' && t[i + 1]?.text === '.' && t[i + 2]?.text === 'argv' && t[i + 3]?.text === '[') {
      const index = t[i + 4];
      const close = t[i + 5];
      const n = index?.type === 'number' && close?.text === ']' && /^\d+$/.test(index.text) ? Number(index.text) : null;
      out.push({ kind: 'argv', index: n, line: tok.line });
    }
    if (tok.type === 'name' && tok.text === 'os') {
      const e = envAt(source, t, i);
      if (e !== null) out.push(e);
    }
  }
  return out;
}

/** `NAME = value NEWLINE` or `NAME : annotation = value NEWLINE` at token i. */
function constantAt(source: string, t: readonly PythonToken[], i: number): Literal | null {
  const name = t[i] as PythonToken;
  let j = i + 1;
  if (t[j]?.text === ':' && t[j + 1]?.type === 'name' && t[j + 2]?.text === '=') j += 2;
  if (t[j]?.text !== '=') return null;
  const value = valueAt(t, j + 1);
  if (value === null || t[value.next]?.type !== 'newline') return null;
  return {
    kind: 'constant',
    name: name.text,
    shape: value.shape,
    value: source.slice(value.start, value.end),
    line: name.line,
    start: value.start,
    end: value.end,
  };
}

/** A signed decimal number, or a list of them, starting at token k. */
function valueAt(t: readonly PythonToken[], k: number): { shape: 'number' | 'list'; start: number; end: number; next: number } | null {
  const num = numberAt(t, k);
  if (num !== null) return { shape: 'number', start: num.start, end: num.end, next: num.next };
  if (t[k]?.text !== '[') return null;
  const open = t[k] as PythonToken;
  let j = k + 1;
  let count = 0;
  while (t[j]?.text !== ']') {
    const n = numberAt(t, j);
    if (n === null) return null;
    count++;
    j = n.next;
    if (t[j]?.text === ',') j++;
    else if (t[j]?.text !== ']') return null;
  }
  if (count === 0) return null;
  const close = t[j] as PythonToken;
  return { shape: 'list', start: open.start, end: close.end, next: j + 1 };
}

function numberAt(t: readonly PythonToken[], k: number): { start: number; end: number; next: number } | null {
  const first = t[k];
  if (first === undefined) return null;
  const signed = first.type === 'op' && (first.text === '-' || first.text === '+');
  const n = signed ? t[k + 1] : first;
  if (n === undefined || n.type !== 'number' || !DECIMAL_NUMBER.test(n.text)) return null;
  return { start: first.start, end: n.end, next: signed ? k + 2 : k + 1 };
}

/** `( "--flag", ..., default=..., type=... )` from the `(` at token k. */
function flagAt(source: string, t: readonly PythonToken[], k: number): Literal | null {
  const open = t[k] as PythonToken;
  const first = t[k + 1];
  if (first?.type !== 'string') return null;
  const flag = stringValue(first.text);
  if (flag === null || !flag.startsWith('-')) return null;
  let def: string | null = null;
  let type: string | null = null;
  for (let j = k + 1; j < t.length; j++) {
    const tok = t[j] as PythonToken;
    if (tok.depth <= open.depth && tok.text === ')') break;
    if (tok.depth !== open.depth + 1 || tok.type !== 'name' || t[j + 1]?.text !== '=') continue;
    if (tok.text === 'default') def = argumentText(source, t, j + 2, open.depth + 1);
    if (tok.text === 'type' && t[j + 2]?.type === 'name') type = (t[j + 2] as PythonToken).text;
  }
  return { kind: 'flag', flag, default: def, type, line: first.line };
}

/** The source text of one call argument starting at token k (up to the next `,` or `)` at that depth). */
function argumentText(source: string, t: readonly PythonToken[], k: number, depth: number): string | null {
  const from = t[k];
  if (from === undefined) return null;
  let j = k;
  for (; j < t.length; j++) {
    const tok = t[j] as PythonToken;
    if (tok.depth < depth || (tok.depth === depth && tok.text === ',') || tok.type === 'newline') break;
  }
  const last = t[j - 1];
  return last === undefined || j === k ? null : source.slice(from.start, last.end);
}

/** `os.environ.get("X"[, d])`, `os.getenv("X"[, d])` or `os.environ["X"]` at token i. */
function envAt(source: string, t: readonly PythonToken[], i: number): Literal | null {
  const line = (t[i] as PythonToken).line;
  let k: number;
  if (t[i + 1]?.text === '.' && t[i + 2]?.text === 'environ' && t[i + 3]?.text === '[' && t[i + 4]?.type === 'string') {
    const name = stringValue((t[i + 4] as PythonToken).text);
    return name === null ? null : { kind: 'env', name, default: null, line };
  }
  if (t[i + 1]?.text === '.' && t[i + 2]?.text === 'environ' && t[i + 3]?.text === '.' && t[i + 4]?.text === 'get') k = i + 5;
  else if (t[i + 1]?.text === '.' && t[i + 2]?.text === 'getenv') k = i + 3;
  else return null;
  const open = t[k];
  const arg = t[k + 1];
  if (open?.text !== '(' || arg?.type !== 'string') return null;
  const name = stringValue(arg.text);
  if (name === null) return null;
  const def = t[k + 2]?.text === ',' ? argumentText(source, t, k + 3, open.depth + 1) : null;
  return { kind: 'env', name, default: def, line };
}

/** The value of a plain string literal without escapes or prefixes (`"--k"`, `'X'`), else null. */
function stringValue(text: string): string | null {
  const m = /^(['"])([^'"\\]*)\1$/.exec(text);
  return m === null ? null : (m[2] as string);
}
