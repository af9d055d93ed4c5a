/**
 * The reviewer's overrides of a replay, applied to the rebuilt program: `set` rewrites top-level constants of
 * the Python script the command runs (checkers/replay/override.ts: exactly that literal's span; the script is
 * taken from the page, or from the case and then run as an overridden copy), `args` are appended to the
 * command, `env` is added to the environment. Also returns the script's overridable literals (literals.ts),
 * which the UI and `--json` offer. A bad override is bad input naming the script.
 * Example: `set: [parseSetting('KS=[2, 4, 1024]')]` on a script `KS = [2, 4, 8]` runs it with `KS = [2, 4, 1024]`.
 */
import { join } from 'node:path';
import { BadInputError } from '../errors';
import { readInside } from '../fs/confine';
import { shown } from '../text/display';
import { detectLiterals, type Literal } from '../../checkers/replay/literals';
import { applyOverrides, OverrideError, type Applied, type Setting } from '../../checkers/replay/override';
import { scriptOf, type ReplayProgram } from './program';

const MAX_SCRIPT_BYTES = 2 * 1024 * 1024;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface Overridden {
  readonly program: ReplayProgram;
  readonly env: Readonly<Record<string, string>>;
  readonly literals: readonly Literal[];
  readonly applied: { readonly set: readonly Applied[]; readonly args: readonly string[]; readonly env: readonly string[] };
  readonly notes: readonly string[];
}

interface Asked {
  readonly caseDir: string;
  readonly where: string;
  readonly set?: readonly Setting[];
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

/** Applies the overrides of `r` to `program` (see the file comment). */
export async function applyReplayOverrides(r: Asked, program: ReplayProgram): Promise<Overridden> {
  const script = scriptOf(program.interpreter, program.args);
  const source = program.interpreter === 'python' && script !== null ? await scriptSource(r.caseDir, program, script) : null;
  const literals = source !== null ? detectLiterals(source.text) : [];
  let files = program.files;
  let set: readonly Applied[] = [];
  const notes: string[] = [];
  if ((r.set ?? []).length > 0) {
    if (program.interpreter !== 'python' || source === null)
      throw new BadInputError(
        r.where,
        `--set overrides constants of a Python script; cell runs \`${shown(program.command.join(' '), 80)}\``,
      );
    try {
      const out = applyOverrides(source.text, r.set ?? [], literals);
      set = out.applied;
      files = [...program.files.filter((f) => f.path !== source.path), { path: source.path, content: out.source }];
      if (source.from === 'case') notes.push(`${source.path} comes from the case; an overridden copy ran`);
    } catch (e) {
      if (e instanceof OverrideError) throw new BadInputError(r.where, `${source.path}: ${e.reason}`);
      throw e;
    }
  }
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.env ?? {})) {
    if (!ENV_NAME.test(k)) throw new BadInputError(r.where, `--env ${shown(k, 60)}: not an environment variable name`);
    if (v.includes('\0')) throw new BadInputError(r.where, `--env ${k}: the value holds a NUL character`);
    env[k] = v;
  }
  for (const a of r.args ?? []) if (a.includes('\0')) throw new BadInputError(r.where, '--arg: an argument holds a NUL character');
  return {
    program: { ...program, files, args: [...program.args, ...(r.args ?? [])] },
    env,
    literals,
    applied: { set, args: [...(r.args ?? [])], env: Object.entries(env).map(([k, v]) => `${k}=${v}`) },
    notes,
  };
}

/** The script's text: the page's copy, else the case's file (bounded, UTF-8); null when neither reads. */
export async function scriptSource(caseDir: string, program: ReplayProgram, script: string) {
  const path = program.needs.find((f) => f.path === script || f.path === join(script))?.path ?? script;
  const onPage = program.files.find((f) => f.path === path);
  if (onPage !== undefined) return { path, text: onPage.content, from: 'page' as const };
  try {
    const buf = await readInside(caseDir, join(program.workspace, path), { maxBytes: MAX_SCRIPT_BYTES, shownAs: path });
    return { path, text: buf.toString('utf8'), from: 'case' as const };
  } catch {
    return null;
  }
}
