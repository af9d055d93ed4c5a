/**
 * Lines of a Markdown (GFM) table: `| k | ratio |`, then a delimiter row `|---|:---:|`, then rows. Outer pipes
 * are optional on every line; `\|` is a pipe inside a cell. Cells are trimmed and otherwise kept as printed.
 * Guarantee: exact.
 */

/**
 * The cells of a table line (a line holding at least one unescaped `|`), else null.
 * Example: `markdownCells('| 16 | 3.87 |')` is `['16', '3.87']`; `markdownCells('a \\| b | c')` is `['a | b', 'c']`.
 */
export function markdownCells(line: string): string[] | null {
  let t = line.trim();
  if (!/(^|[^\\])\|/.test(t)) return null;
  if (t.startsWith('|')) t = t.slice(1);
  if (t.endsWith('|') && !t.endsWith('\\|')) t = t.slice(0, -1);
  const cells: string[] = [];
  let current = '';
  for (let i = 0; i < t.length; i++) {
    const c = t[i] as string;
    if (c === '\\' && t[i + 1] === '|') {
      current += '|';
      i++;
    } else if (c === '|') {
      cells.push(current.trim());
      current = '';
    } else {
      current += c;
    }
  }
  cells.push(current.trim());
  return cells;
}

/**
 * The number of columns a delimiter row declares (cells of `-`, with optional `:` at either end; at least one
 * pipe), else null. Example: `delimiterColumns('|---|:--:|')` is 2; `delimiterColumns('---')` is null.
 */
export function delimiterColumns(line: string): number | null {
  const cells = markdownCells(line);
  if (cells === null || !cells.every((c) => /^:?-+:?$/.test(c))) return null;
  return cells.length;
}
