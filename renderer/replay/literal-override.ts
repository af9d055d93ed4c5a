/**
 * The replay form's overrides from a picked literal (common/api/replay.ts `ReplayLiteralView`): whether a new value
 * is one the replay accepts, said in words (a constant's value must be a number or a list of numbers:
 * checkers/replay/override.ts `parseSetting`, the rule the core applies), the form values with the override put
 * where it goes (`set` NAME=VALUE, `args` appended, `env` NAME), and the params of a growth-fit check whose table
 * is a replay sweep of the literal. Pure: no DOM, no React.
 * Example: `withOverride({}, KS, '[2, 4, 1024]')` is `{ '/set': '["KS=[2, 4, 1024]"]' }` for the list literal KS.
 */
import type { ReplayLiteralView } from '../../common/api/replay';
import { OverrideError, parseSetting } from '../../checkers/replay/override';
import type { FormValues } from '../intake/schema-form';

/** Why `text` cannot be the literal's new value, or null when it can. */
export function overrideProblem(l: ReplayLiteralView, text: string): string | null {
  const t = text.trim();
  if (t === '') return 'type a value';
  if (t.includes('\0')) return 'the value holds a NUL character';
  if (l.override.type !== 'set') return null;
  try {
    const s = parseSetting(`${l.override.name}=${listText(l, t)}`);
    if (l.kind === 'list' && s.shape !== 'list') return `${l.name} is a list: write [${t}]`;
    return null;
  } catch (e) {
    if (e instanceof OverrideError) return e.reason;
    throw e;
  }
}

/** A list literal's value typed without brackets (`2, 4, 1024`) gets them. */
function listText(l: ReplayLiteralView, t: string): string {
  return l.kind === 'list' && !t.startsWith('[') ? `[${t}]` : t;
}

function jsonOr<T>(text: string | undefined, fallback: T, ok: (v: unknown) => v is T): T {
  if (text === undefined || text.trim() === '') return fallback;
  try {
    const v: unknown = JSON.parse(text);
    return ok(v) ? v : fallback;
  } catch {
    return fallback;
  }
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isStringRecord = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

/**
 * The form values with the literal's override set to `text` (checked first with overrideProblem): a constant's
 * `NAME=VALUE` replaces an earlier one of that name in `/set`; a flag's `FLAG VALUE` and a positional value are
 * appended to `/args`; a variable is set in `/env`. The fields hold JSON (the form's text of array and object params).
 */
export function withOverride(values: FormValues, l: ReplayLiteralView, text: string): FormValues {
  const t = text.trim();
  const o = l.override;
  if (o.type === 'set') {
    const setting = parseSetting(`${o.name}=${listText(l, t)}`);
    const set = jsonOr(values['/set'], [] as string[], isStrings).filter((s) => s.slice(0, s.indexOf('=')).trim() !== o.name);
    return { ...values, '/set': JSON.stringify([...set, `${setting.name}=${setting.value}`]) };
  }
  if (o.type === 'arg') {
    const args = jsonOr(values['/args'], [] as string[], isStrings);
    return { ...values, '/args': JSON.stringify([...args, ...(o.flag !== null ? [o.flag, t] : [t])]) };
  }
  const env = jsonOr(values['/env'], {} as Record<string, string>, isStringRecord);
  return { ...values, '/env': JSON.stringify({ ...env, [o.variable]: t }) };
}

/**
 * The x and y a growth fit over the sweep's table starts with: x the printed column the grid name stands for (`k`
 * for `KS`, `--k` or `env:K`; else the grid name itself), y the last other printed column. Example:
 * `suggestAxes('KS', ['KS', 'k', 'cost'])` is `{ x: 'k', y: 'cost' }`.
 */
export function suggestAxes(grid: string, columns: readonly string[]): { x: string; y: string } {
  const bare = grid.replace(/^env:/, '').replace(/^-+/, '').toLowerCase();
  const singular = bare.endsWith('s') && bare.length > 1 ? bare.slice(0, -1) : bare;
  const x = columns.find((c) => c !== grid && (c.toLowerCase() === bare || c.toLowerCase() === singular)) ?? grid;
  const y = [...columns].reverse().find((c) => c !== x && c !== grid) ?? '';
  return { x, y };
}

/**
 * The replay form's overrides that stay fixed in a sweep of `swept`: its `set` (without a setting of the swept
 * name), `args` and `env`, as far as they are well-formed JSON of their type (the core checks them again).
 */
export function fixedOverrides(values: FormValues, swept: string): { set?: string[]; args?: string[]; env?: Record<string, string> } {
  const set = jsonOr(values['/set'], [] as string[], isStrings).filter((s) => s.slice(0, s.indexOf('=')).trim() !== swept);
  const args = jsonOr(values['/args'], [] as string[], isStrings);
  const env = jsonOr(values['/env'], {} as Record<string, string>, isStringRecord);
  return {
    ...(set.length > 0 ? { set } : {}),
    ...(args.length > 0 ? { args } : {}),
    ...(Object.keys(env).length > 0 ? { env } : {}),
  };
}

/** The growth-fit params of a sweep of one literal, with the replay's fixed overrides (the form's other fields are left to the reviewer). */
export function sweepCheckParams(o: {
  cell: string;
  logbook?: string;
  grid: string;
  values: readonly (number | string | boolean)[];
  columns: readonly string[];
  fixed?: { set?: string[]; args?: string[]; env?: Record<string, string> };
}): Record<string, unknown> {
  const axes = suggestAxes(o.grid, o.columns);
  return {
    sweep: {
      replay: { cell: o.cell, ...(o.logbook !== undefined ? { logbook: o.logbook } : {}), ...(o.fixed ?? {}) },
      grid: { [o.grid]: [...o.values] },
      seed: 1,
    },
    x: axes.x,
    ...(axes.y !== '' ? { y: axes.y } : {}),
  };
}
