/**
 * Loads and validates a case folder. Every problem is a BadInputError naming the file, the JSON pointer and
 * the problem in one line, e.g. `cases/x/case.json: /falsifications/0/claim: unknown claim "C9"`.
 */
import { readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { BadInputError } from '../errors';
import { caseSchema } from './schema';
import type { CaseFile, LoadedCase } from './model';
import type { CheckRegistry } from '../checks/registry';
import { createAjv, describeAjvError } from '../json/ajv';

const validateCase = createAjv().compile<CaseFile>(caseSchema);

/** Path shown to the user: relative to the working directory when inside it. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') ? rel : path;
}

export async function loadCase(dir: string, registry: CheckRegistry): Promise<LoadedCase> {
  const file = join(dir, 'case.json');
  const shown = displayPath(file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new BadInputError(displayPath(dir), code === 'ENOENT' ? 'not a case folder (no case.json)' : `cannot read case.json (${code})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new BadInputError(shown, `malformed JSON (${(err as Error).message})`);
  }
  if (typeof json === 'object' && json !== null && 'format' in json && (json as { format: unknown }).format !== 'recheck.case/1') {
    throw new BadInputError(shown, `unsupported case format ${JSON.stringify((json as { format: unknown }).format)} (this Recheck reads recheck.case/1)`, '/format');
  }
  if (!validateCase(json)) {
    const { pointer, problem } = describeAjvError(validateCase.errors?.[0]);
    throw new BadInputError(shown, problem, pointer);
  }
  const caseFile = json;
  await checkReferences(dir, shown, caseFile, registry);
  return { dir, file: caseFile };
}

async function checkReferences(dir: string, shown: string, c: CaseFile, registry: CheckRegistry): Promise<void> {
  unique(shown, c.paper.claims.map((x) => x.id), '/paper/claims', 'claim');
  unique(shown, c.logbooks.map((x) => x.id), '/logbooks', 'logbook');
  unique(shown, c.falsifications.map((x) => x.id), '/falsifications', 'falsification');
  const claims = new Set(c.paper.claims.map((x) => x.id));
  const logbooks = new Set(c.logbooks.map((x) => x.id));
  for (const [i, lb] of c.logbooks.entries()) {
    if (!(await isDir(join(dir, lb.path)))) throw new BadInputError(shown, `logbook folder "${lb.path}" does not exist`, `/logbooks/${i}/path`);
  }
  for (const [i, f] of c.falsifications.entries()) {
    const at = `/falsifications/${i}`;
    if (!claims.has(f.claim)) throw new BadInputError(shown, `unknown claim "${f.claim}"`, `${at}/claim`);
    if (!logbooks.has(f.logbook)) throw new BadInputError(shown, `unknown logbook "${f.logbook}"`, `${at}/logbook`);
    unique(shown, f.checks.map((x) => x.id), `${at}/checks`, 'check');
    for (const [j, check] of f.checks.entries()) {
      const bad = registry.validateParams(check.kind, check.params);
      if (bad) {
        const pointer = registry.get(check.kind) ? `${at}/checks/${j}/params${bad.pointer === '/' ? '' : bad.pointer}` : `${at}/checks/${j}/kind`;
        throw new BadInputError(shown, bad.problem, pointer);
      }
    }
  }
  try {
    await stat(join(dir, 'paper.md'));
  } catch {
    throw new BadInputError(displayPath(join(dir, 'paper.md')), 'missing: every case carries our summary of the paper');
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
