/**
 * Loads and validates a case folder. Every problem is a BadInputError naming the file, the JSON pointer and
 * the problem in one line, e.g. `cases/x/case.json: /falsifications/0/claim: unknown claim "C9"`.
 * A case folder is untrusted data: case.json is read through the shared JSON reader (a regular file of at
 * most MAX_CASE_JSON_BYTES, strict UTF-8, bounded JSON), and every path it names (logbook folders, check
 * params marked `casePath` in their kind's schema) and paper.md must stay inside the folder after
 * following symlinks (resolveInside).
 */
import { lstat, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { BadInputError } from '../errors';
import { ConfinementError, resolveInside } from '../fs/confine';
import { readJsonFile } from '../tables/json-file';
import { perceptualProblem } from './perceptual-settings';
import { checklistAnswerProblem } from './checklist';
import { caseSchema } from './schema';
import type { CaseFile, LoadedCase } from './model';
import type { CheckRegistry } from './check-registry';
import { createAjv, describeAjvError } from '../json/ajv';

const validateCase = createAjv().compile<CaseFile>(caseSchema);

/** Largest accepted case.json. */
export const MAX_CASE_JSON_BYTES = 4 * 1024 * 1024;

/** Path shown to the user: relative to the working directory when inside it. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') ? rel : path;
}

export async function loadCase(dir: string, registry: CheckRegistry): Promise<LoadedCase> {
  const file = join(dir, 'case.json');
  const shown = displayPath(file);
  try {
    await lstat(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new BadInputError(displayPath(dir), code === 'ENOENT' || code === 'ENOTDIR' ? 'not a case folder (no case.json)' : `cannot read case.json (${code})`);
  }
  const json = await readJsonFile(confined(dir, 'case.json', shown, ''), shown, { maxBytes: MAX_CASE_JSON_BYTES });
  return { dir, file: await validateCaseJson(dir, json, registry, shown) };
}

/**
 * Validates a case.json value for the case folder `dir`: the schema, then the references (claims,
 * logbooks, check kinds and params, confined paths, paper.md). The case editors (app/cases/edit.ts) call it
 * on the edited value before they write it. Throws BadInputError naming `shown`, the pointer and the problem.
 */
export async function validateCaseJson(dir: string, json: unknown, registry: CheckRegistry, shown = displayPath(join(dir, 'case.json'))): Promise<CaseFile> {
  if (typeof json === 'object' && json !== null && 'format' in json && (json as { format: unknown }).format !== 'recheck.case/1') {
    throw new BadInputError(shown, `unsupported case format ${JSON.stringify((json as { format: unknown }).format)} (this Recheck reads recheck.case/1)`, '/format');
  }
  if (!validateCase(json)) {
    const { pointer, problem } = describeAjvError(validateCase.errors?.[0]);
    throw new BadInputError(shown, problem, pointer);
  }
  await checkReferences(dir, shown, json, registry);
  return json;
}

async function checkReferences(dir: string, shown: string, c: CaseFile, registry: CheckRegistry): Promise<void> {
  unique(shown, c.paper.claims.map((x) => x.id), '/paper/claims', 'claim');
  unique(shown, c.logbooks.map((x) => x.id), '/logbooks', 'logbook');
  unique(shown, c.falsifications.map((x) => x.id), '/falsifications', 'falsification');
  const claims = new Set(c.paper.claims.map((x) => x.id));
  const logbooks = new Set(c.logbooks.map((x) => x.id));
  for (const [i, lb] of c.logbooks.entries()) {
    // A linked logbook lives where this user linked it (app/logbook/links.ts); a case from elsewhere still
    // loads, and its reader says the logbook is not on this machine.
    if (lb.linked === true) continue;
    const real = confined(dir, lb.path, shown, `/logbooks/${i}/path`);
    if (!(await isDir(real))) throw new BadInputError(shown, `logbook folder "${lb.path}" does not exist`, `/logbooks/${i}/path`);
  }
  for (const [i, f] of c.falsifications.entries()) {
    const at = `/falsifications/${i}`;
    if (!claims.has(f.claim)) throw new BadInputError(shown, `unknown claim "${f.claim}"`, `${at}/claim`);
    if (!logbooks.has(f.logbook)) throw new BadInputError(shown, `unknown logbook "${f.logbook}"`, `${at}/logbook`);
    if (f.source !== undefined && !logbooks.has(f.source.logbook)) throw new BadInputError(shown, `unknown logbook "${f.source.logbook}"`, `${at}/source/logbook`);
    unique(shown, f.checks.map((x) => x.id), `${at}/checks`, 'check');
    for (const [j, check] of f.checks.entries()) {
      const bad = registry.validateParams(check.kind, check.params);
      if (bad) {
        const pointer = registry.get(check.kind) ? `${at}/checks/${j}/params${bad.pointer === '/' ? '' : bad.pointer}` : `${at}/checks/${j}/kind`;
        throw new BadInputError(shown, bad.problem, pointer);
      }
      for (const p of registry.casePaths(check.kind, check.params)) confined(dir, p.path, shown, `${at}/checks/${j}/params${p.pointer}`);
    }
    const checkIds = f.checks.map((x) => x.id);
    for (const [q, answer] of Object.entries(f.checklist ?? {})) {
      const problem = checklistAnswerProblem(q, answer, checkIds);
      if (problem !== null) throw new BadInputError(shown, problem, `${at}/checklist/${q}`);
    }
  }
  if (c.perceptual !== undefined) {
    // What the schema cannot say: answer values and keys unique, "left" and "right" offered in compare mode.
    const bad = perceptualProblem(c.perceptual);
    if (bad !== null) throw new BadInputError(shown, bad.problem, bad.pointer);
  }
  const paper = displayPath(join(dir, 'paper.md'));
  let paperStat;
  try {
    paperStat = await stat(confined(dir, 'paper.md', paper, ''));
  } catch (err) {
    if (err instanceof BadInputError) throw err;
    throw new BadInputError(paper, 'missing: every case carries our summary of the paper');
  }
  if (!paperStat.isFile()) throw new BadInputError(paper, 'not a regular file: every case carries our summary of the paper as paper.md');
}

/**
 * The real path of `rel` inside the case folder, or BadInputError naming `shown` and `pointer` when it is
 * absolute, leaves the folder, or is a symlink out of it.
 */
function confined(dir: string, rel: string, shown: string, pointer: string): string {
  try {
    return resolveInside(dir, rel, shown);
  } catch (err) {
    if (err instanceof ConfinementError) throw new BadInputError(shown, err.problem, pointer === '' ? undefined : pointer);
    throw err;
  }
}

function unique(shown: string, ids: string[], pointer: string, what: string): void {
  const seen = new Set<string>();
  for (const [i, x] of ids.entries()) {
    if (seen.has(x)) throw new BadInputError(shown, `duplicate ${what} id "${x}"`, `${pointer}/${i}/id`);
    seen.add(x);
  }
}

async function isDir(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
