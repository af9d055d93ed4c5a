/** Argument parsing shared by the commands: node:util parseArgs with usage errors as exit-2 one-liners. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { shown } from '../text/display';

export class UsageError extends Error {
  constructor(
    readonly command: string,
    problem: string,
  ) {
    super(`${command}: ${problem} (see recheck help ${command})`);
    this.name = 'UsageError';
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Parses a command's words. With `dashPositionals` (a command whose options are all long, like calc), a word that
 * starts with one '-' is a positional, so `recheck calc "-2^2"` needs no `--` before it.
 */
export function parseCommandArgs<O extends Options>(
  command: string,
  args: string[],
  options: O,
  positionals: { min: number; max: number; names: string; dashPositionals?: boolean },
) {
  let parsed;
  try {
    parsed = parseArgs({
      args: positionals.dashPositionals ? dashWordsLast(args, options) : args,
      options,
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw new UsageError(command, shown((err as Error).message.split('\n')[0] ?? 'bad arguments'));
  }
  const n = parsed.positionals.length;
  if (n < positionals.min) throw new UsageError(command, `missing ${positionals.names}`);
  if (n > positionals.max) throw new UsageError(command, `unexpected argument "${shown(parsed.positionals[positionals.max] ?? '', 80)}"`);
  return parsed;
}

/**
 * The words with every single-dash word ('-2^2', '-(1/3)') and every other positional moved after a '--', in
 * their order; long options (and the separate value of a string option, `--digits 4`) stay in front.
 * Example: `dashWordsLast(['-2^2', '--digits', '4'], { digits: { type: 'string' } })` is `['--digits', '4', '--', '-2^2']`.
 */
export function dashWordsLast(args: readonly string[], options: Options): string[] {
  const end = args.indexOf('--');
  const head = end < 0 ? args : args.slice(0, end);
  const tail = end < 0 ? [] : args.slice(end + 1);
  if (!head.some((w) => /^-[^-]/.test(w))) return [...args];
  const front: string[] = [];
  const moved: string[] = [];
  for (let i = 0; i < head.length; i++) {
    const w = head[i] as string;
    if (!w.startsWith('--')) {
      moved.push(w);
      continue;
    }
    front.push(w);
    const takesValue = !w.includes('=') && options[w.slice(2)]?.type === 'string';
    if (takesValue && i + 1 < head.length) front.push(head[++i] as string);
  }
  return [...front, '--', ...moved, ...tail];
}
