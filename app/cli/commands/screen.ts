/** `recheck screen DIR|LEDGER --logbooks DIR`: every logbook's evidence checked without a person, and the organizer's queue. */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { BadInputError, EXIT } from '../../errors';

export const screenCommand: Command = {
  name: 'screen',
  summary:
    'screen every Trackio logbook of a challenge (printed fits, growth minimums, runs, units, metrics) and queue the claims to re-check',
  usage: `usage: recheck screen <DIR|LEDGER> [--logbooks DIR] [--json] [--csv FILE] [--jobs N] [--cache DIR] [--shard i/N] [--replay [--budget S] [--python PATH]]
                      [--backend slurm --cache DIR [--tasks N] [--partition P] [--array-max N] [--time T] [--mem M]]

Screens every Trackio logbook folder under --logbooks (workspace folders with .trackio/logbook, downloaded
static Spaces) without a person, and flags, each naming the logbook, page, cell and the numbers computed:
  printed-inconsistent     a printed fit (b = ... ± ...) does not follow from the table it was fitted on
  premature-verification   a finding about growth or scale says verified (or falsified: premature-falsification)
                           while the growth conclusion on its table is cannot-tell (fewer than 6 distinct x,
                           xmax/xmin below 10, or no decision)
  failed-run               a run cell of a finding's evidence exited non-zero
  truncated-output         a run cell of a finding's evidence lost output to elision or was interrupted
  missing-artifact         an artifact cell's local file is not in the logbook folder
  non-finite-metrics       a metrics database a dashboard cell references holds NaN or Infinity
                           (unreadable-metrics: it cannot be read)
  units-mismatch           a finding compares quantities counted per different things (per batch and per
                           trajectory, per token and per sequence)
  unreadable-logbook       the folder holds no readable Trackio logbook (the screen goes on)
  replay-differs           (with --replay) a run cell a finding rests on, replayed in the sandbox, does not
                           print what the logbook printed (the first differing line, both values)
Then joins the flags with the judge's verdicts per (paper, claim): LEDGER is a verdict file (as recheck
ledger reads it); DIR is a challenge folder holding verdicts.jsonl, verdicts.json or verdicts.csv (or none:
the logbooks' own findings stand in) and, unless --logbooks says otherwise, its logbooks in DIR/logbooks.
The queue (docs/screen.md): first premature verifications and falsifications resting on one flagged
logbook, then contested claims, then claims whose evidence is flagged; within each, more kinds of flag first.
Last, the judge view: each verdict is supported (its evidence has no flag: not proof), contradicted (printed-
inconsistent or units-mismatch on its evidence), cannot-carry (another flag, or no finding), no-decision or
unscreened; counts per verdict kind, and the claims judged both ways with each logbook's horizon (largest x).
--json prints {"logbooks": [{"logbook", "flags": [{"kind", "page", "cell", "message"}]}], "queue": [...],
"judge": {"counts", "flips", "verdicts"}};
--csv FILE writes the queue as CSV. --jobs N screens on N worker threads (default: the machine's cores);
the output is the same bytes whatever N. --cache DIR keeps each logbook's flags under the hash of its files
and the rules' version: an unchanged logbook is not screened again.
--shard i/N --cache DIR screens only the i-th of N contiguous shares of the folders into the cache and prints a
count: one task of a job array (sbatch --array=0-(N-1), i = $SLURM_ARRAY_TASK_ID, the cache on shared storage);
a run without --shard after the array reads every logbook from the cache: the same output as one machine.
--backend slurm --cache DIR does both: it submits that array itself (N = --tasks, default min(folders, 100); the
sweeps' allow-listed sbatch options --partition, --array-max, --time, --mem), waits for it, then prints the
screen from the cache (a folder a failed task left out is screened here).
--replay [--budget S] replays, in the sandbox (as recheck replay does), every run cell a finding rests on that
the logbook ran in at most S seconds (default 10) with exit 0 and a command the sandbox can run (Python, shell,
Node), each held to S seconds (at least 5); a cell that cannot run here is no flag. Replays are cached under
keys of their own. --python PATH: the interpreter (default: the system python3).
A logbook that cannot be read is a flag, not a failure; a missing folder or ledger is bad input (exit 2).`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'screen',
      args,
      {
        logbooks: { type: 'string' },
        json: { type: 'boolean' },
        csv: { type: 'string' },
        jobs: { type: 'string' },
        cache: { type: 'string' },
        replay: { type: 'boolean' },
        budget: { type: 'string' },
        python: { type: 'string' },
        shard: { type: 'string' },
        backend: { type: 'string' },
        tasks: { type: 'string' },
        partition: { type: 'string' },
        'array-max': { type: 'string' },
        time: { type: 'string' },
        mem: { type: 'string' },
      },
      { min: 1, max: 1, names: '<DIR|LEDGER>' },
    );
    if (values.replay !== true && (values.budget !== undefined || values.python !== undefined))
      throw new UsageError('screen', '--budget and --python go with --replay');
    const budgetS = values.budget === undefined ? 10 : Number(values.budget);
    if (!(budgetS > 0 && budgetS <= 3600))
      throw new UsageError('screen', `--budget must be seconds from 0 to 3600, got "${values.budget}"`);
    const replay =
      values.replay === true ? { budgetS, ...(values.python !== undefined ? { python: resolve(io.cwd, values.python) } : {}) } : undefined;
    const jobs = values.jobs === undefined ? availableParallelism() : Number(values.jobs);
    if (!Number.isInteger(jobs) || jobs < 1 || jobs > 256)
      throw new UsageError('screen', `--jobs must be a whole number from 1 to 256, got "${values.jobs}"`);
    const target = positionals[0] as string;
    const path = resolve(io.cwd, target);
    const kind = await stat(path).then(
      (s) => (s.isDirectory() ? 'dir' : s.isFile() ? 'file' : 'other'),
      () => 'missing',
    );
    if (kind === 'missing') throw new BadInputError(target, 'no such file or folder');
    if (kind === 'other') throw new BadInputError(target, 'neither a folder nor a verdict file');
    const { ledgerIn, ledgerClaims, findingClaims, logbookFolders } = await import('../../screen/challenge');
    const ledger = kind === 'file' ? path : await ledgerIn(path);
    const logbooksArg = values.logbooks ?? (kind === 'dir' ? join(target, 'logbooks') : undefined);
    if (logbooksArg === undefined) throw new UsageError('screen', 'a verdict file needs --logbooks DIR');
    const root = resolve(io.cwd, logbooksArg);
    const names = await logbookFolders(root, logbooksArg);
    if (values.shard !== undefined && values.backend !== undefined)
      throw new UsageError('screen', '--shard is what one array task runs: it does not go with --backend');
    if (values.shard !== undefined) {
      // One task of a job array (Slurm's SLURM_ARRAY_TASK_ID): its contiguous share of the folders, into the shared cache.
      const m = /^(\d+)\/(\d+)$/.exec(values.shard);
      const [i, n] = m === null ? [NaN, NaN] : [Number(m[1]), Number(m[2])];
      if (!(n >= 1 && i >= 0 && i < n)) throw new UsageError('screen', `--shard must be i/N with 0 <= i < N, got "${values.shard}"`);
      if (values.cache === undefined)
        throw new UsageError('screen', '--shard writes into the cache: give --cache DIR (on storage every task sees)');
      const mine = names.slice(Math.floor((i * names.length) / n), Math.floor(((i + 1) * names.length) / n));
      const { screenAll } = await import('../../screen/pool');
      const spoolDir = await mkdtemp(join(tmpdir(), 'recheck-screen-'));
      try {
        await screenAll(root, mine, {
          jobs,
          spool: join(spoolDir, 'results.jsonl'),
          cache: resolve(io.cwd, values.cache),
          ...(replay !== undefined ? { replay } : {}),
        });
      } finally {
        await rm(spoolDir, { recursive: true, force: true });
      }
      io.stdout(
        values.json === true
          ? `${JSON.stringify({ shard: values.shard, logbooks: mine.length })}\n`
          : `screened shard ${values.shard}: ${mine.length} logbooks into ${values.cache}\n`,
      );
      return EXIT.ok;
    }
    const backend = values.backend ?? 'local';
    if (backend !== 'local' && backend !== 'slurm') throw new UsageError('screen', `--backend is local or slurm, got "${backend}"`);
    const slurmOnly = (['tasks', 'partition', 'array-max', 'time', 'mem'] as const).filter((k) => values[k] !== undefined);
    if (backend === 'local' && slurmOnly.length > 0) throw new UsageError('screen', `--${slurmOnly[0]} goes with --backend slurm`);
    if (backend === 'slurm') {
      if (values.cache === undefined)
        throw new UsageError('screen', '--backend slurm screens into the cache: give --cache DIR (on storage every node sees)');
      const count = (name: string, v: string | undefined): number | undefined => {
        if (v === undefined) return undefined;
        if (!/^[1-9][0-9]{0,4}$/.test(v)) throw new UsageError('screen', `--${name} must be a whole number from 1 to 99999, got "${v}"`);
        return Number(v);
      };
      const tasks = count('tasks', values.tasks);
      const arrayMax = count('array-max', values['array-max']);
      const { screenOnSlurm } = await import('../../screen/slurm');
      const end = await screenOnSlurm({
        target: path,
        root,
        folders: names.length,
        cache: resolve(io.cwd, values.cache),
        ...(tasks !== undefined ? { tasks } : {}),
        ...(replay !== undefined ? { replay } : {}),
        settings: {
          ...(values.partition !== undefined ? { partition: values.partition } : {}),
          ...(arrayMax !== undefined ? { arrayMax } : {}),
          ...(values.time !== undefined ? { time: values.time } : {}),
          ...(values.mem !== undefined ? { mem: values.mem } : {}),
        },
        notice: (line) => io.stderr(`${line}\n`),
      });
      const failed = Object.entries(end.states).filter(([state]) => state !== 'COMPLETED');
      if (failed.length > 0)
        io.stderr(`Slurm job ${end.jobId}: ${failed.map(([st, n]) => `${n} ${st}`).join(', ')}: their logbooks are screened here\n`);
    }
    const claims =
      ledger !== null ? await ledgerClaims(ledger, ledger === path ? target : join(target, ledger.slice(path.length + 1))) : null;
    const [{ screenAll, readInOrder }, { screenQueue }, { judgeView }, report] = await Promise.all([
      import('../../screen/pool'),
      import('../../../checkers/screen/queue'),
      import('../../../checkers/screen/judge'),
      import('../../screen/report'),
    ]);
    const spoolDir = await mkdtemp(join(tmpdir(), 'recheck-screen-'));
    try {
      const run = await screenAll(root, names, {
        jobs,
        ...(replay !== undefined ? { replay } : {}),
        spool: join(spoolDir, 'results.jsonl'),
        ...(values.cache !== undefined ? { cache: resolve(io.cwd, values.cache) } : {}),
        progress: io.isTTY ? (done) => io.stderr(`\rscreened ${done} of ${names.length}`) : undefined,
      });
      if (io.isTTY && names.length > 0) io.stderr('\n');
      const screened = new Map(run.summaries.map((s) => [s.logbook, s]));
      const verdicts = claims ?? findingClaims(run.summaries);
      const queue = screenQueue(verdicts, screened);
      const judge = judgeView(verdicts, screened);
      if (values.csv !== undefined) {
        const { writeFileAtomic } = await import('../../fs/atomic');
        await writeFileAtomic(resolve(io.cwd, values.csv), report.queueCsv(queue));
      }
      const parse = (line: string) => JSON.parse(line) as import('../../screen/one').ScreenResult;
      if (values.json === true) {
        io.stdout('{"logbooks": [');
        let first = true;
        for (const line of readInOrder(run)) {
          io.stdout(`${first ? '\n' : ',\n'}${report.logbookJson(parse(line))}`);
          first = false;
        }
        io.stdout(
          `\n], "queue": [${queue.map((r, i) => `\n${report.queueJson(r, i + 1)}`).join(',')}\n], "judge": ${report.judgeJson(judge)}}\n`,
        );
        return EXIT.ok;
      }
      const counts = new Map<string, number>();
      let flagged = 0;
      for (const line of readInOrder(run)) {
        const r = parse(line);
        if (r.flags.length > 0) flagged++;
        for (const f of r.flags) counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1);
        for (const l of report.logbookLines(r)) io.stdout(`${l}\n`);
      }
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      io.stdout(
        `screened ${names.length} logbooks: ${total} flags in ${flagged} logbooks${total > 0 ? ` (${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}\n`,
      );
      io.stdout(
        `queue (${queue.length} claims; ${claims !== null ? 'judge verdicts from the ledger' : "the logbooks' own findings as verdicts"}):\n`,
      );
      queue.forEach((r, i) => io.stdout(`${report.queueLine(r, i + 1)}\n`));
      for (const l of report.judgeLines(judge)) io.stdout(`${l}\n`);
      return EXIT.ok;
    } finally {
      await rm(spoolDir, { recursive: true, force: true });
    }
  },
};
