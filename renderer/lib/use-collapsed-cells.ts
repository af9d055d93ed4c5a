/**
 * The collapsed logbook cells of a case (renderer/lib/collapsed-cells.ts), as React state: read when the case
 * opens, and each change written back at once. A change re-reads the storage first, so two logbook bodies of one
 * case (Compare logbooks) never overwrite each other's cells. Without a case id nothing is kept.
 * Example: `const cells = useCollapsedCells('timing'); cells.set(['L1/p/c1'], true); cells.collapsed.has('L1/p/c1')`.
 */
import { useCallback, useEffect, useState } from 'react';
import { loadCollapsedCells, saveCollapsedCells } from './collapsed-cells';
import type { LayoutStorage } from './pane-sizes';

function storage(): LayoutStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export interface CollapsedCells {
  readonly collapsed: ReadonlySet<string>;
  /** Collapses (`on`) or expands the cells named `keys`. */
  set(keys: readonly string[], on: boolean): void;
}

export function useCollapsedCells(caseId: string | undefined): CollapsedCells {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(
    () => new Set(caseId !== undefined ? loadCollapsedCells(storage(), caseId) : []),
  );
  useEffect(() => {
    setCollapsed(new Set(caseId !== undefined ? loadCollapsedCells(storage(), caseId) : []));
  }, [caseId]);
  const set = useCallback(
    (keys: readonly string[], on: boolean) => {
      setCollapsed((current) => {
        const base = new Set(caseId !== undefined ? loadCollapsedCells(storage(), caseId) : current);
        for (const k of keys) {
          if (on) base.add(k);
          else base.delete(k);
        }
        if (caseId !== undefined) saveCollapsedCells(storage(), caseId, [...base]);
        return base;
      });
    },
    [caseId],
  );
  return { collapsed, set };
}
