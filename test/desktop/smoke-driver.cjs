/**
 * The launch smoke test's driver (issue 26), loaded into the desktop app's main process before the app itself:
 *
 *     electron -r test/desktop/smoke-driver.cjs <repository>
 *
 * (Electron's own `-r`/`--require`, so the production code carries no test hook, and none of the switches the
 * app refuses as weakening its sandbox: Playwright's Electron launcher adds `--inspect`, `--remote-debugging-port`
 * and on Linux `--no-sandbox`.) Once the app has opened its window and the page is loaded, the driver drives the
 * app through the page's own `window.recheck` (the preload's API, every call an IPC call main validates, exactly
 * what the UI does): it saves three tiny programs into a case, runs one to its result, one that exhausts memory
 * and one it cancels, each in the desktop's hidden-window runner (a top-level app://recheck/sandbox/ page), prints
 * a letter to PDF, then quits the app. It prints one line, `RECHECK_SMOKE <json>`, of what it observed;
 * test/desktop/launch-smoke.test.ts asserts on it. The driver decides nothing: it reports.
 *
 * Environment (set by the test): RECHECK_SMOKE_APP_DATA, a folder to use as Electron's appData, so the run has
 * its own userData and single-instance lock and never meets a Recheck the contributor has open; RECHECK_SMOKE_PDF,
 * where the letter's PDF is written; RECHECK_WORKSPACE, the workspace (the app's own variable).
 */
'use strict';

// CommonJS on purpose: Electron's `-r` preloads a module with require().
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { writeFileSync } = require('node:fs');

/** Prefix of the one line of results on stdout. */
const RESULT_PREFIX = 'RECHECK_SMOKE ';
/** The app's page and its sandbox page (main/protocol.ts, renderer/sandbox). */
const APP_PAGE_PREFIX = 'app://recheck/';
const SANDBOX_PAGE_PREFIX = 'app://recheck/sandbox/';
/** The whole drive may take this long before the driver gives up and ends the app with exit code 1. */
const DRIVE_LIMIT_MS = 8 * 60_000;

/** The bundled case the programs are saved into (copied into the workspace at start-up). */
const CASE_ID = 'kl-direction';

/** The three programs, saved under the case's sandbox/ folder through the API (saveSandboxFile). */
const PROGRAMS = {
  sum: {
    path: 'sandbox/smoke-sum.ts',
    text: [
      '// Launch smoke test: sums 1..n in the sandbox and hands back the seed it was given.',
      'export default (input: { n: number }, api: { seed: number; log(t: string): void }) => {',
      '  let sum = 0;',
      '  for (let k = 1; k <= input.n; k++) sum += k;',
      "  api.log('summed');",
      '  return { sum, seed: api.seed };',
      '};',
      '',
    ].join('\n'),
    input: { n: 1000 },
    seed: 7,
    timeoutSeconds: 60,
  },
  oom: {
    path: 'sandbox/smoke-oom.ts',
    text: [
      '// Launch smoke test: keeps 32 MiB blocks (every page written) until memory runs out.',
      'export default (_input: unknown, api: { log(t: string): void }) => {',
      '  const keep: Uint8Array[] = [];',
      '  for (;;) {',
      '    keep.push(new Uint8Array(32 * 1024 * 1024).fill(keep.length % 251 + 1));',
      "    if (keep.length % 8 === 0) api.log('held ' + keep.length * 32 + ' MiB');",
      '  }',
      '};',
      '',
    ].join('\n'),
    input: null,
    seed: 1,
    timeoutSeconds: 300,
  },
  spin: {
    path: 'sandbox/smoke-spin.ts',
    text: [
      '// Launch smoke test: says it started, then spins until it is cancelled.',
      'export default (_input: unknown, api: { log(t: string): void }) => {',
      "  api.log('spinning');",
      '  for (;;) {}',
      '};',
      '',
    ].join('\n'),
    input: null,
    seed: 2,
    timeoutSeconds: 300,
  },
};

const LETTER_MARKDOWN = '# Launch smoke test\n\nThe sum $\\sum_{k=1}^{n} k = n(n+1)/2$ was computed in the sandbox.\n';

/**
 * Runs in the app's page (sent as source to webContents.executeJavaScript, so it may use nothing from outside
 * itself but its argument and the page's `recheck` global). Resolves with what each step gave back, or with
 * `{ failed }`, the first error's one line.
 */
async function smokeInPage(config) {
  const api = globalThis.recheck;
  if (api === undefined || api === null) throw new Error('the page has no window.recheck: the preload did not run');
  const ends = new Map();
  const messages = new Map();
  const waiting = [];
  const wake = () => {
    for (const w of waiting.splice(0)) w();
  };
  const unsubscribe = api.onRunEvent((e) => {
    if (e.type === 'sandbox-ended') ends.set(e.runId, e.end);
    else if (e.type === 'sandbox-message') messages.set(e.runId, (messages.get(e.runId) || 0) + 1);
    else return;
    wake();
  });
  const until = async (ready) => {
    while (!ready()) await new Promise((resolve) => waiting.push(resolve));
  };
  const start = (p) =>
    api.runSandboxProgram({ caseId: config.caseId, path: p.path, input: p.input, seed: p.seed, timeoutSeconds: p.timeoutSeconds });
  const run = async (name, beforeEnd) => {
    const { runId } = await start(config.programs[name]);
    if (beforeEnd) await beforeEnd(runId);
    await until(() => ends.has(runId));
    return { runId, end: ends.get(runId), messages: messages.get(runId) || 0 };
  };
  try {
    const detail = await api.openCase(config.caseId);
    const falsificationId = detail.falsifications[0].id;
    for (const p of Object.values(config.programs))
      await api.saveSandboxFile({ caseId: config.caseId, path: p.path, text: p.text, reviewer: 'launch smoke test' });
    const sum = await run('sum');
    const oom = await run('oom');
    const cancel = await run('spin', async (runId) => {
      await until(() => ends.has(runId) || (messages.get(runId) || 0) > 0); // it runs: now cancel it
      if (!ends.has(runId)) await api.cancelRun(runId);
    });
    const pdf = await api.exportLetterPdf({ caseId: config.caseId, markdown: config.letter, falsificationIds: [falsificationId] });
    return { sum, oom, cancel, pdfBase64: pdf.base64 };
  } catch (err) {
    // Returned, not thrown: a rejection may reach main without its message. (An error from the preload's world
    // is no `instanceof Error` here.)
    return { failed: err !== null && typeof err === 'object' && typeof err.message === 'string' ? err.message : String(err) };
  } finally {
    unsubscribe();
  }
}

/**
 * Installs the driver on Electron's `app` (the real module in the app, a mock in test/desktop/smoke-driver.test.ts).
 * Must run before the app's own main module: it moves appData before main derives userData from it.
 * `io.write(text, written)` prints and calls back once written, `io.writeFile` writes the PDF; `limitMs` bounds the
 * whole drive.
 */
function installDriver(electron, env, io) {
  const { app } = electron;
  const appData = env.RECHECK_SMOKE_APP_DATA;
  const pdfPath = env.RECHECK_SMOKE_PDF;
  if (!appData || !pdfPath) throw new Error('smoke driver: RECHECK_SMOKE_APP_DATA and RECHECK_SMOKE_PDF must be set');
  app.setPath('appData', appData);
  const sandboxPages = [];
  let done = false;
  let mainWindowSeen = false;

  const finish = (result, exitCode) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    // Quit once the line is out (a pipe is written asynchronously on some platforms).
    io.write(`${RESULT_PREFIX}${JSON.stringify({ ...result, sandboxPages })}\n`, () => {
      if (exitCode === 0) app.quit();
      else app.exit(exitCode);
    });
  };
  const timer = setTimeout(
    () => finish({ ok: false, error: `the drive did not finish within ${(io.limitMs ?? DRIVE_LIMIT_MS) / 1000} s` }, 1),
    io.limitMs ?? DRIVE_LIMIT_MS,
  );

  // Every page a window loads: the sandbox runs must show up as top-level sandbox pages, one per run.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('did-finish-load', () => {
      const url = contents.getURL();
      if (url.startsWith(SANDBOX_PAGE_PREFIX)) sandboxPages.push(url);
    });
  });

  const drive = async (win) => {
    const url = win.webContents.getURL();
    if (!url.startsWith(APP_PAGE_PREFIX) || url.startsWith(SANDBOX_PAGE_PREFIX))
      return finish({ ok: false, error: `the first window shows ${url}, not the app's page` }, 1);
    const config = { caseId: CASE_ID, programs: PROGRAMS, letter: LETTER_MARKDOWN };
    const out = await win.webContents.executeJavaScript(`(${smokeInPage.toString()})(${JSON.stringify(config)})`, true);
    if (typeof out.failed === 'string') return finish({ ok: false, error: `in the page: ${out.failed}` }, 1);
    const pdf = Buffer.from(out.pdfBase64, 'base64');
    io.writeFile(pdfPath, pdf);
    finish(
      {
        ok: true,
        page: url,
        sum: out.sum,
        oom: out.oom,
        cancel: out.cancel,
        pdf: { bytes: pdf.length, magic: pdf.subarray(0, 5).toString('latin1'), path: pdfPath },
      },
      0,
    );
  };

  // The app's first window is its main window (sandbox and PDF windows open only for runs and prints).
  app.on('browser-window-created', (_event, win) => {
    if (mainWindowSeen) return;
    mainWindowSeen = true;
    win.webContents.once('did-finish-load', () => {
      drive(win).catch((err) => finish({ ok: false, error: err instanceof Error ? err.message : String(err) }, 1));
    });
  });
}

module.exports = { RESULT_PREFIX, CASE_ID, PROGRAMS, LETTER_MARKDOWN, SANDBOX_PAGE_PREFIX, smokeInPage, installDriver };

// Loaded with `electron -r` into the main process: install on the real Electron.
if (process.versions.electron !== undefined && process.type === 'browser') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  installDriver(require('electron'), process.env, {
    write: (text, written) => process.stdout.write(text, () => written()),
    writeFile: (file, bytes) => writeFileSync(file, bytes),
  });
}
