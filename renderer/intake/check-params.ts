/**
 * A declared check's params, compactly: the params that name files of the case (marked `casePath: true` in
 * the kind's params schema, nested ones too, e.g. growth-fit's `sweep.program`), as `name: path` pairs. These
 * say what the check reads; the rest stays in case.json. Pure.
 *
 * Example: `casePathParams({ table: 'tables/s.csv', x: 'k' }, growthFitSchema)` is `[{ name: 'table', path: 'tables/s.csv' }]`.
 */

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface CasePathParam {
  /** Dotted name of the param (`sweep.program`). */
  name: string;
  path: string;
}

/** The casePath params set in `params`, in the schema's property order. */
export function casePathParams(params: Record<string, unknown>, schema: Record<string, unknown> | undefined): CasePathParam[] {
  if (schema === undefined) return [];
  const out: CasePathParam[] = [];
  const walk = (s: Record<string, unknown>, value: unknown, prefix: string) => {
    if (!isRecord(s.properties) || !isRecord(value)) return;
    for (const [name, sub] of Object.entries(s.properties)) {
      if (!isRecord(sub) || !Object.hasOwn(value, name)) continue;
      const v = value[name];
      const dotted = prefix === '' ? name : `${prefix}.${name}`;
      if (sub.casePath === true && typeof v === 'string') out.push({ name: dotted, path: v });
      else walk(sub, v, dotted);
    }
  };
  walk(schema, params, '');
  return out;
}
