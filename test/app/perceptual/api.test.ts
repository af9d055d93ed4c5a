/**
 * The perceptual-review API: its argument validators (API_METHODS), the case's perceptual block (schema and the
 * checks after it), and the paths a case or a request can name (pairs table, image files, review ids): confined
 * to the case, with one-line messages that name no absolute path.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecheckService } from '../../../app/api/service';
import { API_METHODS, ApiArgumentError } from '../../../common/api/methods';
import { loadCase } from '../../../app/cases/load';
import { builtinCheckKinds } from '../../../app/checks/kinds/index';
import { createCheckRegistry } from '../../../app/checks/registry';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';
import { writeSyntheticCase } from './synthetic-case';

const registry = createCheckRegistry(builtinCheckKinds);
const v = (m: keyof typeof API_METHODS, args: unknown[]) => (API_METHODS[m].validate as (a: unknown[]) => unknown[])(args);

describe('argument validators', () => {
  it('accept well-formed calls', () => {
    expect(v('startReview', [{ caseId: 'c', reviewer: ' Ada ', seed: 7, repeatShare: 0.1 }])).toEqual([
      { caseId: 'c', reviewer: 'Ada', seed: 7, repeatShare: 0.1 },
    ]);
    expect(v('answerReview', [{ caseId: 'c', reviewId: 'review-1', index: 3, answer: 'usable', elapsedMs: 812.5, note: 'n' }])).toEqual([
      { caseId: 'c', reviewId: 'review-1', index: 3, answer: 'usable', elapsedMs: 812.5, note: 'n' },
    ]);
    expect(v('reviewImage', ['c', 'review-1', 0, 'right'])).toEqual(['c', 'review-1', 0, 'right']);
    for (const m of ['imagePairSet', 'listReviews'] as const) expect(v(m, ['c'])).toEqual(['c']);
    for (const m of ['openReview', 'undoReviewAnswer', 'exportReview'] as const) expect(v(m, ['c', 'review-1'])).toEqual(['c', 'review-1']);
  });

  it.each([
    ['startReview', [{ caseId: 'c', reviewer: '  ' }], /reviewer must not be empty/],
    ['startReview', [{ caseId: 'c', reviewer: 'A\u202eB' }], /control or invisible/],
    ['startReview', [{ caseId: 'c', reviewer: 'A', seed: -1 }], /seed must be an integer/],
    ['startReview', [{ caseId: 'c', reviewer: 'A', seed: 2 ** 32 }], /seed must be an integer/],
    ['startReview', [{ caseId: 'c', reviewer: 'A', repeatShare: 0.6 }], /repeatShare must be a number in \[0, 0.5\]/],
    ['startReview', [{ caseId: 'c', reviewer: 'A', order: [] }], /unexpected field\(s\): order/],
    ['answerReview', [{ caseId: 'c', reviewId: 'r', index: -1, answer: 'a', elapsedMs: 1 }], /index must be a whole number/],
    ['answerReview', [{ caseId: 'c', reviewId: 'r', index: 0, answer: 'a', elapsedMs: Number.NaN }], /elapsedMs must be/],
    ['answerReview', [{ caseId: 'c', reviewId: 'r', index: 0, answer: 'a\u0000', elapsedMs: 1 }], /control or invisible/],
    ['answerReview', [{ caseId: 'c', reviewId: '../x', index: 0, answer: 'a', elapsedMs: 1 }], /reviewId must be an identifier/],
    ['reviewImage', ['c', 'r', 0, 'middle'], /side must be left or right/],
    ['reviewImage', ['c', 'r', 1.5, 'left'], /index must be a whole number/],
    ['openReview', ['c', '..'], /reviewId must be an identifier/],
    ['exportReview', ['c'], /expected 2 argument/],
  ] as const)('%s refuses %j', (m, args, problem) => {
    expect(() => v(m, args as unknown as unknown[])).toThrow(ApiArgumentError);
    expect(() => v(m, args as unknown as unknown[])).toThrow(problem);
  });
});

describe("the case's perceptual block", () => {
  it('a case without one has no image-pair set; starting a review there says so', async () => {
    const ws = tempDir();
    writeMinimalCase(ws, 'plain');
    const api = await createRecheckService({
      workspaceDir: ws,
      registry: createCheckRegistry([
        ...builtinCheckKinds,
        {
          kind: 'test-fixed',
          title: 't',
          paramsSchema: { type: 'object' },
          example: {},
          run: async () => ({ outcome: 'neutral', summary: '', evidence: {} }),
        },
      ]),
    });
    expect(await api.imagePairSet('plain')).toBeNull();
    expect(await api.listReviews('plain')).toEqual([]);
    await expect(api.startReview({ caseId: 'plain', reviewer: 'A' })).rejects.toThrow(/^plain\/case\.json: the case has no image-pair set/);
  });

  it('is read with its defaults; a review may override the repeat share', async () => {
    const ws = tempDir();
    const dir = writeSyntheticCase(ws, { pairs: 10 });
    const json = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
    delete json.perceptual.repeatShare;
    delete json.perceptual.fastMs;
    writeFileSync(join(dir, 'case.json'), JSON.stringify(json));
    const api = await createRecheckService({ workspaceDir: ws });
    expect(await api.imagePairSet('percept')).toMatchObject({ count: 10, repeatShare: 0.1, fastMs: 600, mode: 'rate-right' });
    expect((await api.startReview({ caseId: 'percept', reviewer: 'A', seed: 1 })).total).toBe(11);
    expect((await api.startReview({ caseId: 'percept', reviewer: 'A', seed: 1, repeatShare: 0.5 })).total).toBe(15);
  });

  it.each([
    [(p: Record<string, unknown>) => ({ ...p, mode: 'rank' }), /\/perceptual\/mode/],
    [
      (p: Record<string, unknown>) => ({
        ...p,
        answers: [
          { value: 'a b', key: '1', label: 'x' },
          { value: 'c', key: '2', label: 'y' },
        ],
      }),
      /\/perceptual\/answers\/0\/value/,
    ],
    [(p: Record<string, unknown>) => ({ ...p, pairs: '../pairs.csv' }), /\/perceptual\/pairs/],
    [(p: Record<string, unknown>) => ({ ...p, repeatShare: 0.9 }), /\/perceptual\/repeatShare/],
  ])('the schema refuses a bad block (%#)', async (edit, pointer) => {
    const ws = tempDir();
    const dir = writeSyntheticCase(ws, { pairs: 4 });
    const json = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
    json.perceptual = edit(json.perceptual);
    writeFileSync(join(dir, 'case.json'), JSON.stringify(json));
    await expect(loadCase(dir, registry)).rejects.toThrow(pointer);
  });

  it('refuses repeated keys, and a compare-mode set without "left" and "right" answers', async () => {
    const ws = tempDir();
    const dir = writeSyntheticCase(ws, { pairs: 4 });
    const api = await createRecheckService({ workspaceDir: ws });
    const json = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
    json.perceptual.answers[1].key = '1';
    writeFileSync(join(dir, 'case.json'), JSON.stringify(json));
    await expect(api.imagePairSet('percept')).rejects.toThrow(/\/perceptual\/answers\/1\/key: key "1" is used twice/);
    json.perceptual.answers[1].key = '2';
    json.perceptual.mode = 'compare';
    writeFileSync(join(dir, 'case.json'), JSON.stringify(json));
    await expect(api.imagePairSet('percept')).rejects.toThrow(/needs the answer values "left" and "right"/);
  });
});

describe('paths from a case or a request stay in the case', () => {
  async function withPairs(csv: string): Promise<{ ws: string; dir: string }> {
    const ws = tempDir();
    const dir = writeSyntheticCase(ws, { pairs: 2 });
    writeFileSync(join(dir, 'images', 'pairs.csv'), csv);
    return { ws, dir };
  }
  const header = 'pair_id,image_a,image_b,condition_a,condition_b\n';

  it.each([
    [
      `${header}p1,../../etc/passwd,images/p001-cond-reference.png,a,b\n`,
      /line 2: image path "\.\.\/\.\.\/etc\/passwd" must be a relative path inside the case folder/,
    ],
    [`${header}p1,/etc/passwd,images/p001-cond-reference.png,a,b\n`, /must be a relative path inside the case folder/],
    [`${header}p1,images/a.png,images/b.png,a,b\np1,images/a.png,images/b.png,a,b\n`, /line 3: pair_id "p1" appears twice/],
    [`${header}p1,images/a.png,images/b.png,,b\n`, /pair p1 has an empty condition/],
    ['pair_id,image_a,image_b\np1,a.png,b.png\n', /missing column\(s\) condition_a, condition_b/],
    [header, /holds no pairs/],
  ])('refuses a bad pairs table (%#)', async (csv, problem) => {
    const { ws } = await withPairs(csv);
    const api = await createRecheckService({ workspaceDir: ws });
    const err = (await api.imagePairSet('percept').catch((e: Error) => e)) as Error;
    expect(err.message).toMatch(problem);
    expect(err.message).not.toContain(ws);
  });

  it('refuses an image that is a symlink out of the case, and a pairs table that is one', async () => {
    const ws = tempDir();
    const dir = writeSyntheticCase(ws, { pairs: 2 });
    const outside = tempDir();
    writeFileSync(join(outside, 'secret.png'), readFileSync(join(dir, 'images', 'p001-cond-reference.png')));
    writeFileSync(
      join(dir, 'images', 'pairs.csv'),
      'pair_id,image_a,image_b,condition_a,condition_b\np1,images/link.png,images/link.png,a,b\n',
    );
    symlinkSync(join(outside, 'secret.png'), join(dir, 'images', 'link.png'));
    const api = await createRecheckService({ workspaceDir: ws });
    const s = await api.startReview({ caseId: 'percept', reviewer: 'A', seed: 1 }).catch((e: Error) => e);
    expect(String(s)).toMatch(/an image of the pairs table cannot be read: no review is started/);
    expect(String(s)).not.toMatch(/link|secret/);
    mkdirSync(join(outside, 'images'));
    writeFileSync(join(outside, 'pairs.csv'), 'pair_id,image_a,image_b,condition_a,condition_b\n');
    const ws2 = tempDir();
    const dir2 = writeSyntheticCase(ws2, { pairs: 2 });
    const json = JSON.parse(readFileSync(join(dir2, 'case.json'), 'utf8'));
    json.perceptual.pairs = 'outside.csv';
    writeFileSync(join(dir2, 'case.json'), JSON.stringify(json));
    symlinkSync(join(outside, 'pairs.csv'), join(dir2, 'outside.csv'));
    const api2 = await createRecheckService({ workspaceDir: ws2 });
    await expect(api2.imagePairSet('percept')).rejects.toThrow(/symlink that leaves the case folder/);
  });

  it('a review id that names no review is refused without reading outside reviews/', async () => {
    const ws = tempDir();
    writeSyntheticCase(ws, { pairs: 2 });
    const api = await createRecheckService({ workspaceDir: ws });
    await expect(api.openReview('percept', 'review-none')).rejects.toThrow(
      /^percept\/reviews\/review-none\/review\.json: no review "review-none" in this case|reviews\/review-none\/review\.json: no review/,
    );
  });
});
