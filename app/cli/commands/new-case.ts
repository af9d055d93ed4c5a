/** `recheck new <case-dir> --paper paper.md`: a new, empty case folder, made whole or not at all. */
import { basename, resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { EXIT } from '../../errors';
import { reviewerName } from '../who';

export const newCaseCommand: Command = {
  name: 'new',
  summary: 'create a new case folder from our summary of the paper (paper.md)',
  usage: `usage: recheck new <case-dir> --paper paper.md [--venue-id ID] [--title T] [--who NAME] [--json]

Creates <case-dir> (its name is the case id) with case.json, a copy of paper.md, and empty sandbox/ and
runs/ folders; nothing is written unless all of it is. The paper's title is --title, else the first "# "
heading of paper.md. --venue-id is the paper's id (openreview:ID, arxiv:ID; default unknown:<case id>).
Then: recheck import trackio <logbook> --out <case-dir>, recheck case add-claim, add-falsification,
add-check. The creation is the first entry of the case's audit.jsonl (--who, default $RECHECK_REVIEWER).`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'new',
      args,
      {
        paper: { type: 'string' },
        'venue-id': { type: 'string' },
        title: { type: 'string' },
        who: { type: 'string' },
        json: { type: 'boolean' },
      },
      { min: 1, max: 1, names: '<case-dir>' },
    );
    const dir = resolve(io.cwd, positionals[0] as string);
    if (values.paper === undefined) throw new UsageError('new', "--paper paper.md is required (our summary of the paper's claims)");
    const [{ createCase, markdownTitle }, { displayPath }, { readTextFile }] = await Promise.all([
      import('../../cases/create'),
      import('../../cases/load'),
      import('../../tables/text-file'),
    ]);
    const paperMarkdown = await readTextFile(resolve(io.cwd, values.paper), values.paper, 4 * 1024 * 1024);
    const file = await createCase(dir, {
      paperTitle: values.title ?? markdownTitle(paperMarkdown) ?? basename(dir),
      ...(values['venue-id'] !== undefined ? { venueId: values['venue-id'] } : {}),
      paperMarkdown,
      who: reviewerName('new', values.who),
    });
    if (values.json) io.stdout(`${JSON.stringify({ created: displayPath(dir, io.cwd), case: file }, null, 2)}\n`);
    else io.stdout(`created ${displayPath(dir, io.cwd)}: case "${file.id}" about "${file.paper.title}" (${file.paper.venueId})\n`);
    return EXIT.ok;
  },
};
