/** `recheck report <case-dir> --out DIR` builds an auditable static report; `--verify DIR [--rerun]` checks one. */
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { BadInputError, EXIT } from '../../errors';
import { defaultWorkspaceDir, workingCopy } from '../../cases/workspace';
import { BUNDLED_CASES_DIR } from '../../paths';
import { createProgressBar } from '../progress';
import { reviewerName } from '../who';

export const reportCommand: Command = {
  name: 'report',
  summary: 'write an auditable static HTML report of a case, or verify one (--verify DIR [--rerun])',
  usage: `usage: recheck report <case-dir> --out DIR [--who NAME] [--workspace DIR] [--no-record] [--json]
       recheck report --verify DIR [--rerun] [--expect ROOT] [--json]

Writes a self-contained report folder DIR (a new or empty folder outside the case) that opens offline from the
file system: index.html (no script, no external file; math and figures rendered when it is built) with the
paper's claims, each claimed falsification, every check with its inputs (params, files read and their SHA-256),
outputs (summary, evidence, artifacts) and figures, each falsification's decision from its own latest run, the
reviewers' verdicts with their rationales, the adversarial checklist, the letters and responses (letters/), and
provenance (Recheck, Node and Chromium versions, the hash of every input and output, the commands that rerun
each check headless). Beside it: report.json (the same content as data), inputs/ (a copy of the case's files),
outputs/runs/<run-id>/ (the runs the decisions come from), records/audit.jsonl and manifest.json (every file's
SHA-256 in a hash chain). The chain's root is printed and appended to the case's audit.jsonl (--no-record: not
appended). A bundled case is reported from its workspace copy, as \`recheck run\` runs it (--workspace).

--verify checks every file against manifest.json and the chain (--expect ROOT: against the root recorded when
the report was built), then that the report agrees with itself: decisions follow from the checks' outcomes,
results are the copied runs', run reports have the hashes audit.jsonl recorded, index.html is what report.json
renders to. --rerun then recomputes every recorded check from inputs/ in a temporary folder and compares
decisions, outcomes and evidence hashes, tolerating only runtime-dependent fields (timings, run folders) and
numbers within a relative 1e-9 (docs/reports.md).
Exit: 0 built / intact (and reproduced), 1 a file changed, was deleted or added, or the rerun differs (each
named on its own line), 2 bad input (no case, --out inside the case or not empty, not a report folder).`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'report',
      args,
      {
        out: { type: 'string' },
        verify: { type: 'string' },
        rerun: { type: 'boolean' },
        expect: { type: 'string' },
        json: { type: 'boolean' },
        who: { type: 'string' },
        workspace: { type: 'string' },
        'no-record': { type: 'boolean' },
      },
      { min: 0, max: 1, names: '<case-dir>' },
    );
    const [{ defaultRegistry }] = await Promise.all([import('../registry')]);
    if (values.verify !== undefined) {
      if (positionals.length > 0 || values.out !== undefined)
        throw new UsageError('report', '--verify takes a report folder only (no <case-dir>, no --out)');
      if (values.expect !== undefined && !/^[0-9a-f]{64}$/.test(values.expect))
        throw new UsageError('report', '--expect must be a SHA-256 in hex (64 digits)');
      const [{ verifyReport }, { rerunReport }] = await Promise.all([import('../../reports/verify'), import('../../reports/rerun')]);
      const dir = resolve(io.cwd, values.verify);
      const v = await verifyReport(dir, values.expect !== undefined ? { expect: values.expect } : {});
      let rerun = null;
      if (values.rerun && v.problems.length === 0 && v.data !== null) {
        const bar = createProgressBar(io, 'rerun');
        try {
          rerun = await rerunReport(dir, v.data, defaultRegistry(), {
            signal: io.signal,
            onProgress: (d, t, what) => bar.update(d, t, what),
          });
        } finally {
          bar.finish();
        }
      }
      const ok = v.problems.length === 0 && (rerun === null || rerun.ok);
      if (values.json) {
        io.stdout(
          `${JSON.stringify({ dir: values.verify, intact: v.problems.length === 0, root: v.root, files: v.files, problems: v.problems, notes: v.notes, ...(values.rerun ? { rerun: rerun ?? { skipped: 'the report is not intact' } } : {}) }, null, 2)}\n`,
        );
      } else {
        const out: string[] = [];
        for (const p of v.problems) out.push(`${p.file}: ${p.problem}`);
        out.push(
          v.problems.length === 0
            ? `${values.verify}: intact: ${v.files + 1} files match manifest.json, root ${v.root}`
            : `${values.verify}: NOT intact: ${v.problems.length} problem(s)`,
        );
        for (const n of v.notes) out.push(`  ${n}`);
        if (values.rerun) {
          if (rerun === null) out.push('rerun skipped: the report is not intact');
          else {
            out.push(
              'rerun from inputs/ (tolerated: timings, run folders, sweep checkpoint reuse, sandbox confinement, bundle hashes; numbers within relative 1e-9; summary numbers within 1e-2; see docs/reports.md):',
            );
            for (const l of rerun.lines) out.push(l.text);
            out.push(rerun.ok ? 'rerun: every decision and every check reproduced' : 'rerun: DIFFERS from the record');
          }
        }
        io.stdout(`${out.join('\n')}\n`);
      }
      return ok ? EXIT.ok : EXIT.doesNotHold;
    }

    if (positionals.length === 0) throw new UsageError('report', 'missing <case-dir> (or --verify DIR)');
    if (values.out === undefined) throw new UsageError('report', 'missing --out DIR: the folder to write the report to');
    if (values.rerun || values.expect !== undefined) throw new UsageError('report', '--rerun and --expect go with --verify DIR');
    const given = resolve(io.cwd, positionals[0] as string);
    try {
      if (!(await stat(given)).isDirectory()) throw new Error('not a folder');
      await stat(join(given, 'case.json'));
    } catch {
      throw new BadInputError(positionals[0] as string, 'not a case folder (no case.json)');
    }
    const workspaceDir = values.workspace !== undefined ? resolve(io.cwd, values.workspace) : defaultWorkspaceDir();
    const { dir, bundled } = await workingCopy(given, { bundledCasesDir: BUNDLED_CASES_DIR, workspaceDir });
    if (bundled) io.stderr(`recheck: ${given} is a bundled case: reporting its workspace copy ${dir}\n`);
    const [{ loadCase }, { buildReport }] = await Promise.all([import('../../cases/load'), import('../../reports/build')]);
    const registry = defaultRegistry();
    const loaded = await loadCase(dir, registry);
    const out = resolve(io.cwd, values.out);
    const built = await buildReport(loaded, registry, out, { who: reviewerName('report', values.who), record: !values['no-record'] });
    const notRun = built.data.falsifications.filter((f) => f.decision === null).map((f) => f.id);
    if (values.json)
      io.stdout(
        `${JSON.stringify({ dir: out, reportId: built.reportId, root: built.root, files: built.files, decisions: Object.fromEntries(built.data.falsifications.map((f) => [f.id, f.decision?.decision ?? null])) }, null, 2)}\n`,
      );
    else {
      io.stdout(
        [
          `report ${built.reportId} of case ${loaded.file.id}: ${join(out, 'index.html')}`,
          `${built.files} files, hash chain root ${built.root}${values['no-record'] ? '' : ` (recorded in ${join(dir, 'audit.jsonl')})`}`,
          ...(notRun.length > 0 ? [`not run yet, reported without a decision: ${notRun.join(', ')} (recheck run ${positionals[0]})`] : []),
          `verify: recheck report --verify ${values.out} --expect ${built.root}`,
        ].join('\n') + '\n',
      );
    }
    return EXIT.ok;
  },
};
