/**
 * The screen of one challenge folder as the UI shows it (common/api/screen.ts): the same inputs as `recheck screen
 * DIR` (its verdict file, else the logbooks' own findings; its logbooks in DIR/logbooks, else DIR itself, whose
 * case folders stand for their declared logbooks), screened through the pool with a content-hash cache, and the
 * queue in the CLI's order (checkers/screen/queue.ts) with each flag's message, and the judge view's counts and flips.
 * Example: `await screenFolderView(ws, 'challenge', { jobs: 2, cache: join(ws, '.screen-cache') })`.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { judgeView } from '../../checkers/screen/judge';
import { screenQueue } from '../../checkers/screen/queue';
import type { ScreenFlagView, ScreenFolderView, ScreenResultView } from '../../common/api/screen';
import { resolveInside } from '../fs/confine';
import { findingClaims, ledgerClaims, ledgerIn, logbookFolders } from './challenge';
import type { ScreenResult } from './one';
import { readInOrder, screenAll } from './pool';

const isDir = (p: string) =>
  stat(p).then(
    (s) => s.isDirectory(),
    () => false,
  );

/** The folder's ledger and logbooks root: DIR/logbooks when it exists, else DIR. */
export async function screenInputs(dir: string): Promise<{ ledger: string | null; root: string }> {
  const ledger = await ledgerIn(dir);
  const sub = join(dir, 'logbooks');
  return { ledger, root: (await isDir(sub)) ? sub : dir };
}

/** The workspace folders a screen can run on: `.`, then every non-hidden sub-folder with a verdict file or a `logbooks` folder. */
export async function screenFolders(workspace: string): Promise<ScreenFolderView[]> {
  const out: ScreenFolderView[] = [];
  const describe = async (rel: string) => {
    const dir = rel === '.' ? workspace : join(workspace, rel);
    const { ledger, root } = await screenInputs(dir);
    const names = await logbookFolders(root, rel).catch(() => []);
    out.push({ path: rel, logbooks: names.length, ledger: ledger === null ? null : ledger.slice(dir.length + 1) });
  };
  await describe('.');
  const entries = await readdir(workspace, { withFileTypes: true }).catch(() => []);
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (!e.isDirectory() || e.name.startsWith('.')) continue;
    const dir = join(workspace, e.name);
    if ((await ledgerIn(dir)) !== null || (await isDir(join(dir, 'logbooks')))) await describe(e.name);
  }
  return out;
}

export interface FolderScreenOptions {
  readonly jobs: number;
  readonly cache: string;
  readonly signal?: AbortSignal;
  readonly progress?: (done: number, total: number) => void;
}

/** Screens `folder` (relative to the workspace, confined to it) and builds the view. */
export async function screenFolderView(workspace: string, folder: string, o: FolderScreenOptions): Promise<ScreenResultView> {
  const dir = folder === '.' ? workspace : resolveInside(workspace, folder);
  const { ledger, root } = await screenInputs(dir);
  const names = await logbookFolders(root, folder);
  o.progress?.(0, names.length);
  const claims = ledger !== null ? await ledgerClaims(ledger, join(folder, ledger.slice(dir.length + 1))) : null;
  const spoolDir = await mkdtemp(join(tmpdir(), 'recheck-screen-'));
  try {
    const run = await screenAll(root, names, {
      jobs: o.jobs,
      spool: join(spoolDir, 'results.jsonl'),
      cache: o.cache,
      ...(o.signal !== undefined ? { signal: o.signal } : {}),
      progress: (done) => o.progress?.(done, names.length),
    });
    const screened = new Map(run.summaries.map((s) => [s.logbook, s]));
    const verdicts = claims ?? findingClaims(run.summaries);
    const queue = screenQueue(verdicts, screened);
    const judge = judgeView(verdicts, screened);
    // Messages of the flagged logbooks only (read back from the spool, one at a time).
    const messages = new Map<string, ScreenFlagView[]>();
    const flagCounts: Record<string, number> = {};
    let flaggedLogbooks = 0;
    for (const line of readInOrder(run)) {
      const r = JSON.parse(line) as ScreenResult;
      if (r.flags.length === 0) continue;
      flaggedLogbooks++;
      for (const f of r.flags) flagCounts[f.kind] = (flagCounts[f.kind] ?? 0) + 1;
      messages.set(
        r.logbook,
        r.flags.map((f) => ({
          kind: f.kind,
          page: f.page,
          cell: f.cell,
          message: f.message,
          ...(f.finding !== undefined ? { finding: f.finding } : {}),
        })),
      );
    }
    return {
      folder,
      ledger: ledger === null ? null : ledger.slice(dir.length + 1),
      logbooks: names.length,
      flaggedLogbooks,
      flagCounts,
      queue: queue.map((row, i) => ({
        position: i + 1,
        rank: row.rank,
        reasons: [...row.reasons],
        paper: row.paper,
        claim: row.claim,
        status: row.status,
        logbooks: row.logbooks.map((l) => ({
          logbook: l.logbook,
          verdict: l.verdict,
          screened: l.screened,
          flags: l.screened === null ? [] : (messages.get(l.screened) ?? []),
        })),
      })),
      judge: { counts: judge.counts, flips: [...judge.flips] },
    };
  } finally {
    await rm(spoolDir, { recursive: true, force: true });
  }
}
