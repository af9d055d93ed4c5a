/** `recheck validate <case-dir>...`: validates case folders (schema, references, check params, logbooks). */
import type { Command } from '../command';
import { parseCommandArgs } from '../args';
import { EXIT } from '../../errors';
import { resolve } from 'node:path';

export const validateCommand: Command = {
  name: 'validate',
  summary: 'validate case folders (exit 2 with one line naming the file and problem)',
  usage: `usage: recheck validate <case-dir>... [--json]

Checks case.json against the recheck.case/1 schema, that every claim, logbook and check kind it names
exists, that each check's params fit its kind, and that each logbook can be read; a logbook read only in
part is listed with what could not be read, per page and cell.
Exit 0 when all are valid, 2 at the first invalid one (one line: file, JSON pointer, problem).`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs('validate', args, { json: { type: 'boolean' } }, { min: 1, max: Infinity, names: '<case-dir>' });
    const [{ loadCase, displayPath }, { readLogbook }, { defaultRegistry }] = await Promise.all([import('../../cases/load'), import('../../logbook/read'), import('../registry')]);
    const registry = defaultRegistry();
    const valid = [];
    for (const p of positionals) {
      const dir = resolve(io.cwd, p);
      const loaded = await loadCase(dir, registry);
      // A logbook that could be read only in part is valid; what could not be read is listed.
      const logbooks = [];
      for (const lb of loaded.file.logbooks) {
        const view = await readLogbook(dir, lb);
        logbooks.push({ id: lb.id, problems: view.problems });
      }
      const checks = loaded.file.falsifications.reduce((n, f) => n + f.checks.length, 0);
      valid.push({ dir: displayPath(dir, io.cwd), id: loaded.file.id, falsifications: loaded.file.falsifications.length, checks, logbooks });
    }
    if (values.json) io.stdout(`${JSON.stringify({ valid: true, cases: valid }, null, 2)}\n`);
    else {
      for (const v of valid) {
        io.stdout(`${v.dir}: valid (${v.falsifications} falsification(s), ${v.checks} check(s))\n`);
        for (const lb of v.logbooks.filter((l) => l.problems.length > 0)) {
          io.stdout(`  logbook ${lb.id}: ${lb.problems.length} part(s) could not be read:\n`);
          for (const p of lb.problems) io.stdout(`    ${p.page ?? 'logbook'}${p.cell !== undefined ? ` / ${p.cell}` : ''}: ${p.problem}\n`);
        }
      }
    }
    return EXIT.ok;
  },
};
