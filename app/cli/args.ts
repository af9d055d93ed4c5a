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

export function parseCommandArgs<O extends Options>(command: string, args: string[], options: O, positionals: { min: number; max: number; names: string }) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(command, shown((err as Error).message.split('\n')[0] ?? 'bad arguments'));
  }
  const n = parsed.positionals.length;
  if (n < positionals.min) throw new UsageError(command, `missing ${positionals.names}`);
  if (n > positionals.max) throw new UsageError(command, `unexpected argument "${shown(parsed.positionals[positionals.max] ?? '', 80)}"`);
  return parsed;
}
