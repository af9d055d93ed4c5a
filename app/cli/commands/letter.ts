/** `recheck letter <case-dir>`: drafts the letter to the authors or to a logbook's author, as the app does. */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { EXIT } from '../../errors';
import { defaultWorkspaceDir, workingCopy } from '../../cases/workspace';
import { BUNDLED_CASES_DIR } from '../../paths';
import type { LetterKind } from '../../../common/api/contract';

export const letterCommand: Command = {
  name: 'letter',
  summary: "draft the letter to the paper's authors or to a logbook's author; Markdown, or PDF through Chromium",
  usage: `usage: recheck letter <case-dir> [--falsification ID] [--to authors|logbook] [--pdf OUT.pdf] [--out OUT.md]
                      [--workspace DIR]

Drafts a letter from the case's decisions (each falsification's own latest run), the reviewers' verdicts
(audit.jsonl) and the checks' evidence, with the same code as the app's letter editor:
  --to authors   to the paper's authors, about the falsifications that stand (confirmed by the checks and
                 by the reviewer's verdict)
  --to logbook   to a logbook's author, about a falsification that is itself wrong, explaining the slip
Without --to: to the authors when some falsification is confirmed, else to a logbook's author.
--falsification ID drafts about that falsification only.
A draft that may not be sent yet (no verdict, a verdict against the checks, an undecided computation, an
open checklist question) opens with a "not ready to send" banner listing what is missing; stderr says so too.
Prints the Markdown, or writes it to --out; --pdf prints it to PDF (A4, math and fonts embedded, the
checks' figures appended) through the system's Chromium ($RECHECK_CHROMIUM, /usr/bin/chromium, ...): with
no Chromium installed it says so in one line (exit 2). A bundled case is read from its workspace copy, as
\`recheck run\` writes it (DIR, default $RECHECK_WORKSPACE or the per-user data folder).`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'letter',
      args,
      {
        falsification: { type: 'string' },
        to: { type: 'string' },
        pdf: { type: 'string' },
        out: { type: 'string' },
        workspace: { type: 'string' },
      },
      { min: 1, max: 1, names: '<case-dir>' },
    );
    if (values.to !== undefined && values.to !== 'authors' && values.to !== 'logbook')
      throw new UsageError('letter', `--to must be "authors" or "logbook", not "${values.to}"`);
    const given = resolve(io.cwd, positionals[0] as string);
    const workspaceDir = values.workspace !== undefined ? resolve(io.cwd, values.workspace) : defaultWorkspaceDir();
    const { dir, bundled } = await workingCopy(given, { bundledCasesDir: BUNDLED_CASES_DIR, workspaceDir });
    if (bundled) io.stderr(`recheck: ${given} is a bundled case: reading its workspace copy ${dir}\n`);
    const [{ loadCase }, { defaultRegistry }, { draftCaseLetter, letterPdf }, { chromiumPrinter }, { writeFileAtomic }] = await Promise.all(
      [
        import('../../cases/load'),
        import('../registry'),
        import('../../letters/case-letter'),
        import('../../letters/pdf'),
        import('../../fs/atomic'),
      ],
    );
    const { file } = await loadCase(dir, defaultRegistry());
    const draft = await draftCaseLetter(dir, file, {
      ...(values.to !== undefined ? { kind: values.to as LetterKind } : {}),
      ...(values.falsification !== undefined ? { falsificationId: values.falsification } : {}),
    });
    if (!draft.ready)
      io.stderr(
        `recheck: not ready to send (${draft.missing.length} thing${draft.missing.length === 1 ? '' : 's'} missing): ${draft.missing.join('; ')}\n`,
      );
    if (values.pdf !== undefined) {
      const out = resolve(io.cwd, values.pdf);
      await writeFileAtomic(out, await letterPdf(dir, file, draft.markdown, draft.falsificationIds, chromiumPrinter()));
      io.stderr(`recheck: wrote ${out}\n`);
    }
    if (values.out !== undefined) {
      const out = resolve(io.cwd, values.out);
      await writeFileAtomic(out, draft.markdown);
      io.stderr(`recheck: wrote ${out}\n`);
    }
    if (values.pdf === undefined && values.out === undefined) io.stdout(draft.markdown);
    return EXIT.ok;
  },
};
