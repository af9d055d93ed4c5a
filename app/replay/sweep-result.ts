/**
 * One replayed point's end as a sweep point (a RunReport, app/sandbox/host.ts): `ok` with the tables its stdout
 * printed when it exited 0 and printed at least one, else one line saying how it failed (`exited` with the exit
 * code and the last stderr line, `timeout`, `out-of-memory`, `killed by SIGTERM`, `invalid-output` for an output
 * cut at its limit or no table, `denied` for hostile behaviour the sandbox stopped).
 * The tables: every table checkers/tables/printed.ts finds (the extractor of `recheck extract`), plus each
 * key=value line whose keys no other line repeats, as a one-row table: a sweep that runs one k per point prints
 * `k=1024 cost=7.3` once, which the extractor (needing two lines) would skip. Cells stay the exact printed text.
 * Example: stdout `k=8 cost=2.07\n` gives value `{ exitCode: 0, tables: [{ columns: ['k', 'cost'], rows: [['8', '2.07']] }], ... }`.
 */
import { sha256 } from '../fs/hash';
import type { ProgramResult } from '../sandbox/process/run-program';
import type { RunReport } from '../sandbox/runner';
import { findPrintedTables } from '../../checkers/tables/printed';
import { parseKeyValueLine } from '../../checkers/tables/key-value-line';
import { cannotRunWhy } from './judge';

/** One printed table of a point: its columns and rows of exact printed cells. */
export interface PointTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** The result of an `ok` point. */
export interface ReplayPointValue {
  readonly exitCode: 0;
  readonly stdoutSha256: string;
  readonly stdoutBytes: number;
  readonly tables: readonly PointTable[];
}

const STDERR_TAIL = 8192;

/** The tables of a point's stdout, in the order of their first line (see the file comment). */
export function pointTables(stdout: string): PointTable[] {
  const found = findPrintedTables(stdout).tables;
  const taken = new Set<number>();
  const out: { line: number; table: PointTable }[] = [];
  for (const t of found) {
    for (let l = t.firstLine; l <= t.lastLine; l++) taken.add(l);
    out.push({ line: t.firstLine, table: { columns: [...t.columns], rows: t.rows.map((r) => [...r.cells]) } });
  }
  stdout.split('\n').forEach((text, i) => {
    if (taken.has(i + 1) || text.trim() === '') return;
    const kv = parseKeyValueLine(text.trim());
    if (kv !== null && 'keys' in kv) out.push({ line: i + 1, table: { columns: [...kv.keys], rows: [[...kv.values]] } });
  });
  return out.sort((a, b) => a.line - b.line).map((x) => x.table);
}

/** The sweep point of a replayed run (see the file comment); `python` is the interpreter asked for, for messages. */
export function pointReport(ran: ProgramResult, python: string | undefined): RunReport {
  const common = {
    wallMs: ran.durationMs,
    confined: ran.confined,
    stderrTail: ran.stderr.length > STDERR_TAIL ? ran.stderr.slice(-STDERR_TAIL) : ran.stderr,
  };
  if (ran.hostile.length > 0)
    return { ...common, outcome: 'denied', message: `the sandbox stopped hostile behaviour: ${ran.hostile.join('; ')}` };
  const why = cannotRunWhy(ran, python);
  switch (ran.ended) {
    case 'timeout':
    case 'cpu-limit':
      return { ...common, outcome: 'timeout', message: why ?? 'time limit reached' };
    case 'memory-limit':
      return { ...common, outcome: 'out-of-memory', message: why ?? 'memory limit reached' };
    case 'output-limit':
      return { ...common, outcome: 'invalid-output', message: why ?? 'output limit reached' };
    case 'aborted':
      return { ...common, outcome: 'killed', message: 'cancelled' };
    case 'exited':
      break;
  }
  if (ran.signal !== null) return { ...common, outcome: 'killed', message: `killed by ${ran.signal}` };
  if (ran.stdoutTruncated)
    return { ...common, outcome: 'invalid-output', message: why ?? 'the program printed more than its output limit' };
  if (ran.exitCode !== 0) {
    const last = ran.stderr.trim().split('\n').at(-1)?.slice(0, 300) ?? '';
    return {
      ...common,
      outcome: 'exited',
      message: why ?? `the program exited ${ran.exitCode}${last !== '' ? `: ${last}` : ''}`,
      ...(ran.exitCode !== null ? { exitCode: ran.exitCode } : {}),
    };
  }
  const tables = pointTables(ran.stdout);
  if (tables.length === 0) return { ...common, outcome: 'invalid-output', message: 'the program exited 0 but printed no table' };
  const value: ReplayPointValue = {
    exitCode: 0,
    stdoutSha256: sha256(ran.stdout),
    stdoutBytes: Buffer.byteLength(ran.stdout, 'utf8'),
    tables,
  };
  return { ...common, outcome: 'ok', value };
}
