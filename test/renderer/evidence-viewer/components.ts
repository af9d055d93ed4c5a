/**
 * The evidence viewer's React components, loaded for markup tests the way vitest compiles them. The Node-side
 * TypeScript project that type-checks the tests has no JSX and no DOM library, so a static import of a .tsx
 * module fails its check; these are imported by path and typed here by the props the tests pass.
 */
import { join } from 'node:path';
import type { FunctionComponent, ReactNode } from 'react';
import type { CaseFileContent, RecheckApi } from '../../../common/api/contract';
import type { TableRow } from '../../../renderer/evidence/csv';

const DIR = join(import.meta.dirname, '../../../renderer/evidence');

async function load<P>(file: string, name: string): Promise<FunctionComponent<P>> {
  const mod = (await import(/* @vite-ignore */ join(DIR, `${file}.tsx`))) as Record<string, unknown>;
  const c = mod[name];
  if (typeof c !== 'function') throw new Error(`${file}.tsx exports no component ${name}`);
  return c as FunctionComponent<P>;
}

export const viewer = {
  TableView: () => load<{ columns: readonly string[]; rows: readonly TableRow[]; label: string }>('TableView', 'TableView'),
  TextView: () => load<{ text: string; label: string }>('TextView', 'TextView'),
  JsonTree: () => load<{ value: unknown }>('JsonTree', 'JsonTree'),
  ImageView: () => load<{ file: Extract<CaseFileContent, { kind: 'image' }> }>('ImageView', 'ImageView'),
  CheckFiles: () => load<{ artifacts: readonly string[]; evidence: Record<string, unknown> }>('CheckFiles', 'CheckFiles'),
  CaseFilesProvider: () => load<{ api: RecheckApi; caseId: string; children: ReactNode }>('CaseFiles', 'CaseFilesProvider'),
};
