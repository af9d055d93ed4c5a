/**
 * A new case's id, checked as the reviewer types it: it names the case's folder in the workspace, so it follows
 * the contract's identifier rule (`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`, as common/api/methods.ts checks it).
 *
 * Example: `caseIdProblem('timing 2', [])` is `" " is not allowed: use letters, digits, ".", "_" or "-"`.
 */

export const CASE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_LENGTH = 128;

/** What is wrong with `id` as a new case's id (one line), or null when it can name a new case. */
export function caseIdProblem(id: string, existing: readonly string[]): string | null {
  if (id === '') return 'the case id is required: it names the case folder';
  if (!/^[A-Za-z0-9]/.test(id)) return 'must start with a letter or a digit';
  const bad = /[^A-Za-z0-9._-]/u.exec(id);
  if (bad !== null) return `${JSON.stringify(bad[0])} is not allowed: use letters, digits, ".", "_" or "-"`;
  if (id.length > MAX_LENGTH) return `at most ${MAX_LENGTH} characters (this one has ${id.length})`;
  if (existing.includes(id)) return `the workspace already has a case "${id}": pick another id`;
  return CASE_ID.test(id) ? null : 'letters, digits, ".", "_" or "-", starting with a letter or a digit';
}

/** A case id made from a folder name: disallowed characters become "-". Example: `suggestCaseId('My logbook')` is `My-logbook`. */
export function suggestCaseId(name: string): string {
  const s = name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, MAX_LENGTH)
    .replace(/[-.]+$/, '');
  return s;
}
