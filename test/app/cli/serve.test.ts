// `recheck serve` (and `npm start` in browser mode, which launches it): the next free port when 4780 is taken
// (printed), a taken --port as one line and exit 2, and the UI built when it is missing or older than its
// sources (app/server/renderer-build.ts), swapped in whole.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';
import { installationCopy, removeCopies } from './cli-start-fixture';
import { canListen, choosePort, DEFAULT_PORT } from '../../../app/cli/commands/serve';
import { ensureRendererBuilt, rendererState, rendererSources } from '../../../app/server/renderer-build';

afterAll(removeCopies);

/** Holds 127.0.0.1:port (null when someone else already holds it: it is taken either way). */
async function hold(port: number): Promise<Server | null> {
  const s = createServer();
  return new Promise((resolveHold) => {
    s.once('error', () => resolveHold(null));
    s.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolveHold(s));
  });
}

async function anyFreePort(): Promise<number> {
  const s = (await hold(0)) as Server;
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe('serve ports', () => {
  it('a taken --port is one line and exit 2, before anything is copied', async () => {
    const taken = await hold(await anyFreePort());
    const port = (taken!.address() as { port: number }).port;
    const ws = join(tempDir(), 'workspace');
    try {
      const r = await cli(['serve', '--port', String(port), '--workspace', ws], tempDir());
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `recheck: serve: port ${port} is in use; pass another --port N, or leave --port out to take the next free one (see recheck help serve)\n`,
      );
      expect(existsSync(ws)).toBe(false);
    } finally {
      taken!.close();
    }
  });

  it('without --port, a taken port moves on to the next free one', async () => {
    const first = await hold(DEFAULT_PORT);
    try {
      const chosen = await choosePort(DEFAULT_PORT, false);
      expect(chosen).toBeGreaterThan(DEFAULT_PORT);
      expect(await canListen(chosen)).toBe(true);
      const second = await hold(chosen);
      try {
        const next = await choosePort(DEFAULT_PORT, false);
        expect(next === 0 || next > chosen).toBe(true);
      } finally {
        second?.close();
      }
    } finally {
      first?.close();
    }
  });

  it('recheck serve (the built CLI) prints the port it took when 4780 is taken and serves the UI there', async () => {
    const root = installationCopy();
    mkdirSync(join(root, 'cases'));
    mkdirSync(join(root, 'out', 'renderer'), { recursive: true });
    writeFileSync(join(root, 'out', 'renderer', 'index.html'), '<!doctype html><title>fixture UI</title>');
    const held = await hold(DEFAULT_PORT);
    const child = spawn(process.execPath, [join(root, 'bin', 'recheck.mjs'), 'serve', '--workspace', join(root, 'ws'), '--json'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    try {
      const line = await new Promise<string>((resolveLine, reject) => {
        child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
        createInterface({ input: child.stdout }).once('line', resolveLine);
      });
      const info = JSON.parse(line) as { url: string; port: number };
      expect(info.port).toBeGreaterThan(DEFAULT_PORT);
      expect(stderr).toContain(`recheck: port ${DEFAULT_PORT} is in use; serving on port ${info.port}\n`);
      const page = await fetch(info.url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('fixture UI');
    } finally {
      child.kill('SIGTERM');
      held?.close();
    }
  }, 60_000);

  it('recheck serve where the UI is missing and cannot be built: one line, exit 2', async () => {
    const root = installationCopy();
    mkdirSync(join(root, 'cases'));
    const r = await new Promise<{ code: number | null; stderr: string }>((resolveRun) => {
      const child = spawn(process.execPath, [join(root, 'bin', 'recheck.mjs'), 'serve', '--port', '0', '--workspace', join(root, 'ws')], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.once('exit', (code) => resolveRun({ code, stderr }));
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'recheck: building the UI (out/renderer is missing) ...\nrecheck: out/renderer: the UI is not built and this installation cannot build it (no Vite or no renderer sources); run "npm ci" in a checkout, then "npm run build:renderer"\n',
    );
  }, 60_000);
});

describe('ensureRendererBuilt', () => {
  function fixture(): { root: string; rendererDir: string } {
    const root = tempDir();
    mkdirSync(join(root, 'renderer'));
    writeFileSync(join(root, 'renderer', 'main.tsx'), '');
    utimesSync(join(root, 'renderer', 'main.tsx'), 1_000, 1_000);
    return { root, rendererDir: join(root, 'out', 'renderer') };
  }

  it('builds when missing, not when current, again when a source is newer; the served folder is replaced whole', async () => {
    const { root, rendererDir } = fixture();
    const builds: string[] = [];
    const log: string[] = [];
    const build = async (outDir: string) => {
      builds.push(outDir);
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'index.html'), `build ${builds.length}`);
    };
    const before = Date.now();
    expect(await ensureRendererBuilt({ root, rendererDir, log: (l) => log.push(l), build })).toBe('missing');
    expect(readFileSync(join(rendererDir, 'index.html'), 'utf8')).toBe('build 1');
    expect(builds[0]).not.toBe(rendererDir); // built aside, then renamed into place
    expect(existsSync(builds[0]!)).toBe(false);
    const stamped = statSync(join(rendererDir, 'index.html')).mtimeMs;
    expect(stamped).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000); // the build's start time
    expect(log).toEqual(['recheck: building the UI (out/renderer is missing) ...']);

    expect(await ensureRendererBuilt({ root, rendererDir, log: (l) => log.push(l), build })).toBe('current');
    expect(builds).toHaveLength(1);

    const later = stamped / 1000 + 5;
    writeFileSync(join(root, 'checkers.ts'), ''); // not a source: no effect
    utimesSync(join(root, 'renderer', 'main.tsx'), later, later);
    expect(rendererState(rendererDir, rendererSources(root))).toBe('stale');
    expect(await ensureRendererBuilt({ root, rendererDir, log: (l) => log.push(l), build })).toBe('stale');
    expect(readFileSync(join(rendererDir, 'index.html'), 'utf8')).toBe('build 2');
    expect(log[1]).toBe('recheck: building the UI (out/renderer is older than its sources) ...');
  });

  it('a failed build leaves the served folder as it was and no temporary folder behind', async () => {
    const { root, rendererDir } = fixture();
    mkdirSync(rendererDir, { recursive: true });
    writeFileSync(join(rendererDir, 'index.html'), 'old');
    utimesSync(join(rendererDir, 'index.html'), 500, 500);
    const fail = async (outDir: string) => {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'half.js'), '');
      throw new Error('vite failed');
    };
    await expect(ensureRendererBuilt({ root, rendererDir, log: () => undefined, build: fail })).rejects.toThrow('vite failed');
    expect(readFileSync(join(rendererDir, 'index.html'), 'utf8')).toBe('old');
    expect(readdirNames(join(root, 'out'))).toEqual(['renderer']);
  });
});

function readdirNames(dir: string): string[] {
  return readdirSync(dir).sort();
}
