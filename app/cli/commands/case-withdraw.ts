/**
 * `recheck case withdraw` and `recheck case edit-paper`: take a claim, a finding or a check out of the case with
 * its reason (kept in case.json and the audit log, app/cases/withdraw.ts), and replace paper.md (atomic, logged
 * with its hashes before and after, app/cases/paper.ts).
 * Example: `recheck case withdraw cases/paging --check F1/growth-fit-1 --reason "y names a column the table lacks"`.
 */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { EXIT } from '../../errors';
import { shown } from '../../text/display';
import { reviewerName } from '../who';

const WITHDRAW = 'case withdraw';
const EDIT_PAPER = 'case edit-paper';

export const withdrawCommand: Command = {
  name: WITHDRAW,
  summary: 'withdraw a claim, a finding or a check, with the reason (kept in the history, out of runs, decisions and letters)',
  usage: `usage: recheck case withdraw <case-dir> (--claim C1 | --finding F1 | --check F1/CHECK-ID) --reason TEXT
                      [--who NAME] [--json]

The item stays in case.json with "withdrawn": { at, who, reason } and in the audit log; runs skip it, and it
leaves decisions, the review queue and letters. A reason of at least 10 characters is required.
A finding's latest run whose checks changed (a check withdrawn) is stale until the finding is run again.
A claim is refused while a finding in force is about it: withdraw those first. Nothing is restored: a
withdrawn item stays in the history (add it again to bring it back). Exit 0 done, 2 refused.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      WITHDRAW,
      args,
      {
        claim: { type: 'string' },
        finding: { type: 'string' },
        falsification: { type: 'string' },
        check: { type: 'string' },
        reason: { type: 'string' },
        who: { type: 'string' },
        json: { type: 'boolean' },
      },
      { min: 1, max: 1, names: '<case-dir>' },
    );
    const finding = values.finding ?? values.falsification;
    const given = [values.claim, finding, values.check].filter((x) => x !== undefined);
    if (given.length !== 1) throw new UsageError(WITHDRAW, 'give exactly one of --claim, --finding or --check');
    if (values.reason === undefined) throw new UsageError(WITHDRAW, '--reason is required: say why it is withdrawn');
    let target: import('../../cases/withdraw').WithdrawTarget;
    if (values.check !== undefined) {
      const m = /^([^/]+)\/([^/]+)$/.exec(values.check);
      if (m === null)
        throw new UsageError(WITHDRAW, `--check must be FINDING/CHECK-ID (e.g. F1/growth-fit-1), got "${shown(values.check, 80)}"`);
      target = { item: 'check', finding: m[1] as string, id: m[2] as string };
    } else if (values.claim !== undefined) target = { item: 'claim', id: values.claim };
    else target = { item: 'finding', id: finding as string };
    const [{ withdraw, targetName }, { defaultRegistry }, { loadCase }, { latestCaseReports }] = await Promise.all([
      import('../../cases/withdraw'),
      import('../registry'),
      import('../../cases/load'),
      import('../../checks/latest'),
    ]);
    const dir = resolve(io.cwd, positionals[0] as string);
    const r = await withdraw(dir, defaultRegistry(), { who: reviewerName(WITHDRAW, values.who) }, { ...target, reason: values.reason });
    // What the withdrawal implies for decisions: a finding whose checks changed is stale until it is run again.
    const stale =
      target.item === 'check'
        ? (await latestCaseReports(dir, (await loadCase(dir, defaultRegistry())).file)).reports.find(
            (x) => x.falsificationId === (target.item === 'check' ? target.finding : ''),
          )?.stale
        : undefined;
    if (values.json)
      io.stdout(
        `${JSON.stringify({ withdrawn: target, reason: r.entry.details?.reason, entry: r.entry, ...(stale !== undefined ? { stale } : {}) }, null, 2)}\n`,
      );
    else
      io.stdout(
        `withdrew ${targetName(target)}${stale !== undefined ? `; ${target.item === 'check' ? target.finding : ''}'s latest decision is stale: ${stale}` : ''}\n`,
      );
    return EXIT.ok;
  },
};

export const editPaperCommand: Command = {
  name: EDIT_PAPER,
  summary: "replace a case's paper.md with a file's text (atomic, logged with its hashes before and after)",
  usage: `usage: recheck case edit-paper <case-dir> --file PAPER.md [--who NAME] [--json]

Writes the file's text (strict UTF-8 Markdown, at most 4 MiB, not empty) as the case's paper.md in one atomic
step, and logs the edit in audit.jsonl with sha256 of paper.md before and after. The same text again is
refused (nothing to log). Exit 0 done, 2 refused.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      EDIT_PAPER,
      args,
      { file: { type: 'string' }, who: { type: 'string' }, json: { type: 'boolean' } },
      { min: 1, max: 1, names: '<case-dir>' },
    );
    if (values.file === undefined) throw new UsageError(EDIT_PAPER, '--file is required');
    const [{ editPaper, MAX_PAPER_BYTES }, { defaultRegistry }, { readTextFile }] = await Promise.all([
      import('../../cases/paper'),
      import('../registry'),
      import('../../tables/text-file'),
    ]);
    const markdown = await readTextFile(resolve(io.cwd, values.file), shown(values.file), MAX_PAPER_BYTES);
    const entry = await editPaper(
      resolve(io.cwd, positionals[0] as string),
      defaultRegistry(),
      { who: reviewerName(EDIT_PAPER, values.who) },
      { markdown },
    );
    io.stdout(
      values.json
        ? `${JSON.stringify({ entry }, null, 2)}\n`
        : `saved paper.md (${entry.hashes['paper.md@before']?.slice(0, 12)} -> ${entry.hashes['paper.md']?.slice(0, 12)})\n`,
    );
    return EXIT.ok;
  },
};
