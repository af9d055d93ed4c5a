/** `recheck serve`: browser mode. Serves the UI and the API on 127.0.0.1 with a per-launch token. */
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { ensureWorkspace, defaultWorkspaceDir } from '../../cases/workspace';
import { BUNDLED_CASES_DIR, INSTALL_ROOT, RENDERER_DIR } from '../../paths';
import { EXIT } from '../../errors';

/** The port tried first without --port; when it is taken, the next ones up to DEFAULT_PORT + PORTS_TRIED - 1. */
export const DEFAULT_PORT = 4780;
const PORTS_TRIED = 20;

export const serveCommand: Command = {
  name: 'serve',
  summary: 'start browser mode: the UI on http://127.0.0.1 with a per-launch token',
  usage: `usage: recheck serve [--port N] [--workspace DIR] [--json]

Copies the bundled cases into the workspace on first run (DIR, default $RECHECK_WORKSPACE or the per-user
data folder), builds the UI when it is missing or older than its sources (in a checkout), then serves the
UI and its API on 127.0.0.1 only. Open the printed URL: it carries a random token that this launch requires.
On a remote machine, forward the port (ssh -L N:127.0.0.1:N).
Without --port: port ${DEFAULT_PORT}, or the next free one when it is taken (the port used is printed).
--port N: exactly N (exit 2 when it is taken); --port 0 picks any free port.
--json prints one JSON line {url, port, workspace} once listening.`,
  async run(args, io) {
    const { values } = parseCommandArgs(
      'serve',
      args,
      { port: { type: 'string' }, workspace: { type: 'string' }, json: { type: 'boolean' } },
      { min: 0, max: 0, names: '' },
    );
    const explicit = values.port !== undefined;
    const asked = explicit ? Number(values.port) : DEFAULT_PORT;
    if (!Number.isInteger(asked) || asked < 0 || asked > 65535)
      throw new UsageError('serve', `--port must be an integer 0-65535, got "${values.port}"`);
    // Settle the port before any slow work, so a taken --port fails at once.
    let port = await choosePort(asked, explicit);
    const workspaceDir = values.workspace ? resolve(io.cwd, values.workspace) : defaultWorkspaceDir();
    const copied = await ensureWorkspace({ bundledCasesDir: BUNDLED_CASES_DIR, workspaceDir });
    const { ensureRendererBuilt } = await import('../../server/renderer-build');
    await ensureRendererBuilt({ root: INSTALL_ROOT, rendererDir: RENDERER_DIR, log: (l) => io.stderr(`${l}\n`) });
    const [{ createRecheckService }, { startBrowserServer }] = await Promise.all([
      import('../../api/service'),
      import('../../server/http-server'),
    ]);
    const service = await createRecheckService({ workspaceDir });
    let server;
    for (;;) {
      try {
        server = await startBrowserServer({ api: service, rendererDir: RENDERER_DIR, port, log: (l) => io.stderr(`${l}\n`) });
        break;
      } catch (err) {
        // Taken between the probe and the listen: an explicit port fails, a default one moves on.
        const taken = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
        if (!taken || explicit) {
          service.dispose();
          throw taken ? portTaken(port) : err;
        }
        port = await choosePort(port + 1, false);
      }
    }
    if (!explicit && server.port !== DEFAULT_PORT) io.stderr(`recheck: port ${DEFAULT_PORT} is in use; serving on port ${server.port}\n`);
    if (values.json) {
      io.stdout(`${JSON.stringify({ url: server.url, port: server.port, workspace: workspaceDir })}\n`);
    } else {
      if (copied.length > 0) io.stdout(`copied ${copied.length} bundled case(s) into ${workspaceDir}\n`);
      io.stdout(`Recheck (browser mode) on workspace ${workspaceDir}, port ${server.port}\nopen ${server.url}\n(Ctrl-C to stop)\n`);
    }
    await new Promise<void>((resolveStop) => {
      if (io.signal.aborted) resolveStop();
      io.signal.addEventListener('abort', () => resolveStop(), { once: true });
      process.once('SIGTERM', () => resolveStop());
    });
    await server.close();
    service.dispose();
    return EXIT.ok;
  },
};

/**
 * The port to listen on: `port` itself when explicit (UsageError when taken) or when it is free, else the
 * first free one of the next PORTS_TRIED - 1, else any free port (0).
 * Example: with 4780 taken, `await choosePort(4780, false)` -> 4781.
 */
export async function choosePort(port: number, explicit: boolean): Promise<number> {
  if (explicit || port === 0) {
    if (port !== 0 && !(await canListen(port))) throw portTaken(port);
    return port;
  }
  const last = Math.max(port, DEFAULT_PORT + PORTS_TRIED - 1);
  for (let p = port; p <= Math.min(last, 65535); p++) if (await canListen(p)) return p;
  return 0;
}

function portTaken(port: number): UsageError {
  return new UsageError('serve', `port ${port} is in use; pass another --port N, or leave --port out to take the next free one`);
}

/** True when 127.0.0.1:port can be listened on right now. */
export function canListen(port: number): Promise<boolean> {
  return new Promise((resolveProbe) => {
    const probe = createServer();
    probe.once('error', () => resolveProbe(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolveProbe(true)));
  });
}
