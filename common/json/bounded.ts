/**
 * JSON from outside, read defensively. `JSON.parse` itself copes with deep nesting, but everything after it
 * recurses (JSON.stringify, structured clone, schema validation, React): a value nested 200,000 levels deep
 * parses fine and then throws RangeError (stack overflow) somewhere far from the input, often where nothing
 * catches it. So every JSON value that crosses a trust boundary (a sandboxed program's messages, an API
 * request, a WebSocket frame, a file of a case) is measured before use: size, nesting depth and node count.
 *
 * Guarantee: `parseJsonBounded` never throws anything but JsonLimitError or SyntaxError, and a value it
 * returns (or `checkJsonBounds` accepts) can be stringified without overflowing the stack.
 */

/** Limits of one JSON value. */
export interface JsonLimits {
  /** Longest accepted text, in UTF-16 code units (a JS string's length). */
  readonly maxChars: number;
  /** Deepest nesting of arrays and objects (a scalar has depth 0, `[1]` depth 1). */
  readonly maxDepth: number;
  /** Most values in all (objects, arrays, scalars); bounds the work of anything that walks the value. */
  readonly maxNodes: number;
}

/** Default limits: 16 MiB of text, 256 levels, one million values. */
export const DEFAULT_JSON_LIMITS: JsonLimits = { maxChars: 16 * 1024 * 1024, maxDepth: 256, maxNodes: 1_000_000 };

/** A JSON value over one of the limits; `limit` says which, `actual` how far it went (at least). */
export class JsonLimitError extends Error {
  constructor(
    readonly limit: keyof JsonLimits,
    readonly max: number,
    readonly actual: number,
  ) {
    super(describe(limit, max));
    this.name = 'JsonLimitError';
  }
}

function describe(limit: keyof JsonLimits, max: number): string {
  if (limit === 'maxChars') return `longer than ${max} characters`;
  if (limit === 'maxDepth') return `nested deeper than ${max} levels`;
  return `more than ${max} values`;
}

/**
 * Nesting depth of a JSON text, scanning brackets outside strings (linear, no recursion, stops early once
 * `stopAbove` is passed). Malformed text gives some depth; JSON.parse reports the syntax.
 * Example: `jsonTextDepth('{"a":[1,"]"]}')` returns 2.
 */
export function jsonTextDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * Parses JSON text within the limits. Throws JsonLimitError before parsing when the text is too long or too
 * deep, SyntaxError for malformed text, JsonLimitError when it holds too many values.
 * Example: `parseJsonBounded('[[1]]', { ...DEFAULT_JSON_LIMITS, maxDepth: 1 })` throws "nested deeper than 1 levels".
 */
export function parseJsonBounded(text: string, limits: JsonLimits = DEFAULT_JSON_LIMITS): unknown {
  if (text.length > limits.maxChars) throw new JsonLimitError('maxChars', limits.maxChars, text.length);
  const depth = jsonTextDepth(text, limits.maxDepth);
  if (depth > limits.maxDepth) throw new JsonLimitError('maxDepth', limits.maxDepth, depth);
  const value: unknown = JSON.parse(text);
  checkJsonBounds(value, limits);
  return value;
}

/**
 * Checks an already-parsed value (e.g. one that arrived through structured clone) against the depth and node
 * limits, iteratively. Throws JsonLimitError; returns the value unchanged. Cycles count as too deep.
 * Example: `checkJsonBounds({ a: [1, 2] }, DEFAULT_JSON_LIMITS)` returns the object.
 */
export function checkJsonBounds<T>(value: T, limits: Pick<JsonLimits, 'maxDepth' | 'maxNodes'> = DEFAULT_JSON_LIMITS): T {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { v, depth } = stack.pop() as { v: unknown; depth: number };
    nodes++;
    if (nodes > limits.maxNodes) throw new JsonLimitError('maxNodes', limits.maxNodes, nodes);
    if (typeof v !== 'object' || v === null) continue;
    const inner = depth + 1;
    if (inner > limits.maxDepth) throw new JsonLimitError('maxDepth', limits.maxDepth, inner);
    const children: unknown[] = Array.isArray(v) ? v : Object.values(v as Record<string, unknown>);
    for (const c of children) stack.push({ v: c, depth: inner });
  }
  return value;
}

/** Text without a leading UTF-8 byte order mark (U+FEFF), which JSON.parse and CSV headers would choke on. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
