/**
 * `recheck review <case-dir>`: a case's image-pair set and its perceptual reviews, as the app lists them
 * (app/perceptual/review-api.ts), and a review's answers exported as the CSV the app's Export writes (the same
 * function). Answers are a person's judgments given in the app's blind review screen: no command gives them.
 */
import { join, resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import type { ImagePairSetView, ReviewSummaryView } from '../../../common/api/contract';
import { defaultWorkspaceDir, workingCopy } from '../../cases/workspace';
import { BadInputError, EXIT } from '../../errors';
import { BUNDLED_CASES_DIR } from '../../paths';
import { shown } from '../../text/display';
import { reviewerName } from '../who';

const NAME = 'review';

export const reviewCommand: Command = {
  name: NAME,
  summary: "list a case's image pairs and perceptual reviews, or export a review's answers as CSV",
  usage: `usage: recheck review <case-dir> [--list] [--json] [--workspace DIR]
       recheck review <case-dir> --export REVIEW_ID [--who NAME] [--json] [--workspace DIR]

--list (the default) prints the case's image-pair set (pairs table, question, answers with their keys) and
its reviews, newest first: id, reviewer, seed, answered/total (repeats included), complete, and the
exported CSV once there is one.
--export REVIEW_ID writes the review's answers in force to <case-dir>/reviews/REVIEW_ID/answers.csv (with
answers.meta.json: seed, settings and the CSV's sha256), exactly as the app's Export CSV does, logs the
export in audit.jsonl (as --who, $RECHECK_REVIEWER or the login name), and prints the file, rows and sha256.
A review need not be complete to be exported.
There is no command to answer pairs: answers are a person's judgments, given one pair at a time in the
app's blind review screen ("Review image pairs" in the case header), where neither the files nor the
conditions are shown.
A bundled case (a folder of this installation's cases/) is read, and exported, in its workspace copy, where
the app keeps its reviews (DIR, default $RECHECK_WORKSPACE or the per-user data folder).
A case without an image-pair set, or a review id the case does not have, is exit 2.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      NAME,
      args,
      {
        list: { type: 'boolean' },
        export: { type: 'string' },
        who: { type: 'string' },
        json: { type: 'boolean' },
        workspace: { type: 'string' },
      },
      { min: 1, max: 1, names: '<case-dir>' },
    );
    if (values.list === true && values.export !== undefined) throw new UsageError(NAME, 'give --list or --export, not both');
    if (values.export === undefined && values.who !== undefined)
      throw new UsageError(NAME, '--who names who exports: give it with --export');
    const given = resolve(io.cwd, positionals[0] as string);
    const workspaceDir = values.workspace !== undefined ? resolve(io.cwd, values.workspace) : defaultWorkspaceDir();
    const { dir, bundled } = await workingCopy(given, { bundledCasesDir: BUNDLED_CASES_DIR, workspaceDir });
    if (bundled) io.stderr(`recheck: ${given} is a bundled case: reading its workspace copy ${dir}\n`);
    const [{ loadCase }, { defaultRegistry }, perceptual] = await Promise.all([
      import('../../cases/load'),
      import('../registry'),
      import('../../perceptual/review-api'),
    ]);
    const { file } = await loadCase(dir, defaultRegistry());
    const set = await perceptual.imagePairSetOf(dir, file);
    if (set === null) throw new BadInputError(join(dir, 'case.json'), 'the case has no image-pair set (no "perceptual" block)');
    const reviews = (await perceptual.listReviews(dir)).map((r) => ({ ...r, complete: r.answered === r.total }));

    if (values.export === undefined) {
      io.stdout(
        values.json ? `${JSON.stringify({ caseId: file.id, caseDir: dir, set, reviews }, null, 2)}\n` : listing(file.id, set, reviews),
      );
      return EXIT.ok;
    }
    const id = values.export;
    const review = reviews.find((r) => r.reviewId === id);
    if (review === undefined) {
      const ids = reviews.map((r) => r.reviewId);
      throw new BadInputError(
        dir,
        `no review "${shown(id, 80)}" in this case (${ids.length === 0 ? 'it has no reviews' : `its reviews: ${ids.join(', ')}`})`,
      );
    }
    const out = await perceptual.exportReview(dir, file.id, id, reviewerName(NAME, values.who));
    const path = join(dir, ...out.path.split('/'));
    if (values.json) {
      io.stdout(
        `${JSON.stringify({ caseId: file.id, reviewId: id, reviewer: review.reviewer, answered: review.answered, total: review.total, complete: review.complete, path: out.path, file: path, rows: out.rows, sha256: out.sha256 }, null, 2)}\n`,
      );
      return EXIT.ok;
    }
    io.stdout(
      `exported ${id} (${shown(review.reviewer, 80)}, ${review.answered} of ${review.total} answered, ${review.complete ? 'complete' : 'incomplete'})\n  path: ${path}\n  rows: ${out.rows}\n  sha256: ${out.sha256}\n`,
    );
    return EXIT.ok;
  },
};

/** The text of --list: the pair set, then one row per review. */
function listing(caseId: string, set: ImagePairSetView, reviews: readonly (ReviewSummaryView & { complete: boolean })[]): string {
  const repeats = set.repeatShare > 0 ? `, about ${Math.round(set.repeatShare * 100)}% shown a second time` : '';
  const out = [
    `case ${caseId}: ${set.count} image pairs (${shown(set.pairs, 200)}), ${set.mode}${repeats}`,
    `question: ${shown(set.question, 500)}`,
    'answers (key, label, value):',
  ];
  const labelWidth = Math.max(...set.answers.map((a) => shown(a.label, 60).length));
  for (const a of set.answers) out.push(`  ${shown(a.key, 4)}  ${shown(a.label, 60).padEnd(labelWidth)}  (${shown(a.value, 60)})`);
  out.push('');
  if (reviews.length === 0) out.push('no reviews yet');
  else {
    const rows = reviews.map((r) => [
      r.reviewId,
      shown(r.reviewer, 60),
      String(r.seed),
      `${r.answered}/${r.total}`,
      r.complete ? 'complete' : 'incomplete',
      r.exported ?? 'not exported',
    ]);
    const head = ['REVIEW', 'REVIEWER', 'SEED', 'ANSWERED', 'COMPLETE', 'EXPORTED'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
    const line = (cells: string[]) => `  ${cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] as number))).join('  ')}`;
    out.push(`reviews (${reviews.length}, newest first):`, line(head), ...rows.map(line));
  }
  out.push('', 'No command answers pairs: a person judges them in the app (Review image pairs).');
  return `${out.join('\n')}\n`;
}
