/**
 * One case's failure kept to that case: the workspace's lists (cases, review queue) do each case's work through
 * `confineCaseFailure`, so a hostile or broken case folder (an audit.jsonl that is a symlink, a fifo or a folder,
 * a run folder that cannot be read) becomes that case's one-line problem instead of failing the whole list.
 * Bad input (BadInputError, ConfinementError) and file-system errors (EACCES, EIO, ELOOP, ...) are confined;
 * anything else is a bug and is thrown.
 *
 * Example:
 *   const r = await confineCaseFailure(ws, dir, () => latestReports(dir, ids));
 *   if ('problem' in r) problems.push({ caseId: basename(dir), error: r.problem }); else use(r.value);
 */
import { relative } from 'node:path';
import { BadInputError } from '../errors';
import { oneLine } from '../text/display';

/** The value of one case's work, or its problem in one line named inside the workspace (`beta/audit.jsonl: ...`). */
export type CaseOutcome<T> = { readonly value: T } | { readonly problem: string };

/** Runs `work` for the case folder `caseDir` of `workspaceDir`; see the file comment. */
export async function confineCaseFailure<T>(workspaceDir: string, caseDir: string, work: () => Promise<T>): Promise<CaseOutcome<T>> {
  try {
    return { value: await work() };
  } catch (err) {
    const problem = caseProblem(workspaceDir, caseDir, err);
    if (problem === null) throw err;
    return { problem };
  }
}

/** The one-line problem for `err` met while working on `caseDir`, or null when `err` is not the case's fault. */
export function caseProblem(workspaceDir: string, caseDir: string, err: unknown): string | null {
  if (err instanceof BadInputError) {
    const file = relative(workspaceDir, err.file);
    const named = file.startsWith('..') || file === '' ? err.file : file;
    return oneLine(new BadInputError(named, within(err.problem, workspaceDir), err.pointer).message);
  }
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    const where = relative(workspaceDir, caseDir) || caseDir;
    return oneLine(`${where}: cannot be read (${code})`);
  }
  return null;
}

/** `text` with the workspace's absolute path taken out (the UI names a case by its id, not by where it lives). */
function within(text: string, workspaceDir: string): string {
  return text.split(`${workspaceDir.replace(/\/+$/, '')}/`).join('');
}
