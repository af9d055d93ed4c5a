/**
 * The sixth bundled case, quantization-stability, copied to a temporary workspace, reviewed there by SCRIPTED
 * reviewers through the blind API (test only: none of these answers is a person's judgment), then run and
 * recorded as the app runs it. The input of the gallery, figure, letter and report tests.
 *
 * A scripted reviewer recognises each image's condition by its bytes, as a person would by sight, never by
 * reading the review's plan.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRecheckService } from '../../../app/api/service';
import type { CaseRunReport, CheckResultView, RecheckApi } from '../../../common/api/contract';
import { loadCase } from '../../../app/cases/load';
import { runCase } from '../../../app/checks/run-case';
import { defaultRegistry } from '../../../app/cli/registry';
import { recordVerdict } from '../../../app/verdicts/record';
import { pairsOfText } from '../../../app/cases/pair-set';
import { copyCase, tempDir } from '../../helpers/temp-case';
import { blindBase64 } from '../perceptual/blind-bytes';

export const CASE_ID = 'quantization-stability';
export const BUNDLED = resolve(import.meta.dirname, '../../../cases', CASE_ID);
export const REVIEWER = 'Ada Lovelace';

/** A scripted reviewer: its name and the answer it gives to the image it rates (by that image's condition). */
export interface ScriptedReviewer {
  readonly name: string;
  readonly judge: (condition: string) => string;
  readonly seed: number;
}

/** Sees the banding: the 3- and 2-bit images unusable, the dithered 4-bit ones flawed, the rest usable. */
export const SEES_BANDING: ScriptedReviewer = {
  name: 'scripted-sees-banding',
  judge: (c) => (c === 'q3' || c === 'q2' ? 'unusable' : c === 'q4-dither' ? 'flawed' : 'usable'),
  seed: 11,
};
/** A second reviewer with the same judgment as SEES_BANDING, under another name and seed: two agreeing blind sources. */
export const SEES_BANDING_TOO: ScriptedReviewer = { name: 'scripted-sees-banding-too', judge: SEES_BANDING.judge, seed: 13 };
/** A second reviewer who agrees on the 2-bit images and finds the 3-bit ones only flawed. */
export const SEES_Q2: ScriptedReviewer = {
  name: 'scripted-sees-q2',
  judge: (c) => (c === 'q2' ? 'unusable' : c === 'q3' ? 'flawed' : 'usable'),
  seed: 12,
};

/** The condition of each image of the case by the bytes reviewImage sends for it (its pixels, re-encoded). */
async function conditionsByBytes(dir: string): Promise<Map<string, string>> {
  const pairs = pairsOfText(readFileSync(join(dir, 'images', 'pairs.csv'), 'utf8'), 'pairs.csv');
  const out = new Map<string, string>();
  for (const p of pairs) {
    out.set(await blindBase64(readFileSync(join(dir, p.imageA))), p.conditionA);
    out.set(await blindBase64(readFileSync(join(dir, p.imageB))), p.conditionB);
  }
  return out;
}

/** Runs one whole scripted review through the API. */
export async function scriptedReview(api: RecheckApi, dir: string, r: ScriptedReviewer): Promise<void> {
  const byBytes = await conditionsByBytes(dir);
  let s = await api.startReview({ caseId: CASE_ID, reviewer: r.name, seed: r.seed });
  while (s.next !== null) {
    const right = byBytes.get((await api.reviewImage(CASE_ID, s.reviewId, s.next.index, 'right')).base64);
    if (right === undefined) throw new Error('a scripted reviewer saw an image it does not know');
    s = await api.answerReview({ caseId: CASE_ID, reviewId: s.reviewId, index: s.next.index, answer: r.judge(right), elapsedMs: 2100 });
  }
}

export interface ReviewedCase {
  readonly workspace: string;
  readonly dir: string;
  readonly report: CaseRunReport;
  /** A check of F1 by id. */
  readonly check: (id: string) => CheckResultView;
}

/**
 * Copies the case, has `reviewers` review it, runs and records its checks, and (with `verdict`) records a
 * reviewer's verdict agreeing with the computed decision, so that a letter to the authors can be drafted.
 */
export async function reviewedQuantizationCase(
  reviewers: readonly ScriptedReviewer[],
  o: { verdict?: boolean } = {},
): Promise<ReviewedCase> {
  const workspace = tempDir('recheck-gallery-');
  const dir = copyCase(BUNDLED, workspace, CASE_ID);
  const api = await createRecheckService({ workspaceDir: workspace });
  for (const r of reviewers) await scriptedReview(api, dir, r);
  const registry = defaultRegistry();
  const report = await runCase(await loadCase(dir, registry), registry, { who: REVIEWER });
  if (o.verdict === true) {
    for (const f of report.falsifications) {
      const verdict = f.decision === 'confirmed' || f.decision === 'refuted' ? f.decision : 'needs-more-work';
      await recordVerdict(await loadCase(dir, registry), CASE_ID, {
        falsificationId: f.falsificationId,
        verdict,
        rationale: 'The 2- and 3-bit images were judged unusable in blind review while their PSNR stays above 18 dB.',
        reviewer: REVIEWER,
      });
    }
  }
  const f1 = report.falsifications[0];
  if (f1 === undefined) throw new Error('no falsification');
  return {
    workspace,
    dir,
    report,
    check: (id) => {
      const c = f1.checks.find((x) => x.checkId === id);
      if (c === undefined) throw new Error(`no check ${id}`);
      return c;
    },
  };
}
