/**
 * `recheck`: the headless CLI. Dispatches to the commands in ./commands/index.ts (two-word names such as
 * `audit units` allowed). Exit codes: 0 done, 1 a checked statement does not hold (where a command says so),
 * 2 bad input (one line on stderr naming the file and the problem), 3 internal error.
 */
import { commands } from './commands/index';
import type { CliIO, Command } from './command';
import { BadInputError, BusyError, CancelledError, EXIT } from '../errors';
import { CheckerError } from '../../checkers/errors';
import { UsageError } from './args';
import { oneLine, shown } from '../text/display';

export function findCommand(argv: string[]): { command: Command; rest: string[] } | undefined {
  const two = argv.length >= 2 ? `${argv[0]} ${argv[1]}` : undefined;
  const c2 = two ? commands.find((c) => c.name === two) : undefined;
  if (c2) return { command: c2, rest: argv.slice(2) };
  const c1 = commands.find((c) => c.name === argv[0]);
  return c1 ? { command: c1, rest: argv.slice(1) } : undefined;
}

export function helpText(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'recheck: re-verify claimed falsifications of machine-learning papers',
    '',
    'usage: recheck <command> [options]      recheck help <command>',
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'exit codes: 0 done, 1 a checked statement does not hold, 2 bad input, 3 internal error, 4 busy (another Recheck process is editing the case: try again)',
    '',
  ].join('\n');
}

export function processIO(signal: AbortSignal): CliIO {
  return {
    stdout: (t) => void process.stdout.write(t),
    stderr: (t) => void process.stderr.write(t),
    isTTY: Boolean(process.stderr.isTTY),
    cwd: process.cwd(),
    signal,
    stdoutDrained,
  };
}

/** Resolves when process.stdout has no backlog (its 'drain'), or is closed or failed (nothing more will go). */
function stdoutDrained(): Promise<void> {
  const out = process.stdout;
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise<void>((done) => {
    const finish = () => {
      out.off('drain', finish);
      out.off('close', finish);
      out.off('error', finish);
      done();
    };
    out.on('drain', finish);
    out.on('close', finish);
    out.on('error', finish);
  });
}

export async function main(argv: string[], io?: CliIO): Promise<number> {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  // Ctrl-C and a plain `kill` both cancel: a sweep then records what finished and marks itself cancelled.
  if (!io) {
    process.once('SIGINT', onSigint);
    process.once('SIGTERM', onSigint);
  }
  const cli = io ?? processIO(controller.signal);
  try {
    if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
      cli.stdout(helpText());
      return EXIT.ok;
    }
    if (argv[0] === '--version') {
      cli.stdout('recheck 0.1.0\n');
      return EXIT.ok;
    }
    if (argv[0] === 'help') {
      const found = argv.length > 1 ? findCommand(argv.slice(1)) : undefined;
      cli.stdout(found ? `${found.command.usage.trimEnd()}\n` : helpText());
      return EXIT.ok;
    }
    const found = findCommand(argv);
    if (!found) {
      cli.stderr(`recheck: unknown command "${shown(argv[0] ?? '', 80)}" (see recheck --help)\n`);
      return EXIT.badInput;
    }
    if (found.rest.includes('--help') || found.rest.includes('-h')) {
      cli.stdout(`${found.command.usage.trimEnd()}\n`);
      return EXIT.ok;
    }
    return await found.command.run(found.rest, cli);
  } catch (err) {
    return reportError(err, cli);
  } finally {
    if (!io) {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigint);
    }
  }
}

/**
 * Turns an error into the CLI's message and exit code. The message is always one line (oneLine folds line
 * breaks and escapes control characters), whatever a file name, a cell or a parser put into it.
 */
export function reportError(err: unknown, io: CliIO): number {
  if (err instanceof BadInputError || err instanceof UsageError) {
    io.stderr(`recheck: ${oneLine(err.message)}\n`);
    return EXIT.badInput;
  }
  if (err instanceof CheckerError) {
    io.stderr(`recheck: ${oneLine(err.message)}\n`);
    return EXIT.badInput;
  }
  if (err instanceof CancelledError) {
    io.stderr('recheck: cancelled\n');
    return 130;
  }
  if (err instanceof BusyError) {
    io.stderr(`recheck: ${oneLine(err.message)}\n`);
    return EXIT.busy;
  }
  const e = err instanceof Error ? err : new Error(String(err));
  io.stderr(`recheck: internal error: ${oneLine(e.message)}\n`);
  if (process.env.RECHECK_DEBUG) io.stderr(`${e.stack ?? ''}\n`);
  return EXIT.internal;
}
