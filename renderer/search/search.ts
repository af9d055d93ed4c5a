/**
 * Search across a case: its paper summary, claims, claimed falsifications, every logbook cell (markdown, commands,
 * output blocks) and file, the sandbox files, and the case's other text files; each hit knows the place it opens
 * (a logbook cell, a claim, a finding, the paper, a file). Matching is case-insensitive, on the text as written
 * (Markdown source), never overlapping; each document gives at most MAX_HITS_PER_DOC hits, with a snippet around
 * each, and the total count is kept. A Markdown document's snippet is plain text (plain.ts: no emphasis, code or link
 * marks, math as its source without the `$`), the words matched still marked.
 * Example: `searchDocs(caseDocs(detail, []), 'kl_div')` finds the excerpt's `F.kl_div(...)` in the logbook cell
 * `writeup.md`, whose place is `{ type: 'cell', logbook: 'code-review', page: 'writeup', cell: 'writeup.md' }`.
 */
import type { CaseDetail } from '../../common/api/contract';
import { markdownPlain, type PlainText } from './plain';

/** Where a hit opens. */
export type SearchPlace =
  | { type: 'paper' }
  | { type: 'claim'; id: string }
  | { type: 'finding'; id: string }
  | { type: 'cell'; logbook: string; page: string; cell: string }
  | { type: 'sandbox-file'; path: string }
  | { type: 'file'; path: string };

export interface SearchDoc {
  /** The group it is listed under. */
  group: 'Paper' | 'Claims' | 'Findings' | 'Logbook cells' | 'Files';
  label: string;
  text: string;
  place: SearchPlace;
  /** The text is Markdown: its snippets are shown as plain text. */
  markdown?: boolean;
}

export interface SearchHit {
  doc: SearchDoc;
  /** Offset of the match in the doc's text. */
  index: number;
  before: string;
  match: string;
  after: string;
}

export const MAX_HITS_PER_DOC = 5;
/** Characters of context either side of a match. */
const CONTEXT = 48;

/** The searchable text of a case; `files` are its other text files (path and text), read by the caller. */
export function caseDocs(detail: CaseDetail, files: readonly { path: string; text: string }[]): SearchDoc[] {
  const docs: SearchDoc[] = [
    { group: 'Paper', label: detail.paper.title, text: detail.paperMarkdown, place: { type: 'paper' }, markdown: true },
  ];
  for (const c of detail.paper.claims)
    docs.push({ group: 'Claims', label: `Claim ${c.id}`, text: c.text, place: { type: 'claim', id: c.id }, markdown: true });
  for (const f of detail.falsifications)
    docs.push({ group: 'Findings', label: `Finding ${f.id}`, text: f.assertion, place: { type: 'finding', id: f.id }, markdown: true });
  const seen = new Set<string>();
  for (const lb of detail.logbooks) {
    for (const p of lb.pages)
      for (const c of p.cells) {
        const parts =
          c.type === 'markdown'
            ? [c.markdown]
            : c.type === 'code'
              ? [c.command.join(' '), ...c.blocks.map((b) => b.text)]
              : c.type === 'artifact'
                ? [c.title, c.ref]
                : [c.title];
        docs.push({
          group: 'Logbook cells',
          label: `${lb.title} › ${p.title} › ${c.title || c.id}`,
          text: parts.join('\n'),
          place: { type: 'cell', logbook: lb.id, page: p.slug, cell: c.id },
          ...(c.type === 'markdown' ? { markdown: true } : {}),
        });
      }
  }
  for (const f of detail.sandboxFiles) {
    seen.add(f.path);
    docs.push({ group: 'Files', label: f.path, text: f.text, place: { type: 'sandbox-file', path: f.path } });
  }
  for (const f of files)
    if (!seen.has(f.path))
      docs.push({
        group: 'Files',
        label: f.path,
        text: f.text,
        place: { type: 'file', path: f.path },
        ...(/\.md$/i.test(f.path) ? { markdown: true } : {}),
      });
  return docs;
}

/** Text files worth reading for search: not the paper, case.json or sandbox (indexed already), not Trackio's own pages. */
const TEXT_FILE = /\.(md|txt|csv|tsv|json|jsonl|py|ts|mts|js|mjs|sh|yaml|yml|toml|tex|log|cfg|ini)$/i;
/** Largest file read for search. */
export const MAX_SEARCH_FILE_BYTES = 256 * 1024;
/** Most files read for search. */
export const MAX_SEARCH_FILES = 300;

/**
 * The case's files to read for search, from listCaseFiles: text files within the size cap, without what is indexed
 * otherwise (paper.md, case.json, sandbox/, a Trackio logbook's .trackio/ pages, a plain logbook's write-up cell).
 * Example: on kl-direction, `logbook/loss.mjs` is read, `logbook/writeup.md` (a cell) and `logbook/distill.db` are not.
 */
export function filesToSearch(detail: CaseDetail, files: readonly { path: string; size: number }[]): string[] {
  const cellFiles = detail.logbooks
    .filter((lb) => lb.format === 'plain')
    .flatMap((lb) => lb.pages.flatMap((p) => p.cells.filter((c) => c.type === 'markdown').map((c) => `/${c.id}`)));
  return files
    .filter((f) => f.size <= MAX_SEARCH_FILE_BYTES && TEXT_FILE.test(f.path))
    .map((f) => f.path)
    .filter((p) => p !== 'paper.md' && p !== 'case.json' && !p.startsWith('sandbox/') && !p.includes('.trackio/'))
    .filter((p) => !cellFiles.some((c) => p.endsWith(c)))
    .slice(0, MAX_SEARCH_FILES);
}

/** A snippet's side on one line; a side cut inside the text starts (or ends) at a whole word, marked "…". */
function side(src: string, from: number, to: number, leading: boolean): string {
  let s = src.slice(Math.max(0, from), Math.min(src.length, to)).replace(/\s+/g, ' ');
  if (leading && from > 0) {
    const space = s.indexOf(' ');
    s = `…${space >= 0 && space < s.length - 1 ? s.slice(space + 1) : s}`;
  }
  if (!leading && to < src.length) {
    const space = s.lastIndexOf(' ');
    s = `${space > 0 ? s.slice(0, space) : s}…`;
  }
  return s;
}

function snippet(src: string, i: number, length: number): Pick<SearchHit, 'before' | 'match' | 'after'> {
  return {
    before: side(src, i - CONTEXT, i, true),
    match: src.slice(i, i + length),
    after: side(src, i + length, i + length + CONTEXT, false),
  };
}

const plainCache = new WeakMap<SearchDoc, PlainText>();
function plainOf(doc: SearchDoc): PlainText {
  let p = plainCache.get(doc);
  if (p === undefined) {
    p = markdownPlain(doc.text);
    plainCache.set(doc, p);
  }
  return p;
}

/** The first offset in the plain text whose source offset is at least `at`. */
function plainAt(p: PlainText, at: number): number {
  let lo = 0;
  let hi = p.from.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (p.from[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The snippet of the match at [i, i + length) of a Markdown source, in its plain text; a match of marks alone (no
 * plain character) is shown as written.
 */
function plainSnippet(p: PlainText, src: string, i: number, length: number): Pick<SearchHit, 'before' | 'match' | 'after'> {
  const a = plainAt(p, i);
  const b = plainAt(p, i + length);
  if (b <= a) return snippet(src, i, length);
  return {
    before: side(p.text, a - CONTEXT, a, true),
    match: p.text.slice(a, b),
    after: side(p.text, b, b + CONTEXT, false),
  };
}

/**
 * The hits of `query` in `docs` (case-insensitive, non-overlapping), in the docs' order, the total count of
 * matches (beyond the hits kept) and the number of docs with a match. An empty or blank query finds nothing.
 */
export function searchDocs(docs: readonly SearchDoc[], query: string, maxHits = 200): { hits: SearchHit[]; total: number; places: number } {
  const q = query.trim().toLowerCase();
  const hits: SearchHit[] = [];
  let total = 0;
  let places = 0;
  if (q === '') return { hits, total, places };
  for (const doc of docs) {
    const lower = doc.text.toLowerCase();
    // toLowerCase can change a string's length (İ): offsets are only trusted where the lengths agree.
    const aligned = lower.length === doc.text.length;
    let from = 0;
    let inDoc = 0;
    for (;;) {
      const i = lower.indexOf(q, from);
      if (i < 0) break;
      total++;
      if (inDoc < MAX_HITS_PER_DOC && hits.length < maxHits) {
        const src = aligned ? doc.text : lower;
        const plain = doc.markdown === true && aligned ? plainOf(doc) : null;
        hits.push({ doc, index: i, ...(plain !== null ? plainSnippet(plain, src, i, q.length) : snippet(src, i, q.length)) });
      }
      inDoc++;
      from = i + q.length;
    }
    if (inDoc > 0) places++;
  }
  return { hits, total, places };
}
