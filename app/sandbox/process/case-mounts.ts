/**
 * The case's folders and files a replay shows read-only: checked before anything runs (absolute, a plain folder
 * or file, never a symlink, a target relative to the scratch folder or under /case), then placed: a mount point
 * in the scratch folder and a read-only bind (or, unconfined, a symlink: nothing is read-only then).
 *
 * Example: `checkCaseMounts([{ source: '/ws/cases/c1/logbook', target: 'logbook' }])` is
 * `[{ source: '/ws/cases/c1/logbook', dest: '/scratch/logbook', isDir: true }]`.
 */
import { lstatSync, rmSync, symlinkSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { BadInputError } from '../../errors';
import { oneLine } from '../../text/display';
import { SCRATCH, type Mount } from './command';
import { makeMountPoint, mountDestination } from './run-folder';

export interface CaseMount {
  readonly source: string;
  /** Where it appears inside the sandbox. */
  readonly dest: string;
  readonly isDir: boolean;
}

/** Checks the read-only sources and targets; throws BadInputError (one line naming the path) for the first bad one. */
export function checkCaseMounts(readOnly: readonly { source: string; target: string }[]): CaseMount[] {
  return readOnly.map((r) => {
    let isDir: boolean;
    try {
      if (typeof r.source !== 'string' || !isAbsolute(r.source)) throw new Error('relative');
      const st = lstatSync(r.source);
      if (st.isSymbolicLink() || !(st.isFile() || st.isDirectory())) throw new Error('not a plain folder or file');
      isDir = st.isDirectory();
    } catch (err) {
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      const why = missing ? 'does not exist' : 'must be an absolute path of a folder or file (not a symlink)';
      throw new BadInputError(oneLine(String(r.source), 200), `read-only source ${why}`);
    }
    return { source: r.source, dest: mountDestination(String(r.target), SCRATCH), isDir };
  });
}

/**
 * Makes the mount points in the host's scratch folder and returns the read-only mounts; unconfined, links the
 * relative targets instead (an absolute /case target then cannot be shown: BadInputError).
 */
export function placeCaseMounts(
  mounts: readonly CaseMount[],
  scratchHost: string,
  confined: boolean,
  owner: { uid: number; gid: number } | null,
): Mount[] {
  const placed: Mount[] = [];
  for (const m of mounts) {
    const inScratch = m.dest.startsWith(`${SCRATCH}/`);
    const relative = m.dest.slice(SCRATCH.length + 1);
    if (confined) {
      if (inScratch) makeMountPoint(scratchHost, relative, m.isDir, owner);
      placed.push({ source: m.source, dest: m.dest });
    } else if (inScratch) {
      makeMountPoint(scratchHost, relative, m.isDir, owner);
      const host = join(scratchHost, relative);
      rmSync(host, { recursive: true, force: true });
      symlinkSync(m.source, host);
    } else throw new BadInputError(oneLine(m.dest, 200), 'an absolute read-only target needs the sandbox (bubblewrap)');
  }
  return placed;
}
