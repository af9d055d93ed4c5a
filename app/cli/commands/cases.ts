/** `recheck cases`: lists the bundled cases (or a folder's) with their paper and falsifications. */
import type { Command } from '../command';
import { parseCommandArgs } from '../args';
import { BUNDLED_CASES_DIR } from '../../paths';
import { listCaseDirs } from '../../cases/workspace';
import { EXIT } from '../../errors';

export const casesCommand: Command = {
  name: 'cases',
  summary: 'list the bundled cases (or those in --dir)',
  usage: `usage: recheck cases [--dir DIR] [--json]

Lists the case folders in DIR (default: the cases bundled with this installation): id, paper, venue id and
the claimed falsifications with their declared checks.`,
  async run(args, io) {
    const { values } = parseCommandArgs(
      'cases',
      args,
      { dir: { type: 'string' }, json: { type: 'boolean' } },
      { min: 0, max: 0, names: '' },
    );
    const root = values.dir ?? BUNDLED_CASES_DIR;
    const [{ loadCase, displayPath }, { defaultRegistry }] = await Promise.all([import('../../cases/load'), import('../registry')]);
    const registry = defaultRegistry();
    const cases = [];
    for (const dir of await listCaseDirs(root)) {
      const { file } = await loadCase(dir, registry);
      cases.push({
        id: file.id,
        dir: displayPath(dir, io.cwd),
        title: file.title,
        paper: file.paper.title,
        venueId: file.paper.venueId,
        falsifications: file.falsifications.map((f) => ({
          id: f.id,
          claim: f.claim,
          logbook: f.logbook,
          checks: f.checks.map((c) => c.kind),
        })),
      });
    }
    if (values.json) {
      io.stdout(`${JSON.stringify({ root: displayPath(root, io.cwd), cases }, null, 2)}\n`);
      return EXIT.ok;
    }
    if (cases.length === 0) {
      io.stdout(`no cases in ${displayPath(root, io.cwd)}\n`);
      return EXIT.ok;
    }
    for (const c of cases) {
      io.stdout(`${c.id}  (${c.dir})\n  ${c.title}\n  paper: ${c.paper} [${c.venueId}]\n`);
      for (const f of c.falsifications)
        io.stdout(`  ${f.id} on claim ${f.claim}, from logbook ${f.logbook}: checks ${f.checks.join(', ')}\n`);
    }
    return EXIT.ok;
  },
};
