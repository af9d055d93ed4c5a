/**
 * Reads a case's logbook (Trackio or plain write-up) into the LogbookView the UI and reports use. The logbook
 * is untrusted data inside an untrusted case folder: it is found and read through the confinement helper
 * (no symlink out of the case, regular files only, size caps).
 */
import { join } from 'node:path';
import { listInside, readRegularFile, resolveInside } from '../fs/confine';
import type { LogbookFile, LogbookPage, LogbookView } from '../../common/api/contract';
import type { LogbookRef } from '../cases/model';
import { existsSync } from 'node:fs';
import { linkedFolder } from './links';
import { readTrackioLogbook } from './trackio';
import { BadInputError } from '../errors';

const MAX_TEXT_BYTES = 256 * 1024;
const WRITEUPS = ['writeup.md', 'README.md', 'index.md'];

export async function readLogbook(caseDir: string, ref: LogbookRef): Promise<LogbookView> {
  let dir: string;
  if (ref.linked === true) {
    const linked = await linkedFolder(caseDir, ref.id);
    if (linked === null || !existsSync(linked)) {
      const problem =
        linked === null
          ? 'this logbook is linked, and not linked on this machine: link it again with recheck import trackio <folder> --out <case> --id ' +
            ref.id +
            ' --link'
          : `the linked folder ${linked} is gone`;
      return { id: ref.id, title: ref.title, format: ref.format, tags: [], pages: [], files: [], traceCount: 0, problems: [{ problem }] };
    }
    dir = linked;
  } else dir = resolveInside(caseDir, ref.path, join(caseDir, 'case.json'));
  const files = await listFiles(dir);
  if (ref.format === 'trackio') {
    const t = await readTrackioLogbook(dir);
    // The logbook's own machinery (manifest, pages, viewer) is shown as pages, not as files.
    const own =
      t.base === ''
        ? /^(logbook\.json|pages\/|traces\/|workspace\.json|index\.html|logbook\.(css|js)|trackio-|bucket-icon)/
        : /^\.trackio\//;
    return {
      id: ref.id,
      title: ref.title || t.title,
      format: 'trackio',
      ...(t.paper !== null ? { paper: t.paper } : {}),
      tags: [...t.tags],
      pages: t.pages,
      files: files.filter((f) => !own.test(f.path)),
      traceCount: t.traces.length,
      traces: t.traces,
      ...(t.schemaVersion !== null ? { schemaVersion: t.schemaVersion } : {}),
      problems: t.problems,
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
  return {
    id: ref.id,
    title: ref.title,
    format: 'plain',
    tags: [],
    pages: [page],
    files: files.filter((f) => f !== writeup),
    traceCount: 0,
    problems: [],
  };
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
