// `recheck review <case-dir>`: the case's image-pair set and its reviews, as the core lists them; --export
// writes a review's CSV with the app's own export (the bytes compared with the API's export of an identical
// copy). A bundled case is worked on in its workspace copy, never in the installation. Answers are given only
// through the core's API here (a scripted reviewer, fixed answers): the CLI has no command to answer.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecheckApi, ReviewSessionView } from '../../../common/api/contract';
import { createRecheckService } from '../../../app/api/service';
import { BUNDLED_CASES_DIR } from '../../../app/paths';
import { splitCsvRecords } from '../../../checkers/tables/csv-records';
import { cli } from '../../helpers/cli';
import { copyCase, tempDir } from '../../helpers/temp-case';

const CASE = 'quantization-stability';
const SRC = join(BUNDLED_CASES_DIR, CASE);
const REVIEWER = 'scripted-cli-reviewer';
/** The answers the scripted reviewer gives, in order (not judgments: it never looks at the images). */
const GIVEN = ['usable', 'unusable', 'flawed'];

/** The case's pair table, read here from its file: rows and the question (independently of the core). */
function onDisk(): { pairs: number; question: string; answers: { value: string; key: string; label: string }[] } {
  const perceptual = (
    JSON.parse(readFileSync(join(SRC, 'case.json'), 'utf8')) as {
      perceptual: { pairs: string; question: string; answers: { value: string; key: string; label: string }[] };
    }
  ).perceptual;
  const records = splitCsvRecords(readFileSync(join(SRC, perceptual.pairs), 'utf8'), { maxRows: 100_000, maxCells: 1_000_000 });
  return { pairs: records.length - 1, question: perceptual.question, answers: perceptual.answers };
}

/** A copy of the case in its own workspace folder (no runs), and the core's API over that workspace. */
async function workspaceWithCase(): Promise<{ root: string; dir: string; api: RecheckApi }> {
  const root = tempDir('recheck-cli-review-');
  const dir = join(root, CASE);
  cpSync(SRC, dir, { recursive: true, filter: (src) => !/[/\\]runs[/\\].+/.test(src) });
  return { root, dir, api: await createRecheckService({ workspaceDir: root }) };
}

/** A review started and `n` items answered through the API (fixed answers, elapsed times and a note on the second). */
async function partlyAnswered(api: RecheckApi, n: number, seed: number): Promise<ReviewSessionView> {
  let s = await api.startReview({ caseId: CASE, reviewer: REVIEWER, seed });
  for (let i = 0; i < n; i++) {
    s = await api.answerReview({
      caseId: CASE,
      reviewId: s.reviewId,
      index: s.next!.index,
      answer: GIVEN[i % GIVEN.length]!,
      elapsedMs: 1000 + 100 * i,
      ...(i === 1 ? { note: 'banding, "sky"' } : {}),
    });
  }
  return s;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('recheck review --list', () => {
  let ws: Awaited<ReturnType<typeof workspaceWithCase>>;
  let partial: ReviewSessionView;
  let fresh: ReviewSessionView;
  beforeAll(async () => {
    ws = await workspaceWithCase();
    partial = await partlyAnswered(ws.api, 3, 11);
    fresh = await partlyAnswered(ws.api, 0, 12);
  });

  it('prints the pair set (pairs, question, answers) and each review with its progress, by default', async () => {
    const disk = onDisk();
    const r = await cli(['review', ws.dir], ws.root);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${disk.pairs} image pairs (images/pairs.csv)`);
    expect(r.stdout).toContain(`question: ${disk.question}`);
    for (const a of disk.answers) expect(r.stdout).toMatch(new RegExp(`^ {2}${a.key} +${a.label} +\\(${a.value}\\)$`, 'm'));
    const line = (id: string) => r.stdout.split('\n').find((l) => l.includes(id)) ?? '';
    expect(line(partial.reviewId)).toMatch(new RegExp(`${REVIEWER} +11 +3/${partial.total} +incomplete +not exported`));
    expect(line(fresh.reviewId)).toMatch(new RegExp(`${REVIEWER} +12 +0/${fresh.total} +incomplete +not exported`));
    // Newest first, as the app lists them.
    expect(r.stdout.indexOf(fresh.reviewId)).toBeLessThan(r.stdout.indexOf(partial.reviewId));
    expect(r.stdout).toMatch(/no command answers pairs/i);
    expect(await cli(['review', ws.dir, '--list'], ws.root)).toEqual(r);
  });

  it("--json is the core's own views: imagePairSet and listReviews, each review with complete", async () => {
    const r = await cli(['review', ws.dir, '--json'], ws.root);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { caseId: string; set: unknown; reviews: { complete: boolean }[] };
    expect(doc.caseId).toBe(CASE);
    expect(doc.set).toEqual(await ws.api.imagePairSet(CASE));
    // The CLI gives every review's seed (whoever runs it holds the case folder); the app, only a complete one's.
    const seeds = new Map([
      [partial.reviewId, 11],
      [fresh.reviewId, 12],
    ]);
    expect(doc.reviews).toEqual(
      (await ws.api.listReviews(CASE)).map((v) => ({ ...v, seed: seeds.get(v.reviewId), complete: v.answered === v.total })),
    );
    expect(doc.reviews.map((v) => v.complete)).toEqual([false, false]);
  });
});

describe('recheck review --export', () => {
  it('writes the CSV the app exports (same bytes as the API export of an identical copy), prints path, rows and sha256', async () => {
    const ws = await workspaceWithCase();
    const s = await partlyAnswered(ws.api, 3, 21);
    // An identical copy of the case, exported through the API (what the app's Export button calls).
    const twin = tempDir('recheck-cli-review-twin-');
    copyCase(ws.dir, twin, CASE);
    const byApp = await (await createRecheckService({ workspaceDir: twin })).exportReview(CASE, s.reviewId);

    const r = await cli(['review', ws.dir, '--export', s.reviewId, '--who', 'scripted-exporter'], ws.root);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const rel = `reviews/${s.reviewId}/answers.csv`;
    const file = join(ws.dir, rel);
    const bytes = readFileSync(file);
    expect(r.stdout).toBe(
      `exported ${s.reviewId} (${REVIEWER}, 3 of ${s.total} answered, incomplete)\n  path: ${file}\n  rows: 3\n  sha256: ${sha256(bytes)}\n`,
    );
    expect(byApp).toEqual({ path: rel, rows: 3, sha256: sha256(bytes) });
    expect(bytes.equals(readFileSync(join(twin, CASE, rel)))).toBe(true);
    const records = splitCsvRecords(bytes.toString('utf8'), { maxRows: 1000, maxCells: 10_000 });
    const head = records[0]!.values;
    expect(records.slice(1).map((x) => x.values[head.indexOf('answer')])).toEqual(GIVEN);
    expect(records[2]!.values[head.indexOf('note')]).toBe('banding, "sky"');
    // Logged under the given name, and listed as exported afterwards.
    const audit = readFileSync(join(ws.dir, 'audit.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { who: string; details?: { edit?: string } });
    expect(audit.at(-1)).toMatchObject({ who: 'scripted-exporter', details: { edit: 'export-review' } });
    const list = await cli(['review', ws.dir], ws.root);
    expect(list.stdout.split('\n').find((l) => l.includes(s.reviewId))).toMatch(
      new RegExp(`3/${s.total} +incomplete +${rel.replace(/[.]/g, '\\.')}$`),
    );
  });

  it('--json: one document with the path relative to the case, the file, rows and sha256', async () => {
    const ws = await workspaceWithCase();
    const s = await partlyAnswered(ws.api, 2, 31);
    const r = await cli(['review', ws.dir, '--export', s.reviewId, '--json'], ws.root);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Record<string, unknown>;
    const file = join(ws.dir, 'reviews', s.reviewId, 'answers.csv');
    expect(doc).toEqual({
      caseId: CASE,
      reviewId: s.reviewId,
      reviewer: REVIEWER,
      answered: 2,
      total: s.total,
      complete: false,
      path: `reviews/${s.reviewId}/answers.csv`,
      file,
      rows: 2,
      sha256: sha256(readFileSync(file)),
    });
  });
});

describe('recheck review on a bundled case', () => {
  it('lists and exports in the workspace copy; the installation gets nothing', async () => {
    const root = tempDir('recheck-cli-review-bundled-');
    const wsDir = join(root, 'workspace');
    const installed = () => readdirSync(SRC).sort();
    const before = installed();
    const first = await cli(['review', SRC, '--workspace', wsDir], root);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe(`recheck: ${SRC} is a bundled case: reading its workspace copy ${join(wsDir, CASE)}\n`);
    expect(first.stdout).toContain('no reviews yet');

    const api = await createRecheckService({ workspaceDir: wsDir });
    const s = await partlyAnswered(api, 1, 41);
    const r = await cli(['review', SRC, '--export', s.reviewId, '--workspace', wsDir], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`path: ${join(wsDir, CASE, 'reviews', s.reviewId, 'answers.csv')}`);
    expect(existsSync(join(wsDir, CASE, 'reviews', s.reviewId, 'answers.csv'))).toBe(true);
    expect(installed()).toEqual(before);
    expect(existsSync(join(SRC, 'reviews'))).toBe(false);
  });
});

describe('recheck review: bad input is exit 2 with one line', () => {
  it('a case without an image-pair set names its case.json', async () => {
    const root = tempDir();
    const dir = copyCase(join(BUNDLED_CASES_DIR, 'kl-direction'), root, 'kl');
    for (const args of [
      ['review', dir],
      ['review', dir, '--export', 'review-x'],
    ]) {
      const r = await cli(args, root);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`recheck: ${join(dir, 'case.json')}: the case has no image-pair set (no "perceptual" block)\n`);
    }
  });

  it('an unknown review id names the case and its reviews; a malformed one is refused the same way', async () => {
    const ws = await workspaceWithCase();
    const s = await partlyAnswered(ws.api, 0, 51);
    for (const id of ['review-20990101T000000Z-000000', '../x']) {
      const r = await cli(['review', ws.dir, '--export', id], ws.root);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n')).toHaveLength(2);
      expect(r.stderr).toMatch(
        new RegExp(`^recheck: ${ws.dir}: no review "${id.replace(/[.]/g, '\\.')}" in this case \\(its reviews: ${s.reviewId}\\)\n$`),
      );
    }
    expect(existsSync(join(ws.dir, 'reviews', 'review-20990101T000000Z-000000'))).toBe(false);
  });

  it('--list with --export, --who without --export, or a missing case folder, is refused', async () => {
    const ws = await workspaceWithCase();
    const both = await cli(['review', ws.dir, '--list', '--export', 'r'], ws.root);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^recheck: review: give --list or --export, not both/);
    const who = await cli(['review', ws.dir, '--who', 'x'], ws.root);
    expect(who.code).toBe(2);
    expect(who.stderr).toMatch(/^recheck: review: --who names who exports: give it with --export/);
    const missing = await cli(['review', join(ws.root, 'nope')], ws.root);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(missing.stderr).toContain(join(ws.root, 'nope'));
  });
});
