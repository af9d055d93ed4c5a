/** `recheck validate <case-dir>...`: validates case folders (schema, references, check params, logbooks). */
import type { Command } from '../command';
import { parseCommandArgs } from '../args';
import { loadCase, displayPath } from '../../cases/load';
import { readLogbook } from '../../logbook/read';
import { defaultRegistry } from '../registry';
import { EXIT } from '../../errors';
import { resolve } from 'node:path';

export const validateCommand: Command = {
  name: 'validate',
  summary: 'validate case folders (exit 2 with one line naming the file and problem)',
  usage: `usage: recheck validate <case-dir>... [--json]

Checks case.json against the recheck.case/1 schema, that every claim, logbook and check kind it names
exists, that each check's params fit its kind, and that each logbook can be read.
Exit 0 when all are valid, 2 at the first invalid one (one line: file, JSON pointer, problem).`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs('validate', args, { json: { type: 'boolean' } }, { min: 1, max: Infinity, names: '<case-dir>' });
    const registry = defaultRegistry();
    const valid = [];
    for (const p of positionals) {
      const dir = resolve(io.cwd, p);
      const loaded = await loadCase(dir, registry);
      for (const lb of loaded.file.logbooks) await readLogbook(dir, lb);
      const checks = loaded.file.falsifications.reduce((n, f) => n + f.checks.length, 0);
      valid.push({ dir: displayPath(dir, io.cwd), id: loaded.file.id, falsifications: loaded.file.falsifications.length, checks });
    }
    if (values.json) io.stdout(`${JSON.stringify({ valid: true, cases: valid }, null, 2)}\n`);
    else for (const v of valid) io.stdout(`${v.dir}: valid (${v.falsifications} falsification(s), ${v.checks} check(s))\n`);
    return EXIT.ok;
  },
};
