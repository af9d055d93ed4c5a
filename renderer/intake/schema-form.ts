/**
 * The "Add check" form's model, derived from a check kind's JSON Schema (`CheckKindView.paramsSchema`): one
 * field per property, typed by what its schema says (string, number or integer with its bounds, boolean, enum,
 * nested object, list of numbers, derived columns of a table, or raw JSON for everything else), and the two
 * conversions the form needs:
 * a kind's `example` into the form's text values, and the text values back into params. The form holds only
 * strings (what inputs hold); params are built when the reviewer submits. Pure: no DOM, no React.
 *
 * Example: `paramsFromValues(schemaToForm(s), { '/horizon': '1000' })` is `{ ok: true, params: { horizon: 1000 } }`
 * for `s = { type: 'object', properties: { horizon: { type: 'integer' } } }`.
 */

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = Record<string, unknown>;

interface FieldBase {
  /** The property's name (the field's label). */
  name: string;
  /** JSON Pointer of the param (`/teacher/weights`): the key of the field's value in FormValues. */
  pointer: string;
  /** Dotted path for messages (`teacher.weights`), as the core names params in its errors. */
  dotted: string;
  required: boolean;
  description?: string;
}

export interface Bounds {
  min?: number;
  max?: number;
  exclusiveMin?: boolean;
  exclusiveMax?: boolean;
}

export type FieldModel =
  /**
   * `tableColumn`: the top-level param holding the CSV whose column this names (the schema's annotation), offered as a
   * select of its header. `derivedColumns`: the table param whose derived columns this lists (a list of 'NAME = EXPR'
   * in the params, typed on one line separated by ";"); their names join that table's columns in the selects.
   */
  | (FieldBase & { type: 'string'; casePath: boolean; tableColumn?: string; derivedColumns?: string })
  | (FieldBase & { type: 'number'; integer: boolean; bounds: Bounds })
  | (FieldBase & { type: 'boolean' })
  | (FieldBase & { type: 'enum'; options: Json[] })
  | (FieldBase & { type: 'object'; fields: FieldModel[] })
  | (FieldBase & { type: 'number-list'; integer: boolean; bounds: Bounds })
  | (FieldBase & { type: 'json' });

export interface FormModel {
  fields: FieldModel[];
  /**
   * Sets of params of which the schema wants exactly or at least one (`oneOf` / `anyOf` of `required` lists),
   * e.g. growth-fit's `[['table'], ['sweep']]`; shown as a note, decided by the core.
   */
  alternatives: string[][];
}

/** The form's values: the text of each leaf field by pointer (booleans as 'true' / 'false', '' when unset). */
export type FormValues = Record<string, string>;

export type ParamsResult = { ok: true; params: Record<string, unknown> } | { ok: false; error: string };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Bounds of a number schema (draft 2019+: exclusiveMinimum is a number). */
function boundsOf(s: Schema): Bounds {
  const b: Bounds = {};
  const min = num(s.minimum);
  const xmin = num(s.exclusiveMinimum);
  const max = num(s.maximum);
  const xmax = num(s.exclusiveMaximum);
  if (xmin !== undefined && (min === undefined || xmin >= min)) Object.assign(b, { min: xmin, exclusiveMin: true });
  else if (min !== undefined) b.min = min;
  if (xmax !== undefined && (max === undefined || xmax <= max)) Object.assign(b, { max: xmax, exclusiveMax: true });
  else if (max !== undefined) b.max = max;
  return b;
}

function fieldOf(name: string, parentPointer: string, parentDotted: string, s: Schema, required: boolean): FieldModel {
  const base: FieldBase = {
    name,
    pointer: `${parentPointer}/${escapePointer(name)}`,
    dotted: parentDotted === '' ? name : `${parentDotted}.${name}`,
    required,
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
  };
  if (Array.isArray(s.enum) && s.enum.length > 0) return { ...base, type: 'enum', options: s.enum as Json[] };
  const type = s.type ?? (isRecord(s.properties) ? 'object' : undefined);
  if (type === 'array' && typeof s.derivedColumns === 'string' && isRecord(s.items) && s.items.type === 'string') {
    const how = 'several separated by ";"';
    return {
      ...base,
      description: base.description !== undefined ? `${base.description} · ${how}` : how,
      type: 'string',
      casePath: false,
      derivedColumns: s.derivedColumns,
    };
  }
  if (type === 'string')
    return {
      ...base,
      type: 'string',
      casePath: s.casePath === true,
      ...(typeof s.tableColumn === 'string' ? { tableColumn: s.tableColumn } : {}),
    };
  if (type === 'number' || type === 'integer') return { ...base, type: 'number', integer: type === 'integer', bounds: boundsOf(s) };
  if (type === 'boolean') return { ...base, type: 'boolean' };
  if (type === 'object' && isRecord(s.properties) && Object.keys(s.properties).length > 0 && !isRecord(s.additionalProperties)) {
    return { ...base, type: 'object', fields: fieldsOf(s, base.pointer, base.dotted) };
  }
  if (type === 'array' && isRecord(s.items) && (s.items.type === 'number' || s.items.type === 'integer') && s.items.enum === undefined) {
    return { ...base, type: 'number-list', integer: s.items.type === 'integer', bounds: boundsOf(s.items) };
  }
  return { ...base, type: 'json' };
}

function fieldsOf(s: Schema, pointer: string, dotted: string): FieldModel[] {
  const props = isRecord(s.properties) ? s.properties : {};
  const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
  return Object.entries(props).map(([name, sub]) => fieldOf(name, pointer, dotted, isRecord(sub) ? sub : {}, required.includes(name)));
}

/** The form for a kind's params schema (an object schema; anything else gives one JSON field per nothing). */
export function schemaToForm(schema: Record<string, unknown>): FormModel {
  const alternatives: string[][] = [];
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    for (const alt of list) {
      if (isRecord(alt) && Array.isArray(alt.required)) alternatives.push(alt.required.filter((r): r is string => typeof r === 'string'));
    }
  }
  return { fields: fieldsOf(schema, '', ''), alternatives };
}

/** Every leaf field (nested objects flattened), in form order. */
export function leafFields(fields: readonly FieldModel[]): FieldModel[] {
  return fields.flatMap((f) => (f.type === 'object' ? leafFields(f.fields) : [f]));
}

/** The text an input shows for a JSON value of a field, or '' when the value does not fit the field. */
function textOf(f: FieldModel, v: unknown): string {
  if (v === undefined) return '';
  switch (f.type) {
    case 'string':
      if (f.derivedColumns !== undefined) return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v.join('; ') : '';
      return typeof v === 'string' ? v : '';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
    case 'boolean':
      return typeof v === 'boolean' ? String(v) : '';
    case 'enum':
      return f.options.some((o) => JSON.stringify(o) === JSON.stringify(v)) ? JSON.stringify(v) : '';
    case 'number-list':
      return Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isFinite(x)) ? v.join(', ') : '';
    case 'json':
      return JSON.stringify(v);
    case 'object':
      return '';
  }
}

/** The form's values for a params object (a kind's `example`); fields the object does not set stay empty. */
export function valuesFrom(form: FormModel, params: unknown): FormValues {
  const values: FormValues = {};
  const walk = (fields: readonly FieldModel[], obj: unknown) => {
    for (const f of fields) {
      const v = isRecord(obj) && Object.hasOwn(obj, f.name) ? obj[f.name] : undefined;
      if (f.type === 'object') walk(f.fields, v);
      else values[f.pointer] = textOf(f, v);
    }
  };
  walk(form.fields, params);
  return values;
}

/** Empty values for every field. */
export function emptyValues(form: FormModel): FormValues {
  return valuesFrom(form, {});
}

class FieldError extends Error {}

function parseNumber(f: FieldModel, text: string): number {
  const t = text.trim();
  const n = t === '' ? Number.NaN : Number(t);
  if (!Number.isFinite(n)) throw new FieldError(`param ${f.dotted}: "${shorten(t)}" is not a number`);
  return n;
}

function shorten(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/** The value of one leaf field, or undefined when it is left empty (the param is then omitted). */
function leafValue(f: FieldModel, raw: string | undefined): unknown {
  const text = raw ?? '';
  if (text.trim() === '') return undefined;
  switch (f.type) {
    case 'string':
      if (f.derivedColumns === undefined) return text;
      return derivations(text).length > 0 ? derivations(text) : undefined;
    case 'number':
      return parseNumber(f, text);
    case 'boolean':
      return text === 'true';
    case 'enum':
      return JSON.parse(text) as Json;
    case 'number-list':
      return text
        .split(/[,\s]+/)
        .filter((p) => p !== '')
        .map((p) => parseNumber(f, p));
    case 'json':
      try {
        return JSON.parse(text) as Json;
      } catch (e) {
        throw new FieldError(`param ${f.dotted}: not JSON (${(e as Error).message.split('\n')[0]})`);
      }
    case 'object':
      return undefined;
  }
}

/**
 * The 'NAME = EXPR' items of a derived-columns field's text: split at each ";" outside backticks (a quoted column
 * name may hold one), trimmed, empty items dropped. Example: derivations('a = x + 1; `b;c` = y') is ['a = x + 1', '`b;c` = y'].
 */
export function derivations(text: string): string[] {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === '`') quoted = !quoted;
    if (ch === ';' && !quoted) {
      items.push(current);
      current = '';
    } else current += ch;
  }
  items.push(current);
  return items.map((i) => i.trim()).filter((i) => i !== '');
}

function collect(fields: readonly FieldModel[], values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.type === 'object') {
      const inner = collect(f.fields, values);
      // An optional group left empty is omitted; a required one is sent (empty or not) for the core to judge.
      if (Object.keys(inner).length > 0 || f.required) out[f.name] = inner;
      continue;
    }
    const v = leafValue(f, values[f.pointer]);
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

/**
 * The params the form's values say. Empty fields are omitted, required or not: the core validates the params
 * against the kind's schema and says in one line what is missing. Only text that cannot become the field's
 * type (a number, a list of numbers, JSON) is refused here, in the same one-line style.
 */
export function paramsFromValues(form: FormModel, values: FormValues): ParamsResult {
  try {
    return { ok: true, params: collect(form.fields, values) };
  } catch (e) {
    if (e instanceof FieldError) return { ok: false, error: e.message };
    throw e;
  }
}

/**
 * What a number field accepts, in words: `integer, 1 ≤ x ≤ 100000`, `number, x > 0`. A bound at the edge of what the
 * type can hold (an integer's ±Number.MAX_SAFE_INTEGER, a number's ±Number.MAX_VALUE) bounds nothing worth saying
 * and is left out: `{ min: 0, max: Number.MAX_SAFE_INTEGER }` reads `integer, x ≥ 0`.
 */
export function boundsText(integer: boolean, bounds: Bounds): string {
  const edge = integer ? Number.MAX_SAFE_INTEGER : Number.MAX_VALUE;
  const real = (v: number | undefined): v is number => v !== undefined && Math.abs(v) < edge;
  const b: Bounds = {
    ...(real(bounds.min) ? { min: bounds.min, exclusiveMin: bounds.exclusiveMin === true } : {}),
    ...(real(bounds.max) ? { max: bounds.max, exclusiveMax: bounds.exclusiveMax === true } : {}),
  };
  const what = integer ? 'integer' : 'number';
  const lo = b.min !== undefined ? `${b.min} ${b.exclusiveMin === true ? '<' : '≤'} ` : '';
  const hi = b.max !== undefined ? ` ${b.exclusiveMax === true ? '<' : '≤'} ${b.max}` : '';
  if (lo === '' && hi === '') return what;
  if (lo === '') return `${what}, x${hi}`;
  if (hi === '') return `${what}, x ${b.exclusiveMin === true ? '>' : '≥'} ${b.min}`;
  return `${what}, ${lo}x${hi}`;
}

/**
 * `values` with every case-path field emptied whose path is not one of the case's `files` (a kind's example names
 * its own files, such as `logbook/trackio.db`, which this case may not have); all kept while the files are unknown.
 * Example: on a case holding only `logbook/distill.db`, `{ '/database': 'logbook/trackio.db' }` becomes
 * `{ '/database': '' }`. With `example` (the example's values), only a path the example put there is judged (a path
 * the reviewer or the dialog's opener gave is left alone). Returns `values` itself when nothing changes.
 */
export function keepCasePaths(
  form: FormModel,
  values: FormValues,
  files: readonly { path: string }[] | null,
  example?: FormValues,
): FormValues {
  if (files === null) return values;
  const have = new Set(files.map((f) => f.path));
  let out = values;
  for (const f of leafFields(form.fields)) {
    const v = values[f.pointer];
    if (f.type !== 'string' || !f.casePath || v === undefined || v === '' || have.has(v)) continue;
    if (example !== undefined && example[f.pointer] !== v) continue;
    out = { ...out, [f.pointer]: '' };
  }
  return out;
}
