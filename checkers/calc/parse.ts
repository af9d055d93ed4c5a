/**
 * Parser of calculator expressions (recursive descent over checkers/calc/tokens.ts), pure. Grammar, loosest
 * first:
 *   expression := term (("+" | "-") term)*
 *   term       := unary (("*" | "/") unary)*
 *   unary      := ("-" | "+") unary | power            so -2^2 is -(2^2) = -4
 *   power      := primary ("^" unary)?                 right-associative: 2^3^2 is 2^(3^2); 2^-1 is 1/2
 *   primary    := number | name | H_k | name "(" expression ("," expression)* ")" | "(" expression ")"
 * with `sum(body, k, lo, hi)` taking a variable name as its second argument. Every error is one CalcError
 * pointing at a column. Example: `parseExpression("1 + 2*3")` is + (column 3) of 1 and * of 2 and 3.
 */
import { Rational } from '../exact/rational';
import { CALC_CONSTANTS, CALC_FUNCTIONS, type BinaryOperator, type CalcFunction, type CalcNode } from './ast';
import { CalcError } from './calc-error';
import { tokenize, type Token } from './tokens';

/** Longest expression accepted, in characters (a paper's formula, not a program). */
const MAX_LENGTH = 10_000;
/** Deepest nesting of parentheses and operators (keeps the recursion far from the stack limit). */
const MAX_DEPTH = 200;

/** What a caller may add to the grammar (checkers/calc/column-names.ts uses both for a table's columns). */
export interface ParseOptions {
  /**
   * Free names besides the constants (a table's columns). Such a name, not followed by "(", is a name node
   * even where it would otherwise read as H_k; the caller binds it before evaluating.
   */
  readonly names?: ReadonlySet<string>;
  /** The tokenizer (default: checkers/calc/tokens.ts). */
  readonly tokenize?: (text: string) => Token[];
}

/**
 * The tree of `text`, with every name resolved (constants, the variable of an enclosing sum, or one of
 * `options.names`). Example: `parseExpression("ratio - H_k", { names: new Set(["ratio", "k"]) })` is
 * ratio minus H(k).
 */
export function parseExpression(text: string, options: ParseOptions = {}): CalcNode {
  if (text.length > MAX_LENGTH) throw new CalcError(MAX_LENGTH + 1, `expression longer than ${MAX_LENGTH} characters`);
  const names = options.names ?? new Set<string>();
  const node = new Parser((options.tokenize ?? tokenize)(text), names).parseAll();
  checkNames(node, new Set(), names);
  return node;
}

class Parser {
  private at = 0;
  private depth = 0;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly names: ReadonlySet<string>,
  ) {}

  parseAll(): CalcNode {
    const node = this.expression();
    const next = this.peek();
    if (next.kind !== 'end') {
      throw new CalcError(next.column, next.text === ')' ? 'unmatched ")"' : `expected an operator or the end, got ${describe(next)}`);
    }
    return node;
  }

  private expression(): CalcNode {
    this.enter();
    let left = this.term();
    for (let t = this.peek(); t.text === '+' || t.text === '-'; t = this.peek()) {
      this.at++;
      left = { kind: 'binary', op: t.text, left, right: this.term(), column: t.column };
    }
    this.depth--;
    return left;
  }

  private term(): CalcNode {
    let left = this.unary();
    for (let t = this.peek(); t.text === '*' || t.text === '/'; t = this.peek()) {
      this.at++;
      left = { kind: 'binary', op: t.text, left, right: this.unary(), column: t.column };
    }
    return left;
  }

  private unary(): CalcNode {
    const t = this.peek();
    if (t.text === '-' || t.text === '+') {
      this.at++;
      this.enter();
      const arg = this.unary();
      this.depth--;
      return t.text === '-' ? { kind: 'neg', arg, column: t.column } : arg;
    }
    return this.power();
  }

  private power(): CalcNode {
    const base = this.primary();
    const t = this.peek();
    if (t.text !== '^') return base;
    this.at++;
    this.enter();
    const exponent = this.unary();
    this.depth--;
    return { kind: 'binary', op: '^' as BinaryOperator, left: base, right: exponent, column: t.column };
  }

  private primary(): CalcNode {
    const t = this.next();
    if (t.kind === 'number') return { kind: 'number', value: t.value, column: t.column };
    if (t.text === '(') {
      const inner = this.expression();
      this.expect(')', `to close "(" at column ${t.column}`);
      return inner;
    }
    if (t.kind === 'name') {
      if (this.peek().text === '(') return this.call(t);
      if (this.names.has(t.text)) return { kind: 'name', name: t.text, column: t.column };
      return harmonicSuffix(t) ?? { kind: 'name', name: t.text, column: t.column };
    }
    throw new CalcError(t.column, `expected a number, a name or "(", got ${describe(t)}`);
  }

  /** name "(" args ")": a function of CALC_FUNCTIONS or sum. */
  private call(name: Token): CalcNode {
    const open = this.next();
    const args: Array<{ node: CalcNode; column: number }> = [];
    do {
      const column = this.peek().column;
      args.push({ node: this.expression(), column });
    } while (this.accept(','));
    this.expect(')', `to close "${name.text}(" at column ${open.column}`);
    if (name.text === 'sum') return sumNode(name, args);
    if (!Object.hasOwn(CALC_FUNCTIONS, name.text)) {
      throw new CalcError(name.column, `unknown function "${name.text}" (known: ${[...Object.keys(CALC_FUNCTIONS), 'sum'].join(', ')})`);
    }
    const fn = name.text as CalcFunction;
    const [min, max] = CALC_FUNCTIONS[fn];
    if (args.length < min || args.length > max) {
      const at = args[Math.min(args.length, max)]?.column ?? name.column;
      throw new CalcError(at, `${fn} takes ${min === max ? min : `${min} or ${max}`} argument${max > 1 ? 's' : ''}, got ${args.length}`);
    }
    return { kind: 'call', fn, args: args.map((a) => a.node), column: name.column };
  }

  private peek(): Token {
    return this.tokens[this.at] as Token;
  }

  private next(): Token {
    const t = this.peek();
    if (t.kind !== 'end') this.at++;
    return t;
  }

  private accept(text: string): boolean {
    if (this.peek().text !== text) return false;
    this.at++;
    return true;
  }

  private expect(text: string, why: string): void {
    const t = this.peek();
    if (t.text === text) {
      this.at++;
      return;
    }
    throw new CalcError(t.column, `expected "${text}" ${why}, got ${describe(t)}`);
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH) throw new CalcError(this.peek().column, `nested deeper than ${MAX_DEPTH} levels`);
  }
}

/** sum(body, k, lo, hi). */
function sumNode(name: Token, args: ReadonlyArray<{ node: CalcNode; column: number }>): CalcNode {
  if (args.length !== 4) {
    throw new CalcError(
      args[Math.min(args.length, 4)]?.column ?? name.column,
      `sum takes 4 arguments (body, variable, from, to), got ${args.length}`,
    );
  }
  const [body, variable, lo, hi] = args as [(typeof args)[0], (typeof args)[0], (typeof args)[0], (typeof args)[0]];
  if (variable.node.kind !== 'name') throw new CalcError(variable.column, 'sum: expected a variable name as the second argument');
  const v = variable.node.name;
  if ((CALC_CONSTANTS as readonly string[]).includes(v))
    throw new CalcError(variable.column, `sum: the variable cannot be named "${v}" (a constant)`);
  return { kind: 'sum', body: body.node, variable: v, lo: lo.node, hi: hi.node, column: name.column };
}

/** H_10 and H_k: the harmonic number with a literal or variable index; null for other names. */
function harmonicSuffix(t: Token): CalcNode | null {
  const m = /^H_(.*)$/.exec(t.text);
  if (m === null) return null;
  const suffix = m[1] as string;
  const column = t.column + 2;
  let arg: CalcNode;
  if (/^\d+$/.test(suffix)) arg = { kind: 'number', value: Rational.from(BigInt(suffix)), column };
  else if (/^[A-Za-z][A-Za-z0-9]*$/.test(suffix)) arg = { kind: 'name', name: suffix, column };
  else throw new CalcError(column, `H_ needs an integer or a variable name, got "${suffix}"`);
  return { kind: 'call', fn: 'H', args: [arg], column: t.column };
}

/** Every name is a constant, the variable of an enclosing sum, or one of the caller's free names. */
function checkNames(node: CalcNode, scope: ReadonlySet<string>, free: ReadonlySet<string>): void {
  switch (node.kind) {
    case 'number':
      return;
    case 'name':
      if (scope.has(node.name) || free.has(node.name) || (CALC_CONSTANTS as readonly string[]).includes(node.name)) return;
      throw new CalcError(node.column, `unknown name "${node.name}" (names: pi, e, and the variable of an enclosing sum)`);
    case 'neg':
      return checkNames(node.arg, scope, free);
    case 'binary':
      checkNames(node.left, scope, free);
      return checkNames(node.right, scope, free);
    case 'call':
      for (const a of node.args) checkNames(a, scope, free);
      return;
    case 'sum':
      checkNames(node.lo, scope, free);
      checkNames(node.hi, scope, free);
      return checkNames(node.body, new Set([...scope, node.variable]), free);
  }
}

function describe(t: Token): string {
  return t.kind === 'end' ? 'the end' : `"${t.text}"`;
}
