/**
 * Judge verdicts, one per (paper, claim, logbook), and a tolerant reader for the JSON shape the public
 * challenge verdict files use: one object per logbook with its paper, its claims and their verdicts.
 * Accepted variants (all case-insensitive on verdict words):
 * - top level: an array of logbook objects, one logbook object, or an object holding the array under
 *   `logbooks`, `entries`, `results`, `verdicts` or `items` (a paper key there applies to every logbook);
 * - paper key: `paper`, `paper_id`, `paperId`, `orid`, `venueId`, `venue_id`, `openreview_id`, `forum`
 *   (or an object with an `id`); logbook key: `logbook`, `logbook_id`, `logbookId`, `id`, `name`,
 *   `space_id`, `repo` (or an object with an `id`);
 * - claims under `claims`, `verdicts` or `results`: an array of objects with `claim`/`claim_id`/`claimId`/
 *   `target_claim`/`id` (the claim's id or text; when none is given the claim is named by its position,
 *   `#1`, `#2`, ..., as the challenge lists a paper's claims in a fixed order) and `verdict`/`status`/
 *   `label`/`judgement`/`judgment`, or a map claim id -> verdict word or -> object.
 * Public verdict files look like `{"space_id": "user/repro-x", "paper_id": "...", "judged_at": "...",
 * "claims": [{"claim": "<text>", "verdict": "toy", "evidence": "..."}]}`, as a list, under `verdicts`, or
 * one object per line (JSON Lines: see `verdictRowsFromJsonLines`).
 * Guarantee: exact (pure bookkeeping).
 */
import { CheckerError } from '../errors';

export const VERDICTS = ['verified', 'falsified', 'toy', 'inconclusive'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface VerdictRow {
  paper: string;
  claim: string;
  logbook: string;
  verdict: Verdict;
  /** Where the row came from: `line 7` (CSV) or a JSON pointer such as `/0/claims/2/verdict`. */
  source: string;
}

/** A ledger input that does not read: `where` is a line (`line 7`) or a JSON pointer. */
export class LedgerInputError extends CheckerError {
  constructor(
    readonly where: string,
    readonly reason: string,
  ) {
    super('ledger', `${where || '/'}: ${reason}`);
  }
}

/**
 * The verdict a word names (case and surrounding space ignored; `toy-only`/`toy_only` read as toy).
 * Throws LedgerInputError naming `where` for any other word. Example: `parseVerdict(' Verified ', 'line 2')`
 * is `verified`.
 */
export function parseVerdict(word: unknown, where: string): Verdict {
  if (typeof word !== 'string')
    throw new LedgerInputError(where, `verdict must be a word (${VERDICTS.join(', ')}), got ${JSON.stringify(word)}`);
  const w = word
    .trim()
    .toLowerCase()
    .replace(/[-_ ]only$/, '');
  const found = VERDICTS.find((v) => v === w);
  if (found === undefined)
    throw new LedgerInputError(where, `unknown verdict ${JSON.stringify(word)}; expected one of ${VERDICTS.join(', ')}`);
  return found;
}

const LIST_KEYS = ['logbooks', 'entries', 'results', 'verdicts', 'items'];
const PAPER_KEYS = ['paper', 'paper_id', 'paperId', 'orid', 'venueId', 'venue_id', 'openreview_id', 'forum'];
const LOGBOOK_KEYS = ['logbook', 'logbook_id', 'logbookId', 'id', 'name', 'space_id', 'repo'];
const CLAIMS_KEYS = ['claims', 'verdicts', 'results'];
const CLAIM_ID_KEYS = ['claim', 'claim_id', 'claimId', 'target_claim', 'id'];
const VERDICT_KEYS = ['verdict', 'status', 'label', 'judgement', 'judgment'];

/**
 * Verdict rows from a parsed JSON document in any of the accepted shapes.
 * Example: `[{"paper": "P", "logbook": "L", "claims": [{"id": "C1", "verdict": "falsified"}]}]` gives one
 * row {paper: P, claim: C1, logbook: L, verdict: falsified}.
 */
export function verdictRowsFromJson(doc: unknown): VerdictRow[] {
  const { list, base } = logbookList(doc);
  // A paper named once at the top level ({"paper": ..., "logbooks": [...]}) applies to every logbook.
  const inheritedPaper =
    isObject(doc) && base !== null && base !== '' && PAPER_KEYS.some((k) => k in doc) ? idAt(doc, PAPER_KEYS, '', 'paper') : undefined;
  const rows: VerdictRow[] = [];
  list.forEach((entry, i) => {
    const ptr = base === null ? '' : `${base}/${i}`;
    if (!isObject(entry)) throw new LedgerInputError(ptr || '/', 'expected an object with a paper, a logbook and claims');
    const paper =
      PAPER_KEYS.some((k) => k in entry) || inheritedPaper === undefined ? idAt(entry, PAPER_KEYS, ptr, 'paper') : inheritedPaper;
    const logbook = idAt(entry, LOGBOOK_KEYS, ptr, 'logbook');
    const claimsKey = CLAIMS_KEYS.find((k) => k in entry);
    if (claimsKey === undefined) throw new LedgerInputError(ptr, `no claims (looked for ${CLAIMS_KEYS.join(', ')})`);
    const claims = entry[claimsKey];
    const cptr = `${ptr}/${claimsKey}`;
    if (Array.isArray(claims)) {
      claims.forEach((c, j) => {
        const p = `${cptr}/${j}`;
        if (!isObject(c)) throw new LedgerInputError(p, 'expected an object with a claim id and a verdict');
        const claimId = CLAIM_ID_KEYS.some((k) => k in c) ? idAt(c, CLAIM_ID_KEYS, p, 'claim') : `#${j + 1}`;
        rows.push(row(paper, claimId, logbook, c, p));
      });
    } else if (isObject(claims)) {
      for (const [claimId, v] of Object.entries(claims)) {
        const p = `${cptr}/${escapePointer(claimId)}`;
        if (isObject(v)) rows.push(row(paper, claimId, logbook, v, p));
        else rows.push({ paper, claim: claimId, logbook, verdict: parseVerdict(v, p), source: p });
      }
    } else {
      throw new LedgerInputError(cptr, 'claims must be an array or an object');
    }
  });
  return rows;
}

/**
 * Verdict rows from JSON Lines text: one logbook object per non-blank line; places read `line 3: /claims/0/verdict`.
 * `parse` reads one line's JSON (default JSON.parse; the CLI passes a bounded parser); what it throws becomes a
 * LedgerInputError naming the line.
 * Example: two lines `{"paper_id": "P", "space_id": "u/a", "claims": [{"verdict": "verified"}]}` and the same
 * with `u/b` give two rows for claim `#1`.
 */
export function verdictRowsFromJsonLines(text: string, parse: (line: string) => unknown = JSON.parse): VerdictRow[] {
  const rows: VerdictRow[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    const where = `line ${i + 1}`;
    let doc: unknown;
    try {
      doc = parse(line);
    } catch (err) {
      // The parser's message may quote the line (and so its control characters): keep its first clause only.
      const message = (err as Error).message.split(/, "|\n/)[0] ?? 'unreadable';
      throw new LedgerInputError(where, `not valid JSON: ${message}`);
    }
    if (!isObject(doc)) throw new LedgerInputError(where, 'expected one logbook object per line');
    try {
      for (const r of verdictRowsFromJson(doc)) rows.push({ ...r, source: `${where}: ${r.source}` });
    } catch (err) {
      if (err instanceof LedgerInputError)
        throw new LedgerInputError(err.where === '' || err.where === '/' ? where : `${where}: ${err.where}`, err.reason);
      throw err;
    }
  });
  return rows;
}

function row(paper: string, claim: string, logbook: string, obj: Record<string, unknown>, ptr: string): VerdictRow {
  const key = VERDICT_KEYS.find((k) => k in obj);
  if (key === undefined) throw new LedgerInputError(ptr, `no verdict (looked for ${VERDICT_KEYS.join(', ')})`);
  const p = `${ptr}/${key}`;
  return { paper, claim, logbook, verdict: parseVerdict(obj[key], p), source: p };
}

/** The logbook objects and the JSON pointer of their array (null: the document is one logbook object). */
function logbookList(doc: unknown): { list: unknown[]; base: string | null } {
  if (Array.isArray(doc)) return { list: doc, base: '' };
  if (isObject(doc)) {
    const key = LIST_KEYS.find(
      (k) => Array.isArray(doc[k]) && (doc[k] as unknown[]).every((e) => isObject(e) && CLAIMS_KEYS.some((c) => c in e)),
    );
    if (key !== undefined) return { list: doc[key] as unknown[], base: `/${key}` };
    if (CLAIMS_KEYS.some((c) => c in doc)) return { list: [doc], base: null };
  }
  throw new LedgerInputError('/', 'expected an array of logbook objects (each with a paper, a logbook and claims)');
}

function idAt(obj: Record<string, unknown>, keys: readonly string[], ptr: string, what: string): string {
  for (const k of keys) {
    const v = obj[k];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
    if (typeof v === 'number') {
      // A JSON number that float64 cannot hold exactly would merge distinct ids (1e400 and 1e500 both read as
      // Infinity, 2^53 + 1 as 2^53): ask for a string instead.
      if (!Number.isFinite(v) || (Number.isInteger(v) && !Number.isSafeInteger(v)))
        throw new LedgerInputError(`${ptr}/${k}`, `${what} id ${v} is not exact as a JSON number; write it as a string`);
      return String(v);
    }
    if (isObject(v) && typeof v.id === 'string' && v.id.trim() !== '') return v.id.trim();
  }
  throw new LedgerInputError(ptr, `no ${what} id (looked for ${keys.join(', ')})`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function escapePointer(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}
