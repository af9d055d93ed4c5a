/**
 * The gallery in a report: the sixth bundled case reviewed by two agreeing SCRIPTED reviewers (test only, never a
 * person's judgment; two blind sources, as the decision gates need for a confirmed decision), run and reported with `recheck report`. report.json holds the pairs the letter shows; index.html shows
 * both images of each inline, as data: URIs of the very bytes copied under inputs/ (hashed in the manifest), and
 * names nothing outside itself, so it opens offline. `--verify` re-derives the gallery from the copied reviews and
 * images and catches an edited one even under a forged manifest. A screenshot of the page is kept to look at.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildGalleries, type Gallery } from '../../../app/perceptual/gallery';
import { manifestOf, scanReportFolder } from '../../../app/reports/manifest';
import type { ReportData, ReportManifest } from '../../../app/reports/model';
import { cli } from '../../helpers/cli';
import { reviewedQuantizationCase, SEES_BANDING, SEES_BANDING_TOO, type ReviewedCase } from '../letters/reviewed-quantization';
import { builtReport, readJson } from './harness';
import { executable } from '../../helpers/required';

const SHOTS = resolve(import.meta.dirname, '../../../test-results/reports');

let reviewed: ReviewedCase;
let out = '';
let expected: Gallery;

beforeAll(async () => {
  reviewed = await reviewedQuantizationCase([SEES_BANDING, SEES_BANDING_TOO], { verdict: true });
  expected = (await buildGalleries(reviewed.dir, 'F1', reviewed.report.falsifications[0]!.checks))[0]!;
  ({ out } = await builtReport(reviewed.dir));
}, 90_000);

const verify = (dir: string) => cli(['report', '--verify', dir], tmpdir());

describe('recheck report: the gallery of the perceptual verdict', () => {
  it('report.json holds the six pairs the letter shows, with both reviewers’ answers and the metrics', () => {
    const data = readJson(join(out, 'report.json')) as ReportData;
    const f1 = data.falsifications.find((f) => f.id === 'F1')!;
    expect(f1.decision?.decision).toBe('confirmed');
    expect(f1.galleries).toHaveLength(1);
    const g = f1.galleries![0]!;
    expect(g).toEqual(expected);
    expect(g.pairs.map((p) => p.judged[0]!.condition)).toEqual(['q3', 'q2', 'q3', 'q2', 'q3', 'q2']);
    const both = [SEES_BANDING.name, SEES_BANDING_TOO.name].sort();
    // The first pair shown was judged unusable by both reviewers, and carries the answers of both.
    expect([...g.pairs[0]!.judged[0]!.reviewers].sort()).toEqual(both);
    expect([...new Set(g.pairs[0]!.answers.map((a) => a.reviewer))].sort()).toEqual(both);
    for (const p of g.pairs) {
      expect(p.answers.every((a) => both.includes(a.reviewer))).toBe(true);
      expect(p.answers.every((a) => a.answer === 'unusable')).toBe(true);
      expect(p.metrics?.psnr).toBeGreaterThan(18);
    }
  });

  it('index.html shows both images of each pair inline, the bytes copied under inputs/ and hashed in the manifest', () => {
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const manifest = readJson(join(out, 'manifest.json')) as ReportManifest;
    expect(html).toContain('<h3>The pairs judged unusable in the blind review</h3>');
    for (const p of expected.pairs) {
      const start = html.indexOf(`<div class="gallery-pair" data-pair="${p.pair}">`);
      expect(start, p.pair).toBeGreaterThan(0);
      const block = html.slice(start, html.indexOf('</ul>', start));
      for (const [side, img] of p.images.entries()) {
        const copied = readFileSync(join(out, 'inputs', img.path));
        expect(manifest.files.find((m) => m.path === `inputs/${img.path}`)?.sha256).toBe(img.sha256);
        expect(block).toContain(
          `<img alt="${side === 0 ? 'A' : 'B'}: ${img.condition}" width="96" height="96" src="data:image/png;base64,${copied.toString('base64')}">`,
        );
        expect(block).toContain(img.sha256);
      }
      expect(block).toContain(`PSNR ${p.metrics!.psnr!.toFixed(1)} dB, SSIM ${p.metrics!.ssim.toFixed(3)}`);
      for (const name of new Set(p.answers.map((a) => a.reviewer)))
        expect(block).toContain(`${name}: “Unusable” for the ${p.judged[0]!.condition} image (shown right, fp left)`);
      expect(new Set(p.answers.map((a) => a.reviewer)).size).toBeGreaterThan(0);
    }
  });

  it('opens offline: every src and href is inside the page (data: or #), no script, no link, no remote url()', () => {
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const refs = [...html.matchAll(/\b(src|href)="([^"]*)"/g)].map((m) => m[2]!);
    expect(refs.length).toBeGreaterThan(12);
    for (const r of refs) expect(r, r.slice(0, 60)).toMatch(/^(data:|#|inputs\/|outputs\/)/);
    // Links to copied files stay inside the folder; images are never linked, only inlined.
    expect(refs.filter((r) => !r.startsWith('data:') && !r.startsWith('#')).every((r) => !r.endsWith('.png'))).toBe(true);
    // XML namespaces (SVG, MathML) are names, never fetched; any other http(s) URL would be.
    expect(html.replace(/\bxmlns(:\w+)?="[^"]*"/g, '')).not.toMatch(/<script|<link\b|<iframe|https?:\/\//i);
    expect([...html.matchAll(/url\(([^)]*)\)/g)].every((m) => /^['"]?data:/.test(m[1]!))).toBe(true);
  });

  it('--verify passes it, and catches a gallery edited in report.json even under a forged manifest', async () => {
    const ok = await verify(out);
    expect(ok.stdout).toContain('index.html is what report.json renders to');
    expect(ok.code).toBe(0);

    const dir = join(mkdtempSync(join(tmpdir(), 'recheck-gallery-tamper-')), 'report');
    cpSync(out, dir, { recursive: true });
    const data = readJson(join(dir, 'report.json')) as { falsifications: { galleries: { pairs: { answers: { label: string }[] }[] }[] }[] };
    data.falsifications[0]!.galleries[0]!.pairs[0]!.answers[0]!.label = 'Usable';
    writeFileSync(join(dir, 'report.json'), `${JSON.stringify(data, null, 2)}\n`);
    const m = readJson(join(dir, 'manifest.json')) as ReportManifest;
    writeFileSync(
      join(dir, 'manifest.json'),
      `${JSON.stringify(manifestOf(m.reportId, m.createdAt, await scanReportFolder(dir)), null, 2)}\n`,
    );
    const bad = await verify(dir);
    expect(bad.stdout).toMatch(
      /^report\.json: F1: its gallery of image pairs is not what the evidence and the copied reviews and images give/m,
    );
    expect(bad.stdout).toMatch(/^index\.html: is not what report\.json renders to/m);
    expect(bad.code).toBe(1);
  });

  it.skipIf(executable('/usr/bin/chromium', 'chromium') !== '')(
    'opens in Chromium with no request beyond the file, every gallery image decoded (screenshot kept)',
    async () => {
      const browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
      try {
        const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
        const requests: string[] = [];
        page.on('request', (r) => requests.push(r.url()));
        await page.goto(pathToFileURL(join(out, 'index.html')).href);
        expect(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
        const gallery = page.locator('.gallery');
        await expect.poll(() => gallery.locator('img').count()).toBe(12);
        const decoded = await gallery
          .locator('img')
          .evaluateAll((imgs) =>
            imgs.map(
              (i) =>
                (i as unknown as { complete: boolean; naturalWidth: number }).complete &&
                (i as unknown as { naturalWidth: number }).naturalWidth,
            ),
          );
        expect(decoded).toEqual(Array(12).fill(96));
        mkdirSync(SHOTS, { recursive: true });
        await gallery.locator('.gallery-pair').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, 'quantization-gallery.png') });
      } finally {
        await browser.close();
      }
    },
    90_000,
  );
});
