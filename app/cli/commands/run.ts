/** `recheck run <case-dir>`: runs a case's declared checks and prints each claimed falsification's decision with its evidence. */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs } from '../args';
import { loadCase } from '../../cases/load';
import { runCase } from '../../checks/run-case';
import { defaultRegistry } from '../registry';
import { createProgressBar } from '../progress';
import { EXIT } from '../../errors';
import type { CaseRunReport } from '../../api/contract';

export const runCommand: Command = {
  name: 'run',
  summary: "run a case's declared checks; print each falsification's decision and evidence",
  usage: `usage: recheck run <case-dir> [--falsification ID] [--json] [--no-record] [--who NAME]

Runs the checks declared in case.json and computes, for each claimed falsification, a decision:
  confirmed     some check supports the falsification, none refutes it
  refuted       some check refutes it (the falsification is itself wrong), none supports it
  contested     checks disagree
  inconclusive  no check decides, or a check failed to run
Records the report under <case-dir>/runs/<run-id>/report.json and a hashed entry in audit.jsonl;
--no-record skips both (checks that write artifacts, plots or sweep checkpoints, still write them under
runs/<run-id>/). --json prints the report as one JSON document. Ctrl-C cancels; the cancelled run is logged.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'run',
      args,
      { falsification: { type: 'string' }, json: { type: 'boolean' }, 'no-record': { type: 'boolean' }, who: { type: 'string' } },
      { min: 1, max: 1, names: '<case-dir>' },
    );
    const dir = resolve(io.cwd, positionals[0] as string);
    const registry = defaultRegistry();
    const loaded = await loadCase(dir, registry);
    const bar = createProgressBar(io, loaded.file.id);
    const report = await runCase(loaded, registry, {
      falsificationId: values.falsification ?? null,
      signal: io.signal,
      record: !values['no-record'],
      who: values.who ?? 'recheck CLI',
      onEvent: (e) => {
        if (e.type === 'progress') bar.update(e.done, e.total, e.checkId);
        if (e.type === 'check') bar.finish();
      },
    });
    bar.finish();
    if (values.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    else io.stdout(formatReport(report));
    return EXIT.ok;
  },
};

export function formatReport(r: CaseRunReport): string {
  const out: string[] = [`case ${r.caseId}, run ${r.runId}`];
  for (const f of r.falsifications) {
    out.push('', `${f.falsificationId} (claim ${f.claim}): ${f.decision.toUpperCase()}`, `  asserted: ${f.assertion}`, `  why: ${f.reason}`);
    for (const c of f.checks) {
      out.push(`  [${c.outcome}] ${c.checkId} (${c.kind}, ${c.durationMs} ms): ${c.summary}`);
      for (const a of c.artifacts) out.push(`      artifact: ${a}`);
    }
  }
  return `${out.join('\n')}\n`;
}
