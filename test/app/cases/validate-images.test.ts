// `recheck validate` on a case with an image-pair set: every image exists inside the case, decodes, and the
// two images of a pair have the same size; otherwise one line per problem naming the pair and the file.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkImagePairs } from '../../../app/cases/validate-images';
import { encodePng } from '../../../app/images/encode';
import { cli } from '../../helpers/cli';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

const FIXTURES = join(import.meta.dirname, '../images/fixtures');

function png(width: number, height: number, value = 128): Uint8Array {
  return encodePng({ width, height, data: new Uint8ClampedArray(width * height * 4).fill(value) });
}

const PERCEPTUAL = {
  pairs: 'images/pairs.csv',
  question: 'Is the right image usable?',
  mode: 'rate-right',
  answers: [
    { value: 'usable', key: '1', label: 'Usable' },
    { value: 'unusable', key: '2', label: 'Unusable' },
  ],
};

/** A minimal case with a perceptual block, its images and its pairs table (rows after the header). */
function imageCase(images: Record<string, Uint8Array | string>, rows: string[]): { ws: string; dir: string } {
  const ws = tempDir('recheck-validate-images-');
  const dir = writeMinimalCase(ws, 'img');
  const json = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
  writeFileSync(join(dir, 'case.json'), JSON.stringify({ ...json, falsifications: [], perceptual: PERCEPTUAL }, null, 2));
  mkdirSync(join(dir, 'images'), { recursive: true });
  for (const [path, bytes] of Object.entries(images)) writeFileSync(join(dir, path), bytes);
  writeFileSync(join(dir, 'images/pairs.csv'), ['pair_id,image_a,image_b,condition_a,condition_b', ...rows].join('\n') + '\n');
  return { ws, dir };
}

describe('checkImagePairs', () => {
  it('passes a set whose images decode in pairs of equal size (PNG, JPEG, WebP), each file read once', async () => {
    const { dir } = imageCase(
      {
        'images/a.png': png(13, 7),
        'images/b.jpg': readFileSync(join(FIXTURES, 'baseline.jpg')),
        'images/c.webp': readFileSync(join(FIXTURES, 'lossy.webp')),
      },
      ['p1,images/a.png,images/b.jpg,fp,q2', 'p2,images/a.png,images/c.webp,fp,q3'],
    );
    const report = await checkImagePairs(dir, 'images/pairs.csv');
    expect(report).toEqual({ table: 'images/pairs.csv', pairs: 2, images: 3, problems: [] });
  });

  it('names the pair and the file of each problem: missing, not an image, corrupt, different sizes, outside the case', async () => {
    const outside = join(tempDir('recheck-outside-'), 'secret.png');
    writeFileSync(outside, png(4, 4));
    const corrupt = png(6, 6).slice();
    corrupt.fill(0x41, 41);
    const { dir } = imageCase(
      {
        'images/a.png': png(8, 8),
        'images/wide.png': png(9, 8),
        'images/text.png': 'not an image at all',
        'images/corrupt.png': corrupt,
      },
      [
        'p1,images/a.png,images/a.png,fp,fp',
        'p2,images/a.png,images/missing.png,fp,q2',
        'p3,images/text.png,images/a.png,fp,q2',
        'p4,images/a.png,images/wide.png,fp,q2',
        'p5,images/a.png,images/corrupt.png,fp,q2',
        'p6,images/a.png,images/link.png,fp,q2',
      ],
    );
    symlinkSync(outside, join(dir, 'images/link.png'));
    const report = await checkImagePairs(dir, 'images/pairs.csv');
    expect(report.pairs).toBe(6);
    const lines = report.problems.map((p) => `line ${p.line}: pair ${p.pair}: ${p.file}: ${p.problem}`);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe('line 3: pair p2: images/missing.png: no such file');
    expect(lines[1]).toBe('line 4: pair p3: images/text.png: is not a PNG, JPEG or WebP image (unknown signature)');
    expect(lines[2]).toBe('line 5: pair p4: images/wide.png: is 9x8 but images/a.png is 8x8 (the two images of a pair must have the same size)');
    expect(lines[3]).toMatch(/^line 6: pair p5: images\/corrupt\.png: is a PNG that does not decode: \S/);
    expect(lines[4]).toMatch(/^line 7: pair p6: images\/link\.png: .*symlink/);
    for (const l of lines) expect(l).not.toContain('\n');
  });
});

describe('recheck validate with an image-pair set', () => {
  it('says how many pairs and images were checked', async () => {
    const { ws } = imageCase({ 'images/a.png': png(11, 11), 'images/b.png': png(11, 11, 3) }, ['p1,images/a.png,images/b.png,fp,q2']);
    const r = await cli(['validate', 'img'], ws);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^img: valid \(0 falsification\(s\), 0 check\(s\); 1 image pair\(s\), 2 image\(s\) checked\)$/m);
    const json = JSON.parse((await cli(['validate', 'img', '--json'], ws)).stdout);
    expect(json.cases[0].images).toEqual({ table: 'images/pairs.csv', pairs: 1, images: 2, problems: [] });
  });

  it('exits 2 with one line per problem, each naming the table, line, pair and file', async () => {
    const { ws } = imageCase({ 'images/a.png': png(8, 8), 'images/b.png': png(8, 9) }, ['p1,images/a.png,images/b.png,fp,q2', 'p2,images/gone.png,images/a.png,fp,q3']);
    const r = await cli(['validate', 'img'], ws);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      [
        'recheck: img/images/pairs.csv: line 2: pair p1: images/b.png: is 8x9 but images/a.png is 8x8 (the two images of a pair must have the same size)',
        'recheck: img/images/pairs.csv: line 3: pair p2: images/gone.png: no such file',
        '',
      ].join('\n'),
    );
  });

  it('exits 2 naming the table when the pairs table itself is missing', async () => {
    const { ws, dir } = imageCase({}, []);
    writeFileSync(join(dir, 'images/pairs.csv'), 'pair_id,image_a\n');
    const r = await cli(['validate', 'img'], ws);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^recheck: .*pairs\.csv.*missing column\(s\) image_b, condition_a, condition_b/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
