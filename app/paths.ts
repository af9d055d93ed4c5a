/**
 * Where the installation's own folders are: the nearest folder above this file whose package.json is
 * Recheck's. That is the repository root from a checkout (app/paths.ts run through tsx, or compiled into
 * out/main/index.js by electron-vite) and the app's root inside a package (app.asar).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'recheck';

/** The nearest ancestor of `from` holding Recheck's package.json; throws when there is none. */
export function findInstallRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown };
      if (pkg.name === PACKAGE_NAME) return dir;
    } catch {
      // no package.json here (or not JSON): keep looking upwards
    }
    if (dirname(dir) === dir) throw new Error(`recheck: no package.json named "${PACKAGE_NAME}" above ${from}`);
  }
}

export const INSTALL_ROOT = findInstallRoot(dirname(fileURLToPath(import.meta.url)));
export const BUNDLED_CASES_DIR = join(INSTALL_ROOT, 'cases');
export const RENDERER_DIR = join(INSTALL_ROOT, 'out', 'renderer');
