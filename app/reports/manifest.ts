/**
 * The manifest of a report folder: every file with its SHA-256 and size, sorted by path, linked in a hash chain
 * whose last link (the root) changes when any byte of any file changes, or a file is added, removed or renamed.
 * The root is printed by `recheck report` and appended to the case's audit log, so a report rebuilt with a
 * forged manifest no longer matches the root recorded when it was issued (`--expect ROOT`).
 * Example: `chainRoot('r1', [{ path: 'a', sha256: sha256('x'), bytes: 1 }])` is one 64-hex-digit hash.
 */
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256 } from '../fs/hash';
import { readRegularFile } from '../fs/confine';
import { MANIFEST_FORMAT, REPORT_FILES, type ManifestEntry, type ReportManifest } from './model';

/** Largest file of a report that is hashed (a case's inputs and run folders are far smaller). */
export const MAX_REPORT_FILE_BYTES = 256 * 1024 * 1024;

export function genesis(reportId: string): string {
  return sha256(`recheck.report-chain/1\n${reportId}`);
}

/** The link after `previous` for one file. */
export function chainLink(previous: string, f: { path: string; sha256: string; bytes: number }): string {
  return sha256(`${previous}\n${f.path}\n${f.sha256}\n${f.bytes}`);
}

/** The chain over files sorted by path: each entry with its link. */
export function chainEntries(reportId: string, files: readonly { path: string; sha256: string; bytes: number }[]): ManifestEntry[] {
  let link = genesis(reportId);
  return [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((f) => {
      link = chainLink(link, f);
      return { path: f.path, sha256: f.sha256, bytes: f.bytes, chain: link };
    });
}

export function chainRoot(reportId: string, files: readonly { path: string; sha256: string; bytes: number }[]): string {
  return chainEntries(reportId, files).at(-1)?.chain ?? genesis(reportId);
}

/** What is in a report folder on disk: regular files (hashed) and anything else (symlinks, fifos), by path. */
export interface FolderScan {
  readonly files: Map<string, { sha256: string; bytes: number }>;
  /** Entries that are not regular files or folders (a symlink is never followed). */
  readonly others: Map<string, string>;
}

/** Hashes every regular file under `dir` (but manifest.json at its top), never following a symlink. */
export async function scanReportFolder(dir: string): Promise<FolderScan> {
  const files = new Map<string, { sha256: string; bytes: number }>();
  const others = new Map<string, string>();
  const walk = async (abs: string, prefix: string): Promise<void> => {
    const entries = await readdir(abs, { withFileTypes: true });
    for (const e of entries) {
      const rel = prefix === '' ? e.name : `${prefix}/${e.name}`;
      const path = join(abs, e.name);
      const st = await lstat(path);
      if (st.isDirectory()) await walk(path, rel);
      else if (st.isFile()) {
        if (rel === REPORT_FILES.manifest) continue;
        const data = await readRegularFile(path, { maxBytes: MAX_REPORT_FILE_BYTES, shownAs: rel });
        files.set(rel, { sha256: sha256(data), bytes: data.length });
      } else others.set(rel, st.isSymbolicLink() ? 'a symlink' : 'not a regular file');
    }
  };
  await walk(dir, '');
  return { files, others };
}

/** The manifest of the folder as it is now. */
export function manifestOf(reportId: string, createdAt: string, scan: FolderScan): ReportManifest {
  const files = chainEntries(
    reportId,
    [...scan.files].map(([path, f]) => ({ path, ...f })),
  );
  return {
    format: MANIFEST_FORMAT,
    reportId,
    createdAt,
    genesis: genesis(reportId),
    files,
    root: files.at(-1)?.chain ?? genesis(reportId),
  };
}
