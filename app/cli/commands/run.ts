/** `recheck run <case-dir>`: runs a case's declared checks and prints each claimed falsification's decision with its evidence. */
import { dirname, join, resolve } from 'node:path';
import { realpath } from 'node:fs/promises';
import type { Command } from '../command';
import { parseCommandArgs } from '../args';
import { createProgressBar } from '../progress';
import { EXIT } from '../../errors';
import { oneLine } from '../../text/display';
import { defaultWorkspaceDir, workingCopy } from '../../cases/workspace';
import { BUNDLED_CASES_DIR } from '../../paths';
import type { CaseRunReport } from '../../../common/api/contract';
import { BASIS_WORDS, decisionWords, FINDING_WORDS, gateLine, guaranteeWords, outcomeWords } from '../../../common/words/outcomes';
import { reviewerName } from '../who';

export const runCommand: Command = {
  name: 'run',
  summary: "run a case's declared checks; print each falsification's decision and evidence",
  usage: `usage: recheck run <case-dir> [--falsification ID] [--json] [--no-record] [--who NAME] [--workspace DIR]

Runs the checks declared in case.json and computes, for each finding, a decision (the JSON value, then
the words printed), by what the finding says:
 a claimed falsification (says falsified; every finding written before findings had a polarity):
  confirmed     falsification confirmed: the claim fails (supported, through the gate, none refutes it)
  refuted       falsification refuted: the claim stands (some check refutes it, none supports it)
 a claimed verification (says verified):
  upheld        verification upheld: the claim holds at the checked scale (a recomputed check supports it)
  overturned    verification overturned: the claim fails (refuted, through the gate, none supports it)
  premature     verification premature: the evidence cannot carry it (a check shows it misses the minimums)
 a toy or inconclusive finding: confirmed (claim fails) / refuted (claim stands), its checks read as a
 falsification's; and for every finding:
  contested     checks disagree: nothing is decided
  inconclusive  no check decides, a check failed to run, or a decision misses its gate
Gates: approximate results never decide; the claim fails only on an exact or rigorous certificate recomputed
by Recheck, or two independent agreeing checks (one recomputed), each from at least 3 seeds where a check
states seeds; the logbook's own numbers alone never uphold a verification. Each decision prints the gate it
passed or missed ("gate passed: ..." / "gate missed: ..."), and each check its guarantee and basis;
--json carries them as "gate", "guarantee" and "basis".
Records the report under <case-dir>/runs/<run-id>/report.json and a hashed entry in audit.jsonl;
--no-record skips both (checks that write artifacts, plots or sweep checkpoints, still write them under
runs/<run-id>/). A bundled case (a folder of this installation's cases/) is never written to: it runs in its
workspace copy, as in the app (DIR, default $RECHECK_WORKSPACE or the per-user data folder; copied there
first when missing). The last line says where the outputs are (on stderr with --json).
--json prints the report as one JSON document. Ctrl-C cancels; the cancelled run is logged.
A check that fails on bad input (its table lacks a column, a cell is not a number, its file is missing) is
recorded as an error whose cause is bad input ("error": {"cause": "bad-input", "message": ...} in the JSON);
once the run is recorded whole, one line on stderr names case.json, the first such check, its finding and
kind, and the problem (and how many more, by id), and the exit code is 2 (with --json too: stdout stays the
one report).
A check that fails otherwise is an error of that check only (exit 0).
A case in the workspace (a bundled case's copy included) computes its sweep checks where the workspace's
settings say (DIR/settings.json, set from the app's Workspace settings: this machine, or Slurm as in
docs/slurm.md), as the app does; a case folder elsewhere computes them on this machine.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'run',
      args,
      {
        falsification: { type: 'string' },
        json: { type: 'boolean' },
        'no-record': { type: 'boolean' },
        who: { type: 'string' },
        workspace: { type: 'string' },
      },
      { min: 1, max: 1, names: '<case-dir>' },
    );
    const given = resolve(io.cwd, positionals[0] as string);
    const workspaceDir = values.workspace !== undefined ? resolve(io.cwd, values.workspace) : defaultWorkspaceDir();
    const { dir, bundled } = await workingCopy(given, { bundledCasesDir: BUNDLED_CASES_DIR, workspaceDir });
    if (bundled) io.stderr(`recheck: ${given} is a bundled case: running its workspace copy ${dir}\n`);
    const [{ loadCase }, { runCase }, { defaultRegistry }] = await Promise.all([
      import('../../cases/load'),
      import('../../checks/run-case'),
      import('../registry'),
    ]);
    // The workspace's sweep settings apply to its own cases only (a settings.json that does not read is exit 2, one line).
    const inWorkspace = dirname(await realpath(dir).catch(() => dir)) === (await realpath(workspaceDir).catch(() => workspaceDir));
    const sweeps = inWorkspace ? (await (await import('../../settings/store')).readWorkspaceSettings(workspaceDir)).sweeps : null;
    const sweepBackend = sweeps !== null ? (await import('../../settings/sweep-backend')).sweepBackendOf(sweeps) : undefined;
    if (sweepBackend !== undefined)
      io.stderr(
        `recheck: sweep checks run on ${sweepBackend.name === 'slurm' ? 'Slurm' : sweepBackend.name} (${join(workspaceDir, 'settings.json')})\n`,
      );
    const registry = defaultRegistry();
    const loaded = await loadCase(dir, registry);
    const bar = createProgressBar(io, loaded.file.id);
    const report = await runCase(loaded, registry, {
      falsificationId: values.falsification ?? null,
      signal: io.signal,
      record: !values['no-record'],
      who: reviewerName('run', values.who),
      ...(sweepBackend !== undefined ? { sweepBackend } : {}),
      onEvent: (e) => {
        if (e.type === 'progress') bar.update(e.done, e.total, e.checkId);
        if (e.type === 'check') bar.finish();
      },
    });
    bar.finish();
    const outputs = values['no-record'] ? null : `outputs: ${join(dir, 'runs', report.runId)} (and ${join(dir, 'audit.jsonl')})\n`;
    if (values.json) {
      io.stdout(`${JSON.stringify(report, null, 2)}\n`);
      if (outputs !== null && bundled) io.stderr(`recheck: ${outputs}`);
    } else io.stdout(`${formatReport(report)}${outputs ?? ''}`);
    // Bad input inside a check: the run is recorded whole first, then the one line of exit 2.
    const bad = badInputLine(join(dir, 'case.json'), report);
    if (bad !== null) io.stderr(`recheck: ${bad}\n`);
    return bad !== null ? EXIT.badInput : EXIT.ok;
  },
};

/**
 * The one line of exit 2 when checks of the report failed on bad input (null when none did): the case file, the
 * first such check, its finding and kind, and the problem, then how many more and their ids.
 * Example: `/c/case.json: check typo-fit (F1, growth-fit): bad input: t.csv: no column "y" (columns: k); and 1 more check with bad input: gone`.
 */
export function badInputLine(caseFile: string, r: CaseRunReport): string | null {
  const bad = r.falsifications.flatMap((f) =>
    f.checks.filter((c) => c.outcome === 'error' && c.error?.cause === 'bad-input').map((c) => ({ f: f.falsificationId, c })),
  );
  const first = bad[0];
  if (first === undefined) return null;
  const { f, c } = first;
  const rest = bad.slice(1).map((b) => `${b.c.checkId} (${b.f})`);
  const more = rest.length > 0 ? `; and ${rest.length} more check${rest.length === 1 ? '' : 's'} with bad input: ${rest.join(', ')}` : '';
  return `${caseFile}: check ${c.checkId} (${f}, ${c.kind}): bad input: ${oneLine(c.error?.message ?? c.summary, 2000)}${more}`;
}

export function formatReport(r: CaseRunReport): string {
  const out: string[] = [`case ${r.caseId}, run ${r.runId}`];
  for (const f of r.falsifications) {
    const says = f.says ?? 'falsified';
    out.push(
      '',
      `${f.falsificationId} (claim ${f.claim}${says === 'falsified' ? '' : `, ${FINDING_WORDS[says]}`}): ${decisionWords(f.decision, says).full}`,
      `  asserted: ${f.assertion}`,
      `  why: ${f.reason}`,
      `  ${gateLine(f.gate)}`,
    );
    for (const c of f.checks) {
      out.push(
        `  [${c.outcome === 'error' ? (c.error?.cause === 'bad-input' ? 'bad input' : 'error') : outcomeWords(c.outcome, says).short}] ${c.checkId} (${c.kind}, ${c.durationMs} ms): ${c.summary}`,
      );
      if (c.outcome !== 'error')
        out.push(
          `      worth: ${guaranteeWords(c.guarantee)}; ${BASIS_WORDS[c.basis ?? 'logbook']}${c.seeds !== undefined ? `; ${c.seeds} seeds` : ''}${c.sources !== undefined ? `; ${c.sources} independent sources` : ''}`,
        );
      if (c.insufficient !== undefined) out.push(`      cannot carry a verdict: ${c.insufficient}`);
      for (const a of c.artifacts) out.push(`      artifact: ${a}`);
    }
  }
  return `${out.join('\n')}\n`;
}
