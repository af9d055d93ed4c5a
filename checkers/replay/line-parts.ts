/**
 * A printed line split into its text and its numbers, so that two lines can be compared text for text and
 * number for number: `ratio method/baseline = 2.00` is the text `ratio method/baseline = ` then the number `2.00`.
 *
 * A number starts at a digit, at `.` followed by a digit, or at a sign followed by either, and only where the
 * character before it cannot continue a name or a number (a letter, a digit, `_` or `.`): `q6`, `H_k`, `x2` and
 * `cuda:0`'s neighbours stay text where a name runs on. It runs as far as a printed decimal runs (digits, an optional
 * point and digits, an optional exponent with digits). `nan`, `inf` and `infinity` (any case, optionally signed)
 * standing as whole words are numbers too. Everything else is text, compared exactly.
 * Guarantee: exact (the parts are the characters printed, concatenated they give the line back).
 * Example: `lineParts('step 12 loss 0.5')` is `{ text: ['step ', ' loss ', ''], numbers: ['12', '0.5'] }`.
 */

/** The text between numbers (always one more than the numbers) and the numbers as printed. */
export interface LineParts {
  readonly text: readonly string[];
  readonly numbers: readonly string[];
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isNameChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_.]/u.test(c);
const NON_FINITE_WORD = /^[+-]?(?:nan|infinity|inf)(?![\p{L}\p{N}_])/iu;

/** Splits a line into text and numbers (rules in the file comment). */
export function lineParts(line: string): LineParts {
  const text: string[] = [];
  const numbers: string[] = [];
  let current = '';
  let i = 0;
  while (i < line.length) {
    const end = numberEnd(line, i);
    if (end > i) {
      text.push(current);
      numbers.push(line.slice(i, end));
      current = '';
      i = end;
    } else {
      current += line[i];
      i++;
    }
  }
  text.push(current);
  return { text, numbers };
}

/** End of the number starting at `i`, or `i` when none starts there. */
function numberEnd(line: string, i: number): number {
  if (i > 0 && isNameChar(line[i - 1])) return i;
  const word = NON_FINITE_WORD.exec(line.slice(i, i + 10));
  if (word !== null) return i + word[0].length;
  let j = i;
  if (line[j] === '+' || line[j] === '-') j++;
  const start = j;
  while (isDigit(line[j])) j++;
  const whole = j - start;
  let fraction = 0;
  if (line[j] === '.' && (whole > 0 || isDigit(line[j + 1]))) {
    j++;
    const f = j;
    while (isDigit(line[j])) j++;
    fraction = j - f;
  }
  if (whole === 0 && fraction === 0) return i;
  if (line[j] === 'e' || line[j] === 'E') {
    let k = j + 1;
    if (line[k] === '+' || line[k] === '-') k++;
    if (isDigit(line[k])) {
      while (isDigit(line[k])) k++;
      j = k;
    }
  }
  return j;
}

/** The line with every number replaced by `#`: two lines can only agree when these are equal. */
export function skeleton(parts: LineParts): string {
  return parts.text.map((t) => t.replace(/#/g, '##')).join('#');
}
