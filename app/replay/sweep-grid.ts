/**
 * The grid of a replay sweep from the command line: `--grid NAME=V1,V2,...` (repeatable; the points are the
 * cartesian product, the last grid varying fastest, as app/runs/grid.ts). A list may be written as a progression
 * from its first three values, `2,4,8,...,1024` (geometric: each value twice the one before) or `1,2,3,...,100`
 * (arithmetic), integers only, decided exactly; two values before `...` are ambiguous (2,4 could go on as 6 or 8)
 * and refused. A value keeps the text typed: `1.0` stays the text `1.0` (Python reads `K = 1.0` as a float and
 * `K = 1` as an int), and only a number whose JavaScript spelling is the typed text (`1024`, `0.5`) becomes a
 * number. Bad input names the flag.
 * Example: `parseReplayGrid(['K=2,4,8,...,64'])` is `{ parameters: { K: [2, 4, 8, 16, 32, 64] } }`.
 */
import { BadInputError } from '../errors';
import { shown } from '../text/display';
import { parseSweepSpec, type ParamValue, type SweepSpec } from '../runs/grid';

/** Most values one progression may expand to. */
export const MAX_PROGRESSION = 100_000;

const INTEGER = /^[+-]?\d{1,15}$/;

/** The values of one list (see the file comment); `where` names the flag in errors. */
export function expandValues(text: string, where: string): ParamValue[] {
  const words = text.split(',').map((w) => w.trim());
  if (words.some((w) => w === '')) throw new BadInputError(where, 'an empty value (two commas in a row, or a trailing comma)');
  const dots = words.indexOf('...');
  if (dots === -1) return words.map(valueOf);
  if (dots !== words.length - 2 || words.lastIndexOf('...') !== dots)
    throw new BadInputError(where, '"..." must come once, right before the last value: a,b,c,...,z');
  if (dots < 3) throw new BadInputError(where, 'a progression needs its first three values before "..." (2,4,8,...,1024 or 1,2,3,...,10)');
  const head = words.slice(0, dots);
  const last = words[words.length - 1] as string;
  if (![...head, last].every((w) => INTEGER.test(w))) throw new BadInputError(where, 'a progression with "..." takes integers only');
  const [a, b, c] = head.map(BigInt) as [bigint, bigint, bigint];
  const z = BigInt(last);
  const step = b - a;
  const arithmetic = step !== 0n && c - b === step;
  const geometric = !arithmetic && a > 0n && b % a === 0n && b / a >= 2n && b * b === a * c;
  if (!arithmetic && !geometric)
    throw new BadInputError(where, `${head.join(',')} is neither arithmetic nor geometric with an integer ratio of at least 2`);
  const up = step > 0n;
  const out: bigint[] = [a];
  for (let x = a; x !== z;) {
    x = arithmetic ? x + step : x * (b / a);
    if (up ? x > z : x < z) throw new BadInputError(where, `${last} is not a value of the progression ${head.join(',')},...`);
    if (out.length >= MAX_PROGRESSION) throw new BadInputError(where, `the progression has more than ${MAX_PROGRESSION} values`);
    out.push(x);
  }
  for (let i = 0; i < head.length; i++)
    if (out[i] !== BigInt(head[i] as string)) throw new BadInputError(where, `${head.join(',')} do not follow one progression`);
  if (out.some((x) => x > BigInt(Number.MAX_SAFE_INTEGER) || x < -BigInt(Number.MAX_SAFE_INTEGER)))
    throw new BadInputError(where, 'a value of the progression is beyond 2^53');
  return out.map((x) => Number(x));
}

/** A typed value: a number when JavaScript spells it as typed, else the text (see the file comment). */
function valueOf(word: string): ParamValue {
  const n = Number(word);
  return Number.isFinite(n) && String(n) === word ? n : word;
}

/** The sweep spec of `--grid NAME=V1,...` flags (at least one), in their order. */
export function parseReplayGrid(flags: readonly string[]): SweepSpec {
  if (flags.length === 0) throw new BadInputError('--grid', 'give at least one --grid NAME=V1,V2,...');
  const parameters = new Map<string, ParamValue[]>();
  for (const flag of flags) {
    const where = `--grid ${shown(flag, 60)}`;
    const eq = flag.indexOf('=');
    const name = eq > 0 ? flag.slice(0, eq) : '';
    if (name === '' || /[\s,]/.test(name))
      throw new BadInputError(where, 'expected NAME=V1,V2,... (NAME a constant, an argparse flag --name, or env:NAME)');
    if (parameters.has(name)) throw new BadInputError(where, `${name} is given twice`);
    parameters.set(name, expandValues(flag.slice(eq + 1), where));
  }
  return parseSweepSpec({ parameters: Object.fromEntries(parameters) }, '--grid');
}

/** The `--grid` flags that give `spec` back (what a Slurm task is handed). */
export function gridFlags(spec: SweepSpec): string[] {
  if (!('parameters' in spec)) throw new Error('gridFlags: a replay sweep has a grid, not a horizon');
  return Object.entries(spec.parameters).map(([name, values]) => `${name}=${values.map(String).join(',')}`);
}
