/**
 * The sandbox pane's file list: a tree (WAI-ARIA tree view) of the case's sandbox files with their folders.
 * One row is in the Tab order (roving tabindex); Up/Down move, Right opens a folder or enters it, Left closes
 * it or goes to its parent, Home/End jump, Enter or Space opens the file. Unsaved files are marked.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { fileTree, foldersOf, visibleRows, type TreeRow } from './file-tree';

export function FileTree(props: {
  paths: readonly string[];
  active: string | null;
  dirty: ReadonlySet<string>;
  onOpen(path: string): void;
}) {
  const { paths, active } = props;
  const tree = useMemo(() => fileTree(paths), [paths]);
  // Folders start open: a case has a handful of files, all worth seeing.
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const allFolders = useMemo(() => new Set(paths.flatMap(foldersOf)), [paths]);
  const open = useMemo(() => new Set([...allFolders].filter((f) => !closed.has(f))), [allFolders, closed]);
  const rows = visibleRows(tree, open);
  const [focusPath, setFocusPath] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);

  // The active file is always reachable: its folders open.
  useEffect(() => {
    if (active === null) return;
    const need = foldersOf(active);
    setClosed((c) => (need.some((f) => c.has(f)) ? new Set([...c].filter((f) => !need.includes(f))) : c));
  }, [active]);

  const tabbable = rows.some((r) => r.node.path === focusPath)
    ? focusPath
    : (rows.find((r) => r.node.path === active)?.node.path ?? rows[0]?.node.path ?? null);
  const focusRow = (path: string) => {
    setFocusPath(path);
    list.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`)?.focus();
  };
  const toggle = (path: string, to: boolean) => setClosed((c) => (to ? new Set([...c].filter((f) => f !== path)) : new Set([...c, path])));

  const onKey = (e: KeyboardEvent, row: TreeRow, i: number) => {
    const n = row.node;
    const at = (j: number) => rows[Math.max(0, Math.min(rows.length - 1, j))]!.node.path;
    if (e.key === 'ArrowDown') focusRow(at(i + 1));
    else if (e.key === 'ArrowUp') focusRow(at(i - 1));
    else if (e.key === 'Home') focusRow(at(0));
    else if (e.key === 'End') focusRow(at(rows.length - 1));
    else if (e.key === 'ArrowRight' && n.kind === 'folder') {
      if (row.open === true) focusRow(at(i + 1));
      else toggle(n.path, true);
    } else if (e.key === 'ArrowLeft') {
      if (n.kind === 'folder' && row.open === true) toggle(n.path, false);
      else {
        const parent = foldersOf(n.path).pop();
        if (parent !== undefined) focusRow(parent);
      }
    } else if (e.key === 'Enter' || e.key === ' ') {
      if (n.kind === 'file') props.onOpen(n.path);
      else toggle(n.path, row.open !== true);
    } else return;
    e.preventDefault();
  };

  return (
    <ul className="file-tree" role="tree" aria-label="Sandbox files" ref={list} data-testid="sandbox-file-tree">
      {rows.map((row, i) => {
        const n = row.node;
        const isFile = n.kind === 'file';
        return (
          <li
            key={n.path}
            role="treeitem"
            aria-level={row.level}
            aria-expanded={isFile ? undefined : row.open}
            aria-selected={isFile ? n.path === active : undefined}
            tabIndex={n.path === tabbable ? 0 : -1}
            className={`tree-row mono${isFile ? ' tree-file' : ' tree-folder'}${n.path === active ? ' active' : ''}`}
            style={{ paddingLeft: 6 + (row.level - 1) * 12 }}
            title={n.path}
            data-path={n.path}
            data-testid={isFile ? `sandbox-tab-${n.path}` : `sandbox-folder-${n.path}`}
            onClick={() => {
              setFocusPath(n.path);
              if (isFile) props.onOpen(n.path);
              else toggle(n.path, row.open !== true);
            }}
            onKeyDown={(e) => onKey(e, row, i)}
          >
            <span className="tree-twisty" aria-hidden="true">
              {isFile ? '' : row.open === true ? '▾' : '▸'}
            </span>
            {n.name}
            {isFile && props.dirty.has(n.path) ? (
              <span className="dirty" aria-label="unsaved changes">
                {' '}
                ●
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
