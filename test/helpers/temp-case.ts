/** Builds throwaway case folders for tests of the loader, runner and server. */
import { mkdtempSync, mkdirSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function tempDir(prefix = 'recheck-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A minimal valid case using the given check kind (default `test-fixed`), in its own temp workspace. */
export function writeMinimalCase(root: string, id = 'mini', caseJson?: Record<string, unknown>): string {
  const dir = join(root, id);
  mkdirSync(join(dir, 'logbook'), { recursive: true });
  mkdirSync(join(dir, 'sandbox'), { recursive: true });
  writeFileSync(join(dir, 'logbook', 'writeup.md'), '# Write-up\n\nWe ran it and the bound fails.\n');
  writeFileSync(join(dir, 'sandbox', 'model.ts'), 'export const k = 1;\n');
  writeFileSync(join(dir, 'paper.md'), '# Paper\n\nThe bound is $O(\\ln k)$.\n');
  const json = caseJson ?? {
    format: 'recheck.case/1',
    id,
    title: 'A minimal case',
    paper: { title: 'A paper', venueId: 'openreview:example-mini', claims: [{ id: 'C1', text: 'The bound holds.' }] },
    logbooks: [{ id: 'L1', path: 'logbook', format: 'plain', title: 'A logbook' }],
    falsifications: [
      {
        id: 'F1',
        claim: 'C1',
        logbook: 'L1',
        assertion: 'The bound fails at k = 8.',
        checks: [{ id: 'c1', kind: 'test-fixed', title: 'fixed outcome', params: { outcome: 'supports' } }],
      },
    ],
  };
  writeFileSync(join(dir, 'case.json'), `${JSON.stringify(json, null, 2)}\n`);
  return dir;
}

export function copyCase(src: string, root: string, name: string): string {
  const dest = join(root, name);
  cpSync(src, dest, { recursive: true });
  return dest;
}
