/**
 * A case's sandbox files as a tree of folders (the sandbox pane's file list): folders first, then files, each
 * by name; and the rows it shows, given which folders are open. Paths keep their `sandbox/` prefix; the tree's
 * root is the sandbox folder itself.
 */

export interface TreeFolder {
  readonly kind: 'folder';
  readonly name: string;
  /** Folder path relative to the case, e.g. 'sandbox/certificates'. */
  readonly path: string;
  readonly children: readonly TreeNode[];
}

export interface TreeFile {
  readonly kind: 'file';
  readonly name: string;
  /** File path relative to the case, e.g. 'sandbox/point.ts'. */
  readonly path: string;
}

export type TreeNode = TreeFolder | TreeFile;

/** One visible row: the node, its depth (1 for the root's children) and, for a folder, whether it is open. */
export interface TreeRow {
  readonly node: TreeNode;
  readonly level: number;
  readonly open?: boolean;
}

const ROOT = 'sandbox';

interface Building {
  folders: Map<string, Building>;
  files: string[];
}

function build(b: Building, base: string): TreeNode[] {
  const folders = [...b.folders.entries()]
    .sort(([a], [c]) => a.localeCompare(c))
    .map(([name, sub]): TreeFolder => ({ kind: 'folder', name, path: `${base}/${name}`, children: build(sub, `${base}/${name}`) }));
  const files = [...b.files].sort((a, c) => a.localeCompare(c)).map((name): TreeFile => ({ kind: 'file', name, path: `${base}/${name}` }));
  return [...folders, ...files];
}

/**
 * The tree of the given paths (each under `sandbox/`; others are placed by their own folders all the same).
 * Example: `fileTree(['sandbox/b.ts', 'sandbox/lib/a.ts'])` is [folder lib [a.ts], b.ts].
 */
export function fileTree(paths: readonly string[]): TreeNode[] {
  const root: Building = { folders: new Map(), files: [] };
  for (const p of paths) {
    const parts = (p.startsWith(`${ROOT}/`) ? p.slice(ROOT.length + 1) : p).split('/');
    const name = parts.pop() as string;
    let at = root;
    for (const part of parts) {
      let next = at.folders.get(part);
      if (next === undefined) {
        next = { folders: new Map(), files: [] };
        at.folders.set(part, next);
      }
      at = next;
    }
    at.files.push(name);
  }
  return build(root, ROOT);
}

/** The rows shown when the folders in `open` are expanded. */
export function visibleRows(nodes: readonly TreeNode[], open: ReadonlySet<string>, level = 1): TreeRow[] {
  const rows: TreeRow[] = [];
  for (const n of nodes) {
    if (n.kind === 'file') {
      rows.push({ node: n, level });
      continue;
    }
    const isOpen = open.has(n.path);
    rows.push({ node: n, level, open: isOpen });
    if (isOpen) rows.push(...visibleRows(n.children, open, level + 1));
  }
  return rows;
}

/** The folders that contain a path (so that revealing it opens them). Example: 'sandbox/a/b/c.ts' gives sandbox/a, sandbox/a/b. */
export function foldersOf(path: string): string[] {
  const parts = path.split('/');
  const out: string[] = [];
  for (let i = 2; i < parts.length; i++) out.push(parts.slice(0, i).join('/'));
  return out;
}
