/**
 * `recheck verdict <case-dir> --finding F1 --verdict confirmed|refuted|needs-more-work --rationale TEXT --reviewer NAME`:
 * records a reviewer's verdict without the UI, with the UI's rules (app/verdicts/record.ts recordVerdict): a
 * verdict that disagrees with the computed decision needs a rationale of at least 40 characters, and a finding
 * whose latest run is stale (its checks changed since) takes only "needs-more-work" until it is run again.
 * Example: `recheck verdict cases/paging --finding F1 --verdict confirmed --rationale "read the certificate" --reviewer Ada`.
 */
import { basename, resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import type { FalsificationDecision, ReviewerVerdict } from '../../../common/api/contract';
import { BadInputError, EXIT } from '../../errors';
import { defaultWorkspaceDir, workingCopy } from '../../cases/workspace';
import { BUNDLED_CASES_DIR } from '../../paths';
import { shown } from '../../text/display';
import { reviewerName } from '../who';

const NAME = 'verdict';
const VERDICTS: readonly ReviewerVerdict[] = ['confirmed', 'refuted', 'needs-more-work'];

export const verdictCommand: Command = {
  name: NAME,
  summary: "record a reviewer's verdict on a finding (confirmed, refuted or needs-more-work), as the app's decision form does",
  usage: `usage: recheck verdict <case-dir> --finding F1 --verdict confirmed|refuted|needs-more-work --rationale TEXT
                       [--reviewer NAME] [--overrides DECISION] [--json] [--workspace DIR]

Records the verdict in the case's audit.jsonl beside the computed decision it was made against (the finding's
own latest run), with the same rules as the app's decision form:
- a verdict that disagrees with the computed decision needs a rationale of at least 40 characters saying
  why; it is recorded as overriding that decision (--overrides DECISION names the decision you read, and is
  refused when a run has changed it since; without it, the decision computed now is the one overridden);
- a finding whose latest run is stale (a check withdrawn or added since) takes only needs-more-work: run it
  again first (recheck run <case-dir> --falsification F1);
- a withdrawn finding takes no verdict.
--reviewer names the reviewer (default: --who, $RECHECK_REVIEWER or the login name). A bundled case is written
in its workspace copy, as recheck run does (DIR, default $RECHECK_WORKSPACE or the per-user data folder).
Exit 0 recorded; 2 refused (one line saying why).`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      NAME,
      args,
      {
        finding: { type: 'string' },
        falsification: { type: 'string' },
        verdict: { type: 'string' },
        rationale: { type: 'string' },
        reviewer: { type: 'string' },
        who: { type: 'string' },
        overrides: { type: 'string' },
        json: { type: 'boolean' },
        workspace: { type: 'string' },
      },
      { min: 1, max: 1, names: '<case-dir>' },
    );
    const finding = values.finding ?? values.falsification;
    if (finding === undefined) throw new UsageError(NAME, '--finding is required');
    if (values.verdict === undefined || !VERDICTS.includes(values.verdict as ReviewerVerdict))
      throw new UsageError(NAME, `--verdict must be one of ${VERDICTS.join(', ')}`);
    if (values.rationale === undefined)
      throw new UsageError(
        NAME,
        '--rationale is required (say what you read; at least 40 characters when you disagree with the computed decision)',
      );
    const reviewer = reviewerName(NAME, values.reviewer ?? values.who);
    const given = resolve(io.cwd, positionals[0] as string);
    const workspaceDir = values.workspace !== undefined ? resolve(io.cwd, values.workspace) : defaultWorkspaceDir();
    const { dir, bundled } = await workingCopy(given, { bundledCasesDir: BUNDLED_CASES_DIR, workspaceDir });
    if (bundled) io.stderr(`recheck: ${given} is a bundled case: recording in its workspace copy ${dir}\n`);
    const [
      { loadCase },
      { defaultRegistry },
      { recordVerdict },
      { latestCaseReports, isCurrent },
      { verdictDisagreesWith, FALSIFICATION_DECISIONS },
    ] = await Promise.all([
      import('../../cases/load'),
      import('../registry'),
      import('../../verdicts/record'),
      import('../../checks/latest'),
      import('../../../common/words/outcomes'),
    ]);
    if (values.overrides !== undefined && !FALSIFICATION_DECISIONS.includes(values.overrides as FalsificationDecision))
      throw new UsageError(NAME, `--overrides must be one of ${FALSIFICATION_DECISIONS.join(', ')}`);
    const loaded = await loadCase(dir, defaultRegistry());
    if (!loaded.file.falsifications.some((f) => f.id === finding))
      throw new BadInputError(
        shown(dir),
        `no finding "${shown(finding, 80)}" (findings: ${loaded.file.falsifications.map((f) => f.id).join(', ') || 'none'})`,
      );
    const latest = (await latestCaseReports(dir, loaded.file)).reports.find((r) => r.falsificationId === finding);
    const computed = isCurrent(latest) ? latest.decision : undefined;
    const verdict = values.verdict as ReviewerVerdict;
    const disagrees = verdictDisagreesWith(verdict, computed);
    const overridesComputed =
      values.overrides !== undefined ? (values.overrides as FalsificationDecision) : disagrees ? computed : undefined;
    const entry = await recordVerdict(loaded, basename(dir), {
      falsificationId: finding,
      verdict,
      rationale: values.rationale,
      reviewer,
      ...(overridesComputed !== undefined ? { overridesComputed } : {}),
    });
    if (values.json)
      io.stdout(
        `${JSON.stringify({ recorded: entry, computedDecision: computed ?? null, disagrees, ...(latest?.stale !== undefined ? { stale: latest.stale } : {}) }, null, 2)}\n`,
      );
    else
      io.stdout(
        `recorded ${verdict} on ${finding} by ${reviewer}${computed !== undefined ? ` (computed: ${computed}${disagrees ? ', overridden' : ''})` : latest?.stale !== undefined ? ` (${latest.stale})` : ' (not run yet)'}\n`,
      );
    return EXIT.ok;
  },
};
