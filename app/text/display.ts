/**
 * Text from outside (file names in a case folder, messages a sandboxed program wrote, request fields) shown in
 * a one-line message, a log line or a terminal: control characters, line breaks, bidirectional overrides and
 * other invisible characters are escaped, so a name like `x$(rm -rf ~)\n` or one carrying ANSI escapes is
 * shown as what it is and can neither break the one-line rule nor drive the terminal. Nothing here is shell
 * quoting: names never reach a shell at all.
 */

// C0 and C1 controls, DEL, the Unicode line and paragraph separators, bidi controls, zero-width characters
// and the BOM: everything that can move the cursor, reorder or hide text.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Replaces lone surrogates (String.prototype.toWellFormed, which ES2022's lib does not type). */
function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\ufffd');
}

function escapeChar(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  if (ch === '\n') return '\\n';
  if (ch === '\r') return '\\r';
  if (ch === '\t') return '\\t';
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * A name or value from outside, made safe to show on one line: unsafe characters escaped, lone surrogates
 * (from non-UTF-8 bytes decoded elsewhere) replaced by U+FFFD, cut to `max` characters.
 * Example: `shown('a\nb\u001b[31m')` returns `a\\nb\\x1b[31m`.
 */
export function shown(text: string, max = 300): string {
  const safe = wellFormed(text).replace(UNSAFE, escapeChar);
  return safe.length > max ? `${safe.slice(0, max)}...` : safe;
}

/**
 * A message folded onto one line: each run of line breaks becomes " | " and other unsafe characters are
 * escaped. Used where a message must stay one line (the CLI's stderr, log lines).
 * Example: `oneLine('a\n\nb')` returns `a | b`.
 */
export function oneLine(text: string, max = 2000): string {
  const folded = wellFormed(text)
    .split(/\r\n|[\n\r\u2028\u2029]+/u)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .join(' | ');
  return shown(folded, max);
}
