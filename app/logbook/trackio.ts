/**
 * Reads a Trackio logbook folder (schema_version 2): `.trackio/metadata.json`, `.trackio/logbook/logbook.json`
 * (page tree, traces, workspace) and `pages/<slug>/page.md`, whose cells start with
 * `<!-- trackio-cell {json} -->` headers. Code cells carry `command`, `exit_code` and `duration_s`; their
 * fenced blocks (four backticks) hold the command, the code that ran and its output. Trackio keeps only the
 * first 2,000 and last 18,000 characters of a long output and writes `... [N chars elided] ...` between them:
 * we keep the text verbatim and report N so that no reader mistakes the excerpt for the whole output.
 */
import { join } from 'node:path';
import { readInside } from '../fs/confine';
import { parseJsonBounded } from '../json/bounded';
import type { LogbookBlock, LogbookCell, LogbookPage } from '../api/contract';
import { BadInputError } from '../errors';

interface PageNode {
  slug: string;
  title: string;
  file: string;
  children?: PageNode[];
}

export interface TrackioManifest {
  schema_version: number;
  title: string;
  paper?: string | null;
  tags?: string[];
  root: PageNode;
  traces?: unknown[];
}

const CELL_HEADER = /^<!-- trackio-cell\n([\s\S]*?)\n-->\n?/m;
const ELIDED = /^\.\.\. \[(\d+) chars elided\] \.\.\.$/m;

export async function readTrackioManifest(logbookDir: string): Promise<{ manifest: TrackioManifest; base: string }> {
  const base = join(logbookDir, '.trackio', 'logbook');
  const path = join(base, 'logbook.json');
  let manifest: TrackioManifest;
  let text: string;
  try {
    text = (await readInside(logbookDir, '.trackio/logbook/logbook.json', { maxBytes: 16 * 1024 * 1024 })).toString('utf8');
  } catch (err) {
    if (err instanceof BadInputError && /no such file/.test(err.problem)) throw new BadInputError(path, 'not a Trackio logbook (no .trackio/logbook/logbook.json)');
    throw err;
  }
  try {
    manifest = parseJsonBounded(text) as TrackioManifest;
  } catch (err) {
    throw new BadInputError(path, `unreadable Trackio manifest (${(err as Error).message})`);
  }
  if (manifest.schema_version !== 2) throw new BadInputError(path, `unsupported Trackio logbook schema_version ${String(manifest.schema_version)} (reads 2)`, '/schema_version');
  if (!manifest.root || typeof manifest.root.file !== 'string') throw new BadInputError(path, 'missing page tree', '/root');
  return { manifest, base };
}

/** All pages in tree order (depth-first), each with its parsed cells. */
export async function readTrackioPages(logbookDir: string): Promise<{ manifest: TrackioManifest; pages: LogbookPage[] }> {
  const { manifest, base } = await readTrackioManifest(logbookDir);
  const pages: LogbookPage[] = [];
  const walk = async (node: PageNode, depth: number): Promise<void> => {
    let text = '';
    try {
      text = (await readInside(base, node.file, { maxBytes: 64 * 1024 * 1024 })).toString('utf8');
    } catch (err) {
      if (err instanceof BadInputError && /no such file/.test(err.problem)) throw new BadInputError(join(base, node.file), `page "${node.slug}" listed in logbook.json is missing`);
      throw err;
    }
    pages.push({ slug: node.slug, title: node.title, depth, cells: parsePage(text) });
    for (const child of node.children ?? []) await walk(child, depth + 1);
  };
  await walk(manifest.root, 0);
  return { manifest, pages };
}

/** Splits a page into cells. Text before the first cell header (the page title) becomes no cell. */
export function parsePage(text: string): LogbookCell[] {
  const parts = text.split(/\n---\n(?=<!-- trackio-cell\n)/);
  const cells: LogbookCell[] = [];
  for (const part of parts.slice(1)) {
    const m = CELL_HEADER.exec(part);
    if (!m || m[1] === undefined) continue;
    let meta: Record<string, unknown>;
    try {
      meta = JSON.parse(m[1]) as Record<string, unknown>;
    } catch {
      continue;
    }
    const body = part.slice(m.index + m[0].length).trim();
    const common = { id: String(meta.id ?? ''), title: String(meta.title ?? ''), ...(meta.created_at ? { createdAt: String(meta.created_at) } : {}) };
    if (meta.type === 'code') {
      cells.push({
        type: 'code',
        ...common,
        command: Array.isArray(meta.command) ? meta.command.map(String) : [],
        exitCode: typeof meta.exit_code === 'number' ? meta.exit_code : null,
        durationS: typeof meta.duration_s === 'number' ? meta.duration_s : null,
        blocks: parseBlocks(body),
      });
    } else {
      cells.push({ type: 'markdown', ...common, markdown: body });
    }
  }
  return cells;
}

/** Fenced blocks of four or more backticks: ```` lang title=name ... ````. */
export function parseBlocks(body: string): LogbookBlock[] {
  const blocks: LogbookBlock[] = [];
  const fence = /^(`{4,})([^\n`]*)\n([\s\S]*?)\n?\1[ \t]*$/gm;
  for (let m = fence.exec(body); m; m = fence.exec(body)) {
    const info = (m[2] ?? '').trim();
    const [lang = '', ...rest] = info.split(/\s+/);
    const titleAttr = rest.find((r) => r.startsWith('title='));
    const text = m[3] ?? '';
    const elided = ELIDED.exec(text);
    blocks.push({
      lang,
      ...(titleAttr ? { title: titleAttr.slice('title='.length) } : {}),
      text,
      ...(elided?.[1] ? { elidedChars: Number(elided[1]) } : {}),
    });
  }
  return blocks;
}
