/**
 * `recheck screen --replay --budget S`: the cheap run cells a finding rests on, replayed in the sandbox
 * (app/replay/replay.ts, the same comparison as `recheck replay`), and a `replay-differs` flag for each whose
 * output is not what the logbook printed, naming the first differing line and both values. Cheap means: a
 * command the sandbox can run, recorded as exiting 0 within the budget (its `duration_s`); each replay is held to
 * the budget's wall clock (at least 5 s, for the sandbox and the interpreter to start). A cell that cannot run
 * here (no interpreter, a source neither embedded nor in the folder, a module the interpreter lacks) is no flag:
 * that says nothing against the logbook. The folder is replayed as a bare logbook: its one logbook at `.`.
 * Example: `await replayFlags('/c/logbooks/lb-00001', pages, { budgetS: 5 })` is `[]` when every cheap cell reproduces.
 */
import { readLogbook } from '../logbook/read';
import { replayCell } from '../replay/replay';
import { findingsOf } from '../../checkers/screen/findings';
import type { ScreenFlag, ScreenPage } from '../../checkers/screen/model';
import { oneLine } from '../text/display';

export interface ScreenReplayOptions {
  /** Seconds a cell may have taken when the logbook ran it, and the wall-clock limit of its replay. */
  readonly budgetS: number;
  /** The Python interpreter (default: the sandbox's). */
  readonly python?: string;
}

/** Commands a replay can run: python, python3, python3.11, bash, sh, node (as app/sandbox/process interpreterFor). */
const RUNNABLE = /^(?:python(?:3(?:\.\d+)?)?|bash|sh|node)$/;

/** The replay flags of the logbook folder `dir` (see the file comment). */
export async function replayFlags(dir: string, pages: readonly ScreenPage[], o: ScreenReplayOptions): Promise<ScreenFlag[]> {
  const seen = new Set<string>();
  const cheap: { page: string; cell: string; finding: string }[] = [];
  for (const f of findingsOf(pages))
    for (const e of f.evidence) {
      const c = e.cell;
      if (
        c.type !== 'code' ||
        seen.has(c.id) ||
        c.exitCode !== 0 ||
        c.durationS === undefined ||
        c.durationS === null ||
        c.durationS > o.budgetS
      )
        continue;
      const first = c.command[0];
      if (first === undefined || !RUNNABLE.test(first.slice(first.lastIndexOf('/') + 1))) continue;
      seen.add(c.id);
      cheap.push({ page: e.page, cell: c.id, finding: f.cell });
    }
  if (cheap.length === 0) return [];
  const view = await readLogbook(dir, { id: 'logbook', path: '.', format: 'trackio', title: '' });
  const flags: ScreenFlag[] = [];
  for (const c of cheap) {
    const out = await replayCell({
      caseDir: dir,
      where: dir,
      cell: c.cell,
      logbooks: [{ view, path: '.' }],
      limits: { timeoutMs: Math.max(5, o.budgetS) * 1000, cpuSeconds: Math.max(5, Math.ceil(o.budgetS)) },
      ...(o.python !== undefined ? { python: o.python } : {}),
    });
    if (out.result !== 'differs') continue;
    const d = out.comparison?.first;
    const where =
      d !== undefined
        ? ` (${d.reason}) at printed line ${d.printedLine ?? '-'}: printed "${oneLine(d.printed ?? '', 80)}", replayed "${oneLine(d.replayed ?? '', 80)}"`
        : '';
    flags.push({
      kind: 'replay-differs',
      page: c.page,
      cell: c.cell,
      finding: c.finding,
      message: `replayed in the sandbox, ${c.cell} does not print what the logbook printed${where}`,
    });
  }
  return flags;
}
