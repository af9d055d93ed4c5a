#!/usr/bin/env node
// `npm start`: the desktop app where Electron's binary is installed, browser mode where it is not.
// Electron 45 has no install step of its own: when its binary is missing and a display is there, `npm start`
// first runs Electron's own installer (node_modules/electron/install.js, which downloads the binary for this
// platform and checks it against the package's checksums) and says so; when that fails (offline, a proxy) one
// line says why and browser mode starts. RECHECK_NO_ELECTRON_DOWNLOAD=1 skips the download.
//
// Electron's own `require('electron')` downloads the binary when it is missing (and fails offline), so the
// binary is located the way that module does it, without running it: node_modules/electron/path.txt names the
// executable inside node_modules/electron/dist (or $ELECTRON_OVERRIDE_DIST_PATH). Without it, or on Linux
// without a display, one line says so and `recheck serve` starts instead, printing the URL. Whatever the mode
// needs is built first when missing or older than its sources: out/ for Electron here; the UI for browser mode
// by `recheck serve` itself (app/server/renderer-build.ts), which also takes the next free port when 4780 is
// taken. RECHECK_MODE=browser forces browser mode.
//
// Extra arguments go to the launched program: `npm start -- --port 5000` (browser mode).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Finds the Electron executable without executing the electron package. Returns {path} or {missing: reason}.
 * Example: with node_modules/electron/path.txt = "electron" and dist/electron present -> {path: ".../dist/electron"}.
 */
export function findElectronBinary(root, env = process.env) {
  let pkgDir = path.join(root, 'node_modules', 'electron');
  try {
    pkgDir = path.dirname(createRequire(path.join(root, 'package.json')).resolve('electron/package.json'));
  } catch {
    // not resolvable: keep the conventional location for the message
  }
  const pathFile = path.join(pkgDir, 'path.txt');
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!existsSync(pathFile) && !override) return { missing: `${path.relative(root, pathFile)} is absent` };
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
  const binary = path.join(override || path.join(pkgDir, 'dist'), executable);
  if (!existsSync(binary)) return { missing: `${path.relative(root, binary)} is absent` };
  return { path: binary };
}

/** Newest modification time (ms) of the files under `paths` (files or folders); 0 when none exist. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules') visit(path.join(p, name));
    } else {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

/** True when any output is missing or older than the newest source. */
export function needsBuild(outputs, sources) {
  if (!outputs.every((o) => existsSync(o))) return true;
  const oldestOutput = Math.min(...outputs.map((o) => statSync(o).mtimeMs));
  return newestMtime(sources) > oldestOutput;
}

/**
 * The desktop build's outputs and the sources they are built from (one list for `npm start` and the launch smoke
 * test): the build is stale when an output is missing or older than the newest source (`needsBuild`).
 */
export function desktopBuild(root) {
  const at = (...p) => path.join(root, ...p);
  return {
    outputs: [at('out', 'main', 'index.js'), at('out', 'preload', 'index.cjs'), at('out', 'renderer', 'index.html')],
    sources: [
      at('renderer'),
      at('checkers'),
      at('common'),
      at('main'),
      at('app'),
      at('scripts', 'checkers-types.ts'),
      at('electron.vite.config.ts'),
    ],
  };
}

/**
 * Decides what `npm start` does, without doing it: { mode, notice?, build?: {why, command, args}, launch }.
 * Example: no Electron binary -> { mode: 'browser', notice: '...', build: null, launch: node bin/recheck.mjs serve }.
 */
export function planStart({ root, env = process.env, platform = process.platform, argv = [], node = process.execPath, fetched = false }) {
  const at = (...p) => path.join(root, ...p);
  const electron = findElectronBinary(root, env);
  const noDisplay = platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY;
  let reason = null;
  if (env.RECHECK_MODE === 'browser') reason = 'RECHECK_MODE=browser';
  else if (
    electron.missing &&
    !noDisplay &&
    !fetched &&
    env.RECHECK_NO_ELECTRON_DOWNLOAD !== '1' &&
    existsSync(at('node_modules', 'electron', 'install.js'))
  ) {
    return {
      mode: 'fetch',
      notice: `recheck: the Electron binary is not installed (${electron.missing}); fetching it with Electron's own installer (node_modules/electron/install.js, about 100 MB)...`,
      fetch: { command: node, args: [at('node_modules', 'electron', 'install.js')] },
    };
  } else if (electron.missing) reason = `the Electron binary is not installed (${electron.missing})`;
  else if (noDisplay) reason = 'there is no display ($DISPLAY and $WAYLAND_DISPLAY are unset)';

  if (reason === null) {
    const { outputs, sources } = desktopBuild(root);
    return {
      mode: 'electron',
      build: needsBuild(outputs, sources)
        ? {
            why: 'building the app (out/ is missing or older than its sources)',
            command: node,
            args: [at('node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '--logLevel', 'error'],
          }
        : null,
      launch: { command: electron.path, args: [root, ...argv] },
    };
  }
  return {
    mode: 'browser',
    notice: `recheck: ${reason}; starting browser mode instead.`,
    // `recheck serve` builds the UI when it is missing or stale (the one place that decides it).
    build: null,
    launch: { command: node, args: [at('bin', 'recheck.mjs'), 'serve', ...argv] },
  };
}

/**
 * Fetches Electron's binary when the plan says so, then the plan to run. `run` runs the installer (a
 * spawnSync-like function); a failed fetch gives one line and browser mode. Example: `fetchThenPlan(o, spawnSync, write)`.
 */
export function fetchThenPlan(o, run, write) {
  const plan = planStart(o);
  if (plan.mode !== 'fetch') return plan;
  write(`${plan.notice}\n`);
  const r = run(plan.fetch.command, plan.fetch.args, {
    cwd: o.root,
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
    timeout: 20 * 60_000,
  });
  const after = planStart({ ...o, fetched: true });
  if (r.status === 0 && after.mode === 'electron') return after;
  const last =
    `${r.stderr ?? ''}${r.error ? `\n${r.error.message}` : ''}`
      .trim()
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .find((l) => /error|enotfound|eai_again|econn|timed? ?out|status/i.test(l)) ?? `exit ${r.status ?? r.signal}`;
  write(`recheck: could not fetch Electron's binary (${last.slice(0, 200)}); starting browser mode instead.\n`);
  const browser = planStart({ ...o, fetched: true, env: { ...o.env, RECHECK_MODE: 'browser' } });
  return { ...browser, notice: undefined };
}

function main() {
  const plan = fetchThenPlan({ root: REPO_ROOT, argv: process.argv.slice(2), env: process.env }, spawnSync, (t) => process.stderr.write(t));
  if (plan.notice) process.stderr.write(`${plan.notice}\n`);
  if (plan.build) {
    process.stderr.write(`recheck: ${plan.build.why}...\n`);
    const built = spawnSync(plan.build.command, plan.build.args, { cwd: REPO_ROOT, stdio: 'inherit' });
    if (built.status !== 0) {
      process.stderr.write(`recheck: the build failed (exit ${built.status ?? built.signal}); see the messages above\n`);
      process.exit(3);
    }
  }
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE; // would make the Electron binary behave as plain Node
  const child = spawn(plan.launch.command, plan.launch.args, { cwd: REPO_ROOT, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (err) => {
    process.stderr.write(`recheck: could not start ${plan.launch.command}: ${err.message}\n`);
    process.exit(3);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
