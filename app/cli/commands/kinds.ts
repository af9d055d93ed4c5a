/** `recheck kinds`: the check kinds, with their parameter schemas and one example each. */
import type { Command } from '../command';
import { parseCommandArgs } from '../args';
import { EXIT } from '../../errors';

export const kindsCommand: Command = {
  name: 'kinds',
  summary: 'list the check kinds with their parameter schemas and an example each',
  usage: `usage: recheck kinds [KIND] [--json]

Lists every check kind a case may declare: what it does, its params (JSON Schema; params marked casePath
name files of the case) and an example of params (valid against the schema). With KIND, that kind only.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs('kinds', args, { json: { type: 'boolean' } }, { min: 0, max: 1, names: '[KIND]' });
    const { defaultRegistry } = await import('../registry');
    const registry = defaultRegistry();
    const wanted = positionals[0];
    const kinds = registry.kinds().filter((k) => wanted === undefined || k.kind === wanted);
    if (wanted !== undefined && kinds.length === 0) {
      io.stderr(
        `recheck: kinds: no check kind "${wanted}" (known: ${registry
          .kinds()
          .map((k) => k.kind)
          .join(', ')})\n`,
      );
      return EXIT.badInput;
    }
    const view = kinds.map((k) => ({ kind: k.kind, title: k.title, params: k.paramsSchema, example: k.example }));
    if (values.json) {
      io.stdout(`${JSON.stringify(view, null, 2)}\n`);
      return EXIT.ok;
    }
    for (const k of view) {
      const schema = k.params as { properties?: Record<string, { description?: string; casePath?: boolean }>; required?: string[] };
      io.stdout(`${k.kind}: ${k.title}\n`);
      for (const [name, p] of Object.entries(schema.properties ?? {})) {
        const req = schema.required?.includes(name) ? 'required' : 'optional';
        io.stdout(
          `  ${name} (${req}${p.casePath === true ? ', a file of the case' : ''})${p.description !== undefined ? `: ${p.description}` : ''}\n`,
        );
      }
      io.stdout(`  example: ${JSON.stringify(k.example)}\n\n`);
    }
    return EXIT.ok;
  },
};
