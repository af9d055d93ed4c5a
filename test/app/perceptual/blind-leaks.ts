/**
 * What a blind reviewer must not learn from the page, and a detector for it: the conditions, pair ids and image
 * files of the case's pairs table, the seeds of its reviews, its hypotheses (claim texts, falsification
 * assertions, check titles: any run of six words), and its metrics (the words, and every value the image-metrics
 * check reports, as 1-3 decimals or in full).
 *
 *   const s = await secretsOf(caseDir, metricValues); leaksIn(JSON.stringify(response), s) // [] when blind
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pairsOfText } from '../../../app/cases/pair-set';

export interface Secrets {
  readonly conditions: readonly string[];
  readonly pairIds: readonly string[];
  readonly paths: readonly string[];
  readonly hypotheses: readonly string[];
  readonly metricValues: readonly number[];
  readonly seeds: readonly number[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `word` as a whole token (not inside a longer identifier). */
const token = (word: string) => new RegExp(`(?<![A-Za-z0-9_-])${escape(word)}(?![A-Za-z0-9_-])`);
const number = (text: string) => new RegExp(`(?<![\\d.])${escape(text)}(?![\\d])`);
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

/** The secrets of case folder `dir` (its perceptual block's pairs table, case.json) plus the metric values given. */
export function secretsOf(dir: string, metricValues: readonly number[], seeds: readonly number[] = []): Secrets {
  const file = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
  const pairs = pairsOfText(readFileSync(join(dir, file.perceptual.pairs), 'utf8'), 'pairs.csv');
  const paths = [...new Set(pairs.flatMap((p) => [p.imageA, p.imageB]))];
  const hypotheses: string[] = [
    ...file.paper.claims.map((c: { text: string }) => c.text),
    ...file.falsifications.flatMap((f: { assertion: string; checks: { title: string }[] }) => [
      f.assertion,
      ...f.checks.map((c) => c.title),
    ]),
  ];
  return {
    conditions: [...new Set(pairs.flatMap((p) => [p.conditionA, p.conditionB]))],
    pairIds: pairs.map((p) => p.id),
    paths: [...new Set([...paths, ...paths.map((p) => basename(p))])],
    hypotheses,
    metricValues,
    seeds,
  };
}

/** Every finite non-integer number in a JSON value (the values a metric check reported). */
export function numbersIn(v: unknown): number[] {
  if (typeof v === 'number') return Number.isFinite(v) && !Number.isInteger(v) ? [v] : [];
  if (Array.isArray(v)) return v.flatMap(numbersIn);
  if (typeof v === 'object' && v !== null) return Object.values(v).flatMap(numbersIn);
  return [];
}

/** The leaks found in `text` (a response as JSON, image payloads left out), each as one line; [] when none. */
export function leaksIn(text: string, s: Secrets): string[] {
  const out: string[] = [];
  // Times (createdAt, at) hold decimals of seconds that are no metric.
  const plain = text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>').replace(/review-\d{8}T\d{6}Z-[0-9a-f]{6}/g, '<review>');
  for (const c of s.conditions) if (token(c).test(plain)) out.push(`condition ${c}`);
  for (const p of s.pairIds) if (token(p).test(plain)) out.push(`pair id ${p}`);
  for (const p of s.paths) if (plain.includes(p)) out.push(`image file ${p}`);
  if (/\.(png|jpe?g|webp)\b/i.test(plain)) out.push('an image file name');
  for (const seed of s.seeds) if (number(String(seed)).test(plain)) out.push(`seed ${seed}`);
  if (/\b(psnr|ssim|mse)\b/i.test(plain) || /\bdB\b/.test(plain)) out.push('a metric name');
  for (const v of s.metricValues) {
    const forms = new Set([v.toFixed(1), v.toFixed(2), v.toFixed(3), String(v)]);
    for (const f of forms) if (number(f).test(plain)) out.push(`metric value ${f}`);
  }
  const said = ` ${words(plain).join(' ')} `;
  for (const h of s.hypotheses) {
    const w = words(h);
    for (let i = 0; i + 6 <= w.length; i++) {
      const run = w.slice(i, i + 6).join(' ');
      if (said.includes(` ${run} `)) {
        out.push(`hypothesis "${run}"`);
        break;
      }
    }
  }
  return [...new Set(out)];
}

/** A response as the detector reads it: JSON with image payloads (base64 pixels, checked on their own) cut. */
export function asText(response: unknown): string {
  return JSON.stringify(response, (key, value) => (key === 'base64' ? '<pixels>' : value)) ?? 'undefined';
}
