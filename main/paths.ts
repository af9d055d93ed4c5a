/**
 * Where the shell finds its parts. From a checkout the app path is the repository root; in a package the
 * bundled cases and the sandbox sources are extraResources (electron-builder.yml) next to app.asar, and the
 * packages esbuild must read are unpacked to app.asar.unpacked. Built files sit side by side:
 * out/main/index.js, out/preload/index.cjs, out/renderer/index.html.
 */
import path from 'node:path';
import type { SandboxSources } from '../app/sandbox/bundle';

export interface ShellPaths {
  /** Built renderer folder served on app://recheck/. */
  rendererDir: string;
  /** Built preload script. */
  preload: string;
  /** Read-only cases shipped with the app, copied into the workspace on first run. */
  bundledCasesDir: string;
  /** Trusted sources the sandbox bundler reads as real files; pass to configureSandboxSources at start-up. */
  sandboxSources: SandboxSources;
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
  /** process.platform and process.arch (default: this process's), to name esbuild's binary package. */
  platform?: NodeJS.Platform;
  arch?: string;
}

/**
 * esbuild's native binary inside a node_modules folder, where esbuild's own install puts it
 * (`@esbuild/<platform>-<arch>/bin/esbuild`, `esbuild.exe` at the package root on Windows).
 * Example: ('/r/node_modules', 'linux', 'x64') -> '/r/node_modules/@esbuild/linux-x64/bin/esbuild'.
 */
export function esbuildBinaryIn(nodeModules: string, platform: NodeJS.Platform, arch: string): string {
  const pkg = path.join(nodeModules, '@esbuild', `${platform}-${arch}`);
  return platform === 'win32' ? path.join(pkg, 'esbuild.exe') : path.join(pkg, 'bin', 'esbuild');
}

/**
 * The sandbox sources: the checkout itself, or in a package resources/sandbox-sources plus the unpacked
 * node_modules, and esbuild's unpacked binary (Electron cannot spawn a path inside app.asar).
 */
function sandboxSourcesFor(p: PathInputs): SandboxSources {
  if (!p.isPackaged) return { root: p.appPath, nodeModules: [path.join(p.appPath, 'node_modules')] };
  const unpacked = path.join(p.resourcesPath, 'app.asar.unpacked', 'node_modules');
  return {
    root: path.join(p.resourcesPath, 'sandbox-sources'),
    nodeModules: [unpacked],
    esbuildBinary: esbuildBinaryIn(unpacked, p.platform ?? process.platform, p.arch ?? process.arch),
  };
}

/**
 * Derives every path; pure (platform and arch default to this process's).
 * Example: mainDir '/r/out/main' -> preload '/r/out/preload/index.cjs'.
 */
export function resolveShellPaths(p: PathInputs): ShellPaths {
  return {
    rendererDir: path.join(p.mainDir, '..', 'renderer'),
    preload: path.join(p.mainDir, '..', 'preload', 'index.cjs'),
    bundledCasesDir: p.isPackaged ? path.join(p.resourcesPath, 'cases') : path.join(p.appPath, 'cases'),
    sandboxSources: sandboxSourcesFor(p),
  };
}
