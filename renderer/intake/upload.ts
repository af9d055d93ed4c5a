/**
 * A logbook folder picked in the browser (`<input type="file" webkitdirectory>`) as `importLogbook` takes it:
 * each file's path inside the folder (its `webkitRelativePath` minus the folder's own name) and its bytes as
 * base64. The plan is made from names and sizes alone, so a folder over the upload limit is refused before a
 * byte is read. Pure: the component reads the files and hands their bytes to `encodeBase64`.
 *
 * Example: `uploadPath('timing/.trackio/logbook/logbook.json')` is `.trackio/logbook/logbook.json`.
 */
import { MAX_UPLOAD_BASE64, MAX_UPLOAD_FILES } from '../../common/api/methods';

export { MAX_UPLOAD_FILES };

/** A picked file as the browser describes it (a `File` has both fields). */
export interface PickedFile {
  webkitRelativePath: string;
  size: number;
}

export interface PlannedFile {
  /** Index of the file in the picked list. */
  index: number;
  /** Path inside the folder, `/`-separated. */
  path: string;
  size: number;
}

export interface UploadPlan {
  /** The picked folder's name (the first segment of every relative path). */
  folder: string;
  files: PlannedFile[];
  /** Paths left out: a git repository's internals, which the core would not copy either. */
  skipped: string[];
  bytes: number;
  /** Characters of base64 the files become in all. */
  base64Chars: number;
  /** Why the folder cannot be uploaded from here (one line, with what to do), or null. */
  refusal: string | null;
}

/** Characters of base64 for `bytes` bytes (padded). Example: `base64Length(4)` is 8. */
export function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}

/** The path inside the picked folder, or null for a path without one (no folder name to strip). */
export function uploadPath(webkitRelativePath: string): string | null {
  const parts = webkitRelativePath.replace(/\\/g, '/').split('/');
  if (parts.length < 2) return null;
  const inner = parts.slice(1);
  if (inner.some((p) => p === '' || p === '.' || p === '..')) return null;
  return inner.join('/');
}

const GIT_INTERNALS = /(^|\/)\.git\//;

function mib(chars: number): string {
  return `${(chars / 1024 / 1024).toFixed(1)} MiB`;
}

/**
 * What would be sent for the picked files, and whether it can be: at most `limit` base64 characters in all
 * (MAX_UPLOAD_BASE64 by default) and MAX_UPLOAD_FILES files.
 */
export function planUpload(picked: readonly PickedFile[], limit: number = MAX_UPLOAD_BASE64): UploadPlan {
  const files: PlannedFile[] = [];
  const skipped: string[] = [];
  let folder = '';
  let bytes = 0;
  let base64Chars = 0;
  picked.forEach((f, index) => {
    const rel = f.webkitRelativePath.replace(/\\/g, '/');
    if (folder === '') folder = rel.split('/')[0] ?? '';
    const path = uploadPath(rel);
    if (path === null || GIT_INTERNALS.test(path)) {
      skipped.push(path ?? rel);
      return;
    }
    files.push({ index, path, size: f.size });
    bytes += f.size;
    base64Chars += base64Length(f.size);
  });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const cli = `import it with \`npx recheck import trackio ${folder === '' ? '<folder>' : folder} --out <case-dir>\` instead`;
  let refusal: string | null = null;
  if (files.length === 0) refusal = 'the folder holds no file to import: pick the logbook folder (the one holding .trackio/)';
  else if (base64Chars > limit)
    refusal = `the folder is ${mib(bytes)} (${mib(base64Chars)} once encoded), over the ${mib(limit)} an upload may carry: ${cli}`;
  else if (files.length > MAX_UPLOAD_FILES)
    refusal = `the folder holds ${files.length} files, over the ${MAX_UPLOAD_FILES} an upload may carry: ${cli}`;
  return { folder, files, skipped, bytes, base64Chars, refusal };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 (RFC 4648, padded) of the bytes. Example: `encodeBase64(new Uint8Array([77, 97]))` is `TWE=`. */
export function encodeBase64(bytes: Uint8Array): string {
  const out: string[] = [];
  let chunk = '';
  const n = bytes.length;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    chunk += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + ALPHABET[(v >> 6) & 63]! + ALPHABET[v & 63]!;
    // Join in pieces: one string grown by += to many megabytes is slow to flatten.
    if (chunk.length >= 65536) {
      out.push(chunk);
      chunk = '';
    }
  }
  const rest = n - i;
  if (rest === 1) {
    const v = bytes[i]! << 16;
    chunk += `${ALPHABET[v >> 18]!}${ALPHABET[(v >> 12) & 63]!}==`;
  } else if (rest === 2) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    chunk += `${ALPHABET[v >> 18]!}${ALPHABET[(v >> 12) & 63]!}${ALPHABET[(v >> 6) & 63]!}=`;
  }
  out.push(chunk);
  return out.join('');
}
