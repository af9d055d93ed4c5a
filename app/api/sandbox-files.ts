/**
 * The sandbox source files a case shows in its editor (openCase's `sandboxFiles`): regular text files inside
 * the case's sandbox/ folder, at most 512 KiB each, with whether each runnable module can run.
 * Example: a case with sandbox/dynamic.ts gives `[{ path: 'sandbox/dynamic.ts', text: '...', runProblem: null }]`.
 */
import type { SandboxFile } from '../../common/api/contract';
import { listInside, readRegularFile } from '../fs/confine';
import { runProblem } from '../sandbox/bundle';
import { shown } from '../text/display';

/** Sandbox source files shown in the editor: regular text files inside the case, at most 512 KiB each. */
export async function sandboxFiles(dir: string): Promise<SandboxFile[]> {
  const { files } = await listInside(dir, 'sandbox');
  const out: SandboxFile[] = [];
  for (const f of files) {
    if (f.size > 512 * 1024) continue;
    let buf: Buffer;
    try {
      buf = await readRegularFile(f.abs, { maxBytes: 512 * 1024, shownAs: shown(f.path) });
    } catch {
      continue; // changed since it was listed: left out rather than failing the whole case
    }
    if (buf.includes(0)) continue;
    const path = `sandbox/${f.path}`;
    const text = buf.toString('utf8');
    out.push({ path, text, ...(isRunnableModule(path) ? { runProblem: await runProblem(path, text) } : {}) });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** Files "Run in sandbox" may bundle: ES modules in TypeScript or JavaScript. */
function isRunnableModule(path: string): boolean {
  return /\.(ts|mts|js|mjs)$/.test(path);
}
