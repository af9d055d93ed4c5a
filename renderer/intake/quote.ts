/** Quotes taken from the screen (a claim from the paper's summary, an assertion from a logbook cell). Pure. */

/** Tidies selected text: trailing spaces dropped, runs of spaces and blank lines collapsed. Example: `normalizeQuote(' a  b \n\n\n c ')` is `a b\n\nc`. */
export function normalizeQuote(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
