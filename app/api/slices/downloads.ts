/**
 * The downloads slice: a case's file, or a folder as a stored ZIP (app/api/zip.ts), as base64 for the browser to save.
 * Paths are confined to the case (no symlink out, regular files only) and the total is capped.
 * Example: `downloadsSlice(ctx).downloadCaseFile('kl-direction', 'tables/sweep.csv')` is that CSV's bytes.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { MAX_DOWNLOAD_BYTES, type DownloadView } from '../../../common/api/downloads';
import { BadInputError } from '../../errors';
import { listInside, readRegularFile, resolveInside } from '../../fs/confine';
import { sha256 } from '../../fs/hash';
import type { ApiSlice, ServiceContext } from '../context';
import { storedZip, type ZipEntry } from '../zip';

const MEDIA: Record<string, string> = {
  csv: 'text/csv',
  md: 'text/markdown',
  json: 'application/json',
  jsonl: 'application/jsonl',
  txt: 'text/plain',
  html: 'text/html',
  pdf: 'application/pdf',
  png: 'image/png',
  svg: 'image/svg+xml',
  zip: 'application/zip',
};

function view(name: string, bytes: Uint8Array, mediaType: string, files?: number): DownloadView {
  return {
    name,
    mediaType,
    base64: Buffer.from(bytes).toString('base64'),
    size: bytes.length,
    sha256: sha256(bytes),
    ...(files !== undefined ? { files } : {}),
  };
}

export function downloadsSlice(ctx: ServiceContext): ApiSlice<'downloads'> {
  return {
    async downloadCaseFile(caseId, path) {
      const dir = await ctx.caseDir(caseId);
      const shownAs = `${caseId}/${path}`;
      const real = resolveInside(dir, path, shownAs);
      const st = await stat(real).catch(() => null);
      if (st === null) throw new BadInputError(shownAs, 'does not exist');
      if (!st.isDirectory()) {
        const bytes = await readRegularFile(real, { maxBytes: MAX_DOWNLOAD_BYTES, shownAs });
        const ext = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
        return view(basename(path), bytes, MEDIA[ext] ?? 'application/octet-stream');
      }
      const { files, skipped } = await listInside(dir, path);
      if (skipped.length > 0)
        throw new BadInputError(shownAs, `has entries that cannot be archived (${skipped[0]!.path}: ${skipped[0]!.why})`);
      const entries: ZipEntry[] = [];
      let total = 0;
      for (const f of files) {
        total += f.size;
        if (total > MAX_DOWNLOAD_BYTES)
          throw new BadInputError(shownAs, `is larger than ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MiB: copy it from the workspace`);
        entries.push({
          path: f.path,
          bytes: await readRegularFile(f.abs, { maxBytes: MAX_DOWNLOAD_BYTES, shownAs: `${shownAs}/${f.path}` }),
        });
      }
      return view(`${basename(path)}.zip`, storedZip(entries), 'application/zip', entries.length);
    },
  };
}
