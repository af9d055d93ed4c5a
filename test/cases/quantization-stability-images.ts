// The images and pairs table of the bundled case quantization-stability, computed by its generator
// (cases/quantization-stability/sandbox/generate.ts). Used by the case's test to check the committed files,
// and run to (re)write them: node bin/run-ts.mjs test/cases/quantization-stability-images.ts --write
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { encodePng } from '../../app/images/encode';
import { pairRows, pairsCsv, quantize, render, scene, SIZE, toRgba8 } from '../../cases/quantization-stability/sandbox/generate';

export const CASE_DIR = resolve(import.meta.dirname, '../../cases/quantization-stability');

/** Every image of the case by its case-relative path, as 8-bit RGBA. */
export function caseImages(): Map<string, Uint8ClampedArray> {
  const images = new Map<string, Uint8ClampedArray>();
  for (const row of pairRows()) {
    const fp = render(scene(row.scene));
    if (!images.has(row.imageA)) images.set(row.imageA, toRgba8(fp));
    images.set(row.imageB, quantize(fp, row.condition, row.seed));
  }
  return images;
}

function write(): void {
  for (const [path, data] of caseImages()) {
    const file = join(CASE_DIR, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, encodePng({ width: SIZE, height: SIZE, data }));
  }
  writeFileSync(join(CASE_DIR, 'images/pairs.csv'), pairsCsv(pairRows()));
}

if (process.argv.includes('--write') && import.meta.url === pathToFileURL(process.argv[1] ?? '').href) write();
