/** A copy of the installation's CLI (sources, bin/, the build scripts) in a temporary folder, node_modules linked, to edit freely. */
import { cpSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from '../../helpers/temp-case';

export const ROOT = resolve(import.meta.dirname, '../../..');

/** Makes the copy; `removeCopies()` (in afterAll) deletes every copy made. */
export function installationCopy(): string {
  const root = tempDir();
  copies.push(root);
  for (const dir of ['app', 'common', 'checkers', 'bin']) cpSync(join(ROOT, dir), join(root, dir), { recursive: true });
  mkdirSync(join(root, 'scripts'));
  for (const f of ['build-cli.mjs', 'build-cli-manifest.mjs']) cpSync(join(ROOT, 'scripts', f), join(root, 'scripts', f));
  cpSync(join(ROOT, 'package.json'), join(root, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

const copies: string[] = [];

export function removeCopies(): void {
  for (const c of copies.splice(0)) rmSync(c, { recursive: true, force: true });
}
