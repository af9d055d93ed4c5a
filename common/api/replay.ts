/**
 * The replay capability: what a reviewer may change when replaying a logbook's run cell. `replayLiterals` lists
 * the parameters detected in the script the cell's recorded command runs (checkers/replay/literals.ts: top-level
 * number and list constants, argparse flags, `sys.argv`, environment variables) with the cell's command and the
 * columns its printed output holds; `checkReplayGrid` expands and checks a grid of values for one of them, as
 * `recheck replay --grid` would (app/replay/sweep-grid.ts, sweep-bindings.ts), so the form says in words what is
 * wrong before a check is declared.
 * Each method is declared once here (common/api/method.ts); app/api/slices/replay.ts implements them.
 * Example: `await api.replayLiterals({ caseId: 'paging', cell: 'cell_paging_sweep' })` lists `{ kind: 'list', name: 'KS', value:
 * '[2, 4, 8, 16]', line: 5, grid: 'KS', ... }`.
 */
import { method, returns } from './method';
import { ApiArgumentError, arity, id, name, optional, record, text } from './validate';

/** Where a literal's override goes: `set` NAME=VALUE, `args` appended, or an `env` variable. */
export type ReplayOverrideTarget =
  | { readonly type: 'set'; readonly name: string }
  | { readonly type: 'arg'; readonly flag: string | null }
  | { readonly type: 'env'; readonly variable: string };

/** One overridable literal of the cell's script. */
export interface ReplayLiteralView {
  /** `list` and `constant`: a top-level constant; `argument`: an argparse flag or sys.argv; `env`: an environment variable. */
  readonly kind: 'list' | 'constant' | 'argument' | 'env';
  /** `KS`, `--k`, `sys.argv[1]`, `SEED`. */
  readonly name: string;
  /** 1-based line of the script. */
  readonly line: number;
  /** The current value as written (`[2, 4, 8, 16]`, a flag's default), or null when the script gives none. */
  readonly value: string | null;
  readonly override: ReplayOverrideTarget;
  /** The grid name a sweep of it takes (`KS`, `--k`, `env:SEED`), or null when it cannot be swept (sys.argv). */
  readonly grid: string | null;
}

export interface ReplayLiteralsView {
  readonly cell: string;
  readonly logbook: string;
  readonly page: string;
  /** The command the logbook recorded. */
  readonly command: readonly string[];
  readonly interpreter: 'python' | 'shell' | 'node' | null;
  /** The script the command runs, and where its text was read (the page's embedded copy or the case's file). */
  readonly script: { readonly path: string; readonly from: 'page' | 'case' } | null;
  readonly literals: readonly ReplayLiteralView[];
  /** The columns of each table the cell's printed output holds (what each replayed point prints, when it prints alike). */
  readonly printedTables: readonly (readonly string[])[];
  /** Why no literal can be offered (not a Python script, the script unreadable), when so. */
  readonly why?: string;
}

/** A run cell of a case (`logbook` when the cell id is not unique). */
export interface ReplayCellInput {
  readonly caseId: string;
  readonly cell: string;
  readonly logbook?: string;
}

export interface ReplayGridInput extends ReplayCellInput {
  /** The grid name (`KS`, `--k`, `env:SEED`). */
  readonly name: string;
  /** The values as typed: `2,4,8,...,1024` or `2, 4, 16`. */
  readonly values: string;
  /** Which printed table the sweep keeps (1-based, default 1): its columns come back. */
  readonly table?: number;
}

export type ReplayGridView =
  | {
      readonly ok: true;
      readonly name: string;
      readonly values: readonly (number | string | boolean)[];
      /** How the name reaches the program, in words (`the top-level list KS, as [value]`). */
      readonly binding: string;
      /** The columns of the sweep's table: the grid name (unless the program prints it) then the printed table's. */
      readonly columns: readonly string[];
    }
  | { readonly ok: false; readonly problem: string };

export const REPLAY = {
  /** The overridable literals of a run cell's script (see the file comment). */
  replayLiterals: method({
    validate: (a, m): [input: ReplayCellInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'cell', 'logbook']);
      const logbook = optional(r.logbook, (x) => id(m, 'logbook', x));
      return [{ caseId: id(m, 'caseId', r.caseId), cell: name(m, 'cell', r.cell, 300), ...(logbook !== undefined ? { logbook } : {}) }];
    },
    result: returns<ReplayLiteralsView>(),
  }),
  /** A grid of values for one literal, expanded and checked (see the file comment); a problem is `ok: false`, in words. */
  checkReplayGrid: method({
    validate: (a, m): [input: ReplayGridInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'cell', 'logbook', 'name', 'values', 'table']);
      const logbook = optional(r.logbook, (x) => id(m, 'logbook', x));
      if (r.table !== undefined && (!Number.isInteger(r.table) || (r.table as number) < 1 || (r.table as number) > 1000))
        throw new ApiArgumentError(m, 'table must be a whole number from 1 to 1000');
      return [
        {
          caseId: id(m, 'caseId', r.caseId),
          cell: name(m, 'cell', r.cell, 300),
          name: name(m, 'name', r.name, 200),
          values: text(m, 'values', r.values, 100_000),
          ...(logbook !== undefined ? { logbook } : {}),
          ...(r.table !== undefined ? { table: r.table as number } : {}),
        },
      ];
    },
    result: returns<ReplayGridView>(),
  }),
};
