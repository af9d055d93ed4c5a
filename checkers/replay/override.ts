/**
 * Overriding a Python source's top-level constants for a replay (`--set NAME=VALUE`): the value must be a
 * decimal number or a list of them (`1024`, `-0.5`, `1e-3`, `[2, 4, 8, 16, 1024]`), and the override rewrites
 * exactly the span of that constant's value as literals.ts found it; nothing else in the source changes. A name
 * assigned at the top level more than once, or not at all, is refused (which assignment would be meant?).
 * Example: `applyOverrides('KS = [2, 4]\nprint(KS)\n', [parseSetting('KS=[2,4,1024]')]).source` is
 * `'KS = [2, 4, 1024]\nprint(KS)\n'`.
 */
import { CheckerError } from '../errors';
import { detectLiterals, type Literal } from './literals';

/** One `NAME=VALUE`, the value normalised (`[2, 4, 8]`). */
export interface Setting {
  readonly name: string;
  readonly value: string;
  readonly shape: 'number' | 'list';
}

/** A setting that does not parse or does not apply (the message names it). */
export class OverrideError extends CheckerError {
  constructor(readonly reason: string) {
    super('override', reason);
  }
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Longest VALUE accepted (a list of a few thousand numbers). */
export const MAX_SETTING_CHARS = 100_000;

/**
 * `NAME=VALUE` as given on a command line. Example: `parseSetting('KS=[2, 4,8]')` is
 * `{ name: 'KS', value: '[2, 4, 8]', shape: 'list' }`.
 */
export function parseSetting(text: string): Setting {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new OverrideError(`"${text.slice(0, 80)}": expected NAME=VALUE`);
  const name = text.slice(0, eq).trim();
  const raw = text.slice(eq + 1).trim();
  if (!NAME.test(name)) throw new OverrideError(`"${name.slice(0, 80)}" is not a Python name`);
  if (raw.length > MAX_SETTING_CHARS) throw new OverrideError(`${name}: the value is longer than ${MAX_SETTING_CHARS} characters`);
  if (NUMBER.test(raw)) return { name, value: raw, shape: 'number' };
  const list = /^\[(.*)\]$/s.exec(raw);
  if (list !== null) {
    const items = (list[1] as string).split(',').map((s) => s.trim());
    if (items.length > 0 && items[items.length - 1] === '' && items.length > 1) items.pop();
    if (items.length > 0 && items.every((s) => NUMBER.test(s))) return { name, value: `[${items.join(', ')}]`, shape: 'list' };
  }
  throw new OverrideError(`${name}: "${raw.slice(0, 80)}" is not a number or a list of numbers (e.g. 1024 or [2, 4, 8, 16])`);
}

/** What an override changed: the constant, its old and new value. */
export interface Applied {
  readonly name: string;
  readonly line: number;
  readonly from: string;
  readonly to: string;
}

/** The source with each setting's constant rewritten, and what changed; OverrideError naming the constant otherwise. */
export function applyOverrides(source: string, settings: readonly Setting[], literals: readonly Literal[] = detectLiterals(source)) {
  const constants = literals.filter((l): l is Extract<Literal, { kind: 'constant' }> => l.kind === 'constant');
  const seen = new Set<string>();
  const edits: { start: number; end: number; value: string; applied: Applied }[] = [];
  for (const s of settings) {
    if (seen.has(s.name)) throw new OverrideError(`${s.name} is set twice`);
    seen.add(s.name);
    const found = constants.filter((c) => c.name === s.name);
    if (found.length === 0) {
      const names = [...new Set(constants.map((c) => c.name))];
      throw new OverrideError(
        `no top-level ${s.name} = <number or list of numbers>${names.length > 0 ? ` (overridable: ${names.slice(0, 20).join(', ')})` : ' (the source has no overridable constant)'}`,
      );
    }
    if (found.length > 1)
      throw new OverrideError(
        `${s.name} is assigned ${found.length} times at the top level (lines ${found.map((c) => c.line).join(', ')})`,
      );
    const c = found[0] as Extract<Literal, { kind: 'constant' }>;
    edits.push({ start: c.start, end: c.end, value: s.value, applied: { name: s.name, line: c.line, from: c.value, to: s.value } });
  }
  let out = source;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = `${out.slice(0, e.start)}${e.value}${out.slice(e.end)}`;
  return { source: out, applied: edits.map((e) => e.applied) };
}
