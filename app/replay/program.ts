/**
 * The program a logbook's run cell ran, rebuilt from what the logbook recorded: its command (interpreter and
 * arguments), the source files embedded in the page (blocks with a `title=`, e.g. ```` ```python title=bench.py ````)
 * and the files of the case (the logbook's folder is the workspace the command ran in; the case folder is
 * bound read-only). The page's copy of a file wins over the case's (it is what ran) and the difference is noted.
 * What cannot be rebuilt is a `cannot-run` with why: no command, no interpreter for it, a script named by the
 * command that is neither embedded nor in the case, no printed output to compare with.
 * Example: for the timing logbook's cell_cad14a3ec345, `programOf(...)` is python with args ['bench.py'] and
 * bench.py from the page.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { LogbookBlock } from '../../common/api/contract';
import type { CellLocation } from '../logbook/extract-table';
import { resolveInside } from '../fs/confine';
import { shown } from '../text/display';

export type Interpreter = 'python' | 'shell' | 'node';

/** A file the program needs, and where it comes from. */
export interface ProgramFile {
  readonly path: string;
  readonly from: 'page' | 'case';
  /** The page's copy differs from the case's file of the same path (the page's is run). */
  readonly differsFromCase?: boolean;
}

export interface ReplayProgram {
  readonly interpreter: Interpreter;
  /** The command as the logbook recorded it. */
  readonly command: readonly string[];
  /** The interpreter's arguments (the command without its first word). */
  readonly args: readonly string[];
  /** Sources embedded in the page, by their title (paths relative to the workspace). */
  readonly files: readonly { path: string; content: string }[];
  /** The script the command names, and every embedded file, with where each comes from. */
  readonly needs: readonly ProgramFile[];
  /** The logbook folder, relative to the case folder: the workspace the command ran in. */
  readonly workspace: string;
  /** The printed output (the cell's output block), or null when it printed none. */
  readonly printed: LogbookBlock | null;
  readonly recordedExit: number | null;
}

export type ProgramOrWhy = { ok: true; program: ReplayProgram } | { ok: false; why: string };

const OUTPUT_LANGS = new Set(['output', 'result']);
/** A case file larger than this is not read to compare it with the page's copy (it is then said to differ). */
const MAX_COMPARED_BYTES = 4 * 1024 * 1024;
/** Options after which the program is not a script file (code on the command line, a module, stdin). */
const INLINE: Readonly<Record<Interpreter, ReadonlySet<string>>> = {
  python: new Set(['-c', '-m']),
  shell: new Set(['-c', '-s']),
  node: new Set(['-e', '--eval', '-p', '--print']),
};
/** Interpreter options that take the next word as their value (so it is not the script). */
const OPTION_WITH_VALUE: Readonly<Record<Interpreter, ReadonlySet<string>>> = {
  python: new Set(['-W', '-X', '-Q']),
  shell: new Set(['-o', '-O']),
  node: new Set(['-r', '--require', '--import', '--loader']),
};

/**
 * The program of the run cell at `location` in the case at `caseDir` (rules in the file comment); `interpreterFor`
 * is the sandbox process runner's (app/sandbox/process/run-program.ts).
 */
export function programOf(
  caseDir: string,
  location: CellLocation,
  interpreterFor: (command: string[]) => Interpreter | null,
): ProgramOrWhy {
  const cell = location.cell;
  if (cell.type !== 'code') return { ok: false, why: `cell ${shown(cell.id, 80)} is a ${cell.type} cell, not a run cell` };
  if (cell.command.length === 0) return { ok: false, why: `cell ${shown(cell.id, 80)} records no command (a code cell that was not run)` };
  const interpreter = interpreterFor([...cell.command]);
  if (interpreter === null) return { ok: false, why: `no interpreter for \`${shown(cell.command.join(' '), 120)}\`` };
  const args = cell.command.slice(1);
  const workspace = location.logbookPath;
  const embedded = cell.blocks.filter((b) => b.title !== undefined && !OUTPUT_LANGS.has(b.lang));
  const files: { path: string; content: string }[] = [];
  const needs: ProgramFile[] = [];
  for (const b of embedded) {
    const path = cleanPath(b.title as string);
    if (path === null)
      return { ok: false, why: `the page embeds a file titled "${shown(b.title ?? '', 80)}", which is not a relative path` };
    if (files.some((f) => f.path === path)) continue;
    const content = b.text.endsWith('\n') ? b.text : `${b.text}\n`;
    files.push({ path, content });
    const inCase = caseFile(caseDir, workspace, path);
    const differs =
      inCase !== null &&
      (statSync(inCase).size > MAX_COMPARED_BYTES || normalizeEnd(readFileSync(inCase, 'utf8')) !== normalizeEnd(content));
    needs.push({ path, from: 'page', ...(differs ? { differsFromCase: true } : {}) });
  }
  const script = scriptOf(interpreter, args);
  if (script !== null) {
    const path = cleanPath(script);
    const onPage = path !== null && files.some((f) => f.path === path);
    if (!onPage) {
      if (path === null || caseFile(caseDir, workspace, path) === null)
        return {
          ok: false,
          why: `\`${shown(script, 120)}\`, which the command runs, is neither embedded in the page nor a file of the case (looked in ${shown(workspace, 80)}/)`,
        };
      needs.push({ path, from: 'case' });
    }
  }
  const printed = cell.blocks.find((b) => OUTPUT_LANGS.has(b.lang)) ?? null;
  return {
    ok: true,
    program: { interpreter, command: [...cell.command], args, files, needs, workspace, printed, recordedExit: cell.exitCode },
  };
}

/** The script a command runs: its first word that is not an option (none after python's `-c`/`-m`, a shell's `-c`/`-s`, node's `-e`/`-p`, or `-`). */
export function scriptOf(interpreter: Interpreter, args: readonly string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '-' || INLINE[interpreter].has(a)) return null;
    if (OPTION_WITH_VALUE[interpreter].has(a)) {
      i++;
      continue;
    }
    if (a.startsWith('-')) continue;
    return a;
  }
  return null;
}

/** A relative path without `..` out of the workspace (`./x.py` is `x.py`), else null. */
function cleanPath(p: string): string | null {
  if (p === '' || p.startsWith('/') || p.includes('\0')) return null;
  const n = normalize(p);
  return n === '..' || n.startsWith('../') || n === '.' ? null : n;
}

/** The real path of a regular file at `path` in the workspace, inside the case, or null. */
function caseFile(caseDir: string, workspace: string, path: string): string | null {
  try {
    const real = resolveInside(caseDir, join(workspace, path), join(caseDir, 'case.json'));
    return existsSync(real) && statSync(real).isFile() ? real : null;
  } catch {
    return null;
  }
}

const normalizeEnd = (s: string) => s.trimEnd();
