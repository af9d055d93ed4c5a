// The whole desktop build as `npm start` and `npm run build` run it: `electron-vite build` from the command line
// (main, both preloads and the renderer with its generated checkers declarations), into a temporary folder. The
// config is compiled by electron-vite into a temporary file at the repository root, so any path a plugin derives
// from its own module's location must survive being bundled there (issue 26: the checkers-types plugin looked
// for `<parent of the repository>/checkers` and the build exited 1).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findRepository } from '../../scripts/checkers-types';

const repo = path.resolve(import.meta.dirname, '../..');
const outDir = mkdtempSync(path.join(tmpdir(), 'recheck-full-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('electron-vite build (the full desktop build)', () => {
  it('finds the repository from the plugin module wherever the bundler puts it', () => {
    expect(findRepository(path.join(repo, 'scripts'))).toBe(repo);
    expect(findRepository(repo)).toBe(repo); // the compiled config's temporary file sits at the root
    expect(findRepository(path.join(repo, 'node_modules', '.vite-temp'))).toBe(repo);
    expect(() => findRepository(tmpdir())).toThrow(/cannot find the Recheck repository/);
  });

  it('exits 0 and writes main, both preloads and both renderer pages', { timeout: 600_000 }, () => {
    const r = spawnSync(
      process.execPath,
      [path.join(repo, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '--outDir', outDir],
      {
        cwd: repo,
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(existsSync(path.join(outDir, 'main', 'index.js'))).toBe(true);
    expect(readdirSync(path.join(outDir, 'preload')).sort()).toEqual(['index.cjs', 'sandbox.cjs']);
    expect(existsSync(path.join(outDir, 'renderer', 'index.html'))).toBe(true);
    expect(existsSync(path.join(outDir, 'renderer', 'sandbox', 'index.html'))).toBe(true);
  });
});
