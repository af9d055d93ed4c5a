/**
 * Reads a case's logbook (Trackio or plain write-up) into the LogbookView the UI and reports use. The logbook
 * is untrusted data inside an untrusted case folder: it is found and read through the confinement helper
 * (no symlink out of the case, regular files only, size caps).
 */
import { join } from 'node:path';
import { listInside, readInside, readRegularFile, resolveInside } from '../fs/confine';
import { parseJsonBounded } from '../json/bounded';
import type { LogbookFile, LogbookPage, LogbookView } from '../api/contract';
import type { LogbookRef } from '../cases/model';
import { readTrackioPages } from './trackio';
import { BadInputError } from '../errors';

const MAX_TEXT_BYTES = 256 * 1024;
const WRITEUPS = ['writeup.md', 'README.md', 'index.md'];

export async function readLogbook(caseDir: string, ref: LogbookRef): Promise<LogbookView> {
  const dir = resolveInside(caseDir, ref.path, join(caseDir, 'case.json'));
  const files = await listFiles(dir);
  if (ref.format === 'trackio') {
    const { manifest, pages } = await readTrackioPages(dir);
    return {
      id: ref.id,
      title: ref.title || manifest.title,
      format: 'trackio',
      ...(manifest.paper ? { paper: manifest.paper } : {}),
      tags: manifest.tags ?? [],
      pages,
      files: files.filter((f) => !f.path.startsWith('.trackio/')),
      traceCount: await traceCount(dir),
    };
  }
  const writeup = WRITEUPS.map((w) => files.find((f) => f.path === w)).find((f) => f !== undefined);
  if (!writeup) throw new BadInputError(dir, `plain logbook has no write-up (${WRITEUPS.join(', ')})`);
  const page: LogbookPage = {
    slug: 'writeup',
    title: ref.title,
    depth: 0,
    cells: [{ type: 'markdown', id: writeup.path, title: writeup.path, markdown: writeup.text ?? '' }],
  };
  return { id: ref.id, title: ref.title, format: 'plain', tags: [], pages: [page], files: files.filter((f) => f !== writeup), traceCount: 0 };
}

async function traceCount(dir: string): Promise<number> {
  try {
    const idx = parseJsonBounded((await readInside(dir, '.trackio/logbook/traces/index.json', { maxBytes: 16 * 1024 * 1024 })).toString('utf8')) as { sessions?: unknown[] };
    return Array.isArray(idx.sessions) ? idx.sessions.length : 0;
  } catch {
    return 0;
  }
}

/**
 * Regular files under a folder with their sizes; small UTF-8 text files carry their text. Symlinks that leave
 * the folder, fifos and devices are left out (listInside).
 */
export async function listFiles(dir: string): Promise<LogbookFile[]> {
  const { files } = await listInside(dir, '.');
  const out: LogbookFile[] = [];
  for (const f of files) {
    let text: string | undefined;
    if (f.size <= MAX_TEXT_BYTES) {
      try {
        const buf = await readRegularFile(f.abs, { maxBytes: MAX_TEXT_BYTES, shownAs: f.path });
        if (!buf.includes(0)) text = buf.toString('utf8');
      } catch {
        continue; // changed since it was listed
      }
    }
    out.push({ path: f.path, size: f.size, ...(text !== undefined ? { text } : {}) });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}
