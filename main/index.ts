/**
 * Electron main process: a thin shell around the core. It copies the bundled cases into the user's workspace,
 * creates the RecheckService, serves the renderer on app://recheck/, forwards the API over validated IPC and
 * opens one hardened window; untrusted code runs in hidden sandbox windows (window-runner.ts) that the core
 * gets as its SandboxRunner. No behaviour of its own beyond that.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session, shell } from 'electron';
import { createRecheckService, type RecheckService } from '../app/api/service';
import { ensureWorkspace, defaultWorkspaceDir } from '../app/cases/workspace';
import { configureSandboxSources } from '../app/sandbox/bundle';
import { forwardRunEvents, registerApiHandlers } from './ipc';
import { buildMenuTemplate } from './menu';
import { electronPdfPrinter, lazyPrintSession } from './print-pdf';
import { resolveShellPaths } from './paths';
import { appSessionPermissions } from './permissions';
import { APP_SCHEME, createAppProtocolHandler } from './protocol';
import { configureSandboxSession } from './sandbox-session';
import { createSandboxSessionPool } from './sandbox-session-pool';
import { readResourceManifest, resourceProblems } from './resource-check';
import { confirmExternalLinks } from './external-links';
import { pooledSandboxWindows } from './sandbox-window';
import { createMainWindow, hardenWebContents } from './window';
import { createWindowSandboxRunner } from './window-runner';
import { sandboxWeakeners, weakenedMessage } from './sandbox-switches';

const PRODUCT_NAME = 'Recheck';

// Must happen before 'ready': a standard, secure scheme gets a real origin, fetch and module workers.
protocol.registerSchemesAsPrivileged([
  // corsEnabled: the opaque-origin sandbox page (app://recheck/sandbox/) loads its script cross-origin.
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true, corsEnabled: true } },
]);
app.setName(PRODUCT_NAME);
// The same per-user folder from a checkout (package name "recheck") and from a package (product "Recheck").
app.setPath('userData', path.join(app.getPath('appData'), PRODUCT_NAME));
// Every renderer sandboxed, whatever a future window's webPreferences say.
app.enableSandbox();

let mainWindow: BrowserWindow | null = null;
let service: RecheckService | null = null;

function showMainWindow(preload: string): void {
  if (mainWindow && !mainWindow.isDestroyed()) {
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
    return;
  }
  mainWindow = createMainWindow({ preload, title: PRODUCT_NAME, devTools: !app.isPackaged });
  mainWindow.on('closed', () => {
    mainWindow = null;
    // Hidden sandbox windows are windows too: without this they would keep the app alive until their runs end.
    if (process.platform !== 'darwin') app.quit();
  });
}

async function start(): Promise<void> {
  const mainDir = path.dirname(fileURLToPath(import.meta.url));
  const paths = resolveShellPaths({
    mainDir,
    isPackaged: app.isPackaged,
    appPath: app.getAppPath(),
    resourcesPath: process.resourcesPath,
    userData: app.getPath('userData'),
  });
  // The packaged app's trusted files outside app.asar are checked against the manifest built into it.
  if (app.isPackaged) {
    const problems = resourceProblems(process.resourcesPath, readResourceManifest(path.join(mainDir, 'resource-manifest.json')));
    if (problems.length > 0) {
      const more = problems.length > 1 ? ` and ${problems.length - 1} more` : '';
      throw new Error(`the installation's trusted files outside app.asar were changed (${problems[0]}${more}); reinstall ${PRODUCT_NAME}`);
    }
  }
  // Before anything bundles: the sandbox sources and esbuild's binary (real files outside app.asar in a package).
  configureSandboxSources(paths.sandboxSources);
  // RECHECK_WORKSPACE overrides the location, as it does for the CLI and browser mode.
  // One workspace for the desktop app, browser mode and the CLI ($RECHECK_WORKSPACE or the per-user data folder).
  const workspaceDir = defaultWorkspaceDir();
  await ensureWorkspace({ bundledCasesDir: paths.bundledCasesDir, workspaceDir });
  // Untrusted code runs in hidden sandboxed windows (window-runner.ts), each in an in-memory partition no other
  // live window shares (sandbox-session-pool.ts), cleared before it is reused.
  const sandboxSessions = createSandboxSessionPool({
    fromPartition: (name) => session.fromPartition(name),
    configure: (s) => configureSandboxSession(s, paths.rendererDir),
  });
  const sandboxPreload = path.join(path.dirname(paths.preload), 'sandbox.cjs');
  // Switches that weaken Chromium's sandbox make every untrusted run refused, or unconfined with the opt-in.
  const weakened = sandboxWeakeners(process.argv, (name) => app.commandLine.hasSwitch(name), process.env);
  if (weakened.length > 0) process.stderr.write(`recheck: ${weakenedMessage(weakened)}\n`);
  const sandbox = createWindowSandboxRunner({
    weakened,
    allowUnconfined: process.argv.includes('--allow-unconfined'),
    openWindow: pooledSandboxWindows(sandboxSessions, sandboxPreload),
    sampleProcesses: () =>
      app.getAppMetrics().map((m) => ({
        pid: m.pid,
        workingSetKiB: m.memory.workingSetSize,
        ...(m.cpu.cumulativeCPUUsage !== undefined ? { cpuSeconds: m.cpu.cumulativeCPUUsage } : {}),
      })),
  });
  // Letters print through Electron (a hidden window's printToPDF), not a system Chromium, in a closed in-memory
  // session of their own, made at the first printing (main/print-pdf.ts).
  const core = await createRecheckService({
    workspaceDir,
    sandbox: () => Promise.resolve(sandbox),
    printPdf: electronPdfPrinter((options) => new BrowserWindow(options), {
      session: lazyPrintSession((name) => session.fromPartition(name)),
    }),
    // A Slurm task cannot run the packaged app's Electron binary: Slurm settings get one line pointing to the CLI.
    // Packaged or from a checkout, this process is Electron: a Slurm batch script cannot run it as Node.
    slurm: 'refuse-desktop' as const,
  });
  service = core;

  // Deny-all, but for Monaco's Paste ('clipboard-read') from the app's own page in its top frame (main/permissions.ts).
  appSessionPermissions(session.defaultSession);
  protocol.handle(APP_SCHEME, createAppProtocolHandler(paths.rendererDir));
  // The app's window lives in the default session; sandbox windows each in a partition of their own.
  registerApiHandlers(ipcMain, core, undefined, session.defaultSession);
  forwardRunEvents(core, () => BrowserWindow.getAllWindows().map((w) => w.webContents), session.defaultSession); // skips sandbox windows

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        isDev: !app.isPackaged,
        isMac: process.platform === 'darwin',
        openWorkspaceFolder: () => void shell.openPath(workspaceDir),
        showAbout: () =>
          void dialog.showMessageBox({
            type: 'info',
            title: `About ${PRODUCT_NAME}`,
            message: `${PRODUCT_NAME} ${app.getVersion()}`,
            detail: `Adversarial re-verification of claimed falsifications of ML papers.\nWorkspace: ${workspaceDir}`,
          }),
      }),
    ),
  );

  showMainWindow(paths.preload);
  app.on('activate', () => showMainWindow(paths.preload));
  app.on('second-instance', () => showMainWindow(paths.preload));
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // A link out of the app opens only after the reviewer has seen its full URL and said yes.
  const followLink = confirmExternalLinks({
    ask: async (q) =>
      (
        await dialog.showMessageBox({
          type: 'question',
          buttons: ['Open in browser', 'Cancel'],
          defaultId: 1,
          cancelId: 1,
          noLink: true,
          message: q.message,
          detail: q.detail,
        })
      ).response === 0,
    openExternal: (url) => shell.openExternal(url),
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, followLink));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => {
    service?.dispose();
    service = null;
  });
  app
    .whenReady()
    .then(start)
    .catch((err: unknown) => {
      dialog.showErrorBox(`${PRODUCT_NAME} could not start`, err instanceof Error ? err.message : String(err));
      app.exit(1);
    });
}
