/**
 * The lines of a review's `answers.jsonl` and their replay. The file is append-only: an answer is one line, an
 * undo is one more line naming the item it takes back; nothing is ever rewritten. Replaying the lines in order
 * against the review's plan gives the answers in force (resume = replay). Pure.
 *
 *   {"index":0,"pair":"p017","shownLeft":"fp32","shownRight":"q2","leftSha256":"9f…","rightSha256":"03…","answer":"usable","elapsedMs":1840,"at":"..."}
 *   {"undo":0,"at":"..."}
 *
 * A line counts only when it is what the plan expects at that point: an answer to the next item, naming that
 * item's pair and the conditions on its sides, with one of the review's answer values; an undo of the last
 * answer in force. Anything else (a corrupt line, an answer out of order) is counted as skipped, never trusted.
 */

/** An answer as written: the item, the pair and the conditions shown on each side (revealed only here). */
export interface AnswerRecord {
  readonly index: number;
  readonly pair: string;
  readonly shownLeft: string;
  readonly shownRight: string;
  /** sha256 of the files shown on each side, checked against the review's pins when the answer was taken (absent in answers from before pins). */
  readonly leftSha256?: string;
  readonly rightSha256?: string;
  readonly answer: string;
  readonly note?: string;
  readonly elapsedMs: number;
  readonly at: string;
}

export interface UndoRecord {
  readonly undo: number;
  readonly at: string;
}

export type ReviewRecord = AnswerRecord | UndoRecord;

/** What the plan shows at one position, by pair id and condition (what an answer must name). */
export interface ExpectedItem {
  readonly pair: string;
  readonly shownLeft: string;
  readonly shownRight: string;
}

export interface Replay {
  /** The answers in force, item 0 first (answers.length is the next item's index). */
  readonly answers: readonly AnswerRecord[];
  /** Lines that were not records, or records the plan does not expect at that point. */
  readonly skipped: number;
  /** Undo records applied. */
  readonly undos: number;
}

export function isUndo(r: ReviewRecord): r is UndoRecord {
  return 'undo' in r;
}

/** A parsed JSON value as a record, or null. */
export function asRecord(v: unknown): ReviewRecord | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const r = v as Record<string, unknown>;
  if (typeof r.at !== 'string') return null;
  if ('undo' in r) return isIndex(r.undo) ? { undo: r.undo, at: r.at } : null;
  if (
    !isIndex(r.index) ||
    typeof r.pair !== 'string' ||
    typeof r.shownLeft !== 'string' ||
    typeof r.shownRight !== 'string' ||
    typeof r.answer !== 'string'
  )
    return null;
  if (typeof r.elapsedMs !== 'number' || !Number.isFinite(r.elapsedMs) || r.elapsedMs < 0) return null;
  if (r.note !== undefined && typeof r.note !== 'string') return null;
  if (!isHashOrAbsent(r.leftSha256) || !isHashOrAbsent(r.rightSha256)) return null;
  return {
    index: r.index,
    pair: r.pair,
    shownLeft: r.shownLeft,
    shownRight: r.shownRight,
    ...(r.leftSha256 !== undefined ? { leftSha256: r.leftSha256 } : {}),
    ...(r.rightSha256 !== undefined ? { rightSha256: r.rightSha256 } : {}),
    answer: r.answer,
    elapsedMs: r.elapsedMs,
    at: r.at,
    ...(r.note !== undefined ? { note: r.note } : {}),
  };
}

function isHashOrAbsent(v: unknown): v is string | undefined {
  return v === undefined || (typeof v === 'string' && /^[0-9a-f]{64}$/.test(v));
}

function isIndex(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}

/**
 * Replays records (null for a line that did not parse) against the plan's items and the allowed answer values.
 * Example: answers to items 0 and 1, then `{undo: 1}`, replay to one answer in force (item 0).
 */
export function replay(records: readonly (ReviewRecord | null)[], plan: readonly ExpectedItem[], values: ReadonlySet<string>): Replay {
  const answers: AnswerRecord[] = [];
  let skipped = 0;
  let undos = 0;
  for (const r of records) {
    if (r === null) {
      skipped++;
      continue;
    }
    if (isUndo(r)) {
      if (answers.length > 0 && r.undo === answers.length - 1) {
        answers.pop();
        undos++;
      } else skipped++;
      continue;
    }
    const expected = plan[answers.length];
    if (expected === undefined || r.index !== answers.length || !matches(r, expected) || !values.has(r.answer)) {
      skipped++;
      continue;
    }
    answers.push(r);
  }
  return { answers, skipped, undos };
}

function matches(r: AnswerRecord, e: ExpectedItem): boolean {
  return r.pair === e.pair && r.shownLeft === e.shownLeft && r.shownRight === e.shownRight;
}
