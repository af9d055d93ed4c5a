/** The in-memory form of a validated `case.json` (format recheck.case/1). */
import type { FindingSays } from '../../common/api/contract';

export type { FindingSays };

/** The four things a logbook's finding may say (the challenge's verdicts), in the order forms offer them. */
export const FINDING_SAYS: readonly FindingSays[] = ['falsified', 'verified', 'toy', 'inconclusive'];

/**
 * Why an item (a claim, a finding or a check) was withdrawn: kept in case.json and the audit log, out of runs,
 * decisions, the review queue and letters (app/cases/withdraw.ts). Example: `{ at: '2026-12-02T02:30:00.000Z',
 * who: 'Ada', reason: 'y names a column the table does not have' }`.
 */
export interface Withdrawal {
  at: string;
  who: string;
  reason: string;
}

export interface Claim {
  id: string;
  text: string;
  section?: string;
  /** Withdrawn: kept for the history, out of everything that decides or writes (app/cases/withdraw.ts). */
  withdrawn?: Withdrawal;
}

export interface LogbookRef {
  id: string;
  /** Relative to the case folder. */
  path: string;
  format: 'trackio' | 'plain';
  title: string;
  author?: string;
  /** Referenced in place (app/logbook/links.ts): `path` is then only its name, the folder is in the user's registry. */
  linked?: boolean;
}

export interface CheckDecl {
  id: string;
  kind: string;
  title: string;
  params: Record<string, unknown>;
  /** Withdrawn: kept for the history; runs skip it. */
  withdrawn?: Withdrawal;
}

/** Where a claimed falsification's assertion is quoted from. */
export interface AssertionSource {
  logbook: string;
  page?: string;
  cell?: string;
}

/**
 * An answer to a question of the adversarial checklist (app/cases/checklist.ts): checks of the falsification
 * that settle it, not applicable with the reason, or open (with what is missing).
 */
export type ChecklistAnswer = { status: 'answered'; checks: string[]; note?: string } | { status: 'not-applicable'; reason: string } | { status: 'open'; note?: string };

/**
 * A logbook's finding on a claim (named `falsifications` in case.json, where findings began): what it says
 * (`says`, absent in files written before findings had a polarity: falsified), quoted from its cell.
 */
export interface Falsification {
  id: string;
  claim: string;
  logbook: string;
  /** What the finding says; absent: falsified (old case.json files load and save unchanged). */
  says?: FindingSays;
  assertion: string;
  source?: AssertionSource;
  checks: CheckDecl[];
  /** Answers to the adversarial checklist, by question id; a question without one is open. */
  checklist?: Record<string, ChecklistAnswer>;
  /** Withdrawn: kept for the history; out of runs, decisions, the review queue and letters. */
  withdrawn?: Withdrawal;
}

/** Whether an item is still in force (not withdrawn). Example: `isActive({ withdrawn: undefined })` is true. */
export function isActive(x: { withdrawn?: Withdrawal }): boolean {
  return x.withdrawn === undefined;
}

/** A finding under its domain name. */
export type Finding = Falsification;

/** What a finding says, `falsified` when the field is absent. Example: `findingSays({ ... no says ... })` is `falsified`. */
export function findingSays(f: Pick<Falsification, 'says'>): FindingSays {
  return f.says ?? 'falsified';
}

/** One answer of a perceptual review: the value written to the answers file, its key and its label. */
export interface PerceptualAnswerDecl {
  value: string;
  key: string;
  label: string;
}

/**
 * A case's image-pair set for blind perceptual review (app/perceptual/): the pairs table, the question asked,
 * its mode and answers, the share of pairs repeated to measure consistency, and the too-fast threshold.
 */
export interface PerceptualDecl {
  /** The pairs table (pairs.csv), relative to the case folder. */
  pairs: string;
  question: string;
  mode: 'rate-right' | 'compare';
  answers: PerceptualAnswerDecl[];
  /** Default 0.1. */
  repeatShare?: number;
  /** Default 600. */
  fastMs?: number;
}

export interface CaseFile {
  format: 'recheck.case/1';
  id: string;
  title: string;
  paper: { title: string; venueId: string; authors?: string[]; url?: string; claims: Claim[] };
  logbooks: LogbookRef[];
  falsifications: Falsification[];
  /** An image-pair set for perceptual review, when the case has one. */
  perceptual?: PerceptualDecl;
}

/** A case as loaded from disk: the validated file plus where it lives. */
export interface LoadedCase {
  dir: string;
  file: CaseFile;
}
