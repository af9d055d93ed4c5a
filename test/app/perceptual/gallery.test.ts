/**
 * The gallery of a perceptual verdict in a letter: the sixth bundled case reviewed by two SCRIPTED reviewers (test
 * only, never a person's judgment) who both find the 3- and 2-bit images unusable (two agreeing blind sources: one
 * reviewer alone is one source under the decision gates). The pairs it shows are held against the
 * review's own answers file, read here independently of the review code; the Markdown cites each pair as a figure
 * with its files, hashes, metrics and answers, and the PDF's page embeds both images of each pair.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCase } from '../../../app/cases/load';
import { defaultRegistry } from '../../../app/cli/registry';
import { draftCaseLetter, letterFigures, letterPdf } from '../../../app/letters/case-letter';
import { buildGalleries, GALLERY_MAX, type Gallery } from '../../../app/perceptual/gallery';
import { letterHtml } from '../../../app/letters/html';
import { chromiumPrinter } from '../../../app/letters/pdf';
import { CASE_ID, reviewedQuantizationCase, SEES_BANDING, SEES_BANDING_TOO, type ReviewedCase } from '../letters/reviewed-quantization';
import { executable } from '../../helpers/required';
import { latestReports } from '../../../app/checks/latest';
import { claimProblems } from '../letters/claim-check';

const PAGES_DIR = resolve(import.meta.dirname, '../../../test-results/letters');
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

interface Line {
  reviewer: string;
  index: number;
  pair: string;
  shownLeft: string;
  shownRight: string;
  answer: string;
}

/** Both reviews' answers as written, straight from their answers.jsonl, each with its review's reviewer. */
function answerLines(dir: string): Line[] {
  const reviews = readdirSync(join(dir, 'reviews')).sort();
  expect(reviews).toHaveLength(2);
  return reviews.flatMap((id) => {
    const reviewer = (JSON.parse(readFileSync(join(dir, 'reviews', id, 'review.json'), 'utf8')) as { reviewer: string }).reviewer;
    return readFileSync(join(dir, 'reviews', id, 'answers.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => ({ ...(JSON.parse(l) as Omit<Line, 'reviewer'>), reviewer }));
  });
}

const BOTH = [SEES_BANDING.name, SEES_BANDING_TOO.name].sort();

/**
 * Pairs whose first showing to a reviewer had a q3 or q2 image on the right answered "unusable", by condition,
 * with those reviewers: most reviewers first, then in table order (each reviewer is shown a seeded share of pairs).
 */
function judgedByHand(lines: Line[]): Map<string, { pair: string; reviewers: string[] }[]> {
  const first = new Map<string, Line>();
  for (const l of [...lines].sort((a, b) => a.index - b.index))
    if (!first.has(`${l.reviewer}/${l.pair}`)) first.set(`${l.reviewer}/${l.pair}`, l);
  const out = new Map<string, Map<string, string[]>>([
    ['q3', new Map()],
    ['q2', new Map()],
  ]);
  for (const l of first.values()) {
    const byPair = out.get(l.shownRight);
    if (l.answer === 'unusable' && byPair !== undefined) byPair.set(l.pair, [...(byPair.get(l.pair) ?? []), l.reviewer].sort());
  }
  return new Map(
    [...out].map(([c, byPair]) => [
      c,
      [...byPair]
        .map(([pair, reviewers]) => ({ pair, reviewers }))
        .sort((a, b) => b.reviewers.length - a.reviewers.length || a.pair.localeCompare(b.pair)),
    ]),
  );
}

let reviewed: ReviewedCase;
let gallery: Gallery;

beforeAll(async () => {
  reviewed = await reviewedQuantizationCase([SEES_BANDING, SEES_BANDING_TOO], { verdict: true });
  const checks = reviewed.report.falsifications[0]!.checks;
  const gs = await buildGalleries(reviewed.dir, 'F1', checks);
  expect(gs).toHaveLength(1);
  gallery = gs[0]!;
}, 60_000);

describe('the gallery of a perceptual verdict', () => {
  it('shows six of the pairs judged unusable, alternating the declared conditions, first in the table first', () => {
    expect(reviewed.check('perceptual-verdict').outcome).toBe('supports');
    expect(reviewed.report.falsifications[0]!.decision).toBe('confirmed');
    const byHand = judgedByHand(answerLines(reviewed.dir));
    const q3 = byHand.get('q3')!;
    const q2 = byHand.get('q2')!;
    expect(q3.length).toBeGreaterThan(3);
    expect(q2.length).toBeGreaterThan(3);
    expect(gallery.judgedPairs).toBe(q3.length + q2.length);
    expect(gallery.pairs).toHaveLength(GALLERY_MAX);
    const expected = [q3[0]!, q2[0]!, q3[1]!, q2[1]!, q3[2]!, q2[2]!];
    expect(gallery.pairs.map((p) => p.pair)).toEqual(expected.map((e) => e.pair));
    // The pairs judged by both reviewers come first.
    expect(expected[0]!.reviewers).toEqual(BOTH);
    expect(gallery.pairs.map((p) => p.judged.map((j) => ({ condition: j.condition, reviewers: [...j.reviewers].sort() })))).toEqual(
      expected.map((e, i) => [{ condition: i % 2 === 0 ? 'q3' : 'q2', reviewers: e.reviewers }]),
    );
    expect(gallery).toMatchObject({
      checkId: 'perceptual-verdict',
      table: 'images/pairs.csv',
      mode: 'rate-right',
      question: 'Is the right image usable as a generation of the prompt?',
      conditions: ['q3', 'q2'],
      problems: [],
    });
  });

  it('each pair: both images with their conditions and hashes, every answer given on it, and its PSNR and SSIM', () => {
    const lines = answerLines(reviewed.dir);
    const table = readFileSync(join(reviewed.dir, 'images', 'pairs.csv'), 'utf8')
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    const metrics = (reviewed.check('metrics').evidence as { pairs: { pair: string; psnr: number; ssim: number }[] }).pairs;
    for (const p of gallery.pairs) {
      const row = table.find((r) => r[0] === p.pair)!;
      expect(p.images.map((i) => [i.path, i.condition])).toEqual([
        [row[1], row[3]],
        [row[2], row[4]],
      ]);
      for (const img of p.images) {
        expect(img.sha256).toBe(sha(readFileSync(join(reviewed.dir, img.path))));
        expect(img).toMatchObject({ mediaType: 'image/png', width: 96, height: 96 });
      }
      // The answers of both reviewers on it, every showing.
      const given = lines.filter((l) => l.pair === p.pair).map((l) => JSON.stringify([l.reviewer, l.answer, l.shownLeft, l.shownRight]));
      expect(p.answers.map((a) => JSON.stringify([a.reviewer, a.answer, a.shownLeft, a.shownRight])).sort()).toEqual(given.sort());
      expect(p.answers[0]).toMatchObject({ label: 'Unusable', repeat: false });
      const m = metrics.find((x) => x.pair === p.pair)!;
      expect(p.metrics).toEqual({ psnr: m.psnr, ssim: m.ssim });
      // The metric and the eye disagree: above the paper's 18 dB, judged unusable.
      expect(p.metrics!.psnr).toBeGreaterThan(18);
    }
  });

  it('the letter cites each pair as a figure, with its files, hashes, metrics and answers', async () => {
    const { file } = await loadCase(reviewed.dir, defaultRegistry());
    const draft = await draftCaseLetter(reviewed.dir, file, { kind: 'authors' });
    const md = draft.markdown;
    expect(md).toContain('### The pairs judged unusable in the blind review');
    expect(md).toMatch(
      new RegExp(
        `In ${gallery.judgedPairs} pairs the q3 or q2 image was judged unusable by at least one counted reviewer; 6 of them are shown here \\(Figures 1 to 6, attached\\)`,
      ),
    );
    expect(md).toContain('   - Figures 1 to 6 (attached): pairs from the blind review, listed below');
    gallery.pairs.forEach((p, i) => {
      const [a, b] = p.images;
      const line = md.split('\n').find((l) => l.startsWith(`- **Figure ${i + 1}, pair ${p.pair}**`));
      expect(line, p.pair).toBeDefined();
      expect(line).toContain(`image A \`${CASE_ID}/${a.path}\` (${a.condition}), SHA-256 \`${a.sha256}\``);
      expect(line).toContain(`image B \`${CASE_ID}/${b.path}\` (${b.condition}), SHA-256 \`${b.sha256}\``);
      expect(line).toContain(`PSNR ${p.metrics!.psnr!.toFixed(1)} dB, SSIM ${p.metrics!.ssim.toFixed(3)}`);
      expect(line).toContain(`Judged unusable: ${p.judged[0]!.condition} (${p.judged[0]!.reviewers.join(', ')})`);
    });
    for (const name of BOTH) expect(md).toMatch(new RegExp(`  - ${name}: “Unusable” for the q3 image \\(shown right, fp left\\)`));
  });

  it('every claim sentence of its letters (both kinds) is drawn from the evidence of the check it names', async () => {
    const { file } = await loadCase(reviewed.dir, defaultRegistry());
    const { reports } = await latestReports(reviewed.dir, ['F1']);
    for (const kind of ['authors', 'logbook'] as const) {
      const md = (await draftCaseLetter(reviewed.dir, file, { kind, falsificationId: 'F1' })).markdown;
      expect(md.split('\n').filter((l) => /^\d+\. \*\*/.test(l))).toHaveLength(3);
      expect(
        claimProblems(
          md,
          reports,
          file.falsifications[0]!.checks.map((c) => c.id),
        ),
      ).toEqual([]);
    }
  });

  it('the PDF page embeds both images of each pair (PNG data URIs of the hashed bytes) under its figure number', async () => {
    const { file } = await loadCase(reviewed.dir, defaultRegistry());
    const figures = await letterFigures(reviewed.dir, file, ['F1']);
    const pairs = figures.filter((f) => 'images' in f);
    expect(pairs).toHaveLength(6);
    pairs.forEach((f, i) => {
      const p = gallery.pairs[i]!;
      expect(f.caption).toMatch(
        new RegExp(`^Figure ${i + 1}: pair ${p.pair}, image A fp and image B ${p.images[1].condition}; judged unusable: `),
      );
      if (!('images' in f)) throw new Error('not a pair');
      expect(f.images.map((x) => x.label)).toEqual([`A: fp`, `B: ${p.images[1].condition}`]);
      f.images.forEach((x, side) =>
        expect(x.src).toBe(`data:image/png;base64,${readFileSync(join(reviewed.dir, p.images[side]!.path)).toString('base64')}`),
      );
    });
    const draft = await draftCaseLetter(reviewed.dir, file, { kind: 'authors' });
    const html = letterHtml(draft.markdown, 'Letter', figures);
    expect(html.match(/<img alt="[AB]: [^"]+" src="data:image\/png;base64,/g)).toHaveLength(12);
    expect(html).not.toMatch(/(src|href)="(?!data:)/);
  });

  it.skipIf(executable('/usr/bin/chromium', 'chromium') !== '')(
    'prints the letter with its gallery to PDF (pages kept as PNG to look at)',
    async () => {
      const { file } = await loadCase(reviewed.dir, defaultRegistry());
      const draft = await draftCaseLetter(reviewed.dir, file, { kind: 'authors' });
      const pdf = await letterPdf(reviewed.dir, file, draft.markdown, draft.falsificationIds, chromiumPrinter());
      expect(Buffer.from(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      if (executable('/usr/bin/pdftoppm', 'poppler-utils') !== '' || executable('/usr/bin/pdfimages', 'poppler-utils') !== '') return; // not inspected
      mkdirSync(PAGES_DIR, { recursive: true });
      const path = join(PAGES_DIR, 'quantization-gallery.pdf');
      writeFileSync(path, pdf);
      // Twelve raster images (six pairs) besides the SVG figures.
      const images = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' })
        .split('\n')
        .slice(2)
        .filter((l) => /\b96\s+96\b/.test(l));
      expect(images.length).toBeGreaterThanOrEqual(12);
      execFileSync('pdftoppm', ['-r', '60', '-png', path, join(PAGES_DIR, 'quantization-gallery')]);
    },
    120_000,
  );
});
