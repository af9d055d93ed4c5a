/**
 * The registry of check kinds: looks kinds up by name and validates a declared check's params against the
 * kind's JSON schema. Later capabilities extend Recheck by adding kinds to app/checks/kinds/index.ts.
 */
import type { ValidateFunction } from 'ajv';
import type { CheckKind } from './kind';
import { createAjv, describeAjvError } from '../json/ajv';

export interface CheckRegistry {
  kinds(): CheckKind[];
  get(kind: string): CheckKind | undefined;
  /** Validates params of a declared check; returns null when valid, else the problem and pointer suffix. */
  validateParams(kind: string, params: unknown): { pointer: string; problem: string } | null;
}

export function createCheckRegistry(kinds: readonly CheckKind[]): CheckRegistry {
  const ajv = createAjv();
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
  };
}
