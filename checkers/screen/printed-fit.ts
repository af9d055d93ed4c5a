/**
 * Printed fits tied to the table they were computed from, and recomputed (checkers/stats/printed-consistency.ts).
 * A printed fit is a slope field `b` or `slope` (`b = 0.86 ± 0.09`) in a paragraph (text between blank lines)
 * that names the table's columns:
 * - x: a column named right after `ln` or `log` (`against ln k`, `log(k)`) gives the log law; when the
 *   paragraph also names another column after `ln`/`log`, that is y and the law is the power law (log-log);
 *   otherwise a column named right after `against`, `vs` or `versus` gives the linear law;
 * - y: the numeric column (other than x) whose name's first word the paragraph names first; with no such
 *   word and exactly two numeric columns, the other one;
 * - the table: the nearest table printed before the statement in the same text, else the nearest earlier one
 *   in the evidence, that holds both columns, all numbers, at least 3 rows, and is not truncated.
 * A printed ± is a standard error unless the paragraph says `95%`, `CI` or `confidence` (then a 95% half-width).
 * Guarantee: the consistency check's (enclosure); the tying is exact text matching, and a statement it cannot
 * tie is left alone (never flagged).
 */
import type { Mpfr } from '../precise/mpfr';
import { CheckerError } from '../errors';
import { checkPrintedConsistency, type ConsistencyReport } from '../stats/printed-consistency';
import type { FitLaw } from '../stats/printed-statistics';
import { findField, type PrintedMeasurement } from '../tables/printed-uncertainty';
import { findPrintedTables } from '../tables/printed';
import type { PrintedTable } from '../tables/printed-table';
import type { CellTable, CellText } from './evidence-tables';

/** A printed fit, the table it was tied to, and the recomputation. */
export interface TiedFit {
  readonly at: CellText;
  readonly printed: string;
  readonly law: FitLaw;
  readonly x: string;
  readonly y: string;
  readonly table: CellTable;
  readonly report: ConsistencyReport;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const firstWord = (name: string) => (/^[A-Za-z_][\w-]*/.exec(name.trim())?.[0] ?? name.trim()).toLowerCase();

/** The law and columns a paragraph names for `table`, or null. Example: "fit of y against ln k" on columns k, y is log, x k, y y. */
export function fitColumns(paragraph: string, table: PrintedTable): { law: FitLaw; x: string; y: string } | null {
  const numeric = table.columns.filter((_, j) => table.numeric[j] === true);
  const after = (words: string, c: string) => new RegExp(`\\b(?:${words})\\s*\\(?\\s*${escape(c)}(?![\\w-])`, 'i').test(paragraph);
  const logged = numeric.filter((c) => after('ln|log', c));
  let law: FitLaw;
  let x: string | undefined;
  let y: string | undefined;
  if (logged.length >= 2) {
    // log-log: "ln y against ln x": x is the one named after against/vs, else the second named.
    law = 'power';
    x = logged.find((c) => after('against|vs\\.?|versus|on', `ln ${c}`) || after('against|vs\\.?|versus|on', `log ${c}`)) ?? logged[1];
    y = logged.find((c) => c !== x);
  } else if (logged.length === 1) {
    law = 'log';
    x = logged[0];
  } else {
    law = 'linear';
    x = numeric.find((c) => after('against|vs\\.?|versus', c));
  }
  if (x === undefined) return null;
  if (y === undefined) {
    const lower = paragraph.toLowerCase();
    const others = numeric.filter((c) => c !== x);
    let best: { c: string; at: number } | null = null;
    for (const c of others) {
      const m = new RegExp(`(?<![\\w-])${escape(firstWord(c))}(?![\\w-])`).exec(lower);
      if (m !== null && (best === null || m.index < best.at)) best = { c, at: m.index };
    }
    y = best?.c ?? (others.length === 1 ? others[0] : undefined);
  }
  return y === undefined ? null : { law, x, y };
}

/** The paragraph (text between blank lines) around offset `at`. */
function paragraphAt(text: string, at: number): string {
  const start = text.lastIndexOf('\n\n', at);
  const end = text.indexOf('\n\n', at);
  return text.slice(start < 0 ? 0 : start, end < 0 ? text.length : end);
}

/**
 * Every printed fit of the texts that ties to a table, recomputed. `texts` in evidence order.
 * Example: the paging writeup's "b = 0.86 ± 0.09" on its 4-row table recomputes b = 0.64 ± 0.1: inconsistent.
 */
export function tiedFits(mpfr: Mpfr, texts: readonly CellText[], bits = 128): TiedFit[] {
  const out: TiedFit[] = [];
  texts.forEach((t, ti) => {
    const measurements: PrintedMeasurement[] = [...findField(t.text, 'b'), ...findField(t.text, 'slope')].sort((a, b) => a.start - b.start);
    for (const m of measurements) {
      const paragraph = paragraphAt(t.text, m.start);
      const candidates: CellTable[] = [];
      const here = findPrintedTables(t.text.slice(0, m.start)).tables;
      for (let i = here.length - 1; i >= 0; i--) candidates.push({ ...t, table: here[i] as PrintedTable });
      for (let j = ti - 1; j >= 0; j--) {
        const before = findPrintedTables((texts[j] as CellText).text).tables;
        for (let i = before.length - 1; i >= 0; i--) candidates.push({ ...(texts[j] as CellText), table: before[i] as PrintedTable });
      }
      for (const c of candidates) {
        if (c.table.truncated || c.table.rows.length < 3) continue;
        const cols = fitColumns(paragraph, c.table);
        if (cols === null) continue;
        try {
          const report = checkPrintedConsistency(
            mpfr,
            {
              printed: {
                value: m.value,
                ...(m.relation !== 'eq' ? { relation: m.relation } : {}),
                ...(m.uncertainty ? { uncertainty: m.uncertainty } : {}),
              },
              table: { columns: c.table.columns, rows: c.table.rows.map((r) => r.cells) },
              method: { method: 'fit-slope', law: cols.law, x: cols.x, y: cols.y },
              label: 'b',
              plusMinus: /95\s*%|\bCI\b|confidence/i.test(paragraph) ? 'ci95' : 'se',
            },
            bits,
          );
          out.push({ at: t, printed: m.printed, ...cols, table: c, report });
        } catch (err) {
          if (!(err instanceof CheckerError)) throw err;
          continue; // a column that is no positive number for a log: not this table
        }
        break;
      }
    }
  });
  return out;
}
