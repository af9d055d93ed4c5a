// Issue 24 item 9: PDF export without bounds. `$\rule{1em}{100000em}$` (27 bytes) in an assertion printed a
// 1,856-page letter; a larger one hung Chromium for 120 s; 6 parallel exports started 6 Chromiums. Now KaTeX caps
// every user-given size (maxSize) and macro expansion (maxExpand) wherever math is typeset, a printed letter over
// the page cap is refused with one line naming it and its page count, printing has a wall clock after which the
// whole Chromium process group is killed, and exports wait in one queue per process (one at a time by default).
// Page counts are checked against poppler's pdfinfo.
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MATH_MAX_SIZE_EM, tex } from '../../common/text/markdown-math';
import { letterHtml } from '../../app/letters/html';
import { chromiumPrinter, findChromium, pdfPageCount, PrintQueue } from '../../app/letters/pdf';
import { BadInputError } from '../../app/errors';
import { tempDir } from '../helpers/temp-case';
import { executable } from '../helpers/required';

const chromium = findChromium();
// Under npm test (RECHECK_REQUIRE_TOOLS=1) a missing Chromium or pdfinfo fails instead of skipping.
const printingMissing = executable('/usr/bin/chromium', 'chromium') || executable('/usr/bin/pdfinfo', 'poppler-utils');
const hasPdfinfo = printingMissing === '';

function pdfinfoPages(pdf: Uint8Array): number {
  const file = join(tempDir('recheck-pdfinfo-'), 'x.pdf');
  writeFileSync(file, pdf);
  const m = /^Pages:\s+(\d+)$/m.exec(execFileSync('/usr/bin/pdfinfo', [file], { encoding: 'utf8' }));
  return Number(m?.[1]);
}

/** Every size in em in KaTeX's style attributes (heights, widths, border widths, offsets; not the TeX annotation). */
function emSizes(html: string): number[] {
  const styles = [...html.matchAll(/style="([^"]*)"/g)].map((m) => m[1] as string).join(';');
  return [...styles.matchAll(/(-?\d+(?:\.\d+)?)em/g)].map((m) => Math.abs(Number(m[1])));
}

/** A stand-in for Chromium: logs start and end, starts two sleeping children, writes a one-page PDF after `ms`. */
function fakeChromium(dir: string, ms: number, hang = false): { path: string; log: string; pids: string } {
  const log = join(dir, 'log');
  const pids = join(dir, 'pids');
  const path = join(dir, 'chromium');
  writeFileSync(
    path,
    `#!/bin/sh
echo "start $$" >> ${log}
sleep 300 & echo $! >> ${pids}
sleep 300 & echo $! >> ${pids}
${hang ? 'wait' : `sleep ${ms / 1000}`}
for a in "$@"; do case "$a" in --print-to-pdf=*) printf '%%PDF-1.4\\n1 0 obj <</Type /Page>> endobj\\n%%%%EOF\\n' > "\${a#--print-to-pdf=}";; esac; done
echo "end $$" >> ${log}
`,
  );
  chmodSync(path, 0o755);
  return { path, log, pids };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}

/** The most printers running at once, from the stand-in's start/end log. */
function maxConcurrent(log: string): number {
  let now = 0;
  let max = 0;
  for (const line of readFileSync(log, 'utf8').trim().split('\n')) {
    now += line.startsWith('start') ? 1 : -1;
    max = Math.max(max, now);
  }
  return max;
}

describe('KaTeX sizes are capped where math is typeset', () => {
  it('a \\rule of 100000em is typeset at most MATH_MAX_SIZE_EM high', () => {
    const html = tex('\\rule{1em}{100000em}', false);
    expect(Math.max(...emSizes(html))).toBeLessThanOrEqual(MATH_MAX_SIZE_EM * 2);
    expect(emSizes(html)).toContain(MATH_MAX_SIZE_EM);
  });

  it('no user-given size in any of kern, hspace, rule, raisebox or row spacing escapes the cap (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(
          '\\rule{1em}{#em}',
          '\\rule{#em}{1em}',
          'a\\kern#em b',
          'a\\hspace{#em}b',
          '\\raisebox{#em}{x}',
          '\\begin{matrix}a\\\\[#em]b\\end{matrix}',
        ),
        (n, form) => {
          const sizes = emSizes(tex(form.replace('#', String(n)), true));
          expect(Math.max(...sizes)).toBeLessThanOrEqual(MATH_MAX_SIZE_EM * 2);
        },
      ),
      { numRuns: 60, seed: 9 },
    );
  });

  it('macro expansion is bounded: an exponential \\def chain renders as an error, not a million rules', () => {
    const bomb = `\\def\\a{x}${Array.from({ length: 25 }, (_, i) => `\\def\\${'b'.repeat(i + 1)}{\\${i === 0 ? 'a' : 'b'.repeat(i)}\\${i === 0 ? 'a' : 'b'.repeat(i)}}`).join('')}\\${'b'.repeat(25)}`;
    const html = tex(bomb, true);
    expect(html.length).toBeLessThan(100_000);
    expect(html).toContain('katex-error');
  });
});

describe('printing is bounded', () => {
  it('pdfPageCount agrees with pdfinfo on real Chromium PDFs of 1 to 5 pages', { timeout: 120_000 }, async (ctx) => {
    if (chromium === null || !hasPdfinfo) ctx.skip();
    const print = chromiumPrinter({ queue: new PrintQueue(1) });
    for (const pages of [1, 3, 5]) {
      const md = `# Letter\n\n${Array.from({ length: pages }, (_, i) => `Part ${i}: $\\rule{1em}{${MATH_MAX_SIZE_EM}em}$ ${'\n\n$$\\rule{1em}{' + MATH_MAX_SIZE_EM + 'em}$$\n\n'.repeat(2)}`).join('\n\n')}`;
      const pdf = await print(letterHtml(md, 'L', []));
      expect(pdfPageCount(pdf)).toBe(pdfinfoPages(pdf));
    }
  });

  it("the issue's 27-byte formula prints on one page (was 1,856), with the real Chromium", { timeout: 120_000 }, async (ctx) => {
    if (chromium === null || !hasPdfinfo) ctx.skip();
    const pdf = await chromiumPrinter({ queue: new PrintQueue(1) })(
      letterHtml('# L\n\nSee $\\rule{1em}{100000em}$.\n', 'Hostile letter', []),
    );
    expect(pdfinfoPages(pdf)).toBeLessThanOrEqual(2);
  });

  it('a letter over the page cap is refused with one line naming it and its page count', { timeout: 120_000 }, async (ctx) => {
    if (chromium === null || !hasPdfinfo) ctx.skip();
    const md = `# L\n\n${'$$\\rule{1em}{20em}$$\n\n'.repeat(12)}`;
    const html = letterHtml(md, 'Dear authors of "Paging"', []);
    const pages = pdfinfoPages(await chromiumPrinter({ queue: new PrintQueue(1) })(html));
    expect(pages).toBeGreaterThan(3);
    const err = await chromiumPrinter({ queue: new PrintQueue(1), maxPages: 3 })(html).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadInputError);
    expect((err as Error).message).toBe(
      `letter "Dear authors of \\"Paging\\"": prints to ${pages} pages, over the limit of 3; nothing was exported`,
    );
  });

  it("over the wall clock, Chromium's whole process group is killed", { timeout: 30_000 }, async () => {
    const dir = tempDir('recheck-pdf-hang-');
    const fake = fakeChromium(dir, 0, true);
    const started = performance.now();
    const err = await chromiumPrinter({ chromium: fake.path, timeoutMs: 800, queue: new PrintQueue(1) })(
      letterHtml('# L\n', 'Slow', []),
    ).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect((err as Error).message).toMatch(/^letter "Slow": printing took over 0\.8 s; Chromium was stopped/);
    const children = readFileSync(fake.pids, 'utf8').trim().split('\n').map(Number);
    expect(children).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(children.filter(alive)).toEqual([]);
  });

  it('6 exports at once run one at a time by default, and 2 at a time when the queue allows 2', { timeout: 60_000 }, async () => {
    for (const slots of [1, 2]) {
      const dir = tempDir('recheck-pdf-queue-');
      const fake = fakeChromium(dir, 300);
      const print = chromiumPrinter({ chromium: fake.path, queue: new PrintQueue(slots) });
      const pdfs = await Promise.all(Array.from({ length: 6 }, (_, i) => print(letterHtml(`# L${i}\n`, `L${i}`, []))));
      expect(pdfs.every((p) => pdfPageCount(p) === 1)).toBe(true);
      expect(maxConcurrent(fake.log)).toBe(slots);
    }
  });

  it('the shared queue is one per process: two printers made separately still take turns', { timeout: 60_000 }, async () => {
    const dir = tempDir('recheck-pdf-shared-');
    const fake = fakeChromium(dir, 300);
    await Promise.all(Array.from({ length: 4 }, (_, i) => chromiumPrinter({ chromium: fake.path })(letterHtml(`# L${i}\n`, `L${i}`, []))));
    expect(maxConcurrent(fake.log)).toBe(1);
  });
});
