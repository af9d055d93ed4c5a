/**
 * The bundled case quantization-stability ships without human annotations: its perceptual checks wait for review
 * and its decision is inconclusive. A copy in a temporary workspace is then reviewed by SCRIPTED reviewers (test
 * only, never a person's judgment) through the blind API, recognising each image's condition by its bytes as a
 * person would by sight: one who finds the 3- and 2-bit images unusable confirms the falsification; one who finds
 * everything usable refutes it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecheckService } from '../../../app/api/service';
import type { RecheckApi } from '../../../common/api/contract';
import { loadCase } from '../../../app/cases/load';
import { builtinCheckKinds } from '../../../app/checks/kinds/index';
import { createCheckRegistry } from '../../../app/checks/registry';
import { runCase } from '../../../app/checks/run-case';
import { parseCsv } from '../../../app/tables/csv';
import { copyCase, tempDir } from '../../helpers/temp-case';
import { blindBase64 } from '../perceptual/blind-bytes';

const registry = createCheckRegistry(builtinCheckKinds);
const BUNDLED = join(__dirname, '../../../cases/quantization-stability');

async function decide(dir: string) {
  const report = await runCase(await loadCase(dir, registry), registry, { record: false });
  return report.falsifications[0]!;
}

/** The condition of each image of the case by the bytes reviewImage sends for it (its pixels): what a person sees, never what the review says. */
async function conditionsByBytes(dir: string): Promise<Map<string, string>> {
  const table = parseCsv(readFileSync(join(dir, 'images', 'pairs.csv'), 'utf8'), 'pairs.csv');
  const col = (name: string) => table.index.get(name) as number;
  const out = new Map<string, string>();
  for (const r of table.rows) {
    for (const [img, cond] of [
      [col('image_a'), col('condition_a')],
      [col('image_b'), col('condition_b')],
    ] as const) {
      const bytes = await blindBase64(readFileSync(join(dir, r.values[img] as string)));
      const seen = out.get(bytes);
      if (seen !== undefined && seen !== r.values[cond]) throw new Error('two conditions share an image');
      out.set(bytes, r.values[cond] as string);
    }
  }
  return out;
}

async function review(api: RecheckApi, dir: string, reviewer: string, judge: (condition: string) => string, seed: number): Promise<void> {
  const byBytes = await conditionsByBytes(dir);
  let s = await api.startReview({ caseId: 'quantization-stability', reviewer, seed });
  while (s.next !== null) {
    const right = byBytes.get((await api.reviewImage('quantization-stability', s.reviewId, s.next.index, 'right')).base64) as string;
    s = await api.answerReview({
      caseId: 'quantization-stability',
      reviewId: s.reviewId,
      index: s.next.index,
      answer: judge(right),
      elapsedMs: 2100,
    });
  }
}

describe('quantization-stability: perceptual review', () => {
  it('waits for review as shipped: both perceptual checks neutral, "Waiting for review"; decision inconclusive', async () => {
    const f = await decide(BUNDLED);
    expect(f.decision).toBe('inconclusive');
    for (const id of ['review-consistency', 'perceptual-verdict']) {
      const c = f.checks.find((x) => x.checkId === id);
      expect(c?.outcome).toBe('neutral');
      expect(c?.summary).toMatch(/^Waiting for review/);
    }
  });

  it('one scripted reviewer who finds the 3- and 2-bit images unusable supports it, a second confirms it; one who finds all usable refutes it', async () => {
    const ws = tempDir();
    const dir = copyCase(BUNDLED, ws, 'quantization-stability');
    const api = await createRecheckService({ workspaceDir: ws });
    await review(
      api,
      dir,
      'scripted-sees-banding',
      (c) => (c === 'q3' || c === 'q2' ? 'unusable' : c === 'q4-dither' ? 'flawed' : 'usable'),
      1,
    );
    let f = await decide(dir);
    const verdict = f.checks.find((x) => x.checkId === 'perceptual-verdict');
    expect(verdict?.summary).toMatch(
      /^Judged unusable above the declared 50% for every declared condition: scripted-sees-banding: q2 (\d+)\/\1 = 100% .*; scripted-sees-banding: q3 (\d+)\/\2 = 100%/,
    );
    // One reviewer is one source: a statistical result alone misses the claim-fails gate (decisions-gates.md).
    expect(verdict?.outcome).toBe('supports');
    expect(f.decision).toBe('inconclusive');
    expect(f.gate?.missing).toBe('one statistical check (perceptual-verdict) and no independent second');
    // A second, independent blind reviewer who sees the same: two sources agree, and it is confirmed.
    await review(
      api,
      dir,
      'scripted-sees-banding-too',
      (c) => (c === 'q3' || c === 'q2' ? 'unusable' : c === 'q4-dither' ? 'flawed' : 'usable'),
      3,
    );
    f = await decide(dir);
    expect(f.checks.find((x) => x.checkId === 'perceptual-verdict')?.sources).toBe(2);
    expect(f.decision).toBe('confirmed');

    const ws2 = tempDir();
    const dir2 = copyCase(BUNDLED, ws2, 'quantization-stability');
    await review(await createRecheckService({ workspaceDir: ws2 }), dir2, 'scripted-sees-nothing', () => 'usable', 2);
    f = await decide(dir2);
    expect(f.checks.find((x) => x.checkId === 'perceptual-verdict')?.outcome).toBe('refutes');
    expect(f.decision).toBe('refuted');
  }, 60_000);
});
