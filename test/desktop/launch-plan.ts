/**
 * How the launch smoke test starts the desktop app, decided without starting it: Electron's binary found the way
 * `npm start` finds it (scripts/start.mjs findElectronBinary: node_modules/electron/path.txt and dist/, or
 * $ELECTRON_OVERRIDE_DIST_PATH), the app built first when out/ is missing or older than its sources (as `npm start`
 * decides), a virtual display through xvfb-run on Linux without one, and the driver loaded with Electron's own
 * `-r` (test/desktop/smoke-driver.cjs). The command line carries no switch the app refuses as weakening its
 * sandbox (main/sandbox-switches.ts), and the environment drops ELECTRON_RUN_AS_NODE and ELECTRON_DISABLE_SANDBOX.
 * Where the test cannot run, the plan is a skip with its one-line reason.
 * Example: no binary -> { skip: "Electron's binary is not installed: node_modules/electron/path.txt is absent (...)" }.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error: plain JavaScript module without type declarations
import { desktopBuild, findElectronBinary, needsBuild } from '../../scripts/start.mjs';

export const DRIVER = path.join(import.meta.dirname, 'smoke-driver.cjs');

export interface SmokeLaunch {
  /** The program to start (Electron, or xvfb-run wrapping it). */
  readonly command: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** Electron's executable. */
  readonly electron: string;
  /** `npm run build` is needed first (out/ missing or older than its sources). */
  readonly build: boolean;
}

export interface PlanInputs {
  readonly root: string;
  readonly env: NodeJS.ProcessEnv;
  readonly platform: NodeJS.Platform;
  /** The run's own folder: workspace, appData and the letter's PDF go there. */
  readonly work: string;
}

/** The first executable named `name` on $PATH, or null. */
export function onPath(name: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** The plan, or why the smoke test cannot run on this machine (one line). */
export function planSmokeLaunch(o: PlanInputs): SmokeLaunch | { skip: string } {
  const found = findElectronBinary(o.root, o.env) as { path: string } | { missing: string };
  if ('missing' in found)
    return {
      skip:
        `Electron's binary is not installed: ${found.missing} (it cannot be downloaded here; where it can, ` +
        '`node node_modules/electron/install.js` installs it)',
    };
  const noDisplay = o.platform === 'linux' && !o.env.DISPLAY && !o.env.WAYLAND_DISPLAY;
  const xvfb = noDisplay ? onPath('xvfb-run', o.env) : null;
  if (noDisplay && xvfb === null)
    return { skip: 'there is no display ($DISPLAY and $WAYLAND_DISPLAY are unset) and xvfb-run is not installed (Debian package xvfb)' };

  const env: NodeJS.ProcessEnv = {
    ...o.env,
    RECHECK_WORKSPACE: path.join(o.work, 'workspace'),
    RECHECK_SMOKE_APP_DATA: path.join(o.work, 'app-data'),
    RECHECK_SMOKE_PDF: path.join(o.work, 'letter.pdf'),
  };
  delete env.ELECTRON_RUN_AS_NODE; // would make the binary plain Node
  delete env.ELECTRON_DISABLE_SANDBOX; // weakens the sandbox: the app would refuse its runs
  delete env.NODE_OPTIONS; // vitest's own loader options are not the app's
  const electronArgs = ['-r', DRIVER, o.root];
  const { outputs, sources } = desktopBuild(o.root) as { outputs: string[]; sources: string[] };
  const build = needsBuild(outputs, sources) as boolean;
  return xvfb === null
    ? { command: found.path, args: electronArgs, env, electron: found.path, build }
    : { command: xvfb, args: ['-a', found.path, ...electronArgs], env, electron: found.path, build };
}
