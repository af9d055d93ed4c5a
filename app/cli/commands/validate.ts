/** `recheck validate <case-dir>...`: validates case folders (schema, references, check params, logbooks). */
import type { Command } from '../command';
import { parseCommandArgs } from '../args';
import { EXIT } from '../../errors';
import { join, resolve } from 'node:path';
import { oneLine, shown } from '../../text/display';

export const validateCommand: Command = {
  name: 'validate',
  summary: 'validate case folders (exit 2 with one line naming the file and problem)',
  usage: `usage: recheck validate <case-dir>... [--json]

Checks case.json against the recheck.case/1 schema, that every claim, logbook and check kind it names
exists, that each check's params fit its kind, and that each logbook can be read; a logbook read only in
part is listed with what could not be read, per page and cell. For a case with an image-pair set (its
"perceptual" block), every image of the pairs table must exist in the case, decode (PNG, JPEG, WebP), and
match the size of the other image of its pair; each problem is one line naming the table, line, pair and file.
Exit 0 when all are valid, 2 at the first invalid one (one line: file, JSON pointer, problem; one line per
image problem).`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'validate',
      args,
      { json: { type: 'boolean' } },
      { min: 1, max: Infinity, names: '<case-dir>' },
    );
    const [{ loadCase, displayPath }, { readLogbook }, { defaultRegistry }, { checkImagePairs }] = await Promise.all([
      import('../../cases/load'),
      import('../../logbook/read'),
      import('../registry'),
      import('../../cases/validate-images'),
    ]);
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
      const images = loaded.file.perceptual === undefined ? undefined : await checkImagePairs(dir, loaded.file.perceptual.pairs);
      if (images !== undefined && images.problems.length > 0) {
        const table = displayPath(join(dir, images.table), io.cwd);
        for (const p of images.problems)
          io.stderr(`recheck: ${table}: line ${p.line}: pair ${p.pair}: ${shown(p.file)}: ${oneLine(p.problem)}\n`);
        return EXIT.badInput;
      }
      valid.push({
        dir: displayPath(dir, io.cwd),
        id: loaded.file.id,
        falsifications: loaded.file.falsifications.length,
        checks,
        logbooks,
        ...(images ? { images } : {}),
      });
    }
    if (values.json) io.stdout(`${JSON.stringify({ valid: true, cases: valid }, null, 2)}\n`);
    else {
      for (const v of valid) {
        const images = v.images ? `; ${v.images.pairs} image pair(s), ${v.images.images} image(s) checked` : '';
        io.stdout(`${v.dir}: valid (${v.falsifications} falsification(s), ${v.checks} check(s)${images})\n`);
        for (const lb of v.logbooks.filter((l) => l.problems.length > 0)) {
          io.stdout(`  logbook ${lb.id}: ${lb.problems.length} part(s) could not be read:\n`);
          for (const p of lb.problems) io.stdout(`    ${p.page ?? 'logbook'}${p.cell !== undefined ? ` / ${p.cell}` : ''}: ${p.problem}\n`);
        }
      }
    }
    return EXIT.ok;
  },
};
