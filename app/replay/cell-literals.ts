/**
 * What a reviewer may change in a replay of a run cell, for the UI: the cell's recorded command, the script it
 * runs (the page's embedded copy, else the case's file: overrides.ts `scriptSource`), that script's overridable
 * literals (checkers/replay/literals.ts) each with where its override goes and the grid name a sweep of it
 * takes (sweep-bindings.ts), and the columns of the tables the cell's printed output holds (sweep-result.ts
 * `pointTables`, the reader each swept point's output goes through). `checkCellGrid` expands a grid typed for
 * one name (sweep-grid.ts, `2,4,8,...,1024`) and binds it to the script as `recheck replay --grid` does, so a
 * problem is said before a sweep is declared.
 * Example: for the paging cell (`KS = [2, 4, 8, 16]` printing `k=.. cost=..`), `cellLiterals(...)` lists
 * `{ kind: 'list', name: 'KS', value: '[2, 4, 8, 16]', line: 5, override: { type: 'set', name: 'KS' }, grid: 'KS' }`
 * and printedTables `[['k', 'cost']]`; `checkCellGrid(..., 'KS', '2,4,8,...,64')` gives 6 values and columns
 * `['KS', 'k', 'cost']`.
 */
import type { ReplayGridView, ReplayLiteralView, ReplayLiteralsView } from '../../common/api/replay';
import { BadInputError } from '../errors';
import { findCell } from '../logbook/extract-table';
import { parseSweepSpec } from '../runs/grid';
import type { Literal } from '../../checkers/replay/literals';
import { detectLiterals } from '../../checkers/replay/literals';
import { scriptSource } from './overrides';
import { programOf, scriptOf } from './program';
import { caseLogbooks } from './replay';
import { defaultProcessRunner } from './run-spec';
import { bindGrid, type GridBinding } from './sweep-bindings';
import { expandValues } from './sweep-grid';
import { pointTables } from './sweep-result';

interface CellAsk {
  readonly caseDir: string;
  /** How the case is named in messages. */
  readonly where: string;
  readonly cell: string;
  readonly logbook?: string;
}

/** The cell's literals, command and printed columns (see the file comment). Bad input (no such cell) throws BadInputError. */
export async function cellLiterals(r: CellAsk): Promise<ReplayLiteralsView & { readonly raw: readonly Literal[] }> {
  const location = findCell(r.where, await caseLogbooks(r.caseDir), r.cell, r.logbook);
  const cell = location.cell;
  const base = { cell: cell.id, logbook: location.logbook.id, page: location.page.slug };
  const command = cell.type === 'code' ? [...cell.command] : [];
  const runner = await defaultProcessRunner();
  const built = programOf(r.caseDir, location, runner.interpreterFor);
  if (!built.ok)
    return { ...base, command, interpreter: null, script: null, literals: [], printedTables: [], why: `cannot run: ${built.why}`, raw: [] };
  const program = built.program;
  const printedTables = program.printed !== null ? pointTables(program.printed.text).map((t) => [...t.columns]) : [];
  const scriptPath = scriptOf(program.interpreter, program.args);
  const common = { ...base, command, interpreter: program.interpreter, printedTables };
  if (program.interpreter !== 'python')
    return {
      ...common,
      script: null,
      literals: [],
      why: `the cell runs ${program.interpreter}: only a Python script's literals are detected (arguments and environment variables can still be given by hand)`,
      raw: [],
    };
  if (scriptPath === null)
    return { ...common, script: null, literals: [], why: 'the command runs no script file (python -c or -m)', raw: [] };
  const source = await scriptSource(r.caseDir, program, scriptPath);
  if (source === null) return { ...common, script: null, literals: [], why: `${scriptPath} cannot be read`, raw: [] };
  const raw = detectLiterals(source.text);
  return {
    ...common,
    script: { path: source.path, from: source.from },
    literals: raw.map(literalView),
    ...(raw.length === 0
      ? { why: `${source.path} has no top-level number constant, argparse flag, sys.argv or environment variable` }
      : {}),
    raw,
  };
}

/** One detected literal as the UI shows it. */
function literalView(l: Literal): ReplayLiteralView {
  switch (l.kind) {
    case 'constant':
      return {
        kind: l.shape === 'list' ? 'list' : 'constant',
        name: l.name,
        line: l.line,
        value: l.value,
        override: { type: 'set', name: l.name },
        grid: l.name,
      };
    case 'flag':
      return { kind: 'argument', name: l.flag, line: l.line, value: l.default, override: { type: 'arg', flag: l.flag }, grid: l.flag };
    case 'argv':
      return {
        kind: 'argument',
        name: l.index === null ? 'sys.argv[...]' : `sys.argv[${l.index}]`,
        line: l.line,
        value: null,
        override: { type: 'arg', flag: null },
        grid: null,
      };
    case 'env':
      return {
        kind: 'env',
        name: l.name,
        line: l.line,
        value: l.default,
        override: { type: 'env', variable: l.name },
        grid: `env:${l.name}`,
      };
  }
}

/** Expands and binds a grid for `name` (see the file comment); a problem comes back in words, never thrown. */
export async function checkCellGrid(
  r: CellAsk & { readonly name: string; readonly values: string; readonly table?: number },
): Promise<ReplayGridView> {
  const found = await cellLiterals(r);
  if (found.interpreter === null) return { ok: false, problem: found.why ?? 'the cell cannot run' };
  try {
    const values = expandValues(r.values, r.name);
    const spec = parseSweepSpec({ parameters: { [r.name]: values } }, r.name);
    const python = found.interpreter === 'python' && found.script !== null;
    const [binding] = bindGrid(r.where, spec, found.raw, python) as [GridBinding];
    const printed = found.printedTables[(r.table ?? 1) - 1];
    const columns = printed === undefined ? [r.name] : printed.includes(r.name) ? [...printed] : [r.name, ...printed];
    return { ok: true, name: r.name, values, binding: bindingWords(binding), columns };
  } catch (e) {
    if (e instanceof BadInputError) return { ok: false, problem: e.problem.replace(/^--grid \S+: /, '') };
    throw e;
  }
}

function bindingWords(b: GridBinding): string {
  if (b.kind === 'constant')
    return b.shape === 'list' ? `the top-level list ${b.name}, as [value] at each point` : `the top-level constant ${b.name}`;
  if (b.kind === 'flag') return `the command-line flag ${b.flag} value`;
  return `the environment variable ${b.variable}`;
}
