/**
 * Prints a letter's self-contained HTML (app/letters/html.ts) to PDF with the system's Chromium, headless:
 * fonts used by the page (KaTeX's included) are embedded by Chromium's PDF writer. The page holds no script
 * (raw HTML is never rendered) and its policy (default-src 'none') allows only data: images and fonts, so a
 * letter quoting a hostile logbook can run and fetch nothing. (Chromium's --blink-settings=scriptEnabled=false
 * would say it twice, but version 156 then writes no PDF.)
 * The desktop app may print through Electron instead (a `PdfPrinter` passed to the service).
 *
 * Bounds (issue 24: 27 bytes of math printed 1,856 pages, a larger formula held Chromium 120 s, 6 exports at once
 * started 6 Chromiums): KaTeX caps every size a formula gives (common/text/markdown-math.ts); every printer made
 * here or by `boundedPrinter` waits in the process's print queue (one at a time, RECHECK_PDF_JOBS to change it), is
 * stopped after PDF_LIMITS.timeoutMs (Chromium's whole process group killed), and a PDF over PDF_LIMITS.maxPages is
 * refused with one line naming the letter (its <title>) and its page count.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BadInputError, BusyError } from '../errors';
import { shown } from '../text/display';

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
 * At most `slots` printings at once; the rest wait in order (at most `maxWaiting`, then BusyError). One Chromium
 * takes hundreds of MB: 6 exports at once started 6 (6.5 GB). Example: `await new PrintQueue(1).run(() => print())`.
 */
export class PrintQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly slots = 1,
    readonly maxWaiting = 64,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) {
      if (this.waiting.length >= this.maxWaiting)
        throw new BusyError(`${this.waiting.length} PDF exports are already waiting: try again later`);
      await new Promise<void>((grant) => this.waiting.push(grant));
    } else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next !== undefined) next();
      else this.running -= 1;
    }
  }
}

let processQueue: PrintQueue | undefined;

/** The queue every printer of this process shares: RECHECK_PDF_JOBS printings at once (default 1, at most 16). */
export function sharedPrintQueue(env: NodeJS.ProcessEnv = process.env): PrintQueue {
  const jobs = Number(env.RECHECK_PDF_JOBS);
  processQueue ??= new PrintQueue(Number.isInteger(jobs) && jobs >= 1 && jobs <= 16 ? jobs : 1);
  return processQueue;
}

/** The caps of one letter's printing. */
export interface PdfLimits {
  /** Pages a letter may print to; more is refused (nothing exported). */
  readonly maxPages: number;
  /** Wall clock of one printing, queue wait excluded. */
  readonly timeoutMs: number;
}

/** The defaults: a letter with its figures is a few pages; printing one takes a second or two. */
export const PDF_LIMITS: PdfLimits = { maxPages: 100, timeoutMs: 60_000 };

/** A printer that stops when `signal` aborts (it kills what it started). */
export type StoppablePrinter = (html: string, signal: AbortSignal) => Promise<Uint8Array>;

/**
 * Pages of a PDF written by Chromium or Electron: its page objects (`/Type /Page`, not `/Pages`), which Skia writes
 * uncompressed. 0 when none are found (the PDF is then not refused by the page cap). Checked against pdfinfo.
 * Example: `pdfPageCount(Buffer.from('%PDF-1.4 <</Type /Page>> <</Type /Pages /Count 1>>'))` is 1.
 */
export function pdfPageCount(pdf: Uint8Array): number {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  return text.match(/\/Type\s*\/Page(?![A-Za-z0-9])/g)?.length ?? 0;
}

/** The letter a page is: its <title>, unescaped, for messages. */
function letterName(html: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? 'untitled';
  const text = title
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return `letter ${JSON.stringify(shown(text, 120))}`;
}

/**
 * `print` within the caps: it waits for a slot of `queue`, is aborted after `limits.timeoutMs` (one line naming the
 * letter), and a PDF of more than `limits.maxPages` pages is refused (BadInputError naming the letter and its page
 * count). Example: `boundedPrinter((html, signal) => printInElectron(html, signal))` for the desktop app.
 */
export function boundedPrinter(print: StoppablePrinter, o: { limits?: Partial<PdfLimits>; queue?: PrintQueue } = {}): PdfPrinter {
  const limits = { ...PDF_LIMITS, ...o.limits };
  return (html) =>
    (o.queue ?? sharedPrintQueue()).run(async () => {
      const name = letterName(html);
      const stop = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          stop.abort();
          reject(new BadInputError(name, `printing took over ${limits.timeoutMs / 1000} s; Chromium was stopped and nothing was exported`));
        }, limits.timeoutMs);
      });
      let pdf: Uint8Array;
      try {
        pdf = await Promise.race([print(html, stop.signal), timedOut]);
      } finally {
        clearTimeout(timer);
      }
      const pages = pdfPageCount(pdf);
      if (pages > limits.maxPages)
        throw new BadInputError(name, `prints to ${pages} pages, over the limit of ${limits.maxPages}; nothing was exported`);
      return pdf;
    });
}

/**
 * A printer running `chromium` headless with --print-to-pdf, bounded by `boundedPrinter` (`maxPages`, `timeoutMs`,
 * `queue`: default the process's). Throws BadInputError (one line) when there is no Chromium.
 * Example: `await chromiumPrinter()(letterHtml(md, 'Letter', []))` starts with `%PDF-`.
 */
export function chromiumPrinter(
  o: { chromium?: string | null; timeoutMs?: number; maxPages?: number; queue?: PrintQueue } = {},
): PdfPrinter {
  const limits = {
    ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
    ...(o.maxPages !== undefined ? { maxPages: o.maxPages } : {}),
  };
  return boundedPrinter(
    async (html, signal) => {
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
        await run(chromium, args, signal);
        const pdf = await readFile(out).catch(() => null);
        if (pdf === null || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`${chromium} wrote no PDF`);
        return pdf;
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    },
    { limits, ...(o.queue !== undefined ? { queue: o.queue } : {}) },
  );
}

/** Kills the process group `pid` leads (Chromium's zygote, renderers and GPU process with it); gone is fine. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Process groups of printings under way: killed if this process exits first (its own group no longer gets Ctrl-C's signal to them). */
const liveGroups = new Set<number>();
let exitHook = false;

function trackGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  liveGroups.add(pid);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => liveGroups.forEach(killGroup));
  }
}

/**
 * Runs `cmd` as the leader of its own process group; on abort, and once it exits, the whole group is killed, so no
 * helper process outlives the printing. Settles on the leader's exit (a helper holding stderr does not delay it).
 */
function run(cmd: string, args: string[], signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString('utf8');
    });
    trackGroup(child.pid);
    const onAbort = (): void => killGroup(child.pid);
    signal.addEventListener('abort', onAbort, { once: true });
    child.on('error', (err) => {
      signal.removeEventListener('abort', onAbort);
      reject(err);
    });
    child.on('exit', (code, sig) => {
      signal.removeEventListener('abort', onAbort);
      killGroup(child.pid);
      if (child.pid !== undefined) liveGroups.delete(child.pid);
      child.stderr.destroy();
      if (code === 0) resolve();
      else reject(new Error(`${cmd} exited with ${sig ?? code} while printing the PDF: ${stderr.trim().split('\n').at(-1) ?? ''}`));
    });
  });
}
