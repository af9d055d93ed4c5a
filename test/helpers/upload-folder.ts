/** A folder as the UI uploads it (importLogbook): every file with its path inside the folder, base64. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { UploadedFile } from '../../common/api/contract';

export function uploadFolder(dir: string): UploadedFile[] {
  const out: UploadedFile[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push({ path: relative(dir, p).split('\\').join('/'), base64: readFileSync(p).toString('base64') });
    }
  };
  walk(dir);
  return out;
}
