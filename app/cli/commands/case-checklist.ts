/**
 * `recheck case checklist`: shows a claimed falsification's adversarial checklist, or answers one question of
 * it headless (the checks that settle it, not applicable with a reason, or open again). Each answer is one
 * atomic, validated edit of case.json, logged in the case's audit.jsonl (app/cases/edit.ts).
 */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { CHECKLIST_IDS, checklistStatus } from '../../cases/checklist';
import type { ChecklistAnswer } from '../../cases/model';
import { BadInputError, EXIT } from '../../errors';
import { shown } from '../../text/display';
import { reviewerName } from '../who';

const NAME = 'case checklist';

export const caseChecklistCommand: Command = {
  name: NAME,
  summary: "show or answer a claimed falsification's adversarial checklist",
  usage: `usage: recheck case checklist <case-dir> --falsification F1 [--json]
       recheck case checklist <case-dir> --falsification F1 --question ID
                 (--check CHECK-ID... [--note TEXT] | --not-applicable REASON | --open [--note TEXT])
                 [--who NAME] [--json]

Without --question, prints every question with its answer; a question without an answer is open.
--question is one of: ${CHECKLIST_IDS.join(', ')}.
--check (repeatable) links the falsification's checks that settle it, --not-applicable says why it does
not apply, --open reopens it (with --note, what is missing). A verdict recorded while questions are open
says so in the audit log.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      NAME,
      args,
      {
        falsification: { type: 'string' },
        question: { type: 'string' },
        check: { type: 'string', multiple: true },
        'not-applicable': { type: 'string' },
        open: { type: 'boolean' },
        note: { type: 'string' },
        who: { type: 'string' },
        json: { type: 'boolean' },
      },
      { min: 1, max: 1, names: '<case-dir>' },
    );
    if (values.falsification === undefined) throw new UsageError(NAME, '--falsification is required');
    const dir = resolve(io.cwd, positionals[0] as string);
    const [{ answerChecklist }, { loadCase }, { defaultRegistry }] = await Promise.all([
      import('../../cases/edit'),
      import('../../cases/load'),
      import('../registry'),
    ]);
    const registry = defaultRegistry();
    if (values.question !== undefined) {
      const answer = answerOf(values);
      const r = await answerChecklist(
        dir,
        registry,
        { who: reviewerName(NAME, values.who) },
        { falsification: values.falsification, question: values.question, answer },
      );
      io.stdout(
        values.json
          ? `${JSON.stringify({ answered: values.question, answer, entry: r.entry }, null, 2)}\n`
          : `${values.falsification}: ${values.question} ${describe(answer)}\n`,
      );
      return EXIT.ok;
    }
    if (values.check !== undefined || values['not-applicable'] !== undefined || values.open === true || values.note !== undefined)
      throw new UsageError(NAME, 'give --question with --check, --not-applicable, --open or --note');
    const f = (await loadCase(dir, registry)).file.falsifications.find((x) => x.id === values.falsification);
    if (f === undefined) throw new BadInputError(shown(positionals[0] as string), `no falsification "${shown(values.falsification, 80)}"`);
    const status = checklistStatus(f);
    if (values.json) {
      io.stdout(
        `${JSON.stringify({ falsification: f.id, ...status, items: status.items.map((i) => ({ ...i, question: i.question.id, text: i.question.question })) }, null, 2)}\n`,
      );
      return EXIT.ok;
    }
    const lines = status.items.map((i) => {
      const answer =
        i.status === 'answered'
          ? `answered by ${i.checks.join(', ')}`
          : i.status === 'not-applicable'
            ? `not applicable: ${i.reason ?? ''}`
            : 'OPEN';
      return `  ${i.question.id.padEnd(15)} ${i.question.question}\n  ${''.padEnd(15)} ${answer}${i.note !== undefined ? ` (${i.note})` : ''}`;
    });
    io.stdout(
      `${f.id}: ${status.answered} answered, ${status.notApplicable} not applicable, ${status.open.length} open\n${lines.join('\n')}\n`,
    );
    return EXIT.ok;
  },
};

function answerOf(v: {
  check?: string[] | undefined;
  'not-applicable'?: string | undefined;
  open?: boolean | undefined;
  note?: string | undefined;
}): ChecklistAnswer {
  const given = [v.check !== undefined, v['not-applicable'] !== undefined, v.open === true].filter(Boolean).length;
  if (given !== 1) throw new UsageError(NAME, 'give exactly one of --check, --not-applicable or --open with --question');
  const note = v.note !== undefined ? { note: v.note } : {};
  if (v.check !== undefined) return { status: 'answered', checks: v.check, ...note };
  if (v['not-applicable'] !== undefined) {
    if (v.note !== undefined) throw new UsageError(NAME, '--not-applicable carries its reason: drop --note');
    return { status: 'not-applicable', reason: v['not-applicable'] };
  }
  return { status: 'open', ...note };
}

function describe(a: ChecklistAnswer): string {
  if (a.status === 'answered') return `answered by ${a.checks.join(', ')}`;
  if (a.status === 'not-applicable') return `not applicable: ${shown(a.reason, 120)}`;
  return 'open';
}
