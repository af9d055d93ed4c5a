/**
 * The triage capability: a verdict ledger summarised into a re-check queue, and its method.
 * Each method is declared once here (common/api/method.ts); app/api/slices/triage.ts implements them.
 */
import type { TriageRow } from '../../checkers/ledger/triage';
import { method, returns } from './method';
import { ApiArgumentError, arity, BASE64, MAX_UPLOAD_BASE64, name, record, text } from './validate';

/** A verdict ledger (judge verdicts per paper, claim and logbook), summarised and turned into a queue. */
export interface TriageView {
  papers: number;
  claims: number;
  logbooks: number;
  claimStatus: Record<string, number>;
  paperCategories: Record<string, number>;
  /** What to re-check first: claimed falsifications, then contested claims, then toy-only support. */
  queue: TriageRowView[];
}

/** One row of the work queue (checkers/ledger/triage.ts), with the workspace cases about its paper. */
export type TriageRowView = TriageRow & {
  /** Cases of the workspace about this paper (their venue id is the ledger's paper id). */
  caseIds: string[];
};

/** Triage of a verdict ledger (judge verdicts per paper, claim and logbook) into a re-check queue. */
export const TRIAGE = {
  /** Reads a verdict ledger (CSV, JSON or JSON Lines, by its name) and gives the re-check queue. */
  triageLedger: method({
    validate: (a, m): [input: { name: string; base64: string }] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['name', 'base64']);
      const base64 = text(m, 'base64', r.base64, MAX_UPLOAD_BASE64);
      if (!BASE64.test(base64)) throw new ApiArgumentError(m, 'base64 must be base64');
      return [{ name: name(m, 'name', r.name, 255), base64 }];
    },
    result: returns<TriageView>(),
  }),
};
