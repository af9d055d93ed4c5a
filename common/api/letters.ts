/**
 * The letters capability: letters drafted from a case's decisions, their versions and response tracking, and
 * their methods.
 * Each method is declared once here (common/api/method.ts); app/api/slices/letters.ts implements them.
 */
import type { ByReviewer } from './cases';
import { method, returns } from './method';
import { ApiArgumentError, arity, id, idList, name, optional, record, reviewer, text } from './validate';

/** Whom a letter is to: the paper's authors (falsifications that stand) or a logbook's author (one that is wrong). */
export type LetterKind = 'authors' | 'logbook';

/** Where a letter's response stands (app/letters/status.ts gives the allowed transitions). */
export type LetterState = 'drafted' | 'sent' | 'acknowledged' | 'agreed' | 'disputed' | 'fixed' | 'independent-convergence';

/** A letter drafted from the case's decisions (draftLetter): not saved until saveLetter. */
export interface LetterDraft {
  kind: LetterKind;
  /** The falsifications it is about, in the case's order. */
  falsificationIds: string[];
  /** The logbook whose author a `logbook` letter is to. */
  logbook?: string;
  markdown: string;
  /** Sendable: every falsification has a verdict agreeing with its checks and no open checklist question. */
  ready: boolean;
  /** What is missing before it can be sent, one line each (empty when ready). */
  missing: string[];
  /** Who signs it: the reviewers whose verdicts it reports. */
  signedBy: string[];
}

export interface DraftLetterOptions {
  kind?: LetterKind;
  falsificationId?: string;
}

/** A change of a letter's response status (the first is `drafted`, made by its first save). */
export interface LetterStatusView {
  state: LetterState;
  /** When it was recorded, and by whom. */
  at: string;
  who: string;
  /** The day it happened (sent, answered), YYYY-MM-DD. */
  date?: string;
  /** To whom it was sent. */
  to?: string;
  /** Their argument (disputed). */
  argument?: string;
  /** The paper version that fixes it (fixed, independent-convergence). */
  paperVersion?: string;
  note?: string;
}

export interface LetterVersionView {
  version: number;
  at: string;
  who: string;
  /** sha256 of the version's Markdown (letters/<id>/v<N>.md). */
  sha256: string;
  ready: boolean;
  missing: string[];
}

/** A saved letter: its versions and its response tracking. */
export interface LetterView {
  id: string;
  kind: LetterKind;
  falsificationIds: string[];
  logbook?: string;
  versions: LetterVersionView[];
  /** The current status, and every change (oldest first). */
  status: LetterStatusView;
  history: LetterStatusView[];
}

/** A letter as the case list and review queue show it. */
export interface LetterSummaryView {
  id: string;
  kind: LetterKind;
  falsificationIds: string[];
  state: LetterState;
  versions: number;
}

export interface SaveLetterInput extends ByReviewer {
  caseId: string;
  /** The letter to add a version to; absent: a new letter. */
  letterId?: string;
  kind: LetterKind;
  falsificationIds: string[];
  markdown: string;
}

export interface SetLetterStatusInput extends ByReviewer {
  caseId: string;
  letterId: string;
  state: LetterState;
  date?: string;
  to?: string;
  argument?: string;
  paperVersion?: string;
  note?: string;
}

export interface ExportLetterPdfInput {
  caseId: string;
  markdown: string;
  /** The falsifications whose checks' figures are appended. */
  falsificationIds: string[];
}

const LETTER_KINDS: readonly LetterKind[] = ['authors', 'logbook'];
const LETTER_STATES: readonly LetterState[] = ['drafted', 'sent', 'acknowledged', 'agreed', 'disputed', 'fixed', 'independent-convergence'];

function letterKind(method: string, v: unknown): LetterKind {
  if (!LETTER_KINDS.includes(v as LetterKind)) throw new ApiArgumentError(method, `kind must be one of ${LETTER_KINDS.join(', ')}`);
  return v as LetterKind;
}

/** Letters drafted from a case's decisions: draft, save as versions, track the response, print to PDF. */
export const LETTERS = {
  /**
   * Drafts a letter from the case's decisions and evidence (Markdown): to the authors (falsifications that stand)
   * or to a logbook's author (one that is wrong), with what is missing before it can be sent.
   */
  draftLetter: method({
    validate: (a, m): [caseId: string, options?: DraftLetterOptions] => {
      if (!Array.isArray(a) || a.length < 1 || a.length > 2)
        throw new ApiArgumentError(m, `expected 1 or 2 argument(s), got ${Array.isArray(a) ? a.length : typeof a}`);
      if (a[1] === undefined) return [id(m, 'caseId', a[0])];
      const r = record(m, a[1], ['kind', 'falsificationId']);
      const kind = optional(r.kind, (x) => letterKind(m, x));
      const falsificationId = optional(r.falsificationId, (x) => id(m, 'falsificationId', x));
      return [
        id(m, 'caseId', a[0]),
        { ...(kind !== undefined ? { kind } : {}), ...(falsificationId !== undefined ? { falsificationId } : {}) },
      ];
    },
    result: returns<LetterDraft>(),
  }),
  /** The case's saved letters with their versions and response status. */
  listLetters: method({ validate: (a, m): [caseId: string] => (arity(m, a, 1), [id(m, 'caseId', a[0])]), result: returns<LetterView[]>() }),
  /** The Markdown of one saved version of a letter. */
  readLetter: method({
    validate: (a, m): [caseId: string, letterId: string, version: number] => {
      arity(m, a, 3);
      if (!Number.isInteger(a[2]) || (a[2] as number) < 1 || (a[2] as number) > 1_000_000)
        throw new ApiArgumentError(m, 'version must be a whole number from 1');
      return [id(m, 'caseId', a[0]), id(m, 'letterId', a[1]), a[2] as number];
    },
    result: returns<string>(),
  }),
  /** Saves a letter as a new version under the case's letters/ folder (a new letter without letterId); logged. */
  saveLetter: method({
    validate: (a, m): [input: SaveLetterInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'letterId', 'kind', 'falsificationIds', 'markdown', 'reviewer']);
      const letterId = optional(r.letterId, (x) => id(m, 'letterId', x));
      const input: SaveLetterInput = {
        caseId: id(m, 'caseId', r.caseId),
        kind: letterKind(m, r.kind),
        falsificationIds: idList(m, 'falsificationIds', r.falsificationIds),
        markdown: text(m, 'markdown', r.markdown, 1_000_000),
        ...(letterId !== undefined ? { letterId } : {}),
        ...reviewer(m, r.reviewer),
      };
      return [input];
    },
    result: returns<LetterView>(),
  }),
  /** Records a change of a letter's response status (sent, acknowledged, agreed, disputed, fixed, ...); logged. */
  setLetterStatus: method({
    validate: (a, m): [input: SetLetterStatusInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'letterId', 'state', 'date', 'to', 'argument', 'paperVersion', 'note', 'reviewer']);
      if (!LETTER_STATES.includes(r.state as LetterState))
        throw new ApiArgumentError(m, `state must be one of ${LETTER_STATES.join(', ')}`);
      const date = optional(r.date, (x) => name(m, 'date', x, 10));
      const to = optional(r.to, (x) => name(m, 'to', x, 500));
      const argument = optional(r.argument, (x) => text(m, 'argument', x, 100_000));
      const paperVersion = optional(r.paperVersion, (x) => name(m, 'paperVersion', x, 300));
      const note = optional(r.note, (x) => text(m, 'note', x, 10_000));
      const input: SetLetterStatusInput = {
        caseId: id(m, 'caseId', r.caseId),
        letterId: id(m, 'letterId', r.letterId),
        state: r.state as LetterState,
        ...(date !== undefined ? { date } : {}),
        ...(to !== undefined ? { to } : {}),
        ...(argument !== undefined ? { argument } : {}),
        ...(paperVersion !== undefined ? { paperVersion } : {}),
        ...(note !== undefined ? { note } : {}),
        ...reviewer(m, r.reviewer),
      };
      return [input];
    },
    result: returns<LetterView>(),
  }),
  /** Prints a letter to PDF (self-contained HTML with math and the checks' figures, through Chromium); base64. */
  exportLetterPdf: method({
    validate: (a, m): [input: ExportLetterPdfInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'markdown', 'falsificationIds']);
      return [
        {
          caseId: id(m, 'caseId', r.caseId),
          markdown: text(m, 'markdown', r.markdown, 1_000_000),
          // An empty list passes: the service refuses a letter about no falsification in words a reviewer can act on.
          falsificationIds:
            Array.isArray(r.falsificationIds) && r.falsificationIds.length === 0 ? [] : idList(m, 'falsificationIds', r.falsificationIds),
        },
      ];
    },
    result: returns<{ base64: string }>(),
  }),
};
