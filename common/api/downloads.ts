/**
 * The downloads capability: any file or folder of a case as bytes to save, so that every export the core writes
 * into the case (reports, letters' PDFs, extracted CSV tables, a perceptual review's answers) can be downloaded in
 * browser mode, where the reviewer cannot open the workspace folder. A folder comes as one ZIP (stored, names
 * relative to the folder).
 * Each method is declared once here (common/api/method.ts); app/api/slices/downloads.ts implements it.
 * Example: `await api.downloadCaseFile('kl-direction', 'runs/report-<id>')` is `{ name: 'report-<id>.zip',
 * mediaType: 'application/zip', base64, size, sha256, files }`.
 */
import { method, returns } from './method';
import { ApiArgumentError, arity, id, name } from './validate';

export interface DownloadView {
  /** The file name to save as: the file's own, or the folder's with `.zip`. */
  name: string;
  mediaType: string;
  base64: string;
  /** Bytes (decoded). */
  size: number;
  /** sha256 of the bytes, hex. */
  sha256: string;
  /** For a folder: the files in the archive. */
  files?: number;
}

/** Largest download (bytes before base64). */
export const MAX_DOWNLOAD_BYTES = 64 * 1024 * 1024;

export const DOWNLOADS = {
  /** A regular file of the case, or a folder as a ZIP of its regular files; `path` is relative to the case folder. */
  downloadCaseFile: method({
    validate: (a, m): [caseId: string, path: string] => {
      arity(m, a, 2);
      const p = name(m, 'path', a[1], 1024);
      const parts = p.split('/');
      if (p.startsWith('/') || p.includes('\\') || parts.some((x) => x === '' || x === '.' || x === '..'))
        throw new ApiArgumentError(m, 'path must be a relative path inside the case (no "..")');
      return [id(m, 'caseId', a[0]), p];
    },
    result: returns<DownloadView>(),
  }),
};
