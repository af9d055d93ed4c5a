/**
 * Prints a letter's self-contained HTML (app/letters/html.ts) to PDF with the system's Chromium, headless:
 * fonts used by the page (KaTeX's included) are embedded by Chromium's PDF writer. The page holds no script
 * (raw HTML is never rendered) and its policy (default-src 'none') allows only data: images and fonts, so a
 * letter quoting a hostile logbook can run and fetch nothing. (Chromium's --blink-settings=scriptEnabled=false
 * would say it twice, but version 156 then writes no PDF.)
 * The desktop app may print through Electron instead (a `PdfPrinter` passed to the service).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BadInputError } from '../errors';

/** Prints HTML to PDF bytes. */
export type PdfPrinter = (html: string) => Promise<Uint8Array>;

/** Where Chromium is: $RECHECK_CHROMIUM when set, else the usual Debian, Ubuntu and Chrome paths; null when none is. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  // A Chromium named in the environment is the only one tried (so that a wrong path is said, not bypassed).
  const candidates =
    env.RECHECK_CHROMIUM !== undefined && env.RECHECK_CHROMIUM !== ''
      ? [env.RECHECK_CHROMIUM]
      : ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
  return candidates.find((p): p is string => typeof p === 'string' && p !== '' && existsSync(p)) ?? null;
}

/** The one line said when no Chromium is installed. */
export const NO_CHROMIUM =
  'no Chromium to print the PDF with (looked for $RECHECK_CHROMIUM, else /usr/bin/chromium, chromium-browser, google-chrome): install chromium (apt-get install chromium), or export the letter as Markdown';

/**
 * A printer running `chromium` headless with --print-to-pdf. Throws BadInputError (one line) when there is no
 * Chromium. Example: `await chromiumPrinter()(letterHtml(md, 'Letter', []))` starts with `%PDF-`.
 */
export function chromiumPrinter(o: { chromium?: string | null; timeoutMs?: number } = {}): PdfPrinter {
  return async (html) => {
    const chromium = o.chromium === undefined ? findChromium() : o.chromium;
    if (chromium === null) throw new BadInputError('PDF', NO_CHROMIUM);
    const tmp = await mkdtemp(join(tmpdir(), 'recheck-letter-'));
    try {
      const page = join(tmp, 'letter.html');
      const out = join(tmp, 'letter.pdf');
      await writeFile(page, html);
      const args = [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--user-data-dir=${join(tmp, 'profile')}`,
        '--no-pdf-header-footer',
        `--print-to-pdf=${out}`,
        pathToFileURL(page).href,
      ];
      await run(chromium, args, o.timeoutMs ?? 120_000);
      const pdf = await readFile(out).catch(() => null);
      if (pdf === null || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`${chromium} wrote no PDF`);
      return pdf;
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  };
}

function run(cmd: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${cmd} exited with ${signal ?? code} while printing the PDF: ${stderr.trim().split('\n').at(-1) ?? ''}`));
    });
  });
}
