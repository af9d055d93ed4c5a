/** Case-relative paths, confined to the case folder. */
import { join } from 'node:path';
import { resolveInside } from '../fs/confine';

/**
 * Resolves a case-relative path and refuses one that leaves the case folder, lexically or through a symlink
 * (the confinement helper, app/fs/confine.ts); returns the real path.
 * Example: `resolveInCase(dir, 'sandbox/table.csv')`.
 */
export function resolveInCase(caseDir: string, rel: string): string {
  return resolveInside(caseDir, rel, join(caseDir, 'case.json'));
}
