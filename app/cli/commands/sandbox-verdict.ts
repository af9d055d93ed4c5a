/**
 * `recheck sandbox-verdict <module>`: runs a verdict module in the sandbox, as the `sandbox-verdict` check kind
 * does, and prints what the host re-derives from the module's own decisive comparisons (docs/sandbox-verdict.md).
 * Exit codes: 0 the module's outcome follows from its evidence (printed with its guarantee); 1 it does not
 * ("the module says X but its evidence says Y"); 5 the runs disagree, or a comparison cannot be told; 2 bad input
 * (a flag, the module's file, a run that times out, throws, is denied or sends garbage, a malformed verdict).
 * Example: `recheck sandbox-verdict paging/sandbox/verdict.ts --input '{"k":1024}' --seeds 1,2,3`.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { createProgressBar } from '../progress';
import { BadInputError, EXIT } from '../../errors';
import type { CheckResult } from '../../checks/kind';
import type { JudgedRun } from '../../checks/kinds/sandbox-verdict-judge';

const NAME = 'sandbox-verdict';

export const sandboxVerdictCommand: Command = {
  name: NAME,
  summary: 'run a verdict module in the sandbox and re-derive its outcome exactly from its own decisive comparisons',
  usage: `usage: recheck sandbox-verdict <module> [--input JSON | --input-file FILE] [--seed N | --seeds N,N,...]
                              [--timeout SECONDS] [--memory MB] [--json] [--allow-unconfined]

<module> (TypeScript or JavaScript) default-exports (input, api) => { outcome, summary, evidence, guarantee }:
  outcome    "supports" | "refutes" | "neutral" (relative to the finding, as every check's outcome)
  evidence   { decides: [{ quantity, value, relation, bound, means }], ...anything else (JSON, bounded) }
             value and bound: a number string ("1.73", "-2.5e-3", "7/3": exact), a JS number (its exact
             binary value), or for value an interval [lo, hi]; relation < <= = >= >; means "supports" |
             "refutes": the outcome the comparison stands for when it holds
  guarantee  { kind: "exact" } | { kind: "enclosure" } | { kind: "statistical", test, p, dof, level? } |
             { kind: "approximate", bound? }
It runs untrusted, in the sandbox (no files, network or processes; --timeout per run, default 60 s). The host
decides every comparison exactly and re-derives the outcome: a side is implied when all its comparisons hold.
The claimed guarantee is kept only where the comparisons bear it out (exact: every value a number string;
enclosure: intervals wholly on one side of their bounds; statistical: test named, p in [0, 1], dof > 0, p the
value of a comparison), else it is recorded approximate (approximate results never decide a finding).
--seeds runs once per seed; the outcome stands only when every run agrees.
Exit 0 when the module's outcome follows from its evidence; 1 when it does not; 5 when the runs disagree or a
comparison cannot be told; 2 on bad input or a run that fails (timeout, denied, threw, invalid output).
--json prints { outcome, guarantee, summary, seeds, evidence } (or { outcome: "contradicted", problem }).`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      NAME,
      args,
      {
        input: { type: 'string' },
        'input-file': { type: 'string' },
        seed: { type: 'string' },
        seeds: { type: 'string' },
        timeout: { type: 'string' },
        memory: { type: 'string' },
        json: { type: 'boolean' },
        'allow-unconfined': { type: 'boolean' },
      },
      { min: 1, max: 1, names: '<module>' },
    );
    if (values.input !== undefined && values['input-file'] !== undefined)
      throw new UsageError(NAME, 'give --input or --input-file, not both');
    if (values.seed !== undefined && values.seeds !== undefined) throw new UsageError(NAME, 'give --seed or --seeds, not both');
    const input = await readInput(io.cwd, values.input, values['input-file']);
    const seeds =
      values.seeds !== undefined ? values.seeds.split(',').map((s) => uint32('seeds', s)) : [uint32('seed', values.seed ?? '0')];
    if (seeds.length > 32 || new Set(seeds).size !== seeds.length) throw new UsageError(NAME, '--seeds: at most 32 distinct seeds');
    const timeoutSeconds = option('timeout', values.timeout, (x) => x > 0 && x <= 3600);
    const memoryMb = option('memory', values.memory, (x) => Number.isInteger(x) && x >= 32 && x <= 8192);
    const [
      { runVerdictModule, verdictResult },
      { VerdictContradictionError },
      { defaultConfinement, UNCONFINED_NOTICE },
      { nodeChildRunner },
    ] = await Promise.all([
      import('../../checks/kinds/sandbox-verdict'),
      import('../../checks/kinds/sandbox-verdict-judge'),
      import('../../sandbox/confinement'),
      import('../../sandbox/runner'),
    ]);
    const confinement = await defaultConfinement();
    if (confinement.bwrap === null && values['allow-unconfined'] === true)
      io.stderr(`${UNCONFINED_NOTICE}\n(continuing unconfined: --allow-unconfined)\n`);
    const module = positionals[0] as string;
    const bar = createProgressBar(io, module);
    let result: CheckResult;
    try {
      const ran = await runVerdictModule({
        modulePath: resolve(io.cwd, module),
        label: module,
        input,
        seeds,
        ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
        ...(memoryMb !== undefined ? { memoryMb } : {}),
        runner: nodeChildRunner(confinement, { allowUnconfined: values['allow-unconfined'] === true }),
        signal: io.signal,
        onProgress: (done, total) => bar.update(done, total),
        onLog: (line) => io.stderr(`${module}: ${line}\n`),
      });
      result = verdictResult(module, ran, values.seeds !== undefined);
    } catch (e) {
      if (!(e instanceof VerdictContradictionError)) throw e;
      bar.finish();
      if (values.json) io.stdout(`${JSON.stringify({ module, outcome: 'contradicted', problem: e.problem }, null, 2)}\n`);
      else io.stdout(`contradicted  ${e.message}\n`);
      return EXIT.doesNotHold;
    } finally {
      bar.finish();
    }
    const runs = result.evidence.runs as JudgedRun[];
    const undecided = runs.some((r) => r.implied === 'undecided') || runs.some((r) => r.outcome !== runs[0]?.outcome);
    if (values.json) {
      const { outcome, guarantee, summary, seeds: stated, evidence } = result;
      io.stdout(
        `${JSON.stringify({ outcome, guarantee, summary, ...(stated !== undefined ? { seeds: stated } : {}), evidence }, null, 2)}\n`,
      );
    } else io.stdout(formatResult(result, runs));
    return undecided ? EXIT.undecided : EXIT.ok;
  },
};

async function readInput(cwd: string, text: string | undefined, file: string | undefined): Promise<unknown> {
  const [source, where] = file !== undefined ? [await readFile(resolve(cwd, file), 'utf8'), file] : [text, '--input'];
  if (source === undefined) return null;
  try {
    return JSON.parse(source) as unknown;
  } catch (e) {
    throw new BadInputError(where, `not JSON: ${(e as Error).message.split('\n')[0]}`);
  }
}

function uint32(flag: string, text: string): number {
  const x = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(x) || x > 4294967295)
    throw new UsageError(NAME, `--${flag}: "${text}" is not an integer in 0..4294967295`);
  return x;
}

function option(flag: string, text: string | undefined, ok: (x: number) => boolean): number | undefined {
  if (text === undefined) return undefined;
  const x = Number(text);
  if (!Number.isFinite(x) || !ok(x)) throw new UsageError(NAME, `--${flag}: invalid value "${text}"`);
  return x;
}

/** The outcome and guarantee, the summary, then each run's comparisons as decided here. */
function formatResult(r: CheckResult, runs: readonly JudgedRun[]): string {
  const g = r.guarantee;
  const worth = g === undefined ? 'approximate' : g.kind === 'statistical' ? `statistical (${g.test}, p = ${g.p}, dof ${g.dof})` : g.kind;
  const lines = [`${r.outcome.padEnd(12)} ${worth}`, r.summary];
  for (const run of runs) {
    lines.push(`seed ${run.seed}: the module says ${run.stated}; its comparisons imply ${run.implied}`);
    for (const c of run.decides) {
      const value = Array.isArray(c.value) ? `[${c.value[0]}, ${c.value[1]}]` : c.value;
      lines.push(`  ${c.truth.padEnd(9)} ${c.quantity}: ${value} ${c.relation} ${c.bound} (${c.form}; stands for ${c.means})`);
    }
    if (run.problem !== null) lines.push(`  note: ${run.problem}`);
  }
  return `${lines.join('\n')}\n`;
}
