/**
 * The relation of an assertion between two calculator expressions: `lhs REL rhs` with REL one of
 * <, <=, =, !=, >=, > (`==` is read as `=`). The calculator's grammar has none of these characters, so the
 * text holds exactly one relation; anything else is a CalcError at the offending column.
 * Example: `splitAssertion("H_10 >= 2.9")` is { lhs: "H_10 ", relation: ">=", rhs: " 2.9" }.
 */
import { CalcError } from './calc-error';

export type Relation = '<' | '<=' | '=' | '!=' | '>=' | '>';

const OPERATOR = /<=|>=|!=|==|<|>|=|!/g;

export interface SplitAssertion {
  /** The text before the relation (columns count from the start of the assertion). */
  readonly lhs: string;
  readonly relation: Relation;
  /** The text after the relation. */
  readonly rhs: string;
}

/** Splits `text` at its one relation. */
export function splitAssertion(text: string): SplitAssertion {
  const found = [...text.matchAll(OPERATOR)];
  if (found.length === 0) throw new CalcError(text.length + 1, 'expected a relation (<, <=, =, !=, >=, >) between two expressions');
  const first = found[0] as RegExpMatchArray;
  const at = first.index ?? 0;
  if (first[0] === '!') throw new CalcError(at + 1, 'unexpected "!" (write != for "not equal")');
  if (found.length > 1) {
    const second = found[1] as RegExpMatchArray;
    throw new CalcError(
      (second.index ?? 0) + 1,
      `a second relation "${second[0]}" (an assertion compares two expressions once; write two assertions)`,
    );
  }
  const relation = (first[0] === '==' ? '=' : first[0]) as Relation;
  const lhs = text.slice(0, at);
  const rhs = text.slice(at + first[0].length);
  if (lhs.trim() === '') throw new CalcError(at + 1, `expected an expression before "${first[0]}"`);
  if (rhs.trim() === '') throw new CalcError(text.length + 1, `expected an expression after "${first[0]}"`);
  return { lhs, relation, rhs };
}
