// The sandbox file tree: folders before files, by name; rows follow which folders are open; every path given is
// a file row when all folders are open (checked against the input, independently of the tree's shape).
import { describe, expect, it } from 'vitest';
import { fileTree, foldersOf, visibleRows } from '../../../renderer/editor/file-tree';

const PATHS = [
  'sandbox/random-search.ts',
  'sandbox/certificates/b.json',
  'sandbox/SEARCH.md',
  'sandbox/certificates/a.json',
  'sandbox/configs/deep/x.json',
  'sandbox/fw-attention-reference.ts',
];

describe('fileTree', () => {
  it('puts folders first, then files, each by name', () => {
    const tree = fileTree(PATHS);
    expect(tree.map((n) => `${n.kind}:${n.name}`)).toEqual([
      'folder:certificates',
      'folder:configs',
      'file:fw-attention-reference.ts',
      'file:random-search.ts',
      'file:SEARCH.md',
    ]);
    const certs = tree[0]!;
    expect(certs.kind === 'folder' && certs.children.map((c) => c.path)).toEqual([
      'sandbox/certificates/a.json',
      'sandbox/certificates/b.json',
    ]);
  });

  it('shows every file when every folder is open, and only the top level when none is', () => {
    const tree = fileTree(PATHS);
    const allOpen = new Set(PATHS.flatMap(foldersOf));
    const files = visibleRows(tree, allOpen)
      .filter((r) => r.node.kind === 'file')
      .map((r) => r.node.path);
    expect([...files].sort()).toEqual([...PATHS].sort());
    expect(visibleRows(tree, new Set()).map((r) => r.node.name)).toEqual([
      'certificates',
      'configs',
      'fw-attention-reference.ts',
      'random-search.ts',
      'SEARCH.md',
    ]);
    const deep = visibleRows(tree, allOpen).find((r) => r.node.path === 'sandbox/configs/deep/x.json');
    expect(deep?.level).toBe(3);
  });

  it('names the folders that hold a path', () => {
    expect(foldersOf('sandbox/a/b/c.ts')).toEqual(['sandbox/a', 'sandbox/a/b']);
    expect(foldersOf('sandbox/c.ts')).toEqual([]);
  });
});
