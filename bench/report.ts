/**
 * What a benchmark reports for the README's speed table, and the smoke switch. Each module calls `record` with
 * its rows (workload, ours, reference, ratio: already formatted); `npm run bench` (bench/index.ts) writes them
 * with the date and the load average to bench/results/speed.json, from which scripts/speed-table.mjs rewrites
 * the README between its markers, so no README row is typed by hand.
 * `--smoke` (`npm run bench -- --smoke`, the test command's bench stage): a few iterations each, smaller
 * workloads, no timing assertions and no table; it proves every benchmark still runs to the end.
 * Example: `record({ bench: 'fit', workload: '...', ours: '1 ms', reference: '...', ratio: '2,600x faster' })`.
 */

export interface SpeedRow {
  /** The module's `name`. */
  readonly bench: string;
  readonly workload: string;
  readonly ours: string;
  readonly reference: string;
  readonly ratio: string;
}

const rows: SpeedRow[] = [];
const notes: { bench: string; text: string }[] = [];

/** Add a row to the speed table of this run. */
export function record(row: SpeedRow): void {
  rows.push(row);
}

/** A sentence for the text under the table (e.g. how a number was measured). */
export function note(bench: string, text: string): void {
  notes.push({ bench, text });
}

export function recorded(): { rows: readonly SpeedRow[]; notes: readonly { bench: string; text: string }[] } {
  return { rows: [...rows], notes: [...notes] };
}

/** Whether this is a smoke run (`--smoke` on the command line). */
export function isSmoke(argv: readonly string[] = process.argv.slice(2)): boolean {
  return argv.includes('--smoke');
}

/** `full` normally, `smoke` in a smoke run: iteration counts and workload sizes. */
export function pick<T>(full: T, smoke: T, argv: readonly string[] = process.argv.slice(2)): T {
  return isSmoke(argv) ? smoke : full;
}

/** Milliseconds or seconds, three significant figures. Example: `fmtSeconds(0.0023)` is '2.30 ms'. */
export function fmtSeconds(s: number): string {
  if (s < 1e-3) return `${(s * 1e6).toFixed(0)} us`;
  if (s < 1) return `${(s * 1000).toPrecision(3)} ms`;
  return `${s.toPrecision(3)} s`;
}
