/**
 * What the case store needs of the check kinds: their names, and validation of a declared check's params
 * against its kind's schema with the params that are case paths. The kinds themselves live above the case
 * store (app/checks/registry.ts builds the registry from app/checks/kinds), so the store asks through this
 * interface and never imports a kind.
 * Example: `loadCase(dir, registry)` refuses a check whose params `registry.validateParams` rejects.
 */
import type { JsonSchema } from '../json/json-schema';

/** The part of a check kind the case store reads. */
export interface DeclaredKind {
  readonly kind: string;
  /** Title a new check gets when the reviewer gives none. */
  readonly title: string;
  readonly paramsSchema: JsonSchema;
}

/** A param naming a file or folder of the case: its JSON pointer inside `params` and its value. */
export interface CasePathParam {
  readonly pointer: string;
  readonly path: string;
}

export interface KindRegistry<K extends DeclaredKind = DeclaredKind> {
  kinds(): K[];
  get(kind: string): K | undefined;
  /** Validates params of a declared check; returns null when valid, else the problem and pointer suffix. */
  validateParams(kind: string, params: unknown): { pointer: string; problem: string } | null;
  /**
   * The case paths among valid params (schema nodes marked `casePath: true`), in schema order.
   * Example: for `growth-fit` with `{ table: 't.csv', x: 'k', y: 'v' }` it is `[{ pointer: '/table', path: 't.csv' }]`.
   */
  casePaths(kind: string, params: unknown): CasePathParam[];
}

/** The registry as the case store sees it. */
export type CheckRegistry = KindRegistry;
