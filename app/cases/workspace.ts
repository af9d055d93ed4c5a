/**
 * The user workspace: where cases live and are worked on. The installation's bundled `cases/` is never
 * modified; on launch, every bundled case not yet in the workspace is copied there (without runs and audit
 * log). A case the user already has is never overwritten.
 */
import { cp, mkdir, readdir, realpath, stat, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, basename, dirname } from 'node:path';

/** Folders of a directory that hold a case.json, sorted by name. */
export async function listCaseDirs(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch {
    return [];
  }
  const dirs: string[] = [];
  for (const e of entries) {
    if (!e.isDirectory() || e.name.startsWith('.')) continue;
    try {
      if ((await stat(join(root, e.name, 'case.json'))).isFile()) dirs.push(join(root, e.name));
    } catch {
      /* not a case */
    }
  }
  return dirs.sort();
}

/** Default workspace: $RECHECK_WORKSPACE, else the platform's per-user data folder. */
export function defaultWorkspaceDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.RECHECK_WORKSPACE) return env.RECHECK_WORKSPACE;
  const home = homedir();
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Recheck', 'workspace');
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Recheck', 'workspace');
  return join(env.XDG_DATA_HOME ?? join(home, '.local', 'share'), 'recheck', 'workspace');
}

/** Copies bundled cases missing from the workspace; returns the ids it copied. */
export async function ensureWorkspace(o: { bundledCasesDir: string; workspaceDir: string }): Promise<string[]> {
  await mkdir(o.workspaceDir, { recursive: true });
  const have = new Set((await listCaseDirs(o.workspaceDir)).map((d) => basename(d)));
  const copied: string[] = [];
  for (const src of await listCaseDirs(o.bundledCasesDir)) {
    const name = basename(src);
    if (have.has(name)) continue;
    // Copy into a temporary folder and rename, so a crash never leaves a half-copied case behind.
    const tmp = join(o.workspaceDir, `.${name}.copying`);
    await rm(tmp, { recursive: true, force: true });
    await cp(src, tmp, {
      recursive: true,
      filter: (from) => {
        const rel = from.slice(src.length).split('\\').join('/');
        return rel !== '/audit.jsonl' && !/^\/runs\/./.test(rel);
      },
    });
    await mkdir(join(tmp, 'runs'), { recursive: true });
    await rename(tmp, join(o.workspaceDir, name));
    copied.push(name);
  }
  return copied;
}

/**
 * The folder to work on for the case folder `dir`: `dir` itself, unless it is one of the installation's
 * bundled cases (a folder directly in `bundledCasesDir`), which are never written to: then its copy in the
 * workspace, made first (with every other missing bundled case, as at launch) when it is not there yet.
 * Example: `(await workingCopy('/opt/recheck/cases/kl-direction', o)).dir` -> '<workspace>/kl-direction'.
 */
export async function workingCopy(dir: string, o: { bundledCasesDir: string; workspaceDir: string }): Promise<{ dir: string; bundled: boolean }> {
  let real: string;
  let bundledRoot: string;
  try {
    [real, bundledRoot] = await Promise.all([realpath(dir), realpath(o.bundledCasesDir)]);
  } catch {
    return { dir, bundled: false }; // not there: the caller reports it
  }
  if (dirname(real) !== bundledRoot || !(await listCaseDirs(bundledRoot)).includes(real)) return { dir, bundled: false };
  await ensureWorkspace(o);
  return { dir: join(o.workspaceDir, basename(real)), bundled: true };
}
