/**
 * A `recheck` subcommand. Commands are listed in `app/cli/commands/index.ts`; a name may have two words
 * (`audit units`). `run` returns the exit code: 0 done, 1 a checked statement does not hold (where the
 * command says so), 2 bad input (throw BadInputError; the CLI prints its one line), 3 internal error.
 * With `--json` a command writes exactly one JSON document to stdout and nothing else there.
 */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** True when stderr is a terminal: progress bars go there only then. */
  isTTY: boolean;
  cwd: string;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  /**
   * Resolves once what `stdout` was given has gone to the OS (a pipe's reader can be slower than the writer):
   * a command writing hundreds of megabytes awaits it between pieces, so the output is never held whole.
   * Absent: nothing to wait for (the text is kept by the caller).
   */
  stdoutDrained?(): Promise<void>;
}

export interface Command {
  name: string;
  summary: string;
  /** Full usage text shown by `recheck help <name>` and on a usage error. */
  usage: string;
  run(args: string[], io: CliIO): Promise<number>;
}
