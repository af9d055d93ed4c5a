/**
 * `recheck case add-claim | add-finding | add-falsification | add-check | add-file`: build a case step by step. Each is one
 * atomic, validated edit of case.json (or one atomic file copy), logged in the case's audit.jsonl.
 */
import { basename, resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { BadInputError, EXIT } from '../../errors';
import { shown } from '../../text/display';
import { reviewerName } from '../who';
import { FINDING_WORDS } from '../../../common/words/outcomes';
import { FINDING_SAYS, type FindingSays } from '../../cases/model';

/** The case-editing modules, loaded when one of these commands runs (not when `recheck --help` lists them). */
async function editing() {
  const [edit, addFindingModule, files, load, confine, hash, logbook, registry] = await Promise.all([
    import('../../cases/edit'),
    import('../../cases/add-finding'),
    import('../../cases/files'),
    import('../../cases/load'),
    import('../../fs/confine'),
    import('../../fs/hash'),
    import('../../logbook/read'),
    import('../registry'),
  ]);
  return { ...edit, ...addFindingModule, ...files, ...load, ...confine, ...hash, ...logbook, ...registry };
}

function caseDir(io: { cwd: string }, p: string): string {
  return resolve(io.cwd, p);
}

export const addClaimCommand: Command = {
  name: 'case add-claim',
  summary: 'add a claim of the paper to a case',
  usage: `usage: recheck case add-claim <case-dir> --text TEXT [--id C1] [--section S] [--who NAME] [--json]

Adds the claim (its text as the paper states it) with the next free id C1, C2, ... unless --id is given.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'case add-claim',
      args,
      { text: { type: 'string' }, id: { type: 'string' }, section: { type: 'string' }, who: { type: 'string' }, json: { type: 'boolean' } },
      { min: 1, max: 1, names: '<case-dir>' },
    );
    if (values.text === undefined) throw new UsageError('case add-claim', '--text is required');
    const { addClaim, defaultRegistry } = await editing();
    const r = await addClaim(
      caseDir(io, positionals[0] as string),
      defaultRegistry(),
      { who: reviewerName('case add-claim', values.who) },
      {
        text: values.text,
        ...(values.id !== undefined ? { id: values.id } : {}),
        ...(values.section !== undefined ? { section: values.section } : {}),
      },
    );
    io.stdout(values.json ? `${JSON.stringify({ added: r.id, entry: r.entry }, null, 2)}\n` : `added claim ${r.id}\n`);
    return EXIT.ok;
  },
};

export const addFalsificationCommand: Command = {
  name: 'case add-falsification',
  summary: 'add a claimed falsification, its assertion quoted from a logbook cell (= case add-finding --says falsified)',
  usage: `usage: recheck case add-falsification <case-dir> --claim C1 --logbook L1 (--cell CELL-ID [--quote TEXT] | --assertion TEXT)
                 [--id F1] [--who NAME] [--json]

The assertion is quoted from the logbook: with --cell, the quote (--quote, which must appear in the cell,
or the whole text of a markdown cell) and the cell's page are recorded with it, so a reader can go to the
cell; --assertion alone records the text without its cell. Ids default to F1, F2, ...
The same as \`recheck case add-finding --says falsified\` (written without the "says" field, which then
reads as falsified).`,
  run: (args, io) => addFindingRun('case add-falsification', args, io, false),
};

export const addFindingCommand: Command = {
  name: 'case add-finding',
  summary: "add a logbook's finding on a claim (verified, falsified, toy or inconclusive), quoted from its cell",
  usage: `usage: recheck case add-finding <case-dir> --claim C1 --logbook L1 --says verified|falsified|toy|inconclusive
                 (--cell CELL-ID [--quote TEXT] | --assertion TEXT) [--id F1] [--who NAME] [--json]

--says is what the logbook's cell says about the claim (the challenge's four verdicts). Recheck re-checks
every kind: a falsification is decided falsification confirmed / refuted, a verification verification
upheld / overturned / premature (the evidence cannot carry it), a toy or inconclusive finding by what the
checks show about the claim (claim fails / claim stands); any may be contested or inconclusive (see
recheck run --help). The assertion is quoted as in case add-falsification. Ids default to F1, F2, ...`,
  run: (args, io) => addFindingRun('case add-finding', args, io, true),
};

/** Both commands: `withSays` requires --says and writes it; without, a falsification as before. */
async function addFindingRun(command: string, args: string[], io: Parameters<Command['run']>[1], withSays: boolean): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    command,
    args,
    {
      claim: { type: 'string' },
      logbook: { type: 'string' },
      cell: { type: 'string' },
      quote: { type: 'string' },
      assertion: { type: 'string' },
      id: { type: 'string' },
      who: { type: 'string' },
      json: { type: 'boolean' },
      ...(withSays ? { says: { type: 'string' as const } } : {}),
    },
    { min: 1, max: 1, names: '<case-dir>' },
  );
  const dir = caseDir(io, positionals[0] as string);
  if (values.claim === undefined || values.logbook === undefined) throw new UsageError(command, '--claim and --logbook are required');
  if ((values.cell === undefined) === (values.assertion === undefined))
    throw new UsageError(command, 'give exactly one of --cell (with an optional --quote) or --assertion');
  const saysValue = (values as { says?: string }).says;
  if (withSays && saysValue === undefined) throw new UsageError(command, `--says is required: one of ${FINDING_SAYS.join(', ')}`);
  if (withSays && !FINDING_SAYS.includes(saysValue as FindingSays))
    throw new UsageError(command, `--says must be one of ${FINDING_SAYS.join(', ')}, got "${shown(saysValue ?? '', 40)}"`);
  const { addFalsification, addFinding, defaultRegistry } = await editing();
  const registry = defaultRegistry();
  let assertion = values.assertion ?? '';
  let source: { page?: string; cell?: string } | undefined;
  if (values.cell !== undefined) {
    const quoted = await quoteFromCell(dir, values.logbook, values.cell, values.quote);
    assertion = quoted.text;
    source = { page: quoted.page, cell: values.cell };
  }
  const base = {
    claim: values.claim,
    logbook: values.logbook,
    assertion,
    ...(source ? { source } : {}),
    ...(values.id !== undefined ? { id: values.id } : {}),
  };
  const reviewer = { who: reviewerName(command, values.who) };
  const says = withSays ? (saysValue as FindingSays) : 'falsified';
  const r = withSays ? await addFinding(dir, registry, reviewer, { ...base, says }) : await addFalsification(dir, registry, reviewer, base);
  io.stdout(
    values.json
      ? `${JSON.stringify({ added: r.id, ...(withSays ? { says } : {}), assertion, source: source ?? null, entry: r.entry }, null, 2)}\n`
      : `added ${FINDING_WORDS[says]} ${r.id} of ${values.claim}: "${shown(assertion, 120)}"\n`,
  );
  return EXIT.ok;
}

/** The quote from a logbook cell (the given quote, which must appear in it, or a markdown cell's text). */
async function quoteFromCell(
  dir: string,
  logbookId: string,
  cellId: string,
  quote: string | undefined,
): Promise<{ text: string; page: string }> {
  const { loadCase, readLogbook, defaultRegistry } = await editing();
  const loaded = await loadCase(dir, defaultRegistry());
  const ref = loaded.file.logbooks.find((l) => l.id === logbookId);
  if (ref === undefined)
    throw new BadInputError(
      shown(dir),
      `no logbook "${shown(logbookId)}" (logbooks: ${loaded.file.logbooks.map((l) => l.id).join(', ') || 'none yet'})`,
    );
  const logbook = await readLogbook(dir, ref);
  for (const page of logbook.pages) {
    const cell = page.cells.find((c) => c.id === cellId);
    if (cell === undefined) continue;
    const text = cell.type === 'markdown' ? cell.markdown : cell.type === 'code' ? cell.blocks.map((b) => b.text).join('\n') : cell.title;
    if (quote !== undefined) {
      const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
      if (!norm(text).includes(norm(quote)))
        throw new BadInputError(
          shown(dir),
          `the quote does not appear in cell ${shown(cellId)} of logbook ${logbookId} (page ${page.slug})`,
        );
      return { text: quote.trim(), page: page.slug };
    }
    if (cell.type !== 'markdown')
      throw new BadInputError(shown(dir), `cell ${shown(cellId)} is a ${cell.type} cell: pass --quote with the words the logbook asserts`);
    return { text: text.trim(), page: page.slug };
  }
  const ids = logbook.pages.flatMap((p) => p.cells.map((c) => c.id));
  throw new BadInputError(
    shown(dir),
    `no cell "${shown(cellId)}" in logbook ${logbookId} (it has ${ids.length} cells: ${ids.slice(0, 8).join(', ')}${ids.length > 8 ? ', ...' : ''})`,
  );
}

/** A `key=value` param: the value as JSON when it parses (numbers, booleans, lists, objects), else a string; dotted keys nest. */
export function parseParam(command: string, text: string, into: Record<string, unknown>): void {
  const m = /^([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)=(.*)$/s.exec(text);
  if (m === null) throw new UsageError(command, `--param must be key=value (a dotted key nests), got "${shown(text, 80)}"`);
  const keys = (m[1] as string).split('.');
  if (keys.some((k) => k === '__proto__' || k === 'constructor' || k === 'prototype'))
    throw new UsageError(command, `--param key "${shown(m[1] as string, 80)}" is not allowed`);
  let value: unknown = m[2];
  try {
    value = JSON.parse(m[2] as string);
  } catch {
    /* a plain string */
  }
  let node = into;
  for (const k of keys.slice(0, -1)) {
    const next = node[k];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[k] = {};
    node = node[k] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
}

export const addCheckCommand: Command = {
  name: 'case add-check',
  summary: 'add a check to a claimed falsification (params validated against the kind)',
  usage: `usage: recheck case add-check <case-dir> --falsification F1 --kind KIND [--param key=value]... [--params JSON]
                 [--title T] [--id ID] [--who NAME] [--json]

Params are validated against the kind's schema (see recheck kinds): a bad param is one line naming it.
A value is read as JSON when it parses (16, 0.05, true, [2,4,8], {"a":1}), else as a string; a dotted key
nests (--param teacher.means=[-3,3]). --params gives them all as one JSON object (then --param adds to it).`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'case add-check',
      args,
      {
        falsification: { type: 'string' },
        kind: { type: 'string' },
        param: { type: 'string', multiple: true },
        params: { type: 'string' },
        title: { type: 'string' },
        id: { type: 'string' },
        who: { type: 'string' },
        json: { type: 'boolean' },
      },
      { min: 1, max: 1, names: '<case-dir>' },
    );
    if (values.falsification === undefined || values.kind === undefined)
      throw new UsageError('case add-check', '--falsification and --kind are required');
    let params: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    if (values.params !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(values.params);
      } catch {
        throw new UsageError('case add-check', '--params must be a JSON object');
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new UsageError('case add-check', '--params must be a JSON object');
      params = { ...(parsed as Record<string, unknown>) };
    }
    for (const p of values.param ?? []) parseParam('case add-check', p, params);
    const { addCheck, defaultRegistry } = await editing();
    const r = await addCheck(
      caseDir(io, positionals[0] as string),
      defaultRegistry(),
      { who: reviewerName('case add-check', values.who) },
      {
        falsification: values.falsification,
        kind: values.kind,
        params: { ...params },
        ...(values.title !== undefined ? { title: values.title } : {}),
        ...(values.id !== undefined ? { id: values.id } : {}),
      },
    );
    io.stdout(
      values.json
        ? `${JSON.stringify({ added: r.id, entry: r.entry }, null, 2)}\n`
        : `added check ${r.id} (${values.kind}) to ${values.falsification}\n`,
    );
    return EXIT.ok;
  },
};

export const addFileCommand: Command = {
  name: 'case add-file',
  summary: "copy a reviewer's file into a case (default under sandbox/)",
  usage: `usage: recheck case add-file <case-dir> <file> [--as PATH] [--who NAME] [--json]

Copies <file> (a quantities file, a re-implementation, a table) into the case, atomically, at --as (a path
inside the case, not in a logbook folder; default sandbox/<file name>), refusing to overwrite; the copy and
its sha256 are logged.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'case add-file',
      args,
      { as: { type: 'string' }, who: { type: 'string' }, json: { type: 'boolean' } },
      { min: 2, max: 2, names: '<case-dir> <file>' },
    );
    const { addCaseFile, MAX_CASE_FILE_BYTES, readRegularFile, sha256, defaultRegistry } = await editing();
    const dir = caseDir(io, positionals[0] as string);
    const source = resolve(io.cwd, positionals[1] as string);
    const rel = (values.as ?? `sandbox/${basename(source)}`).replace(/\\/g, '/');
    const bytes = await readRegularFile(source, { maxBytes: MAX_CASE_FILE_BYTES, shownAs: shown(positionals[1] as string) });
    await addCaseFile(dir, defaultRegistry(), { who: reviewerName('case add-file', values.who) }, rel, bytes, source);
    io.stdout(
      values.json ? `${JSON.stringify({ added: rel, sha256: sha256(bytes) }, null, 2)}\n` : `added ${rel} (${bytes.length} bytes)\n`,
    );
    return EXIT.ok;
  },
};
