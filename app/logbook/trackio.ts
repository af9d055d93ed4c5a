/**
 * Reads a Trackio logbook folder (schema versions 1 and 2: Trackio 0.30-0.36) the way a reviewer needs it:
 * everything that can be read, and a list of what could not, per page and cell. Two layouts:
 * - a workspace: `<dir>/.trackio/metadata.json` and `<dir>/.trackio/logbook/{logbook.json,pages/...}`;
 * - a downloaded copy of a published logbook Space: `logbook.json` and `pages/` at the folder's root (no
 *   metadata.json; the paper id and tags survive in logbook.json).
 * The paper id is taken from metadata.json, else logbook.json, written either as a string (`openreview:ID`)
 * or as an object (`{"openreview_id": "ID"}`, `{"arxiv_id": "ID"}`), and given as `openreview:ID`/`arxiv:ID`.
 * When logbook.json is missing or unreadable, the page tree is rebuilt from `pages/` (and said so).
 * Every file is read through the confinement helper (inside the logbook folder, regular files, size caps).
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { LogbookPage, LogbookProblem, TraceSessionView } from '../../common/api/contract';
import { BadInputError } from '../errors';
import { readInside } from '../fs/confine';
import { parseJsonBounded } from '../../common/json/bounded';
import { firstInvalidUtf8 } from '../tables/text-file';
import { shown } from '../text/display';
import { parsePage } from './trackio-page';

const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;
const MAX_PAGE_BYTES = 64 * 1024 * 1024;
const KNOWN_SCHEMAS = [1, 2];

interface PageNode {
  readonly slug: string;
  readonly title: string;
  readonly file: string;
  readonly children: readonly PageNode[];
}

/** A Trackio logbook as read, with what could not be. */
export interface TrackioLogbook {
  /** `workspace` (.trackio/logbook inside the folder) or `space` (a downloaded Space: files at the root). */
  readonly layout: 'workspace' | 'space';
  /** Folder holding logbook.json and pages/, relative to the logbook folder ('' for a Space). */
  readonly base: string;
  readonly schemaVersion: number | null;
  readonly title: string;
  readonly paper: string | null;
  readonly tags: readonly string[];
  readonly pages: LogbookPage[];
  readonly traces: TraceSessionView[];
  readonly problems: LogbookProblem[];
}

/**
 * Where a folder keeps its Trackio logbook, or null when it holds none.
 * Example: `trackioLayout(fixture)` is `{ layout: 'workspace', base: '.trackio/logbook' }`.
 */
export function trackioLayout(dir: string): { layout: 'workspace' | 'space'; base: string } | null {
  for (const [layout, base] of [
    ['workspace', '.trackio/logbook'],
    ['space', ''],
  ] as const) {
    if (existsSync(join(dir, base, 'logbook.json')) || existsSync(join(dir, base, 'pages', 'index.md'))) return { layout, base };
  }
  return null;
}

/**
 * The paper id a logbook wrote, normalised: a string is kept; `{openreview_id}` gives `openreview:ID`,
 * `{arxiv_id}` gives `arxiv:ID`; anything else is a problem.
 * Example: `paperIdOf({ openreview_id: 'AbC1' })` is `{ paper: 'openreview:AbC1' }`.
 */
export function paperIdOf(value: unknown): { paper?: string; problem?: string } {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value === 'string') return { paper: value.trim() };
  if (typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    for (const [key, prefix] of [
      ['openreview_id', 'openreview'],
      ['openreview', 'openreview'],
      ['arxiv_id', 'arxiv'],
      ['arxiv', 'arxiv'],
      ['doi', 'doi'],
    ] as const) {
      if (typeof v[key] === 'string' && v[key] !== '') return { paper: `${prefix}:${(v[key] as string).trim()}` };
    }
    if (typeof v.id === 'string' && v.id !== '') return { paper: v.id.trim() };
  }
  return {
    problem: `the paper id ${shown(JSON.stringify(value), 120)} is neither a string nor {"openreview_id": ...} / {"arxiv_id": ...}`,
  };
}

/** Reads a text file of the logbook; a problem (never a throw) when it cannot. */
async function readText(dir: string, rel: string, maxBytes: number): Promise<{ text: string; problem?: string } | { problem: string }> {
  let bytes: Buffer;
  try {
    bytes = await readInside(dir, rel, { maxBytes, shownAs: rel });
  } catch (err) {
    return { problem: err instanceof BadInputError ? err.problem : String(err) };
  }
  const bad = firstInvalidUtf8(bytes);
  const text = bytes.toString('utf8').replace(/^\ufeff/, '');
  return bad >= bytes.length ? { text } : { text, problem: `not valid UTF-8 (at byte ${bad}); shown with replacement characters` };
}

async function readJson(dir: string, rel: string): Promise<{ value?: unknown; problem?: string }> {
  const r = await readText(dir, rel, MAX_MANIFEST_BYTES);
  if (!('text' in r)) return { problem: r.problem };
  try {
    return { value: parseJsonBounded(r.text), ...(r.problem !== undefined ? { problem: r.problem } : {}) };
  } catch (err) {
    return { problem: `not valid JSON (${shown((err as Error).message, 160)})` };
  }
}

function asNode(v: unknown): PageNode | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.slug !== 'string' || typeof o.file !== 'string') return null;
  const children = Array.isArray(o.children) ? o.children.map(asNode).filter((c): c is PageNode => c !== null) : [];
  return { slug: o.slug, title: typeof o.title === 'string' ? o.title : o.slug, file: o.file, children };
}

/** The page tree rebuilt from pages/ when logbook.json cannot give it: index.md, then each pages/<slug>/page.md. */
async function treeFromFolder(dir: string, base: string): Promise<PageNode> {
  let slugs: string[] = [];
  try {
    slugs = (await readdir(join(dir, base, 'pages'), { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch {
    /* no pages folder: the root alone */
  }
  return {
    slug: 'index',
    title: 'Logbook',
    file: 'pages/index.md',
    children: slugs.map((s) => ({ slug: s, title: s, file: `pages/${s}/page.md`, children: [] })),
  };
}

function traceSessions(v: unknown, problems: LogbookProblem[]): TraceSessionView[] {
  if (!Array.isArray(v)) return [];
  const out: TraceSessionView[] = [];
  for (const s of v) {
    if (typeof s !== 'object' || s === null || typeof (s as { id?: unknown }).id !== 'string') {
      problems.push({ problem: 'a trace session without an id was left out' });
      continue;
    }
    const o = s as Record<string, unknown>;
    const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : undefined);
    const num = (k: string) => (typeof o[k] === 'number' && Number.isFinite(o[k]) ? (o[k] as number) : undefined);
    const entries = {
      provider: str('provider'),
      model: str('model'),
      startedAt: str('started_at'),
      endedAt: str('ended_at'),
      events: num('event_count'),
      turns: num('turn_count'),
    };
    out.push({
      id: o.id as string,
      title: str('title') ?? (o.id as string),
      ...Object.fromEntries(Object.entries(entries).filter(([, x]) => x !== undefined)),
    });
  }
  return out;
}

/**
 * Reads the logbook in `dir` (a folder already confined by the caller). Throws BadInputError only when the
 * folder holds no Trackio logbook at all; everything else that cannot be read is in `problems`.
 * Example: `(await readTrackioLogbook(fixture)).pages.map((p) => p.slug)` is ['index', 'timing-comparison', 'long-log'].
 */
export async function readTrackioLogbook(dir: string): Promise<TrackioLogbook> {
  const found = trackioLayout(dir);
  if (found === null)
    throw new BadInputError(shown(dir), 'not a Trackio logbook (no .trackio/logbook/logbook.json, logbook.json or pages/index.md)');
  const { layout, base } = found;
  const problems: LogbookProblem[] = [];
  const at = (rel: string) => (base === '' ? rel : `${base}/${rel}`);

  const manifestRead = await readJson(dir, at('logbook.json'));
  const manifest =
    typeof manifestRead.value === 'object' && manifestRead.value !== null && !Array.isArray(manifestRead.value)
      ? (manifestRead.value as Record<string, unknown>)
      : null;
  const noManifest = manifestRead.problem !== undefined && /no such file/.test(manifestRead.problem);
  if (manifestRead.problem !== undefined && !noManifest) problems.push({ problem: `logbook.json: ${manifestRead.problem}` });
  const schemaVersion = typeof manifest?.schema_version === 'number' ? manifest.schema_version : null;
  if (manifest !== null && (schemaVersion === null || !KNOWN_SCHEMAS.includes(schemaVersion))) {
    problems.push({
      problem: `logbook.json: schema_version ${String(manifest.schema_version)} is not one this reader knows (1, 2); read as 2`,
    });
  }
  let root = asNode(manifest?.root);
  if (root === null) {
    if (manifest !== null) problems.push({ problem: 'logbook.json: no readable page tree (root); rebuilt from pages/' });
    else if (noManifest) problems.push({ problem: 'no logbook.json: the page tree was rebuilt from pages/' });
    else problems.push({ problem: 'the page tree was rebuilt from pages/ (logbook.json could not be read)' });
    root = await treeFromFolder(dir, base);
  }

  const metadata = layout === 'workspace' ? await readJson(dir, '.trackio/metadata.json') : {};
  if (metadata.problem !== undefined && !/no such file/.test(metadata.problem))
    problems.push({ problem: `metadata.json: ${metadata.problem}` });
  const meta = typeof metadata.value === 'object' && metadata.value !== null ? (metadata.value as Record<string, unknown>) : {};
  const paperRead = paperIdOf(meta.paper ?? manifest?.paper);
  if (paperRead.problem !== undefined) problems.push({ problem: paperRead.problem });
  const tagsValue = Array.isArray(meta.tags) ? meta.tags : Array.isArray(manifest?.tags) ? manifest.tags : [];

  const pages: LogbookPage[] = [];
  const walk = async (node: PageNode, depth: number): Promise<void> => {
    const read = await readText(dir, at(node.file), MAX_PAGE_BYTES);
    if (!('text' in read)) {
      problems.push({ page: node.slug, problem: `${node.file}: ${read.problem}` });
      pages.push({ slug: node.slug, title: node.title, depth, cells: [] });
    } else {
      if (read.problem !== undefined) problems.push({ page: node.slug, problem: `${node.file}: ${read.problem}` });
      const parsed = parsePage(read.text, node.slug);
      for (const c of parsed.cells) if (c.problem !== undefined) problems.push({ page: node.slug, cell: c.id, problem: c.problem });
      pages.push({ slug: node.slug, title: parsed.title ?? node.title, depth, cells: parsed.cells });
    }
    for (const child of node.children) await walk(child, depth + 1);
  };
  await walk(root, 0);

  const traceIndex = await readJson(dir, at('traces/index.json'));
  const sessions = (traceIndex.value as { sessions?: unknown } | undefined)?.sessions ?? manifest?.traces;
  return {
    layout,
    base,
    schemaVersion,
    title: typeof manifest?.title === 'string' ? manifest.title : (pages[0]?.title ?? 'Logbook'),
    paper: paperRead.paper ?? null,
    tags: tagsValue.filter((t): t is string => typeof t === 'string'),
    pages,
    traces: traceSessions(sessions, problems),
    problems,
  };
}
