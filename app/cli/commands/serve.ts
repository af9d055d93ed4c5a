/** `recheck serve`: browser mode. Serves the UI and the API on 127.0.0.1 with a per-launch token. */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { createRecheckService } from '../../api/service';
import { ensureWorkspace, defaultWorkspaceDir } from '../../cases/workspace';
import { startBrowserServer } from '../../server/http-server';
import { BUNDLED_CASES_DIR, RENDERER_DIR } from '../../paths';
import { EXIT } from '../../errors';
import { stat } from 'node:fs/promises';

export const serveCommand: Command = {
  name: 'serve',
  summary: 'start browser mode: the UI on http://127.0.0.1 with a per-launch token',
  usage: `usage: recheck serve [--port N] [--workspace DIR] [--json]

Copies the bundled cases into the workspace on first run (DIR, default $RECHECK_WORKSPACE or the per-user
data folder), then serves the UI and its API on 127.0.0.1 only. Open the printed URL: it carries a random
token that this launch requires. On a remote machine, forward the port (ssh -L N:127.0.0.1:N).
--port 0 picks a free port (default 4780). --json prints one JSON line {url, port, workspace} once listening.`,
  async run(args, io) {
    const { values } = parseCommandArgs('serve', args, { port: { type: 'string' }, workspace: { type: 'string' }, json: { type: 'boolean' } }, { min: 0, max: 0, names: '' });
    const port = values.port === undefined ? 4780 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('serve', `--port must be an integer 0-65535, got "${values.port}"`);
    const workspaceDir = values.workspace ? resolve(io.cwd, values.workspace) : defaultWorkspaceDir();
    const copied = await ensureWorkspace({ bundledCasesDir: BUNDLED_CASES_DIR, workspaceDir });
    try {
      await stat(resolve(RENDERER_DIR, 'index.html'));
    } catch {
      io.stderr(`recheck: the UI is not built (${RENDERER_DIR}); run "npm run build:renderer" first\n`);
      return EXIT.badInput;
    }
    const service = await createRecheckService({ workspaceDir });
    let server;
    try {
      server = await startBrowserServer({ api: service, rendererDir: RENDERER_DIR, port, log: (l) => io.stderr(`${l}\n`) });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') {
        io.stderr(`recheck: port ${port} is in use; pass --port N (or --port 0 for any free port)\n`);
        return EXIT.badInput;
      }
      throw err;
    }
    if (values.json) {
      io.stdout(`${JSON.stringify({ url: server.url, port: server.port, workspace: workspaceDir })}\n`);
    } else {
      if (copied.length > 0) io.stdout(`copied ${copied.length} bundled case(s) into ${workspaceDir}\n`);
      io.stdout(`Recheck (browser mode) on workspace ${workspaceDir}\nopen ${server.url}\n(Ctrl-C to stop)\n`);
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
