/** Where the installation's own folders are (the repository root when run from a checkout). */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const INSTALL_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUNDLED_CASES_DIR = join(INSTALL_ROOT, 'cases');
export const RENDERER_DIR = join(INSTALL_ROOT, 'out', 'renderer');
