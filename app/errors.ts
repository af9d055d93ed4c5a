/**
 * Errors the CLI and the API turn into exit codes and one-line messages.
 * Exit codes everywhere: 0 done, 1 a checked statement does not hold (where a command says so),
 * 2 bad input, 3 internal error, 4 busy (another writer holds the case), 5 undecided (a check that can say neither: calc --assert).
 */
export const EXIT = { ok: 0, doesNotHold: 1, badInput: 2, internal: 3, busy: 4, undecided: 5 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * Bad input: names the file, optionally a JSON pointer or line inside it, and the problem.
 * Message form: `<file>: <pointer>: <problem>` (pointer omitted when absent).
 */
export class BadInputError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
    readonly pointer?: string,
  ) {
    super(pointer !== undefined && pointer !== '' ? `${file}: ${pointer}: ${problem}` : `${file}: ${problem}`);
    this.name = 'BadInputError';
  }
}

/** The user cancelled (Ctrl-C, API cancel). Work already checkpointed stays on disk. */
export class CancelledError extends Error {
  constructor(message = 'cancelled') {
    super(message);
    this.name = 'CancelledError';
  }
}

/**
 * The core is at capacity (the sandbox queue is full, or a run asks for more memory than the budget allows).
 * Nothing was started; the caller may try again later. The browser-mode server answers 503 with Retry-After.
 */
/**
 * A case's input is over a resource budget checked before the work (an image's pixels, a table's cells): the run
 * ends at once with this one line and exit 2, instead of a check that errors while the others go on.
 */
export class BudgetExceededError extends BadInputError {
  constructor(file: string, problem: string, pointer?: string) {
    super(file, problem, pointer);
    this.name = 'BudgetExceededError';
  }
}

export class BusyError extends Error {
  constructor(
    message: string,
    /** Seconds after which a retry may succeed (a hint). */
    readonly retryAfterSeconds = 5,
  ) {
    super(message);
    this.name = 'BusyError';
  }
}
