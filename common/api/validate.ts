/**
 * The argument checks every API method's validator is built from (common/api/<capability>.ts): each takes the
 * method's name for its one-line message and returns the value typed, or throws ApiArgumentError.
 * Example: `id('openCase', 'caseId', 'timing')` returns `'timing'`; `id('openCase', 'caseId', '../x')` throws
 * `openCase: caseId must be an identifier`.
 */
import type { UploadedFile } from './intake';
import { checkJsonBounds, JsonLimitError, type JsonLimits } from '../json/bounded';

export class ApiArgumentError extends Error {
  constructor(
    readonly method: string,
    readonly problem: string,
  ) {
    super(`${method}: ${problem}`);
    this.name = 'ApiArgumentError';
  }
}

/**
 * Limits of a JSON argument (runSandboxProgram's `input`): far above any declared check's params, far below
 * what would make stringifying, hashing or cloning it expensive or overflow the stack. `maxChars` bounds its
 * JSON text.
 */
export const ARGUMENT_JSON_LIMITS: JsonLimits = { maxChars: 1024 * 1024, maxDepth: 64, maxNodes: 100_000 };

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

// What a name or a path must not hold: C0 and C1 controls (NUL included), DEL, line and paragraph separators,
// bidi controls, zero-width characters and the BOM (the characters app/text/display.ts escapes), and unpaired
// surrogates, which no file system name can carry.
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Longest file name component (bytes of UTF-8) that common file systems accept. */
const MAX_NAME_BYTES = 255;

export function arity(method: string, args: unknown[], n: number): void {
  if (!Array.isArray(args) || args.length !== n) {
    throw new ApiArgumentError(method, `expected ${n} argument(s), got ${Array.isArray(args) ? args.length : typeof args}`);
  }
}

export function id(method: string, what: string, v: unknown): string {
  if (typeof v !== 'string' || !ID.test(v)) throw new ApiArgumentError(method, `${what} must be an identifier`);
  return v;
}

export function text(method: string, what: string, v: unknown, max: number): string {
  if (typeof v !== 'string') throw new ApiArgumentError(method, `${what} must be a string`);
  if (v.length > max) throw new ApiArgumentError(method, `${what} is longer than ${max} characters`);
  return v;
}

/** A name or path shown to people and used on disk: no control, invisible or unpaired surrogate characters. */
export function name(method: string, what: string, v: unknown, max: number): string {
  const s = text(method, what, v, max);
  if (UNSAFE_IN_NAME.test(s) || LONE_SURROGATE.test(s))
    throw new ApiArgumentError(method, `${what} must not contain control or invisible characters`);
  return s;
}

export function record(method: string, v: unknown, keys: readonly string[]): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ApiArgumentError(method, 'expected an object');
  const extra = Object.keys(v).filter((k) => !keys.includes(k));
  if (extra.length > 0) {
    // Echoed only when plainly a field name: the message goes back to the caller and into logs on one line.
    const named = extra.slice(0, 5).map((k) => (/^[A-Za-z0-9_$.-]{1,40}$/.test(k) ? k : '(a field with an unusual name)'));
    throw new ApiArgumentError(
      method,
      `unexpected field(s): ${named.join(', ')}${extra.length > 5 ? ` and ${extra.length - 5} more` : ''}`,
    );
  }
  return v as Record<string, unknown>;
}

/**
 * A JSON value from outside (HTTP parsed it; Electron's structured clone may also bring what JSON cannot:
 * undefined, NaN, bigint, Date, Map, typed arrays, cycles). Checked within `limits` without recursion, so
 * that stringifying, hashing or cloning it later cannot overflow the stack.
 * Example: `jsonArgument('m', 'input', [[1]], ARGUMENT_JSON_LIMITS)` returns `[[1]]`.
 */
export function jsonArgument(method: string, what: string, v: unknown, limits: JsonLimits): unknown {
  try {
    checkJsonBounds(v, limits);
  } catch (err) {
    if (err instanceof JsonLimitError) throw new ApiArgumentError(method, `${what} is ${err.message}`);
    throw err;
  }
  // Bounded by the check above: at most maxNodes values, maxDepth deep.
  const stack: unknown[] = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (x === null || typeof x === 'string' || typeof x === 'boolean') continue;
    if (typeof x === 'number') {
      if (!Number.isFinite(x)) throw new ApiArgumentError(method, `${what} must be JSON (found ${x})`);
      continue;
    }
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) stack.push(x[i]);
      continue;
    }
    if (typeof x === 'object' && isPlainObject(x)) {
      for (const y of Object.values(x)) stack.push(y);
      continue;
    }
    throw new ApiArgumentError(
      method,
      `${what} must be JSON (found ${x === undefined ? 'undefined' : typeof x === 'object' ? 'an object that is not plain' : `a ${typeof x}`})`,
    );
  }
  const json = JSON.stringify(v);
  if (json.length > limits.maxChars) throw new ApiArgumentError(method, `${what} is longer than ${limits.maxChars} characters as JSON`);
  return v;
}

function isPlainObject(x: object): boolean {
  const proto: unknown = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

/** A runnable module under sandbox/ (.ts, .mts, .js or .mjs). */
export function modulePath(method: string, v: unknown): string {
  const path = sandboxPath(method, v);
  if (!/\.(ts|mts|js|mjs)$/.test(path)) throw new ApiArgumentError(method, 'path must name a .ts, .mts, .js or .mjs module');
  return path;
}

export function sandboxPath(method: string, v: unknown): string {
  const p = name(method, 'path', v, 512);
  const parts = p.split('/');
  if (parts[0] !== 'sandbox' || parts.length < 2 || parts.some((s) => s === '' || s === '.' || s === '..') || p.includes('\\')) {
    throw new ApiArgumentError(method, 'path must be a relative path under sandbox/');
  }
  if (parts.some((s) => new TextEncoder().encode(s).length > MAX_NAME_BYTES))
    throw new ApiArgumentError(method, `path has a component longer than ${MAX_NAME_BYTES} bytes`);
  return p;
}

/** A relative path inside an uploaded folder: no absolute path, no `.`/`..` segments, no backslash. */
export function uploadPath(method: string, v: unknown): string {
  const p = name(method, 'file path', v, 512);
  const parts = p.split('/');
  if (p.startsWith('/') || parts.some((x) => x === '' || x === '.' || x === '..') || p.includes('\\'))
    throw new ApiArgumentError(method, 'each file path must be relative inside the folder (no "..")');
  return p;
}

/** Most bytes (as base64 characters) one upload may carry: within the server's 16 MiB request body. */
export const MAX_UPLOAD_BASE64 = 15 * 1024 * 1024;
/** Most files one upload may carry. */
export const MAX_UPLOAD_FILES = 5000;
/** What a base64 argument may hold. */
export const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function uploadedFiles(method: string, v: unknown): UploadedFile[] {
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_UPLOAD_FILES)
    throw new ApiArgumentError(method, `files must be a list of 1 to ${MAX_UPLOAD_FILES} files`);
  let total = 0;
  const seen = new Set<string>();
  return v.map((f) => {
    const r = record(method, f, ['path', 'base64']);
    const path = uploadPath(method, r.path);
    if (seen.has(path)) throw new ApiArgumentError(method, 'a file path appears twice');
    seen.add(path);
    const base64 = text(method, 'base64', r.base64, MAX_UPLOAD_BASE64);
    if (!BASE64.test(base64)) throw new ApiArgumentError(method, 'base64 must be base64');
    total += base64.length;
    if (total > MAX_UPLOAD_BASE64)
      throw new ApiArgumentError(
        method,
        `the files are larger than ${Math.floor((MAX_UPLOAD_BASE64 * 3) / 4 / 1024 / 1024)} MiB in all: import a larger logbook with recheck import trackio`,
      );
    return { path, base64 };
  });
}

export function optional<T>(v: unknown, read: (x: unknown) => T): T | undefined {
  return v === undefined ? undefined : read(v);
}

export function reviewer(method: string, v: unknown): { reviewer?: string } {
  if (v === undefined) return {};
  const who = name(method, 'reviewer', v, 200).trim();
  if (who === '') throw new ApiArgumentError(method, 'reviewer must not be empty');
  return { reviewer: who };
}

/** The position of an item in a review (0-based). */
export function itemIndex(method: string, v: unknown): number {
  if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > 1_000_000)
    throw new ApiArgumentError(method, 'index must be a whole number from 0');
  return v as number;
}

export function params(method: string, v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ApiArgumentError(method, 'params must be an object');
  return jsonArgument(method, 'params', v, ARGUMENT_JSON_LIMITS) as Record<string, unknown>;
}

/** A list of 1 to 1000 identifiers (falsification ids of a letter). */
export function idList(method: string, what: string, v: unknown): string[] {
  if (!Array.isArray(v) || v.length === 0 || v.length > 1000) throw new ApiArgumentError(method, `${what} must be a list of 1 to 1000 ids`);
  return v.map((x) => id(method, `each of ${what}`, x));
}
