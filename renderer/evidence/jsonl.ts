/**
 * JSON Lines for the evidence viewer's table: one JSON value per line (blank lines skipped), each parsed
 * within bounds (common/json/bounded.ts). Columns are the objects' keys in the order first seen; a line that is
 * not an object fills a `(value)` column. A cell holds a string as is and any other value as compact JSON.
 * A line that is not JSON is a problem naming it.
 * Example: `parseJsonLines('{"a":1}\n{"b":"x"}\n')` has columns ['a', 'b'] and rows [['1', ''], ['', 'x']].
 */
import { DEFAULT_JSON_LIMITS, JsonLimitError, parseJsonBounded } from '../../common/json/bounded';
import { MAX_TABLE_ROWS, type ParsedTable, type TableRow } from './csv';

const VALUE_COLUMN = '(value)';

function cellText(v: unknown): string {
  if (v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export function parseJsonLines(text: string): ParsedTable {
  const lines = text.split(/\r\n|\n|\r/);
  const parsed: { line: number; value: unknown }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.trim() === '') continue;
    if (parsed.length >= MAX_TABLE_ROWS) return { ok: false, line: i + 1, problem: `more than ${MAX_TABLE_ROWS} rows` };
    try {
      parsed.push({ line: i + 1, value: parseJsonBounded(l, DEFAULT_JSON_LIMITS) });
    } catch (err) {
      if (err instanceof SyntaxError || err instanceof JsonLimitError)
        return { ok: false, line: i + 1, problem: `not a JSON value (${err.message})` };
      throw err;
    }
  }
  const columns: string[] = [];
  const index = new Map<string, number>();
  const add = (k: string) => {
    if (!index.has(k)) {
      index.set(k, columns.length);
      columns.push(k);
    }
  };
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  for (const p of parsed) {
    if (isRecord(p.value)) for (const k of Object.keys(p.value)) add(k);
    else add(VALUE_COLUMN);
  }
  const rows: TableRow[] = parsed.map((p) => {
    const values = new Array<string>(columns.length).fill('');
    if (isRecord(p.value)) for (const [k, v] of Object.entries(p.value)) values[index.get(k)!] = cellText(v);
    else values[index.get(VALUE_COLUMN)!] = cellText(p.value);
    return { line: p.line, values };
  });
  return { ok: true, columns, rows };
}
