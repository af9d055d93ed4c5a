/**
 * "Is the UI built?" for browser mode: `recheck serve` (and so `npm run serve`, and `npm start` where it falls
 * back to browser mode, which launches serve) builds out/renderer when it is missing or older than its sources,
 * then serves it. The build goes to a temporary folder next to it and replaces the old one by renames, so a
 * server already serving the old files never sees a half-written folder; the new index.html carries the time
 * the build started, so a source edited during the build makes the next start build again. Vite's own output
 * goes to stderr: with --json, serve's stdout stays one JSON line.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { rename, rm, utimes } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { BadInputError } from '../errors';

export type RendererState = 'current' | 'missing' | 'stale';

/**
 * What the renderer bundle is built from: its folder, the checkers, common/ (the layer both the renderer and
 * the core import: eslint-rules/layers.js), the build's configuration and its own plugin.
 */
export function rendererSources(root: string): string[] {
  return ['renderer', 'checkers', 'common', 'vite.renderer.config.ts', 'scripts/checkers-types.ts'].map((p) => join(root, p));
}

/** Newest modification time (ms) of the files under `paths` (files or folders, node_modules skipped); 0 when none. */
function newestMtime(paths: readonly string[]): number {
  let newest = 0;
  const visit = (p: string): void => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (!st.isDirectory()) {
      newest = Math.max(newest, st.mtimeMs);
      return;
    }
    for (const name of readdirSync(p)) if (name !== 'node_modules') visit(join(p, name));
  };
  for (const p of paths) visit(p);
  return newest;
}

/** 'missing' without index.html, 'stale' when a source is newer than it, else 'current'. */
export function rendererState(rendererDir: string, sources: readonly string[]): RendererState {
  let built: number;
  try {
    built = statSync(join(rendererDir, 'index.html')).mtimeMs;
  } catch {
    return 'missing';
  }
  return newestMtime(sources) > built ? 'stale' : 'current';
}

export interface RendererBuild {
  /** Installation root (the checkout): sources, node_modules/vite. */
  readonly root: string;
  /** The served folder (out/renderer). */
  readonly rendererDir: string;
  /** One line of progress ("building the UI ..."). */
  readonly log: (line: string) => void;
  /** Builds into `outDir` (default: Vite with vite.renderer.config.ts). Tests pass their own. */
  readonly build?: (outDir: string) => Promise<void>;
}

/**
 * Builds the UI unless it is current; returns what it found. Throws BadInputError (one line) when it must
 * build and cannot: no Vite or no renderer sources in this installation, or the build failed.
 * Example: `await ensureRendererBuilt({ root: INSTALL_ROOT, rendererDir: RENDERER_DIR, log })` -> 'current'.
 */
export async function ensureRendererBuilt(o: RendererBuild): Promise<RendererState> {
  const state = rendererState(o.rendererDir, rendererSources(o.root));
  if (state === 'current') return state;
  const shownDir = relative(o.root, o.rendererDir) || o.rendererDir;
  const build = o.build ?? viteBuild(o.root);
  o.log(`recheck: building the UI (${shownDir} is ${state === 'missing' ? 'missing' : 'older than its sources'}) ...`);
  const started = new Date();
  const tmp = join(dirname(o.rendererDir), `.renderer-build-${process.pid}-${started.getTime()}`);
  try {
    await build(tmp);
    if (!existsSync(join(tmp, 'index.html'))) throw new BadInputError(shownDir, 'the UI build wrote no index.html');
    await utimes(join(tmp, 'index.html'), started, started);
    await swapInto(tmp, o.rendererDir);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return state;
}

/** Replaces `target` by `fresh` with two renames (a concurrent build that got there first wins: same sources). */
async function swapInto(fresh: string, target: string): Promise<void> {
  const old = `${fresh}-old`;
  try {
    await rename(target, old);
  } catch {
    // no previous build (or a concurrent build moved it)
  }
  try {
    await rename(fresh, target);
  } catch (err) {
    if (!existsSync(join(target, 'index.html'))) throw err;
  }
  await rm(old, { recursive: true, force: true });
}

/** The renderer's Vite build, run with this Node, into `outDir`. */
function viteBuild(root: string): (outDir: string) => Promise<void> {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const config = join(root, 'vite.renderer.config.ts');
  return (outDir) => {
    if (!existsSync(vite) || !existsSync(config)) {
      return Promise.reject(
        new BadInputError(
          'out/renderer',
          'the UI is not built and this installation cannot build it (no Vite or no renderer sources); run "npm ci" in a checkout, then "npm run build:renderer"',
        ),
      );
    }
    return new Promise((resolveBuild, reject) => {
      const child = spawn(
        process.execPath,
        [vite, 'build', '--config', config, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
        { cwd: root, stdio: ['ignore', 2, 2] },
      );
      child.once('error', (err) => reject(new BadInputError('out/renderer', `could not start the UI build: ${err.message}`)));
      child.once('exit', (code, signal) => {
        if (code === 0) resolveBuild();
        else reject(new BadInputError('out/renderer', `the UI build failed (exit ${code ?? signal}); see the messages above`));
      });
    });
  };
}
