// `recheck letter`: the same draft as the app, exit codes (2 and one line for bad input), and the PDF printed
// through Debian's Chromium with the math and fonts embedded; its pages are rendered to PNG to be looked at.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadCase } from '../../../app/cases/load';
import { createCheckRegistry } from '../../../app/checks/registry';
import { runCase } from '../../../app/checks/run-case';
import { draftCaseLetter } from '../../../app/letters/case-letter';
import { NO_CHROMIUM } from '../../../app/letters/pdf';
import { cli } from '../../helpers/cli';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';
import { executable, required } from '../../helpers/required';

const CHROMIUM = '/usr/bin/chromium';
/** Where the rendered pages go, to be looked at (kept after the test). */
const PAGES_DIR = resolve(import.meta.dirname, '../../../test-results/letters');

function which(cmd: string): boolean {
  try {
    execFileSync('which', [cmd], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A case whose claim has math, its checks run here with the tests' fixed kind (the CLI's registry does not know it). */
async function ranCase(): Promise<{ ws: string; dir: string }> {
  const ws = tempDir();
  const dir = writeMinimalCase(ws, 'mini');
  const j = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
  j.paper.claims[0].text = 'The regret is $O(\\ln k)$ for every $k \\ge 1$, with $$\\sum_{i=1}^{k} \\frac{1}{i} \\le 1 + \\ln k.$$';
  writeFileSync(join(dir, 'case.json'), JSON.stringify(j, null, 2));
  const registry = createCheckRegistry([fixedKind]);
  await runCase(await loadCase(dir, registry), registry, { who: 'Ada' });
  return { ws, dir };
}

describe('recheck letter', () => {
  it('says bad input in one line with exit 2', async () => {
    const { dir } = await ranCase();
    const bad = await cli(['letter', dir, '--to', 'editors'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/--to must be "authors" or "logbook", not "editors"/);
    const missing = await cli(['letter', join(dir, 'absent')], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    const noArg = await cli(['letter'], dir);
    expect(noArg.code).toBe(2);
  });

  it('prints the same draft as the app, and says on stderr when it is not ready to send', async () => {
    // The CLI's registry does not know the tests' fixed kind: the case is drafted from its recorded run only.
    const { dir } = await ranCase();
    const j = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
    j.falsifications[0].checks = [];
    writeFileSync(join(dir, 'case.json'), JSON.stringify(j, null, 2));
    const r = await cli(['letter', dir, '--to', 'authors'], dir);
    expect(r.code).toBe(0);
    const { file } = await loadCase(dir, createCheckRegistry([fixedKind]));
    expect(r.stdout).toBe((await draftCaseLetter(dir, file, { kind: 'authors' })).markdown);
    // The run's checks are gone from case.json, so its decision is stale, and the letter says so first.
    expect(r.stderr).toMatch(
      /^recheck: not ready to send \(8 things missing\): F1: the checks changed since this run \(check [\w-]+ removed\): run again; F1: no reviewer's verdict has been recorded; /,
    );
    const unknown = await cli(['letter', dir, '--falsification', 'F9'], dir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/mini\/case\.json: no falsification "F9" \(falsifications: F1\)/);
    const out = join(dir, 'letter.md');
    expect((await cli(['letter', dir, '--out', out], dir)).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(r.stdout);
  });

  it('says in one line when there is no Chromium to print with', async () => {
    const { dir } = await ranCase();
    const j = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
    j.falsifications[0].checks = [];
    writeFileSync(join(dir, 'case.json'), JSON.stringify(j, null, 2));
    const saved = process.env.RECHECK_CHROMIUM;
    process.env.RECHECK_CHROMIUM = join(dir, 'no-such-chromium');
    try {
      const r = await cli(['letter', dir, '--pdf', join(dir, 'l.pdf')], dir);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n').at(-1)).toBe(`recheck: PDF: ${NO_CHROMIUM}`);
      expect(existsSync(join(dir, 'l.pdf'))).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.RECHECK_CHROMIUM;
      else process.env.RECHECK_CHROMIUM = saved;
    }
  });

  it.skipIf(executable(CHROMIUM, 'chromium') !== '')(
    "prints a PDF through Debian's Chromium with the math typeset and the fonts embedded",
    async () => {
      const { dir } = await ranCase();
      const j = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
      j.falsifications[0].checks = [];
      writeFileSync(join(dir, 'case.json'), JSON.stringify(j, null, 2));
      const pdfPath = join(dir, 'letter.pdf');
      const r = await cli(['letter', dir, '--pdf', pdfPath], dir);
      expect(r.code, r.stderr).toBe(0);
      const pdf = readFileSync(pdfPath);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      if (
        required(
          'poppler-utils (pdffonts, pdftoppm)',
          which('pdffonts') && which('pdftoppm') ? null : "absent: the PDF's fonts and pages are not inspected",
        ) !== ''
      )
        return;
      const fonts = execFileSync('pdffonts', [pdfPath], { encoding: 'utf8' })
        .split('\n')
        .slice(2)
        .filter((l) => l.trim() !== '');
      // Every font embedded (the "emb" column), KaTeX's math fonts among them: the math was typeset, not left as $...$.
      expect(fonts.length).toBeGreaterThan(2);
      for (const line of fonts) expect(line).toMatch(/\byes\s+yes\s+yes\b/);
      expect(fonts.some((l) => /KaTeX_(Main|Math)/.test(l))).toBe(true);
      mkdirSync(PAGES_DIR, { recursive: true });
      execFileSync('pdftoppm', ['-r', '70', '-png', pdfPath, join(PAGES_DIR, 'mini-letter')]);
      expect(existsSync(join(PAGES_DIR, 'mini-letter-1.png'))).toBe(true);
      const text = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' });
      expect(text).toContain('Not ready to send');
      expect(text).not.toContain('$O(');
    },
    120_000,
  );
});
