/**
 * The registry of check kinds: looks kinds up by name, validates a declared check's params against the
 * kind's JSON schema, and lists the params that are case paths (marked `casePath: true` in the schema) so
 * that the case loader confines each one to the case folder. Later capabilities extend Recheck by adding
 * kinds to app/checks/kinds/index.ts.
 */
import type { ValidateFunction } from 'ajv';
import type { CasePathParam, KindRegistry } from '../cases/check-registry';
import type { CheckKind } from './kind';
import type { JsonSchema } from '../json/json-schema';
import { createAjv, describeAjvError } from '../json/ajv';

/** The registry of this process's check kinds (the interface the case store validates with, app/cases/check-registry.ts). */
export type CheckRegistry = KindRegistry<CheckKind>;
export type { CasePathParam };

export function createCheckRegistry(kinds: readonly CheckKind[]): CheckRegistry {
  const ajv = createAjv();
  // An annotation: no validation of its own (the param is still a string), read by casePaths.
  ajv.addKeyword({ keyword: 'casePath', schemaType: 'boolean' });
  const byName = new Map<string, { kind: CheckKind; validate: ValidateFunction }>();
  for (const kind of kinds) {
    if (byName.has(kind.kind)) throw new Error(`check kind registered twice: ${kind.kind}`);
    byName.set(kind.kind, { kind, validate: ajv.compile(kind.paramsSchema) });
  }
  return {
    kinds: () => [...byName.values()].map((e) => e.kind),
    get: (name) => byName.get(name)?.kind,
    validateParams(name, params) {
      const entry = byName.get(name);
      if (!entry) return { pointer: '', problem: `unknown check kind "${name}" (known: ${[...byName.keys()].join(', ') || 'none'})` };
      if (entry.validate(params)) return null;
      return describeAjvError(entry.validate.errors?.[0]);
    },
    casePaths(name, params) {
      const entry = byName.get(name);
      if (!entry) return [];
      const found = new Map<string, CasePathParam>();
      collectCasePaths(entry.kind.paramsSchema, params, '', found);
      return [...found.values()];
    },
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Walks `value` along `schema` (properties, additionalProperties, items, allOf/anyOf/oneOf), collecting marked strings. */
function collectCasePaths(schema: JsonSchema, value: unknown, pointer: string, found: Map<string, CasePathParam>): void {
  if (schema.casePath === true && typeof value === 'string') found.set(pointer, { pointer, path: value });
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const sub of list) if (isRecord(sub)) collectCasePaths(sub, value, pointer, found);
  }
  if (isRecord(value)) {
    const props = isRecord(schema.properties) ? schema.properties : {};
    for (const [k, v] of Object.entries(value)) {
      const sub = Object.hasOwn(props, k) ? props[k] : schema.additionalProperties;
      if (isRecord(sub)) collectCasePaths(sub, v, `${pointer}/${escapePointer(k)}`, found);
    }
  }
  if (Array.isArray(value) && isRecord(schema.items)) {
    const items = schema.items;
    value.forEach((v, i) => collectCasePaths(items, v, `${pointer}/${i}`, found));
  }
}
