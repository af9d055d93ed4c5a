/**
 * Where the shell finds its parts. From a checkout the app path is the repository root; in a package the
 * bundled cases are an extraResource (electron-builder.yml) next to app.asar. Built files sit side by side:
 * out/main/index.js, out/preload/index.cjs, out/renderer/index.html.
 */
import path from 'node:path';

export interface ShellPaths {
  /** Built renderer folder served on app://recheck/. */
  rendererDir: string;
  /** Built preload script. */
  preload: string;
  /** Read-only cases shipped with the app, copied into the workspace on first run. */
  bundledCasesDir: string;
  /** The user's workspace (userData/workspace): the only place the app writes cases. */
}

export interface PathInputs {
  /** Folder of the running main bundle (out/main). */
  mainDir: string;
  isPackaged: boolean;
  /** app.getAppPath(): the repository root from a checkout. */
  appPath: string;
  /** process.resourcesPath: the package's resources folder. */
  resourcesPath: string;
  /** app.getPath('userData'). */
  userData: string;
}

/** Derives every path; pure. Example: mainDir '/r/out/main' -> preload '/r/out/preload/index.cjs'. */
export function resolveShellPaths(p: PathInputs): ShellPaths {
  return {
    rendererDir: path.join(p.mainDir, '..', 'renderer'),
    preload: path.join(p.mainDir, '..', 'preload', 'index.cjs'),
    bundledCasesDir: p.isPackaged ? path.join(p.resourcesPath, 'cases') : path.join(p.appPath, 'cases'),
  };
}
