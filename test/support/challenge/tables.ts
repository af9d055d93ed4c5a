/**
 * The numbers of generated logbooks: sweep tables that grow like a + b ln k or level off like a - c / k,
 * printed with 4 decimals, and the OLS slope of y against ln k with its standard error computed from the
 * printed cells (so a "consistent" printed fit follows from its table, and an "inconsistent" one is moved
 * many standard errors and rounding units away).
 */
import type { Xoshiro128 } from '../../../checkers/random/xoshiro128';
import { fitLaws } from '../../../checkers/stats/growth-fit';

export interface SweepTable {
  readonly k: readonly number[];
  /** The printed y cells (4 decimals). */
  readonly y: readonly string[];
}

/** k = 2, 4, ..., 2^rows. */
export function powersOfTwo(rows: number): number[] {
  return Array.from({ length: rows }, (_, i) => 2 ** (i + 1));
}

/** y = a + b ln k + noise. */
export function growingTable(rng: Xoshiro128, rows: number): SweepTable {
  const k = powersOfTwo(rows);
  const a = 0.3 + 0.2 * rng.nextFloat();
  const b = 0.3 + 0.4 * rng.nextFloat();
  return { k, y: k.map((x) => (a + b * Math.log(x) + 0.004 * rng.nextNormal()).toFixed(4)) };
}

/** y = a - c / k + noise (levels off at a). */
export function boundedTable(rng: Xoshiro128, rows: number): SweepTable {
  const k = powersOfTwo(rows);
  const a = 1 + rng.nextFloat();
  const c = 0.8 + 0.8 * rng.nextFloat();
  return { k, y: k.map((x) => (a - c / x + 0.0005 * rng.nextNormal()).toFixed(4)) };
}

/** OLS of y on ln k from the printed cells: slope and its standard error (n - 2 dof). */
export function logSlope(t: SweepTable): { b: number; se: number } {
  const u = t.k.map(Math.log);
  const y = t.y.map(Number);
  const n = u.length;
  const mu = u.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += ((u[i] as number) - mu) ** 2;
    sxy += ((u[i] as number) - mu) * ((y[i] as number) - my);
  }
  const b = sxy / sxx;
  const a = my - b * mu;
  let rss = 0;
  for (let i = 0; i < n; i++) rss += ((y[i] as number) - a - b * (u[i] as number)) ** 2;
  return { b, se: Math.sqrt(rss / (n - 2) / sxx) };
}

/** `b = 0.512 ± 0.0031`: the slope to 4 decimals and its se to 2 significant digits (consistent with the table). */
export function printedFit(t: SweepTable, shift = 0): string {
  const { b, se } = logSlope(t);
  const seText = Number(se.toPrecision(2)).toString();
  return `b = ${(b + shift).toFixed(4)} ± ${seText}`;
}

/** The table as `print()` writes aligned columns, or as a Markdown table. */
export function tableText(t: SweepTable, y: string, style: 'columns' | 'markdown'): string {
  if (style === 'markdown') return [`| k | ${y} |`, '|---|---|', ...t.k.map((k, i) => `| ${k} | ${t.y[i]} |`)].join('\n');
  return [`${'k'.padStart(6)} ${y.padStart(10)}`, ...t.k.map((k, i) => `${String(k).padStart(6)} ${(t.y[i] as string).padStart(10)}`)].join(
    '\n',
  );
}

/** The growth conclusion (checkers/stats/growth-conclusion.ts) on the printed table. */
export function conclusionOf(t: SweepTable): string {
  return fitLaws(t.k.map((x, i) => ({ x, y: Number(t.y[i]) }))).conclusion.value;
}
