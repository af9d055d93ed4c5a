/**
 * Typed errors of the checkers library. Messages are stable and prefixed (`recheck.<code>: ...`), and each
 * error keeps its structured fields so that callers (the CLI, the case loader) can name the file and place.
 */
export class CheckerError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`recheck.${code}: ${message}`);
    this.name = new.target.name;
  }
}

/** An input string or value that does not parse as what was asked (e.g. `"1/0"`, `0.1` as a JS float). */
export class ParseError extends CheckerError {
  constructor(
    readonly input: string,
    readonly reason: string,
  ) {
    super('parse', `${JSON.stringify(input)}: ${reason}`);
  }
}

/** An argument outside the domain of an operation (division by zero, ln of a non-positive number, ...). */
export class DomainError extends CheckerError {
  constructor(
    readonly operation: string,
    readonly reason: string,
  ) {
    super('domain', `${operation}: ${reason}`);
  }
}

/** Shapes that do not fit together (vector lengths, matrix dimensions, units of different dimension). */
export class DimensionError extends CheckerError {
  constructor(
    readonly actual: string,
    readonly expected: string,
  ) {
    super('dimension', `got ${actual}, expected ${expected}`);
  }
}
