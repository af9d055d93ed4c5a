/**
 * The `derive` and `deriveDigits` params a check kind that reads a table's columns by name shares: derived
 * columns 'NAME = EXPR' in the calc grammar, computed when the check runs by the code `recheck extract --derive`
 * and `recheck fit --derive` use (app/logbook/extract-derived.ts: exact where the inputs are exact decimals and
 * every step is rational, else correctly rounded to `deriveDigits` significant digits). The schema marks `derive`
 * with the annotation `derivedColumns: '<table param>'`: addCheck checks each expression against that table's
 * header (app/cases/table-columns.ts) and the check form offers the derived names among the table's columns.
 * Example: growth-fit `{ table: 't.csv', derive: ['additive = ratio - `H_k`'], x: 'k', y: 'additive' }`.
 */
import type { DerivedColumnRecord } from '../../logbook/extract-derived';
import type { CsvTable } from '../../tables/csv';

export interface DeriveParams {
  /** Derived columns 'NAME = EXPR', applied in order (a later one may read an earlier one). */
  derive?: string[];
  /** Significant digits of derived cells that are not exact (default 20). */
  deriveDigits?: number;
}

/** The two params' schemas, for a kind whose table is the top-level param `tableParam`. */
export function deriveParamsSchema(tableParam: string, what = 'table'): Record<string, unknown> {
  return {
    derive: {
      type: 'array',
      maxItems: 20,
      items: { type: 'string', minLength: 3, maxLength: 2000 },
      derivedColumns: tableParam,
      description: `${what}: derived columns 'NAME = EXPR' (calc grammar), in order; the column params may name them`,
    },
    deriveDigits: {
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      description: `${what}: significant digits of derived cells that are not exact (default 20)`,
    },
  };
}

/** What a check's evidence records of a derived column: the record, whether every cell is exact, and one line. */
export interface DerivedColumnEvidence extends DerivedColumnRecord {
  readonly exact: boolean;
  readonly described: string;
}

/**
 * The table with the params' derived columns appended, and their evidence (empty without `derive`: nothing is
 * loaded then). `where` names the param in a derivation's syntax error.
 */
export async function withDerivedColumns(
  table: CsvTable,
  params: DeriveParams,
  where = 'param derive',
): Promise<{ table: CsvTable; derived: DerivedColumnEvidence[] }> {
  if ((params.derive ?? []).length === 0) return { table, derived: [] };
  const { deriveCsvColumns, describeDerived } = await import('../../logbook/extract-derived');
  const out = await deriveCsvColumns(table, params.derive ?? [], params.deriveDigits, where);
  return { table: out.table, derived: out.derived.map((d) => ({ ...d, exact: d.roundedCells === 0, described: describeDerived(d) })) };
}
