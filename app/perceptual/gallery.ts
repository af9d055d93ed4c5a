/**
 * The gallery a letter and a report show beside a perceptual verdict: a few of the image pairs whose image of a
 * declared condition the blind reviewers judged unusable (compare mode: judged worse), each with both images and
 * their conditions revealed (the letter and the report come after the review), every answer the counted reviewers
 * gave on the pair, and its PSNR and SSIM when the falsification's image-metrics check measured the same table.
 *
 * Built from the perceptual-verdict check's recorded evidence (which pairs, which reviews counted), the case's pair
 * table, the counted reviews' answers and the images' bytes (hashed here). `dataDir` is the case folder, or a
 * report's inputs/ copy of it, so that `recheck report --verify` rebuilds the same gallery from what it holds.
 *
 * Which pairs: round-robin over the declared conditions in the falsification's order, within a condition the pairs
 * judged unusable by the most reviewers first, then in the table's order; at most GALLERY_MAX pairs.
 * Example: for quantization-stability reviewed by one reviewer who finds the 3- and 2-bit images unusable,
 * `(await buildGallery(dir, 'F1', checks))?.pairs.length` is 6, alternating q3 and q2 pairs.
 */
import { BadInputError } from '../errors';
import { readInside } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { imageSize, ImageFormatError } from '../images/decode';
import { MAX_IMAGE_BYTES } from '../images/read-case-image';
import { readCaseReviews } from './judgments';
import { readPairSet, type PairSet } from '../cases/pair-set';
import { LEFT_ANSWER, RIGHT_ANSWER } from '../cases/perceptual-settings';
import { oneLine, shown } from '../text/display';

/** Most pairs a gallery shows. */
export const GALLERY_MAX = 6;

export interface GalleryImage {
  /** Relative to the case folder. */
  readonly path: string;
  readonly condition: string;
  readonly sha256: string;
  readonly mediaType: 'image/png' | 'image/jpeg' | 'image/webp';
  readonly width: number;
  readonly height: number;
}

/** One answer a counted reviewer gave on the pair, with the side each condition was shown on. */
export interface GalleryAnswer {
  readonly reviewer: string;
  readonly answer: string;
  /** The answer's label in the review's settings (the value when it has none). */
  readonly label: string;
  readonly shownLeft: string;
  readonly shownRight: string;
  /** A repeated showing (for consistency), not the pair's first. */
  readonly repeat: boolean;
}

export interface GalleryPair {
  readonly pair: string;
  readonly prompt?: string;
  /** The declared conditions of this pair judged unusable, each with the reviewers who judged so. */
  readonly judged: readonly { condition: string; reviewers: readonly string[] }[];
  /** Image A then image B, as the table lists them. */
  readonly images: readonly [GalleryImage, GalleryImage];
  readonly answers: readonly GalleryAnswer[];
  /** From the image-metrics check of the same table; null without one. PSNR null for identical images. */
  readonly metrics: { readonly psnr: number | null; readonly ssim: number } | null;
}

export interface Gallery {
  readonly falsificationId: string;
  /** The perceptual-verdict check it illustrates. */
  readonly checkId: string;
  readonly table: string;
  readonly mode: 'rate-right' | 'compare';
  readonly question: string;
  /** The declared conditions, in the falsification's order. */
  readonly conditions: readonly string[];
  /** Distinct pairs whose declared-condition image some counted reviewer judged unusable (or worse). */
  readonly judgedPairs: number;
  readonly pairs: readonly GalleryPair[];
  /** Pairs left out because an image could not be read, one line each. */
  readonly problems: readonly string[];
}

/** A check result as a gallery reads it (a run's CheckResultView, or a report's check). */
export interface GalleryCheck {
  readonly checkId: string;
  readonly kind: string;
  readonly evidence: Record<string, unknown>;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * The galleries of a falsification's perceptual-verdict checks that have pairs to show (usually one). A verdict
 * whose pair table or reviews cannot be read now gets none (what it computed is still cited, without pictures).
 */
export async function buildGalleries(dataDir: string, falsificationId: string, checks: readonly GalleryCheck[]): Promise<Gallery[]> {
  const out: Gallery[] = [];
  for (const c of checks) {
    if (c.kind !== 'perceptual-verdict') continue;
    let g: Gallery | null;
    try {
      g = await buildGallery(dataDir, falsificationId, c, checks);
    } catch (err) {
      if (!(err instanceof BadInputError)) throw err;
      g = null;
    }
    if (g !== null && (g.pairs.length > 0 || g.problems.length > 0)) out.push(g);
  }
  return out;
}

/** The gallery of one perceptual-verdict result, or null when no image of a declared condition was judged unusable. */
export async function buildGallery(
  dataDir: string,
  falsificationId: string,
  verdict: GalleryCheck,
  all: readonly GalleryCheck[],
): Promise<Gallery | null> {
  const ev = verdict.evidence;
  const table = typeof ev.pairs === 'string' ? ev.pairs : null;
  if (ev.waiting !== false || table === null || !Array.isArray(ev.rows)) return null;
  const conditions = strings(ev.conditions);
  const counted = new Set(
    (Array.isArray(ev.counted) ? ev.counted : [])
      .filter(isObj)
      .map((c) => c.reviewId)
      .filter((x): x is string => typeof x === 'string'),
  );
  // Pair -> condition -> reviewers who judged that image unusable.
  const votes = new Map<string, Map<string, string[]>>();
  for (const row of ev.rows.filter(isObj)) {
    if (row.declared !== true || typeof row.condition !== 'string' || typeof row.reviewer !== 'string') continue;
    for (const pair of strings(row.pairs)) {
      const byCondition = votes.get(pair) ?? new Map<string, string[]>();
      byCondition.set(row.condition, [...(byCondition.get(row.condition) ?? []), row.reviewer]);
      votes.set(pair, byCondition);
    }
  }
  if (votes.size === 0) return null;

  const set = await readPairSet(dataDir, table);
  const order = new Map(set.pairs.map((p, i) => [p.id, i]));
  const chosen = choose(votes, conditions, order);
  const reviews = await readCaseReviews(dataDir, table);
  const answered = reviews.complete.filter((r) => counted.has(r.reviewId));
  const metrics = metricsOf(all, set);
  const pairs: GalleryPair[] = [];
  const problems: string[] = [];
  for (const id of chosen) {
    const row = set.pairs.find((p) => p.id === id);
    if (row === undefined) {
      problems.push(`pair ${shown(id)}: not in ${shown(table)} any more`);
      continue;
    }
    let images: [GalleryImage, GalleryImage];
    try {
      images = [await imageOf(dataDir, row.imageA, row.conditionA), await imageOf(dataDir, row.imageB, row.conditionB)];
    } catch (err) {
      if (!(err instanceof BadInputError)) throw err;
      problems.push(`pair ${id}: ${err.message}`);
      continue;
    }
    const byCondition = votes.get(id) ?? new Map<string, string[]>();
    pairs.push({
      pair: id,
      ...(row.prompt !== undefined ? { prompt: row.prompt } : {}),
      judged: conditions.filter((c) => byCondition.has(c)).map((c) => ({ condition: c, reviewers: byCondition.get(c) ?? [] })),
      images,
      answers: answered.flatMap((r) =>
        r.judgments
          .filter((j) => j.pair === id)
          .map((j) => ({
            reviewer: r.reviewer,
            answer: j.answer,
            label: r.settings.answers.find((a) => a.value === j.answer)?.label ?? j.answer,
            shownLeft: j.shownLeft,
            shownRight: j.shownRight,
            repeat: j.repeatOf !== undefined,
          })),
      ),
      metrics: metrics.get(id) ?? null,
    });
  }
  const settings = answered[0]?.settings;
  return {
    falsificationId,
    checkId: verdict.checkId,
    table,
    mode: settings?.mode ?? (strings(ev.unusable).length > 0 ? 'rate-right' : 'compare'),
    question: settings?.question ?? '',
    conditions,
    judgedPairs: votes.size,
    pairs,
    problems,
  };
}

/** Round-robin over the declared conditions; within one, most reviewers first, then the table's order. */
function choose(votes: Map<string, Map<string, string[]>>, conditions: readonly string[], order: Map<string, number>): string[] {
  const queues = conditions.map((c) =>
    [...votes.entries()]
      .filter(([, by]) => by.has(c))
      .sort(
        ([a, x], [b, y]) =>
          (y.get(c)?.length ?? 0) - (x.get(c)?.length ?? 0) || (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || (a < b ? -1 : 1),
      )
      .map(([pair]) => pair),
  );
  const chosen: string[] = [];
  for (let round = 0; chosen.length < GALLERY_MAX && queues.some((q) => q.length > round); round++) {
    for (const q of queues) {
      const pair = q[round];
      if (pair !== undefined && !chosen.includes(pair) && chosen.length < GALLERY_MAX) chosen.push(pair);
    }
  }
  return chosen;
}

/** PSNR and SSIM per pair from the falsification's image-metrics check of the same table (same bytes). */
function metricsOf(all: readonly GalleryCheck[], set: PairSet): Map<string, { psnr: number | null; ssim: number }> {
  const out = new Map<string, { psnr: number | null; ssim: number }>();
  for (const c of all) {
    if (
      c.kind !== 'image-metrics' ||
      c.evidence.table !== set.path ||
      c.evidence.tableSha256 !== set.sha256 ||
      !Array.isArray(c.evidence.pairs)
    )
      continue;
    for (const p of c.evidence.pairs.filter(isObj)) {
      if (typeof p.pair !== 'string' || typeof p.ssim !== 'number' || out.has(p.pair)) continue;
      out.set(p.pair, { psnr: typeof p.psnr === 'number' ? p.psnr : null, ssim: p.ssim });
    }
  }
  return out;
}

async function imageOf(dataDir: string, path: string, condition: string): Promise<GalleryImage> {
  const bytes = await readInside(dataDir, path, { maxBytes: MAX_IMAGE_BYTES, shownAs: shown(path) });
  let size;
  try {
    size = imageSize(bytes);
  } catch (err) {
    if (err instanceof ImageFormatError) throw new BadInputError(shown(path), err.problem);
    throw err;
  }
  return { path, condition, sha256: sha256(bytes), mediaType: size.mediaType, width: size.width, height: size.height };
}

/**
 * The bytes of a gallery's images as data: URIs, read again and checked against the hashes the gallery recorded
 * (an image changed since is left out). Media types come from the bytes' signature: never SVG or markup.
 */
export async function galleryDataUris(dataDir: string, g: Gallery): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const image of g.pairs.flatMap((p) => p.images)) {
    if (out.has(image.path)) continue;
    const bytes = await readInside(dataDir, image.path, { maxBytes: MAX_IMAGE_BYTES, shownAs: shown(image.path) }).catch(() => null);
    if (bytes === null || sha256(bytes) !== image.sha256) continue;
    out.set(image.path, dataUri(image.mediaType, bytes));
  }
  return out;
}

/** `data:image/png;base64,...` for an image's bytes. */
export function dataUri(mediaType: GalleryImage['mediaType'], bytes: Uint8Array): string {
  return `data:${mediaType};base64,${Buffer.from(bytes).toString('base64')}`;
}

/**
 * One answer in words. Rate-right: `ada: “Unusable” for the q2 image (shown right, fp left)`; compare:
 * `ada: “Left is better”, choosing the fp image (fp left, q2 right)`.
 */
export function answerWords(a: GalleryAnswer, mode: Gallery['mode']): string {
  const again = a.repeat ? ', a repeated showing' : '';
  if (mode === 'rate-right')
    return `${oneLine(a.reviewer, 120)}: “${oneLine(a.label, 120)}” for the ${oneLine(a.shownRight, 80)} image (shown right, ${oneLine(a.shownLeft, 80)} left${again})`;
  const chosen = a.answer === LEFT_ANSWER ? a.shownLeft : a.answer === RIGHT_ANSWER ? a.shownRight : null;
  return `${oneLine(a.reviewer, 120)}: “${oneLine(a.label, 120)}”${chosen !== null ? `, choosing the ${oneLine(chosen, 80)} image` : ''} (${oneLine(a.shownLeft, 80)} left, ${oneLine(a.shownRight, 80)} right${again})`;
}

/** `PSNR 20.3 dB, SSIM 0.753` (PSNR infinite for identical images); null without metrics. */
export function metricsWords(m: GalleryPair['metrics']): string | null {
  if (m === null) return null;
  return `PSNR ${m.psnr === null ? 'infinite (identical images)' : `${m.psnr.toFixed(1)} dB`}, SSIM ${m.ssim.toFixed(3)}`;
}

/** `q3 (scripted-a) and q2 (scripted-a, scripted-b)`: which image of the pair was judged unusable, by whom. */
export function judgedWords(p: GalleryPair): string {
  return p.judged.map((j) => `${oneLine(j.condition, 80)} (${j.reviewers.map((r) => oneLine(r, 120)).join(', ')})`).join(' and ');
}

/** `q3 or q2`. */
export function conditionsWords(conditions: readonly string[]): string {
  const c = conditions.map((x) => oneLine(x, 80));
  return c.length <= 1 ? (c[0] ?? '') : `${c.slice(0, -1).join(', ')} or ${c.at(-1)}`;
}
