/**
 * How each name of a replay sweep's grid reaches the program, decided once from the script's overridable
 * literals (checkers/replay/literals.ts), in this order:
 * - `env:NAME`: the environment variable NAME;
 * - a name starting with `-` (`--k`): a command-line flag, appended with the point's value (`--k 1024`);
 * - a top-level constant of the Python script: a number constant gets the value (`K = 1024`), a list constant a
 *   list of that one value (`KS = [1024]`), rewritten exactly in place (checkers/replay/override.ts);
 * - an argparse flag `--NAME` (or `--NA-ME` for `NA_ME`) the script declares: appended with the value;
 * - an environment variable the script reads (`os.environ.get("NAME")`).
 * Anything else is bad input naming the name and what the script offers. Every value of a constant's grid must
 * be a number (the override's rule), checked here so that a bad value fails before the sweep starts.
 * Example: with literals of `KS = [2, 4]`, `bindGrid(w, { parameters: { KS: [8, 16] } }, lits, true)` is
 * `[{ name: 'KS', kind: 'constant', shape: 'list' }]` and point `{ KS: 8 }` sets `KS=[8]`.
 */
import { BadInputError } from '../errors';
import { shown } from '../text/display';
import type { ParamValue, SweepSpec } from '../runs/grid';
import type { Literal } from '../../checkers/replay/literals';
import { OverrideError, parseSetting, type Setting } from '../../checkers/replay/override';

export type GridBinding =
  | { readonly name: string; readonly kind: 'constant'; readonly shape: 'number' | 'list' }
  | { readonly name: string; readonly kind: 'flag'; readonly flag: string }
  | { readonly name: string; readonly kind: 'env'; readonly variable: string };

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The binding of every grid name (see the file comment); `pythonScript` says whether constants can be rewritten. */
export function bindGrid(where: string, spec: SweepSpec, literals: readonly Literal[], pythonScript: boolean): GridBinding[] {
  if (!('parameters' in spec)) throw new BadInputError(where, 'a replay sweep takes a grid of named values, not a horizon');
  return Object.entries(spec.parameters).map(([name, values]) => {
    const b = bindOne(where, name, literals, pythonScript);
    for (const v of values) check(where, b, v);
    return b;
  });
}

function bindOne(where: string, name: string, literals: readonly Literal[], pythonScript: boolean): GridBinding {
  if (name.startsWith('env:')) {
    const variable = name.slice(4);
    if (!ENV_NAME.test(variable)) throw new BadInputError(where, `--grid ${shown(name, 60)}: not an environment variable name`);
    return { name, kind: 'env', variable };
  }
  if (name.startsWith('-')) {
    if (!/^--?[A-Za-z0-9][\w-]*$/.test(name)) throw new BadInputError(where, `--grid ${shown(name, 60)}: not a command-line flag`);
    return { name, kind: 'flag', flag: name };
  }
  const constant = literals.find((l) => l.kind === 'constant' && l.name === name);
  if (constant?.kind === 'constant' && pythonScript) return { name, kind: 'constant', shape: constant.shape };
  const flags = [`--${name}`, `--${name.replace(/_/g, '-')}`];
  const flag = literals.find((l) => l.kind === 'flag' && flags.includes(l.flag));
  if (flag?.kind === 'flag') return { name, kind: 'flag', flag: flag.flag };
  if (literals.some((l) => l.kind === 'env' && l.name === name)) return { name, kind: 'env', variable: name };
  const offered = literals.map((l) =>
    l.kind === 'constant' ? l.name : l.kind === 'flag' ? l.flag : l.kind === 'env' ? `env:${l.name}` : null,
  );
  const list = offered.filter((x): x is string => x !== null);
  throw new BadInputError(
    where,
    `--grid ${shown(name, 60)}: the script has no top-level constant, argparse flag or environment variable of that name (${list.length > 0 ? `it offers ${list.slice(0, 12).join(', ')}` : 'it offers none'}; write --grid=--flag=... or --grid env:NAME=... to pass one anyway)`,
  );
}

/** A constant's value must make a setting; a flag's or variable's must be text without NUL. */
function check(where: string, b: GridBinding, v: ParamValue): void {
  if (b.kind === 'constant') {
    try {
      settingOf(b, v);
    } catch (e) {
      if (e instanceof OverrideError) throw new BadInputError(where, `--grid ${shown(b.name, 60)}: ${e.reason}`);
      throw e;
    }
  } else if (String(v).includes('\0')) throw new BadInputError(where, `--grid ${shown(b.name, 60)}: a value holds a NUL character`);
}

function settingOf(b: Extract<GridBinding, { kind: 'constant' }>, v: ParamValue): Setting {
  if (typeof v === 'boolean') throw new OverrideError(`${b.name}: ${v} is not a number`);
  return parseSetting(`${b.name}=${b.shape === 'list' ? `[${String(v)}]` : String(v)}`);
}

/** The overrides of one point. Example: `pointOverrides([{ name: '--k', kind: 'flag', flag: '--k' }], { '--k': 8 })` gives args `['--k', '8']`. */
export function pointOverrides(
  bindings: readonly GridBinding[],
  params: Readonly<Record<string, unknown>>,
): { set: Setting[]; args: string[]; env: Record<string, string> } {
  const set: Setting[] = [];
  const args: string[] = [];
  const env: Record<string, string> = {};
  for (const b of bindings) {
    const v = Object.hasOwn(params, b.name) ? params[b.name] : undefined;
    if (typeof v !== 'number' && typeof v !== 'string' && typeof v !== 'boolean') throw new Error(`pointOverrides: no value for ${b.name}`);
    if (b.kind === 'constant') set.push(settingOf(b, v));
    else if (b.kind === 'flag') args.push(b.flag, String(v));
    else env[b.variable] = String(v);
  }
  return { set, args, env };
}
