/** Bundled cases copied to a temporary folder and run (recorded), ready to be reported; reports built by the CLI. */
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadCase } from '../../../app/cases/load';
import { runCase } from '../../../app/checks/run-case';
import { defaultRegistry } from '../../../app/cli/registry';
import { cli } from '../../helpers/cli';

export const CASES = resolve(import.meta.dirname, '../../../cases');

/** A copy of bundled case `name` (never the installation's cases/), its checks run and recorded. */
export async function ranCopy(name: string, root = mkdtempSync(join(tmpdir(), 'recheck-report-case-'))): Promise<string> {
  const dir = join(root, name);
  cpSync(join(CASES, name), dir, { recursive: true });
  const registry = defaultRegistry();
  await runCase(await loadCase(dir, registry), registry, { who: 'report test' });
  return dir;
}

/** Builds the report of `caseDir` into a new folder with the CLI; returns the folder and the root it printed. */
export async function builtReport(caseDir: string): Promise<{ out: string; root: string; stdout: string }> {
  const out = join(mkdtempSync(join(tmpdir(), 'recheck-report-out-')), 'report');
  const r = await cli(['report', caseDir, '--out', out, '--who', 'Report Tester'], caseDir);
  if (r.code !== 0) throw new Error(`recheck report failed (${r.code}): ${r.stderr}`);
  const root = /hash chain root ([0-9a-f]{64})/.exec(r.stdout)?.[1];
  if (root === undefined) throw new Error(`no root in: ${r.stdout}`);
  return { out, root, stdout: r.stdout };
}

export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}
