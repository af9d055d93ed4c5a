/** `recheck import trackio <logbook-folder> --out <case-dir>`: bring a published Trackio logbook into a case. */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { EXIT } from '../../errors';
import type { ImportSummary } from '../../logbook/import';
import { reviewerName } from '../who';

export const importTrackioCommand: Command = {
  name: 'import trackio',
  summary: 'import a Trackio logbook (workspace folder or downloaded Space) into a case, creating it if needed',
  usage: `usage: recheck import trackio <logbook-folder> --out <case-dir> [--paper paper.md] [--title T]
                 [--venue-id ID] [--id L1] [--link] [--who NAME] [--json]

Reads the logbook (Trackio schema 1 or 2; a workspace with .trackio/, or a downloaded copy of a published
logbook Space), copies its regular files into <case-dir>/logbooks/<id>/ (symlinks out of it, fifos and
Trackio's private state are left behind and listed), adds it to case.json and logs the import with the
hash of every copied file. When <case-dir> does not exist, a new case is made: its paper id from the
logbook's metadata (a string such as openreview:ID or an object {"openreview_id": "ID"}) unless --venue-id
is given, paper.md from --paper (else a stub to fill in), its title from --title, paper.md or the logbook.
--link references the folder in place instead of copying it (a logbook too large to copy, or still being
written): where it lives is recorded in this user's link registry ($RECHECK_LINKS, else links.json beside the
workspace), never in the case, and its files are hashed in the audit log now; on another machine the case
loads and says the linked logbook is not there.
Prints what was read: pages, cells, run cells (failed ones), truncated outputs and the characters the
writer dropped, and, per page and cell, what could not be read (exit 0: the rest was imported).`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'import trackio',
      args,
      {
        out: { type: 'string' },
        paper: { type: 'string' },
        title: { type: 'string' },
        'venue-id': { type: 'string' },
        id: { type: 'string' },
        link: { type: 'boolean' },
        who: { type: 'string' },
        json: { type: 'boolean' },
      },
      { min: 1, max: 1, names: '<logbook-folder>' },
    );
    if (values.out === undefined) throw new UsageError('import trackio', '--out <case-dir> is required');
    const [{ displayPath }, { importTrackioLogbook }, { readTextFile }, { defaultRegistry }] = await Promise.all([
      import('../../cases/load'),
      import('../../logbook/import'),
      import('../../tables/text-file'),
      import('../registry'),
    ]);
    const summary = await importTrackioLogbook({
      source: resolve(io.cwd, positionals[0] as string),
      caseDir: resolve(io.cwd, values.out),
      ...(values.paper !== undefined
        ? { paperMarkdown: await readTextFile(resolve(io.cwd, values.paper), values.paper, 4 * 1024 * 1024) }
        : {}),
      ...(values.title !== undefined ? { title: values.title } : {}),
      ...(values['venue-id'] !== undefined ? { venueId: values['venue-id'] } : {}),
      ...(values.id !== undefined ? { logbookId: values.id } : {}),
      ...(values.link === true ? { link: true } : {}),
      who: reviewerName('import trackio', values.who),
      registry: defaultRegistry(),
    });
    io.stdout(
      values.json
        ? `${JSON.stringify({ ...summary, caseDir: displayPath(summary.caseDir, io.cwd) }, null, 2)}\n`
        : formatSummary(summary, displayPath(summary.caseDir, io.cwd)),
    );
    return EXIT.ok;
  },
};

function formatSummary(s: ImportSummary, caseShown: string): string {
  const lines = [
    `${s.created ? 'created' : 'updated'} ${caseShown}: logbook ${s.logbookId} in ${s.path} (${s.files} files, ${s.bytes} bytes)${s.paper !== null ? `, paper ${s.paper}` : ''}`,
    `read ${s.pages} pages, ${s.cells} cells, ${s.runCells} run cells (${s.failedRuns} failed)${s.truncatedOutputs > 0 ? `; ${s.truncatedOutputs} output(s) truncated by the logbook writer, ${s.elidedChars} characters dropped` : ''}`,
  ];
  if (s.problems.length > 0) {
    lines.push(`could not read ${s.problems.length} part(s):`);
    for (const p of s.problems) lines.push(`  ${p.page ?? 'logbook'}${p.cell !== undefined ? ` / ${p.cell}` : ''}: ${p.problem}`);
  }
  if (s.skipped.length > 0)
    lines.push(
      `left out ${s.skipped.length} entr${s.skipped.length === 1 ? 'y' : 'ies'}: ${s.skipped
        .slice(0, 5)
        .map((k) => `${k.path} (${k.why})`)
        .join(', ')}${s.skipped.length > 5 ? ', ...' : ''}`,
    );
  for (const n of s.notices) lines.push(`note: ${n}`);
  return `${lines.join('\n')}\n`;
}
