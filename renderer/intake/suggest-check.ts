/**
 * Which check "Add a check on this table" proposes for an extracted table, from its column names (the reviewer
 * can always choose another kind; the table is kept, kind-switch.ts):
 * - a seed column and two more columns (e.g. seed, baseline, method): the same seeds measured twice, a paired
 *   comparison: `hypothesis-test` with the paired t test, the column named like a baseline as `b`;
 * - otherwise a size-like column (k, n, steps, size, ...) with another column: `growth-fit` of the next column
 *   against it, which tells growing from bounded;
 * - otherwise `growth-fit` with x and y left for the reviewer.
 * Pure: names only (the dialog's form then offers the table's real columns).
 * Example: `suggestCheck('tables/t.csv', ['seed', 'baseline', 'method']).kind` is `'hypothesis-test'` with
 * `a: 'method', b: 'baseline'`.
 */

export interface SuggestedCheck {
  readonly kind: string;
  readonly params: Record<string, unknown>;
  /** Why this kind, and what is left to choose, one or two sentences. */
  readonly note: string;
}

const SEED = /^(seed|seeds|run|replicate|rep|trial)(_?id)?$/i;
const BASELINE = /base|control|reference|^ref$|before|old|vanilla|standard/i;
const SIZE = /^(k|n|x|d|m|t|steps?|size|horizon|epochs?|iter(ation)?s?|dim(ension)?s?|width|depth|len(gth)?|tokens|batch(_size)?|scale)$/i;

export function suggestCheck(table: string, columns: readonly string[]): SuggestedCheck {
  const seed = columns.find((c) => SEED.test(c));
  const others = columns.filter((c) => c !== seed);
  if (seed !== undefined && others.length >= 2) {
    const b = others.find((c) => BASELINE.test(c)) ?? others[0]!;
    const a = others.find((c) => c !== b)!;
    return {
      kind: 'hypothesis-test',
      params: { table, a, b, test: 'paired-t', alternative: 'two-sided', level: 0.95, decideAt: 0.05, expect: 'difference' },
      note: `Started from ${table}: one row per ${seed} with ${others.length} measurements, so a paired comparison over the same ${seed}s (${a} against ${b}); check the columns, the claim's direction and, if the logbook used another test, give it as the finding's test.`,
    };
  }
  const x = columns.find((c) => SIZE.test(c));
  if (x !== undefined && columns.length >= 2) {
    const y = columns[columns.indexOf(x) + 1] ?? columns.find((c) => c !== x)!;
    return {
      kind: 'growth-fit',
      params: { table, x, y },
      note: `Started from ${table}: ${y} against ${x}, to tell growing from bounded; choose another y among its columns (${columns.join(', ')}) if the finding is about one.`,
    };
  }
  return {
    kind: 'growth-fit',
    params: { table },
    note: `Started from ${table}: choose x and y among its columns (${columns.join(', ')}), or another kind.`,
  };
}
