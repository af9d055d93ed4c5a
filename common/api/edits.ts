/**
 * The edits capability: inputs and results of the atomic, validated, logged edits of a case (claims, findings,
 * checks, withdrawals, paper.md, added files, checklist answers) and their methods.
 * Each method is declared once here (common/api/method.ts); app/api/slices/edits.ts implements them.
 */
import type { AuditEntry, ByReviewer, ChecklistItemStatus, FindingSays } from './cases';
import { SAYS_WORDS } from '../words/outcomes';
import { method, returns } from './method';
import {
  ApiArgumentError,
  arity,
  BASE64,
  id,
  MAX_UPLOAD_BASE64,
  name,
  optional,
  params,
  record,
  reviewer,
  text,
  uploadPath,
} from './validate';

/** An answer to a checklist question of one falsification (an atomic, validated, logged edit of case.json). */
export interface AnswerChecklistInput extends ByReviewer {
  caseId: string;
  falsificationId: string;
  /** A question id of the checklist. */
  question: string;
  status: ChecklistItemStatus;
  /** Checks of the falsification that answer it (status answered: at least one). */
  checks?: string[];
  /** Why it does not apply (status not-applicable: required). */
  reason?: string;
  /** How the checks answer it, or what is missing (answered or open). */
  note?: string;
}

export interface AddClaimInput extends ByReviewer {
  caseId: string;
  /** The claim as the paper states it (e.g. text selected in the paper pane). */
  text: string;
  section?: string;
}

export interface AddFalsificationInput extends ByReviewer {
  caseId: string;
  claim: string;
  logbook: string;
  /** The words the logbook asserts, quoted. */
  assertion: string;
  /** The page and cell of the logbook the quote comes from. */
  source?: { page?: string; cell?: string };
  /** What the logbook's finding says (default falsified). */
  says?: FindingSays;
}

export interface AddCheckInput extends ByReviewer {
  caseId: string;
  falsification: string;
  kind: string;
  title?: string;
  params: Record<string, unknown>;
}

/**
 * Withdraws a claim, a finding or a check of a finding (app/cases/withdraw.ts): kept in case.json and the audit
 * log with the reason, out of runs, decisions, the review queue and letters. `finding` names the finding of a check.
 */
export interface WithdrawInput extends ByReviewer {
  caseId: string;
  item: 'claim' | 'finding' | 'check';
  id: string;
  /** The finding a withdrawn check belongs to (only with item "check"). */
  finding?: string;
  reason: string;
}

/** A new text of the case's paper.md; `baseSha256` (CaseDetail.paperSha256 when it was opened) refuses a lost update. */
export interface EditPaperInput extends ByReviewer {
  caseId: string;
  markdown: string;
  baseSha256?: string;
}

/** The result of an edit: the new item's id and its audit entry. */
export interface EditView {
  id: string;
  entry: AuditEntry;
}

export interface AddCaseFileInput extends ByReviewer {
  caseId: string;
  /** Where in the case, e.g. `sandbox/quantities.json` or `tables/sweep.csv` (never in a logbook, never over a file). */
  path: string;
  base64: string;
}

const FINDING_SAYS = Object.keys(SAYS_WORDS) as FindingSays[];
const CHECKLIST_STATUSES: readonly ChecklistItemStatus[] = ['answered', 'not-applicable', 'open'];

function findingSays(method: string, v: unknown): FindingSays {
  if (!FINDING_SAYS.includes(v as FindingSays)) throw new ApiArgumentError(method, `says must be one of ${FINDING_SAYS.join(', ')}`);
  return v as FindingSays;
}

/** The edits of a case: atomic, validated, logged changes of case.json, paper.md and the case's files. */
export const EDITS = {
  /** Adds a claim of the paper to a case (an atomic, validated, logged edit). */
  addClaim: method({
    validate: (a, m): [input: AddClaimInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'text', 'section', 'reviewer']);
      const section = optional(r.section, (x) => name(m, 'section', x, 300));
      const input: AddClaimInput = {
        caseId: id(m, 'caseId', r.caseId),
        text: text(m, 'text', r.text, 20_000),
        ...(section !== undefined ? { section } : {}),
        ...reviewer(m, r.reviewer),
      };
      return [input];
    },
    result: returns<EditView>(),
  }),
  /** Adds a claimed falsification, its assertion quoted from a logbook cell. */
  addFalsification: method({
    validate: (a, m): [input: AddFalsificationInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'claim', 'logbook', 'assertion', 'source', 'says', 'reviewer']);
      let source: AddFalsificationInput['source'];
      if (r.source !== undefined) {
        const src = record(m, r.source, ['page', 'cell']);
        const page = optional(src.page, (x) => name(m, 'source.page', x, 300));
        const cell = optional(src.cell, (x) => name(m, 'source.cell', x, 300));
        source = { ...(page !== undefined ? { page } : {}), ...(cell !== undefined ? { cell } : {}) };
      }
      const input: AddFalsificationInput = {
        caseId: id(m, 'caseId', r.caseId),
        claim: id(m, 'claim', r.claim),
        logbook: id(m, 'logbook', r.logbook),
        assertion: text(m, 'assertion', r.assertion, 20_000),
        ...(source !== undefined ? { source } : {}),
        ...(r.says !== undefined ? { says: findingSays(m, r.says) } : {}),
        ...reviewer(m, r.reviewer),
      };
      return [input];
    },
    result: returns<EditView>(),
  }),
  /** Adds a check to a claimed falsification; its params are validated against the kind's schema. */
  addCheck: method({
    validate: (a, m): [input: AddCheckInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'falsification', 'kind', 'title', 'params', 'reviewer']);
      const title = optional(r.title, (x) => name(m, 'title', x, 300));
      const input: AddCheckInput = {
        caseId: id(m, 'caseId', r.caseId),
        falsification: id(m, 'falsification', r.falsification),
        kind: id(m, 'kind', r.kind),
        params: params(m, r.params),
        ...(title !== undefined ? { title } : {}),
        ...reviewer(m, r.reviewer),
      };
      return [input];
    },
    result: returns<EditView>(),
  }),
  /** Withdraws a claim, a finding or a check (kept in the history with its reason; out of runs, decisions and letters); logged. */
  withdraw: method({
    validate: (a, m): [input: WithdrawInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'item', 'id', 'finding', 'reason', 'reviewer']);
      if (r.item !== 'claim' && r.item !== 'finding' && r.item !== 'check')
        throw new ApiArgumentError(m, 'item must be one of claim, finding, check');
      if ((r.item === 'check') !== (r.finding !== undefined))
        throw new ApiArgumentError(m, 'finding names the finding of a check, and only of a check');
      const finding = optional(r.finding, (x) => id(m, 'finding', x));
      const input: WithdrawInput = {
        caseId: id(m, 'caseId', r.caseId),
        item: r.item,
        id: id(m, 'id', r.id),
        ...(finding !== undefined ? { finding } : {}),
        reason: text(m, 'reason', r.reason, 5_000),
        ...reviewer(m, r.reviewer),
      };
      return [input];
    },
    result: returns<AuditEntry>(),
  }),
  /** Saves a new paper.md atomically, logged with its hashes before and after. */
  editPaper: method({
    validate: (a, m): [input: EditPaperInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'markdown', 'baseSha256', 'reviewer']);
      const baseSha256 = optional(r.baseSha256, (x) => {
        if (typeof x !== 'string' || !/^[0-9a-f]{64}$/.test(x)) throw new ApiArgumentError(m, 'baseSha256 must be 64 lowercase hex digits');
        return x;
      });
      const input: EditPaperInput = {
        caseId: id(m, 'caseId', r.caseId),
        markdown: text(m, 'markdown', r.markdown, 4 * 1024 * 1024),
        ...(baseSha256 !== undefined ? { baseSha256 } : {}),
        ...reviewer(m, r.reviewer),
      };
      return [input];
    },
    result: returns<AuditEntry>(),
  }),
  /** Copies a reviewer's file into the case (a quantities file, a table, a re-implementation), logged. */
  addCaseFile: method({
    validate: (a, m): [input: AddCaseFileInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'path', 'base64', 'reviewer']);
      const base64 = text(m, 'base64', r.base64, MAX_UPLOAD_BASE64);
      if (!BASE64.test(base64)) throw new ApiArgumentError(m, 'base64 must be base64');
      return [{ caseId: id(m, 'caseId', r.caseId), path: uploadPath(m, r.path), base64, ...reviewer(m, r.reviewer) }];
    },
    result: returns<AuditEntry>(),
  }),
  /** Answers a checklist question of a claimed falsification (or reopens it); logged. */
  answerChecklist: method({
    validate: (a, m): [input: AnswerChecklistInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'falsificationId', 'question', 'status', 'checks', 'reason', 'note', 'reviewer']);
      if (!CHECKLIST_STATUSES.includes(r.status as ChecklistItemStatus))
        throw new ApiArgumentError(m, `status must be one of ${CHECKLIST_STATUSES.join(', ')}`);
      if (r.checks !== undefined && (!Array.isArray(r.checks) || r.checks.length > 100))
        throw new ApiArgumentError(m, 'checks must be a list of at most 100 check ids');
      const checks = optional(r.checks, (x) => (x as unknown[]).map((c) => id(m, 'each check', c)));
      const reason = optional(r.reason, (x) => text(m, 'reason', x, 5_000));
      const note = optional(r.note, (x) => text(m, 'note', x, 5_000));
      const input: AnswerChecklistInput = {
        caseId: id(m, 'caseId', r.caseId),
        falsificationId: id(m, 'falsificationId', r.falsificationId),
        question: id(m, 'question', r.question),
        status: r.status as ChecklistItemStatus,
        ...(checks !== undefined ? { checks } : {}),
        ...(reason !== undefined ? { reason } : {}),
        ...(note !== undefined ? { note } : {}),
        ...reviewer(m, r.reviewer),
      };
      return [input];
    },
    result: returns<AuditEntry>(),
  }),
};
