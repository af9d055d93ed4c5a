// The desktop app's launch smoke test (issue 26): the real Electron binary starts the real app from this
// checkout (built first when out/ is missing or stale), with test/desktop/smoke-driver.cjs loaded through
// Electron's `-r`. Through the page's own API the driver saves three programs into a case and runs them in the
// hidden-window runner (top-level app://recheck/sandbox/ pages): one to its result, one that exhausts memory, one
// it cancels; it prints a letter to PDF and quits the app. This file asserts on the driver's one line of results
// and on the app's exit.
//
// It runs wherever Electron's binary is installed (`npm test` runs it as its `desktop` stage, after the pack stage
// has built out/; alone: `RECHECK_DESKTOP=1 npx vitest run test/desktop/launch-smoke.test.ts`). Where the binary is
// not installed (these machines cannot download it), or on Linux with neither a display nor xvfb-run, it is
// skipped and prints the reason in one line; the test command's closing line counts it as skipped. The launch
// plan and the driver are tested without the binary in test/desktop/smoke-driver.test.ts.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxWeakeners } from '../../main/sandbox-switches';
import { DRIVER, planSmokeLaunch } from './launch-plan';

const repo = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'recheck-launch-smoke-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const { RESULT_PREFIX } = createRequire(import.meta.url)(DRIVER) as { RESULT_PREFIX: string };
/** The app may take this long from launch to exit (a first build is separate). */
const LAUNCH_LIMIT_MS = 10 * 60_000;

const plan = planSmokeLaunch({ root: repo, env: process.env, platform: process.platform, work });
const skip = 'skip' in plan ? plan.skip : '';
if (skip !== '') console.warn(`SKIPPED launch smoke test (${skip})`);

/** Runs the launch; resolves with exit status and output. On the time limit the whole process group is killed. */
function launch(command: string, args: readonly string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { cwd: repo, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString('utf8')));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL'); // Electron, its renderers, xvfb-run's X server
      } catch {
        child.kill('SIGKILL'); // no process groups (Windows)
      }
    }, LAUNCH_LIMIT_MS);
    child.on('error', (err) => (stderr += `\n${err.message}`));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

describe.skipIf(skip !== '')('the desktop app, launched for real', () => {
  it(
    'opens, runs a program, an out-of-memory and a cancel in the sandbox page, prints a PDF, and quits',
    { timeout: 20 * 60_000 },
    async () => {
      if ('skip' in plan) return;
      if (plan.build) {
        // As `npm start` builds (scripts/start.mjs): main, both preloads and the renderer into out/.
        const viteBin = path.join(repo, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
        const built = spawnSync(process.execPath, [viteBin, 'build', '--logLevel', 'error'], { cwd: repo, encoding: 'utf8' });
        expect(built.status, `electron-vite build:\n${built.stdout}\n${built.stderr}`).toBe(0);
      }
      expect(sandboxWeakeners([plan.electron, ...plan.args], () => false, plan.env)).toEqual([]);
      const r = await launch(plan.command, plan.args, plan.env);
      const tail = `exit ${r.code ?? r.signal}\nstdout:\n${r.stdout.slice(-4000)}\nstderr:\n${r.stderr.slice(-4000)}`;
      const line = r.stdout.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
      expect(line, `the driver printed no ${RESULT_PREFIX.trim()} line\n${tail}`).toBeDefined();
      const result = JSON.parse((line as string).slice(RESULT_PREFIX.length)) as Record<string, unknown>;
      expect(result, tail).toMatchObject({ ok: true, page: expect.stringMatching(/^app:\/\/recheck\/(?!sandbox\/)/) });
      // The program ran to its result in the confined hidden-window runner, not unconfined.
      expect(result.sum, tail).toMatchObject({
        end: {
          outcome: 'result',
          value: { sum: (1000 * 1001) / 2, seed: 7 },
          isolation: expect.stringMatching(/^Web Worker in a hidden sandboxed window/),
        },
      });
      expect(JSON.stringify(result), tail).not.toMatch(/UNCONFINED/);
      expect(result.oom, tail).toMatchObject({ end: { outcome: 'error', reason: 'out-of-memory' } });
      expect(result.cancel, tail).toMatchObject({
        end: { outcome: 'error', reason: 'killed', message: expect.stringMatching(/^cancelled/) },
      });
      // Each run was a top-level sandbox page of its own.
      expect((result.sandboxPages as string[]).length, tail).toBeGreaterThanOrEqual(3);
      for (const url of result.sandboxPages as string[]) expect(url).toMatch(/^app:\/\/recheck\/sandbox\//);
      const pdfPath = (result.pdf as { path: string }).path;
      expect(readFileSync(pdfPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // And it quit by itself, cleanly, with nothing refused as weakening its sandbox.
      expect(r.code, tail).toBe(0);
      expect(r.stderr, tail).not.toMatch(/weakens the sandbox/);
    },
  );
});
