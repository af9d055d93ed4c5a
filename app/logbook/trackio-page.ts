/**
 * One Trackio logbook page (`pages/<slug>/page.md`, schema versions 1 and 2 alike) read into cells, the way
 * Trackio's own reader splits it, and never failing: what cannot be read is kept as text with a `problem`.
 *
 * Format (Trackio 0.30-0.36, trackio/logbook.py): `# <title>` then cells, each
 * `\n---\n<!-- trackio-cell\n<one-line JSON header>\n-->\n<body>`. The header's `type` is markdown, code,
 * figure, artifact or dashboard; an invalid header or an unknown type makes a markdown cell. Bodies hold
 * fenced blocks of three or four backticks or tildes, ` ````lang title=name `. A run cell's output fence
 * (`output` or `result`) longer than 20,000 characters keeps its first 2,000 and last 18,000 characters with
 * `\n... [N chars elided] ...\n` between them (N = characters dropped, counted in code points).
 */
import type { LogbookBlock, LogbookCell } from '../../common/api/contract';

const CELL_START = '\n---\n<!-- trackio-cell\n';
const HEADER_END = '\n-->';
const HEAD = 2000;
const TAIL = 18000;
const ELIDED_LINE = /\n\.\.\. \[(\d+) chars elided\] \.\.\.\n/;

/** A page's title (its first `# ` line) and cells. */
export interface ParsedPage {
  readonly title: string | null;
  readonly cells: LogbookCell[];
}

/**
 * Splits a page into cells. `slug` names cells without an id (`<slug>:cell-<n>`).
 * Example: `parsePage(text, 'timing-comparison').cells.map((c) => c.type)` is ['markdown', 'code', 'markdown'].
 */
export function parsePage(text: string, slug = 'page'): ParsedPage {
  const normalised = `\n${text.replace(/\r\n/g, '\n')}`;
  const title = /^# (.+)$/m.exec(normalised.split(CELL_START)[0] ?? '')?.[1]?.trim() ?? null;
  const parts = normalised.split(CELL_START).slice(1);
  return { title, cells: parts.map((part, i) => parseCell(part, `${slug}:cell-${i + 1}`)) };
}

function parseCell(part: string, fallbackId: string): LogbookCell {
  const end = part.indexOf(HEADER_END);
  if (end < 0)
    return {
      type: 'markdown',
      id: fallbackId,
      title: '',
      markdown: part.trim(),
      problem: 'the cell header is not closed (no "-->"); shown as text',
    };
  const headerText = part.slice(0, end);
  const body = part
    .slice(end + HEADER_END.length)
    .replace(/^\n/, '')
    .trim();
  let header: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(headerText);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    header = parsed as Record<string, unknown>;
  } catch (err) {
    return {
      type: 'markdown',
      id: fallbackId,
      title: '',
      markdown: body,
      problem: `the cell header is not valid JSON (${(err as Error).message}); shown as text`,
    };
  }
  const problems: string[] = [];
  const id =
    typeof header.id === 'string' && header.id !== ''
      ? header.id
      : (problems.push(`the cell has no id; called ${fallbackId} here`), fallbackId);
  const base = {
    id,
    title: typeof header.title === 'string' ? header.title : '',
    ...(typeof header.created_at === 'string' ? { createdAt: header.created_at } : {}),
    ...(header.pinned === true ? { pinned: true } : {}),
  };
  const withProblems = <C extends LogbookCell>(cell: C, more: string[] = []): C => {
    const all = [...problems, ...more];
    return all.length > 0 ? { ...cell, problem: all.join('; ') } : cell;
  };
  switch (header.type) {
    case 'markdown':
      return withProblems({ ...base, type: 'markdown', markdown: body });
    case 'code':
      return codeCell(base, header, body, withProblems);
    case 'figure':
      return withProblems({ ...base, type: 'figure', ...figureImages(parseBlocks(body).find((b) => b.lang === 'html')?.text ?? '') });
    case 'artifact': {
      const ref = typeof header.artifact === 'string' ? header.artifact : typeof header.path === 'string' ? header.path : '';
      const uri = /^(trackio-artifact:\/\/|trackio-local-path:\/\/|https?:\/\/)\S+$/m.exec(body)?.[0];
      return withProblems(
        {
          ...base,
          type: 'artifact',
          ref,
          ...(typeof header.artifact_type === 'string' ? { artifactType: header.artifact_type } : {}),
          ...(typeof header.size === 'number' && Number.isFinite(header.size) ? { size: header.size } : {}),
          ...(uri !== undefined ? { uri } : {}),
        },
        ref === '' ? ['the artifact cell names no artifact or path'] : [],
      );
    }
    case 'dashboard': {
      const project = typeof header.dashboard_project === 'string' ? header.dashboard_project : '';
      const url = /^(https?:\/\/|trackio-local-dashboard:\/\/)\S+$/m.exec(body)?.[0];
      return withProblems(
        { ...base, type: 'dashboard', project, ...(url !== undefined ? { url } : {}) },
        project === '' ? ['the dashboard cell names no project'] : [],
      );
    }
    default:
      return withProblems({ ...base, type: 'markdown', markdown: body }, [
        `unknown cell type ${JSON.stringify(header.type)}; shown as text`,
      ]);
  }
}

function codeCell(
  base: Omit<Extract<LogbookCell, { type: 'markdown' }>, 'type' | 'markdown'>,
  header: Record<string, unknown>,
  body: string,
  withProblems: <C extends LogbookCell>(c: C, more?: string[]) => C,
): LogbookCell {
  const more: string[] = [];
  let command: string[] = [];
  if (Array.isArray(header.command) && header.command.every((a) => typeof a === 'string')) command = header.command as string[];
  else if (header.command !== undefined) more.push('the command is not a list of strings');
  const exitCode = typeof header.exit_code === 'number' && Number.isInteger(header.exit_code) ? header.exit_code : null;
  if (header.exit_code !== undefined && exitCode === null) more.push('the exit code is not an integer');
  const durationS = typeof header.duration_s === 'number' && Number.isFinite(header.duration_s) ? header.duration_s : null;
  const blocks = parseBlocks(body);
  const output = blocks.find((b) => isOutput(b.lang));
  let interrupted = false;
  if (output !== undefined) {
    interrupted = /\n\[interrupted\]\n?$/.test(output.text);
    const elision = outputElision(output.text);
    if (elision.elidedChars !== undefined) output.elidedChars = elision.elidedChars;
    if (elision.problem !== undefined) more.push(elision.problem);
  }
  return withProblems(
    {
      ...base,
      type: 'code',
      command,
      exitCode,
      durationS,
      ...(typeof header.language === 'string' ? { language: header.language } : {}),
      ...(interrupted ? { interrupted } : {}),
      blocks,
    },
    more,
  );
}

function isOutput(lang: string): boolean {
  return lang === 'output' || lang === 'result';
}

/**
 * The elision Trackio wrote into an output block: the marker line must sit right after the first 2,000
 * characters and be followed by exactly 18,000 (code points). A marker elsewhere is reported, not trusted.
 * Example: `outputElision('a'.repeat(2000) + '\n... [5 chars elided] ...\n' + 'b'.repeat(18000)).elidedChars` is 5.
 */
export function outputElision(text: string): { elidedChars?: number; problem?: string } {
  const m = ELIDED_LINE.exec(text);
  if (m === null || m[1] === undefined) return {};
  const n = Number(m[1]);
  const head = [...text.slice(0, m.index)].length;
  const tail = [...text.slice(m.index + m[0].length)].length;
  // The block may end with the newline Trackio put before its closing fence.
  if (head === HEAD && (tail === TAIL || tail === TAIL + 1)) return { elidedChars: n };
  return {
    elidedChars: n,
    problem: `an "elided" marker (${n} chars) sits where Trackio would not write one (after ${head} characters, ${tail} after it): the output may be truncated, or the program printed that line`,
  };
}

/**
 * Fenced blocks of a cell body: an opening line of three or four backticks or tildes with an info string
 * (`lang title=name`), closed by a line holding the same marker. The text excludes the newline before the
 * closing fence. An unclosed fence runs to the end of the body.
 */
export function parseBlocks(body: string): LogbookBlock[] {
  const lines = body.split('\n');
  const blocks: LogbookBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,4}|~{3,4})([^`~]*)$/.exec(lines[i] ?? '');
    if (open === null) continue;
    const marker = open[1] as string;
    const info = (open[2] ?? '').trim();
    const [lang = '', ...rest] = info.split(/\s+/);
    const title = rest.find((r) => r.startsWith('title='))?.slice('title='.length);
    const content: string[] = [];
    let j = i + 1;
    for (; j < lines.length && lines[j] !== marker; j++) content.push(lines[j] as string);
    blocks.push({ lang, ...(title !== undefined && title !== '' ? { title } : {}), text: content.join('\n') });
    i = j;
  }
  return blocks;
}

/**
 * The images of a figure cell's HTML, as data URIs of raster or SVG images (shown in <img>, where SVG scripts
 * do not run); scripts and external sources are counted as omitted. The HTML itself is never rendered.
 */
export function figureImages(html: string): { images: string[]; omitted: number } {
  const images: string[] = [];
  let omitted = (html.match(/<script\b/gi) ?? []).length;
  for (const m of html.matchAll(/<img\b[^>]*?\bsrc\s*=\s*(["'])(.*?)\1/gis)) {
    const src = m[2] ?? '';
    if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(src)) images.push(src);
    else omitted++;
  }
  return { images, omitted };
}
