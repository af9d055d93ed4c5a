/**
 * The calculator's one error type: a problem in an expression, at a 1-based column of its text (a syntax
 * error, an unknown name, a value outside a function's domain, a range too long). One line:
 * `recheck.calc: column 7: expected ")" to close "(" at column 1`.
 */
import { CheckerError } from '../errors';

export class CalcError extends CheckerError {
  constructor(
    readonly column: number,
    readonly problem: string,
  ) {
    super('calc', `column ${column}: ${problem}`);
  }
}
