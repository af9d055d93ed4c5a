// The folder-level import graph of app/ (every import, type-only ones included) has no cycle, and every edge
// goes down the app order of eslint-rules/layers.js. Computed from the sources, so a cycle the lint rule could
// miss (a folder placed twice, an import the rule does not see) still fails here.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { APP_ORDER, appFolderOf, appRank } from '../../eslint-rules/layers.js';

const ROOT = resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Relative specifiers of a file's imports and re-exports (static and dynamic). */
export function specifiers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(
    /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm,
  )) {
    const s = m[1] ?? m[2] ?? m[3];
    if (s !== undefined && s.startsWith('.')) out.push(s);
  }
  return out;
}

/** Folder-level edges of app/ outside the sandbox runtime, as "from -> to" with one file each as witness. */
function folderEdges(): Map<string, string> {
  const edges = new Map<string, string>();
  for (const file of sources(join(ROOT, 'app'))) {
    const rel = relative(ROOT, file);
    if (rel.startsWith('app/sandbox/inside/')) continue; // its own layer (the runtime)
    const from = appFolderOf(rel);
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      const target = normalize(join(dirname(rel), spec));
      const to = appFolderOf(target);
      if (to === null || to === from || target.startsWith('app/sandbox/inside/')) continue;
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) edges.set(key, `${rel} imports ${spec}`);
    }
  }
  return edges;
}

/** A cycle of the graph, or null. */
function findCycle(edges: Iterable<string>): string[] | null {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    const [a, b] = e.split(' -> ') as [string, string];
    next.set(a, [...(next.get(a) ?? []), b]);
  }
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (v: string): string[] | null => {
    if (state.get(v) === 'open') return [...stack.slice(stack.indexOf(v)), v];
    if (state.get(v) === 'done') return null;
    state.set(v, 'open');
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      const c = visit(w);
      if (c) return c;
    }
    stack.pop();
    state.set(v, 'done');
    return null;
  };
  for (const v of next.keys()) {
    const c = visit(v);
    if (c) return c;
  }
  return null;
}

describe('the folder-level import graph of app/', () => {
  const edges = folderEdges();

  it('reads the imports it should (a sanity check of the scanner)', () => {
    expect(specifiers("import type { A } from '../x';\nexport * from './y';\nconst m = await import('../z');\nimport './side';")).toEqual([
      '../x',
      './y',
      '../z',
      './side',
    ]);
    expect(edges.size).toBeGreaterThan(40);
    expect(edges.has('checks -> cases')).toBe(true);
  });

  it('has no cycle', () => {
    expect(findCycle(edges.keys())).toBeNull();
  });

  it('finds a planted cycle (the check can fail)', () => {
    expect(findCycle([...edges.keys(), 'cases -> checks'])).not.toBeNull();
  });

  it('places every folder of app/ in the app order, once', () => {
    const folders = new Set(sources(join(ROOT, 'app')).map((f) => appFolderOf(relative(ROOT, f))));
    for (const f of folders) expect(appRank(f), `app/${f}`).toBeGreaterThanOrEqual(0);
    const placed = APP_ORDER.flat();
    expect(new Set(placed).size).toBe(placed.length);
  });

  it('only imports down the order', () => {
    const upward = [...edges].filter(([e]) => {
      const [a, b] = e.split(' -> ') as [string, string];
      return appRank(b) >= appRank(a);
    });
    expect(upward.map(([e, w]) => `${e} (${w})`)).toEqual([]);
  });
});
