#!/usr/bin/env node
// `npm start`: the desktop app where Electron's binary is installed, browser mode where it is not.
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
 * Decides what `npm start` does, without doing it: { mode, notice?, build?: {why, command, args}, launch }.
 * Example: no Electron binary -> { mode: 'browser', notice: '...', build: null, launch: node bin/recheck.mjs serve }.
 */
export function planStart({ root, env = process.env, platform = process.platform, argv = [], node = process.execPath }) {
  const at = (...p) => path.join(root, ...p);
  const electron = findElectronBinary(root, env);
  let reason = null;
  if (env.RECHECK_MODE === 'browser') reason = 'RECHECK_MODE=browser';
  else if (electron.missing) reason = `the Electron binary is not installed (${electron.missing})`;
  else if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) reason = 'there is no display ($DISPLAY and $WAYLAND_DISPLAY are unset)';

  if (reason === null) {
    const outputs = [at('out', 'main', 'index.js'), at('out', 'preload', 'index.cjs'), at('out', 'renderer', 'index.html')];
    const sources = [at('renderer'), at('checkers'), at('main'), at('app'), at('scripts', 'checkers-types.ts'), at('electron.vite.config.ts')];
    return {
      mode: 'electron',
      build: needsBuild(outputs, sources)
        ? { why: 'building the app (out/ is missing or older than its sources)', command: node, args: [at('node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '--logLevel', 'error'] }
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

function main() {
  const plan = planStart({ root: REPO_ROOT, argv: process.argv.slice(2) });
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
