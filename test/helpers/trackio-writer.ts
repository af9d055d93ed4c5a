/**
 * Writes Trackio logbooks for tests, following Trackio 0.36's writer rules (trackio/logbook.py, as recorded in
 * the research notes): cells appended as `\n\n---\n<!-- trackio-cell\n<header>\n-->\n<body>\n`, headers as
 * one-line JSON with Python's default separators (", " and ": ") and keys type, id, created_at, title, then the
 * extras; run cells with a bash fence, the exit line, script fences and an output fence; outputs over 20,000
 * characters cut to the first 2,000 and last 18,000 with the elision line. Independent of Recheck's reader.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Python's json.dumps with default separators and ensure_ascii=False (enough for test headers). */
function pyJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(pyJson).join(', ')}]`;
  if (typeof v === 'object' && v !== null)
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${pyJson(x)}`)
      .join(', ')}}`;
  return JSON.stringify(v);
}

/** Trackio's output truncation: over 20,000 characters keep 2,000 + marker + 18,000 (code points). */
export function truncateLikeTrackio(output: string): string {
  const chars = [...output];
  if (chars.length <= 20_000) return output;
  return `${chars.slice(0, 2000).join('')}\n... [${chars.length - 20_000} chars elided] ...\n${chars.slice(-18_000).join('')}`;
}

export type TestCell =
  | { type: 'markdown'; id?: string; title?: string; body: string }
  | {
      type: 'run';
      id: string;
      command: string[];
      exitCode: number;
      durationS: number;
      scripts?: { name: string; lang: string; text: string }[];
      output: string;
    }
  | { type: 'raw'; text: string };

function cellText(c: TestCell): string {
  if (c.type === 'raw') return c.text;
  if (c.type === 'markdown') {
    const header = {
      type: 'markdown',
      ...(c.id !== undefined ? { id: c.id } : {}),
      created_at: '2026-11-30T10:00:00+00:00',
      title: c.title ?? c.body.slice(0, 80),
    };
    return `\n\n---\n<!-- trackio-cell\n${pyJson(header)}\n-->\n${c.body.trim()}\n`;
  }
  const title = `Run: ${c.command.join(' ')} (exit ${c.exitCode})`;
  const header = {
    type: 'code',
    id: c.id,
    created_at: '2026-11-30T10:00:00+00:00',
    title,
    command: c.command,
    exit_code: c.exitCode,
    duration_s: c.durationS,
  };
  const parts = [`\`\`\`\`bash\n$ ${c.command.join(' ')}\n\`\`\`\``, `exit ${c.exitCode} · ${c.durationS.toFixed(1)}s`];
  for (const s of c.scripts ?? []) parts.push(`\`\`\`\`${s.lang} title=${s.name}\n${s.text}\n\`\`\`\``);
  parts.push(`\`\`\`\`output\n${truncateLikeTrackio(c.output)}\n\`\`\`\``);
  return `\n\n---\n<!-- trackio-cell\n${pyJson(header)}\n-->\n${parts.join('\n\n\n')}\n`;
}

export interface TestLogbook {
  title: string;
  paper?: unknown;
  tags?: string[];
  schemaVersion?: number;
  pages: { slug: string; title: string; cells: TestCell[]; missing?: boolean }[];
  /** 'workspace' (.trackio/...) or 'space' (files at the root, as a downloaded Space). */
  layout?: 'workspace' | 'space';
  /** Write metadata.json (workspace layout only). */
  metadata?: Record<string, unknown>;
}

/** Writes the logbook into `dir` and returns `dir`. */
export function writeTrackioLogbook(dir: string, lb: TestLogbook): string {
  const base = lb.layout === 'space' ? dir : join(dir, '.trackio', 'logbook');
  mkdirSync(join(base, 'pages'), { recursive: true });
  writeFileSync(join(base, 'pages', 'index.md'), `# ${lb.title}\n\n## Pages\n`);
  const children = [];
  for (const p of lb.pages) {
    children.push({ slug: p.slug, title: p.title, file: `pages/${p.slug}/page.md`, children: [] });
    if (p.missing === true) continue;
    mkdirSync(join(base, 'pages', p.slug), { recursive: true });
    writeFileSync(join(base, 'pages', p.slug, 'page.md'), `# ${p.title}\n${p.cells.map(cellText).join('')}`);
  }
  const manifest = {
    schema_version: lb.schemaVersion ?? 2,
    title: lb.title,
    emoji: '🎯',
    space_id: null,
    paper: lb.paper ?? null,
    tags: lb.tags ?? [],
    updated_at: '2026-11-30T10:00:00+00:00',
    root: { slug: 'index', title: lb.title, file: 'pages/index.md', children },
    ...(lb.schemaVersion === 1 ? {} : { traces: [], workspace: { file: 'workspace.json', file_count: 0, total_size: 0, bucket_id: null } }),
  };
  writeFileSync(join(base, 'logbook.json'), JSON.stringify(manifest, null, 2));
  if (lb.layout !== 'space' && lb.metadata !== undefined)
    writeFileSync(join(dir, '.trackio', 'metadata.json'), JSON.stringify(lb.metadata, null, 2));
  return dir;
}
