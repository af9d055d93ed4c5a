/** Reads a case's logbook (Trackio or plain write-up) into the LogbookView the UI and reports use. */
import { readFile, readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { LogbookFile, LogbookPage, LogbookView } from '../api/contract';
import type { LogbookRef } from '../cases/model';
import { readTrackioPages } from './trackio';
import { BadInputError } from '../errors';

const MAX_TEXT_BYTES = 256 * 1024;
const WRITEUPS = ['writeup.md', 'README.md', 'index.md'];

export async function readLogbook(caseDir: string, ref: LogbookRef): Promise<LogbookView> {
  const dir = join(caseDir, ref.path);
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
    const idx = JSON.parse(await readFile(join(dir, '.trackio', 'logbook', 'traces', 'index.json'), 'utf8')) as { sessions?: unknown[] };
    return Array.isArray(idx.sessions) ? idx.sessions.length : 0;
  } catch {
    return 0;
  }
}

/** Files under a folder with their sizes; small UTF-8 text files carry their text. */
export async function listFiles(dir: string): Promise<LogbookFile[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const out: LogbookFile[] = [];
  for (const e of entries) {
    if (!e.isFile()) continue;
    const abs = join(e.parentPath, e.name);
    const path = relative(dir, abs).split('\\').join('/');
    const size = (await stat(abs)).size;
    let text: string | undefined;
    if (size <= MAX_TEXT_BYTES) {
      const buf = await readFile(abs);
      if (!buf.includes(0)) text = buf.toString('utf8');
    }
    out.push({ path, size, ...(text !== undefined ? { text } : {}) });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}
