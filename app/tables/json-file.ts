/**
 * The one JSON file reader of the CLI, the case loader and the check kinds: readTextFile (a regular file under
 * a size cap, strict UTF-8, BOM removed), then parseJsonBounded (size, nesting depth and value count bounded).
 * Every problem is one-line bad input naming the file and, where the parser says, the line and column.
 */
import { BadInputError } from '../errors';
import { DEFAULT_JSON_LIMITS, JsonLimitError, parseJsonBounded, type JsonLimits } from '../../common/json/bounded';
import { shown } from '../text/display';
import { MAX_JSON_BYTES, readTextFile } from './text-file';

export interface JsonFileOptions {
  /** Largest accepted file in bytes (default MAX_JSON_BYTES, 16 MiB). */
  readonly maxBytes?: number;
  readonly limits?: JsonLimits;
}

/**
 * The parsed JSON document at `path`; `display` is the name used in messages.
 * Example: `await readJsonFile('/w/q.json', 'q.json')` is the parsed document.
 */
export async function readJsonFile(path: string, display = path, o: JsonFileOptions = {}): Promise<unknown> {
  const text = await readTextFile(path, display, o.maxBytes ?? MAX_JSON_BYTES);
  return parseJsonText(text, display, o.limits);
}

/**
 * Parses JSON text read from `display` (already decoded, BOM removed) within the limits; BadInputError otherwise.
 * Example: `parseJsonText('{"a":\n}', 'q.json')` throws "q.json: malformed JSON (Unexpected token '}')";
 * `parseJsonText('[1]x', 'q.json')` throws "q.json: malformed JSON at line 1, column 4 (Unexpected non-whitespace character after JSON)".
 */
export function parseJsonText(text: string, display: string, limits: JsonLimits = DEFAULT_JSON_LIMITS): unknown {
  const file = shown(display);
  if (text.trim() === '') throw new BadInputError(file, 'empty file; expected a JSON document');
  try {
    return parseJsonBounded(text, limits);
  } catch (err) {
    if (err instanceof JsonLimitError) throw new BadInputError(file, describeLimit(err));
    if (err instanceof SyntaxError) {
      const { problem, position } = describeSyntaxError(err);
      // The place goes in the problem, so that the message reads `<file>: malformed JSON at line 2, column 1 (...)`.
      throw new BadInputError(file, `malformed JSON${position === undefined ? '' : ` at ${lineColumn(text, position)}`} (${problem})`);
    }
    throw err;
  }
}

/** A JsonLimitError as a problem: `JSON nested deeper than 256 levels`, `JSON with more than 1000000 values`. */
export function describeLimit(err: JsonLimitError): string {
  if (err.limit === 'maxChars') return `JSON text longer than ${err.max} characters`;
  if (err.limit === 'maxDepth') return `JSON nested deeper than ${err.max} levels`;
  return `JSON with more than ${err.max} values`;
}

/**
 * V8's JSON.parse message without the excerpt of the input it may quote (which can hold line breaks and
 * anything else), and the offset it names, if any.
 */
export function describeSyntaxError(err: SyntaxError): { problem: string; position?: number } {
  const message = err.message;
  const at = /\bat position (\d+)/.exec(message);
  // `Unexpected token 'x', "<excerpt>" is not valid JSON` (the excerpt may start or end with `...`).
  const quoting = /^(.*?), (?:\.\.\.)?".*is not valid JSON$/s.exec(message);
  let problem = quoting !== null ? (quoting[1] as string) : message;
  problem = problem
    .replace(/\s*\(line \d+ column \d+\)/, '')
    .replace(/ in JSON at position \d+/, '')
    .replace(/ at position \d+/, '');
  return at === null ? { problem: shown(problem, 120) } : { problem: shown(problem, 120), position: Number(at[1]) };
}

/** `line L, column C` (1-based) of an offset in `text`. */
export function lineColumn(text: string, offset: number): string {
  let line = 1;
  let start = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return `line ${line}, column ${end - start + 1}`;
}
