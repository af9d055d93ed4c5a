// Starts `recheck serve --port 0` on a fresh temporary copy of the repository's cases and hands its URL to the
// tests through the environment (workers inherit it). Builds nothing: the test command builds the renderer
// first. Returns the teardown that stops the server and removes the workspace.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { bundledCaseIds, SCREENSHOT_DIR } from './fixtures';

const repo = path.resolve(import.meta.dirname, '../..');

export interface ServeInfo {
  url: string;
  port: number;
  workspace: string;
}

/** Copies the bundled cases (see bundledCaseIds) without run outputs or audit logs (those are per workspace). */
async function copyCases(to: string): Promise<void> {
  const from = path.join(repo, 'cases');
  for (const id of bundledCaseIds()) {
    await cp(path.join(from, id), path.join(to, id), {
      recursive: true,
      filter: (src) => {
        const rel = path.relative(path.join(from, id), src);
        return !(rel.startsWith(`runs${path.sep}`) && !rel.endsWith('.gitkeep')) && rel !== 'audit.jsonl';
      },
    });
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Screenshots are this run's output: drop the previous run's, so none outlives the case it showed.
  await rm(SCREENSHOT_DIR, { recursive: true, force: true });
  const workspace = await mkdtemp(path.join(tmpdir(), 'recheck-e2e-'));
  await copyCases(workspace);
  const child = spawn(process.execPath, [path.join(repo, 'bin/recheck.mjs'), 'serve', '--port', '0', '--workspace', workspace, '--json'], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const info = await new Promise<ServeInfo>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`recheck serve did not start within 60 s\n${stderr}`)), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`recheck serve exited with ${code} before listening\n${stderr}`));
    });
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line) as ServeInfo);
      } catch {
        reject(new Error(`recheck serve printed something other than one JSON line: ${line}`));
      }
    });
  });
  process.env.RECHECK_E2E_URL = info.url;
  process.env.RECHECK_E2E_PORT = String(info.port);
  process.env.RECHECK_E2E_WORKSPACE = info.workspace;

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await rm(workspace, { recursive: true, force: true });
  };
}
