/**
 * A small synthetic image-pair case for the perceptual-review tests, and scripted reviewers that drive a review
 * through the blind API only. Nothing here is a person's judgment: the scripted reviewers are named
 * "scripted-..." and exist only in temporary folders.
 *
 * Each condition's images are one flat colour (a 2x2 PNG), so a scripted reviewer "sees" which condition is on a
 * side by the pixels of the image reviewImage sends, exactly as a person sees the picture, without reading the plan.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { RecheckApi, ReviewSessionView } from '../../../common/api/contract';
import { decodeImage } from '../../../app/images/decode';
import { writeMinimalCase } from '../../helpers/temp-case';

/** A 2x2 RGB PNG of one colour. */
export function flatPng(r: number, g: number, b: number, size = 2): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The two conditions of the synthetic set, with their colours. */
export const CONDITIONS = { reference: 'cond-reference', quantized: 'cond-quantized' } as const;
const COLOURS: Record<string, [number, number, number]> = { [CONDITIONS.reference]: [200, 40, 40], [CONDITIONS.quantized]: [40, 40, 200] };

export interface SyntheticOptions {
  pairs?: number;
  mode?: 'rate-right' | 'compare';
  repeatShare?: number;
  /** Checks of falsification F1 (default: none). */
  checks?: { id: string; kind: string; title: string; params: Record<string, unknown> }[];
}

/** Writes a case `percept` under `root` with an image-pair set; returns its folder. */
export function writeSyntheticCase(root: string, o: SyntheticOptions = {}): string {
  const n = o.pairs ?? 20;
  const mode = o.mode ?? 'rate-right';
  const answers =
    mode === 'rate-right'
      ? [
          { value: 'usable', key: '1', label: 'Usable' },
          { value: 'degraded', key: '2', label: 'Degraded' },
          { value: 'unusable', key: '3', label: 'Unusable' },
        ]
      : [
          { value: 'left', key: 'a', label: 'Left is better' },
          { value: 'same', key: '=', label: 'Same' },
          { value: 'right', key: 'b', label: 'Right is better' },
        ];
  const dir = writeMinimalCase(root, 'percept', {
    format: 'recheck.case/1',
    id: 'percept',
    title: 'A synthetic perceptual case',
    paper: {
      title: 'A paper',
      venueId: 'openreview:example-percept',
      claims: [{ id: 'C1', text: 'The images stay usable under quantization.' }],
    },
    logbooks: [{ id: 'L1', path: 'logbook', format: 'plain', title: 'A logbook' }],
    falsifications: [{ id: 'F1', claim: 'C1', logbook: 'L1', assertion: 'Quantized images are unusable.', checks: o.checks ?? [] }],
    perceptual: {
      pairs: 'images/pairs.csv',
      question: mode === 'rate-right' ? 'Is the right image usable?' : 'Which image is better?',
      mode,
      answers,
      repeatShare: o.repeatShare ?? 0.25,
      fastMs: 600,
    },
  });
  mkdirSync(join(dir, 'images'), { recursive: true });
  const lines = ['pair_id,image_a,image_b,condition_a,condition_b,prompt'];
  const ref = flatPng(...(COLOURS[CONDITIONS.reference] as [number, number, number]));
  const q = flatPng(...(COLOURS[CONDITIONS.quantized] as [number, number, number]));
  for (let i = 1; i <= n; i++) {
    const id = `p${String(i).padStart(3, '0')}`;
    writeFileSync(join(dir, 'images', `${id}-${CONDITIONS.reference}.png`), ref);
    writeFileSync(join(dir, 'images', `${id}-${CONDITIONS.quantized}.png`), q);
    lines.push(
      `${id},images/${id}-${CONDITIONS.reference}.png,images/${id}-${CONDITIONS.quantized}.png,${CONDITIONS.reference},${CONDITIONS.quantized},prompt number ${i}`,
    );
  }
  writeFileSync(join(dir, 'images', 'pairs.csv'), `${lines.join('\n')}\n`);
  return dir;
}

/** What a scripted reviewer sees of an item: the condition of each side, recognised from the image bytes. */
export interface Seen {
  index: number;
  left: string;
  right: string;
}

/** A scripted reviewer: an answer and a time for what it sees. */
export type Script = (seen: Seen) => { answer: string; elapsedMs: number; note?: string };

/** The condition whose colour the image sent for one side shows (its pixels: the bytes are re-encoded). */
async function condition(
  api: RecheckApi,
  caseId: string,
  reviewId: string,
  index: number,
  side: 'left' | 'right',
): Promise<string | undefined> {
  const sent = await api.reviewImage(caseId, reviewId, index, side);
  const { data } = await decodeImage(Buffer.from(sent.base64, 'base64'));
  const rgb = [data[0], data[1], data[2]].join(',');
  return Object.entries(COLOURS).find(([, c]) => c.join(',') === rgb)?.[0];
}

async function see(api: RecheckApi, caseId: string, reviewId: string, index: number): Promise<Seen> {
  const left = await condition(api, caseId, reviewId, index, 'left');
  const right = await condition(api, caseId, reviewId, index, 'right');
  if (left === undefined || right === undefined) throw new Error('a scripted reviewer saw an image it does not know');
  return { index, left, right };
}

/** Runs a whole review with `script` through the API; returns the final session. */
export async function scriptedReview(
  api: RecheckApi,
  caseId: string,
  reviewer: string,
  script: Script,
  o: { seed?: number; stopAfter?: number } = {},
): Promise<ReviewSessionView> {
  let s = await api.startReview({ caseId, reviewer, ...(o.seed !== undefined ? { seed: o.seed } : {}) });
  let answered = 0;
  while (s.next !== null && (o.stopAfter === undefined || answered < o.stopAfter)) {
    const seen = await see(api, caseId, s.reviewId, s.next.index);
    const a = script(seen);
    s = await api.answerReview({
      caseId,
      reviewId: s.reviewId,
      index: s.next.index,
      answer: a.answer,
      elapsedMs: a.elapsedMs,
      ...(a.note !== undefined ? { note: a.note } : {}),
    });
    answered++;
  }
  return s;
}

/** Rate-right: judges the right image by its condition (quantized unusable), 1.5 s per answer. */
export const consistentRater: Script = (s) => ({ answer: s.right === CONDITIONS.quantized ? 'unusable' : 'usable', elapsedMs: 1500 });

/** Rate-right: self-consistent but the opposite of consistentRater (a second reviewer who disagrees). */
export const contraryRater: Script = (s) => ({ answer: s.right === CONDITIONS.quantized ? 'usable' : 'unusable', elapsedMs: 1400 });

/** Rate-right: answers by a seeded coin, fast, whatever it sees. */
export function erraticRater(seed: number): Script {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    const answers = ['usable', 'degraded', 'unusable'];
    return { answer: answers[x % 3] as string, elapsedMs: 200 + (x % 300) };
  };
}

/** Compare: always picks the left image. */
export const leftPicker: Script = () => ({ answer: 'left', elapsedMs: 1200 });

/** Compare: picks the reference image, wherever it is. */
export const referencePicker: Script = (s) => ({ answer: s.left === CONDITIONS.reference ? 'left' : 'right', elapsedMs: 1300 });
