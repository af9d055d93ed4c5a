/**
 * The screen capability: `recheck screen` run by the core on a challenge folder of the workspace (docs/screen.md),
 * its progress and cancellation, its queue in the CLI's order with the judge view, a screened logbook read for
 * showing at a flagged cell, and a queue row made a case. Each method is declared once here; app/api/slices/screen.ts
 * implements them.
 */
import type { Flip, JudgeView } from '../../checkers/screen/judge';
import type { QueueReason } from '../../checkers/screen/queue';
import type { LogbookView } from './intake';
import { method, returns } from './method';
import { arity, id, name, record, reviewer } from './validate';

/** A folder of the workspace the screen can run on: `.` (the workspace's cases' logbooks) or a challenge folder. */
export interface ScreenFolderView {
  /** Relative to the workspace, `/`-separated. */
  path: string;
  /** The logbook folders it holds. */
  logbooks: number;
  /** Its verdict file (verdicts.jsonl, .json or .csv), or null: the logbooks' own findings stand in. */
  ledger: string | null;
}

export interface ScreenFlagView {
  kind: string;
  page: string;
  cell: string;
  message: string;
  /** The finding cell whose evidence the flag is about. */
  finding?: string;
}

/** One row of the queue (checkers/screen/queue.ts), each logbook's flags with their messages. */
export interface ScreenQueueRowView {
  position: number;
  rank: number;
  reasons: QueueReason[];
  paper: string;
  claim: string;
  status: string;
  logbooks: { logbook: string; verdict: string; screened: string | null; flags: ScreenFlagView[] }[];
}

export interface ScreenResultView {
  folder: string;
  ledger: string | null;
  logbooks: number;
  flaggedLogbooks: number;
  /** Flags per kind, over all logbooks. */
  flagCounts: Record<string, number>;
  queue: ScreenQueueRowView[];
  /** The judge view without the per-verdict list (that stays in `recheck screen --json`). */
  judge: { counts: JudgeView['counts']; flips: Flip[] };
}

export interface ScreenProgressView {
  screenId: string;
  folder: string;
  status: 'running' | 'done' | 'cancelled' | 'failed';
  done: number;
  total: number;
  error?: string;
  result?: ScreenResultView;
}

/** A queue row's logbook to make a case of. */
export interface ScreenCaseInput {
  folder: string;
  paper: string;
  claim: string;
  /** The screened folder name (as the queue row's `screened`). */
  logbook: string;
  reviewer?: string;
}

export interface ScreenCaseView {
  caseId: string;
  logbookId: string;
  claimId: string;
  findingId: string | null;
  checks: { id: string; kind: string }[];
  /** What could not be added as a check, and why (also in the finding's checklist). */
  notes: string[];
}

const folder = (m: string, v: unknown) => name(m, 'folder', v, 1000);

export const SCREEN = {
  /** The workspace's folders the screen can run on. */
  listScreenFolders: method({ validate: (a, m): [] => (arity(m, a, 0), []), result: returns<ScreenFolderView[]>() }),
  /** Starts screening a folder of the workspace (results cached in the workspace); follow it with screenProgress. */
  startScreen: method({
    validate: (a, m): [folder: string] => (arity(m, a, 1), [folder(m, a[0])]),
    result: returns<{ screenId: string }>(),
  }),
  /** How far a screen got; its result once done. */
  screenProgress: method({
    validate: (a, m): [screenId: string] => (arity(m, a, 1), [id(m, 'screenId', a[0])]),
    result: returns<ScreenProgressView>(),
  }),
  /** Stops a screen; results already cached stay. */
  cancelScreen: method({ validate: (a, m): [screenId: string] => (arity(m, a, 1), [id(m, 'screenId', a[0])]), result: returns<void>() }),
  /** A screened logbook, read for showing (at a flagged cell). */
  readScreenedLogbook: method({
    validate: (a, m): [folder: string, logbook: string] => (arity(m, a, 2), [folder(m, a[0]), name(m, 'logbook', a[1], 1000)]),
    result: returns<LogbookView>(),
  }),
  /** A queue row's logbook made a new case: the claim, the finding quoted from its cell, the logbook imported, the checks. */
  caseFromScreen: method({
    validate: (a, m): [input: ScreenCaseInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['folder', 'paper', 'claim', 'logbook', 'reviewer']);
      return [
        {
          folder: folder(m, r.folder),
          paper: name(m, 'paper', r.paper, 300),
          claim: name(m, 'claim', r.claim, 2000),
          logbook: name(m, 'logbook', r.logbook, 1000),
          ...reviewer(m, r.reviewer),
        },
      ];
    },
    result: returns<ScreenCaseView>(),
  }),
};
