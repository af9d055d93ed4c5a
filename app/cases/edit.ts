/**
 * Edits of a case without writing JSON by hand: add a claim, a logbook, a claimed falsification (its
 * assertion quoted from a logbook cell) or a check. Each edit is one atomic step: the case is loaded, the
 * change applied to a copy, the result validated as a whole (schema, references, check params against the
 * kind's schema, confined paths), written atomically, and logged in `audit.jsonl` with the hashes of
 * case.json before and after. A refused edit leaves the case as it was. Edits of one case run one at a time
 * (app/fs/case-queue.ts), so two edits started at once both land, and the audit log's hashes form one chain.
 */
import { join } from 'node:path';
import type { AuditEntry } from '../../common/api/contract';
import type { CheckRegistry } from './check-registry';
import { BadInputError } from '../errors';
import { writeJsonAtomic } from '../fs/atomic';
import { withCaseWriter } from '../fs/case-queue';
import { readInside } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { appendAudit } from './audit';
import { displayPath, loadCase, validateCaseJson } from './load';
import { CHECKLIST_IDS, checklistAnswerProblem } from './checklist';
import { missingColumn } from './table-columns';
import type { AssertionSource, CaseFile, ChecklistAnswer, CheckDecl, Claim, LogbookRef } from './model';

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Who made an edit, for the audit log. */
export interface Reviewer {
  readonly who: string;
}

/** An edit's result: the new case.json and its audit entry. */
export interface EditResult {
  readonly file: CaseFile;
  readonly entry: AuditEntry;
}

/**
 * Applies `change` to a copy of the case, validates the whole, writes case.json atomically and logs the edit.
 * Example: `await editCase(dir, registry, { who: 'Ada' }, 'add-claim C2', (c) => { c.paper.claims.push(...); })`.
 */
export async function editCase(dir: string, registry: CheckRegistry, reviewer: Reviewer, what: string, change: (c: CaseFile) => void, details: Record<string, unknown> = {}): Promise<EditResult> {
  // Read, change, write and log as the case's only writer: an edit started at the same instant reads the
  // case.json this one wrote (before, both read the same file and one edit was lost).
  return withCaseWriter(dir, async () => {
    const loaded = await loadCase(dir, registry);
    const before = sha256(await readInside(dir, 'case.json', { maxBytes: 4 * 1024 * 1024 }));
    const next = structuredClone(loaded.file);
    change(next);
    refuseFindingsOnWithdrawnClaims(loaded.file, next, displayPath(join(dir, 'case.json')));
    const file = await validateCaseJson(dir, next, registry);
    const text = `${JSON.stringify(file, null, 2)}\n`;
    await writeJsonAtomic(join(dir, 'case.json'), file);
    const entry: AuditEntry = {
      at: new Date().toISOString(),
      who: reviewer.who,
      action: 'edit',
      caseId: file.id,
      hashes: { 'case.json@before': before, 'case.json': sha256(text) },
      details: { edit: what, ...details },
    };
    await appendAudit(dir, entry);
    return { file, entry };
  });
}

/** A finding added by this edit (any edit: add-finding, add-falsification) must not be about a withdrawn claim. */
function refuseFindingsOnWithdrawnClaims(before: CaseFile, after: CaseFile, shown: string): void {
  const old = new Set(before.falsifications.map((f) => f.id));
  for (const f of after.falsifications) {
    if (old.has(f.id)) continue;
    const claim = after.paper.claims.find((c) => c.id === f.claim);
    if (claim?.withdrawn !== undefined) throw new BadInputError(shown, `claim ${claim.id} is withdrawn (${claim.withdrawn.reason}): a finding cannot be about it`);
  }
}

/** The next free id `<prefix><n>` among `taken` (C1, C2, ... or F1, ...). */
export function nextId(prefix: string, taken: readonly string[]): string {
  const used = new Set(taken);
  for (let n = 1; ; n++) if (!used.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

function checkId(file: string, what: string, id: string, taken: readonly string[]): string {
  if (!ID.test(id)) throw new BadInputError(file, `${what} id "${id}" must start with a letter or digit and hold only letters, digits, ".", "_" or "-" (at most 128)`);
  if (taken.includes(id)) throw new BadInputError(file, `there is already a ${what} "${id}"`);
  return id;
}

/** Adds a claim of the paper (its text quoted from paper.md or the paper). */
export async function addClaim(dir: string, registry: CheckRegistry, reviewer: Reviewer, claim: { id?: string; text: string; section?: string }): Promise<EditResult & { id: string }> {
  const shown = displayPath(join(dir, 'case.json'));
  let id = '';
  const r = await editCase(dir, registry, reviewer, 'add-claim', (c) => {
    const taken = c.paper.claims.map((x) => x.id);
    id = claim.id !== undefined ? checkId(shown, 'claim', claim.id, taken) : nextId('C', taken);
    const text = claim.text.trim();
    if (text === '') throw new BadInputError(shown, 'a claim needs its text');
    const added: Claim = { id, text, ...(claim.section !== undefined && claim.section.trim() !== '' ? { section: claim.section.trim() } : {}) };
    c.paper.claims.push(added);
  });
  return { ...r, id };
}

/** Adds a logbook reference (the folder must already be inside the case). */
export async function addLogbook(dir: string, registry: CheckRegistry, reviewer: Reviewer, ref: LogbookRef): Promise<EditResult> {
  const shown = displayPath(join(dir, 'case.json'));
  return editCase(dir, registry, reviewer, 'add-logbook', (c) => {
    checkId(shown, 'logbook', ref.id, c.logbooks.map((x) => x.id));
    c.logbooks.push(ref);
  });
}

/** Adds a claimed falsification of a claim, its assertion quoted from a logbook (and, ideally, its cell). */
export async function addFalsification(
  dir: string,
  registry: CheckRegistry,
  reviewer: Reviewer,
  f: { id?: string; claim: string; logbook: string; assertion: string; source?: Omit<AssertionSource, 'logbook'> },
): Promise<EditResult & { id: string }> {
  const shown = displayPath(join(dir, 'case.json'));
  let id = '';
  const r = await editCase(dir, registry, reviewer, 'add-falsification', (c) => {
    const taken = c.falsifications.map((x) => x.id);
    id = f.id !== undefined ? checkId(shown, 'falsification', f.id, taken) : nextId('F', taken);
    if (!c.paper.claims.some((x) => x.id === f.claim)) throw new BadInputError(shown, `no claim "${f.claim}" (claims: ${c.paper.claims.map((x) => x.id).join(', ') || 'none yet; add one with recheck case add-claim'})`);
    const withdrawnClaim = c.paper.claims.find((x) => x.id === f.claim)?.withdrawn;
    if (withdrawnClaim !== undefined) throw new BadInputError(shown, `claim ${f.claim} is withdrawn (${withdrawnClaim.reason})`);
    if (!c.logbooks.some((x) => x.id === f.logbook)) throw new BadInputError(shown, `no logbook "${f.logbook}" (logbooks: ${c.logbooks.map((x) => x.id).join(', ') || 'none yet; import one with recheck import trackio'})`);
    const assertion = f.assertion.trim();
    if (assertion === '') throw new BadInputError(shown, 'a claimed falsification needs its assertion, quoted from the logbook');
    const source = f.source !== undefined && (f.source.page !== undefined || f.source.cell !== undefined) ? { source: { logbook: f.logbook, ...f.source } } : {};
    c.falsifications.push({ id, claim: f.claim, logbook: f.logbook, assertion, ...source, checks: [] });
  });
  return { ...r, id };
}

/** Adds a check to a claimed falsification; its params are validated against the kind's schema. */
export async function addCheck(dir: string, registry: CheckRegistry, reviewer: Reviewer, chk: { falsification: string; id?: string; kind: string; title?: string; params: Record<string, unknown> }): Promise<EditResult & { id: string }> {
  const shown = displayPath(join(dir, 'case.json'));
  const kind = registry.get(chk.kind);
  if (kind === undefined) throw new BadInputError(shown, `unknown check kind "${chk.kind}" (see recheck kinds: ${registry.kinds().map((k) => k.kind).join(', ')})`);
  const bad = registry.validateParams(chk.kind, chk.params);
  if (bad !== null) {
    const where = bad.pointer === '/' || bad.pointer === '' ? 'params' : `param ${bad.pointer.slice(1).replace(/\//g, '.')}`;
    throw new BadInputError(shown, `check kind ${chk.kind}: ${where}: ${bad.problem}`);
  }
  // A column the table does not have would make the check fail on every run: refused now, naming the columns.
  const column = await missingColumn(dir, kind.paramsSchema, chk.params);
  if (column !== null) throw new BadInputError(shown, `check kind ${chk.kind}: ${column}`);
  let id = '';
  const r = await editCase(dir, registry, reviewer, 'add-check', (c) => {
    const f = c.falsifications.find((x) => x.id === chk.falsification);
    if (f === undefined) throw new BadInputError(shown, `no falsification "${chk.falsification}" (falsifications: ${c.falsifications.map((x) => x.id).join(', ') || 'none yet'})`);
    if (f.withdrawn !== undefined) throw new BadInputError(shown, `finding ${f.id} is withdrawn (${f.withdrawn.reason}): add a new finding instead`);
    const taken = f.checks.map((x) => x.id);
    id = chk.id !== undefined ? checkId(shown, 'check', chk.id, taken) : nextId(`${chk.kind}-`, taken);
    const decl: CheckDecl = { id, kind: chk.kind, title: chk.title?.trim() || kind.title, params: chk.params };
    f.checks.push(decl);
  });
  return { ...r, id };
}

/**
 * Answers a question of a falsification's adversarial checklist (app/cases/checklist.ts): the checks that
 * settle it, not applicable with a reason, or open (which removes the answer unless a note says what is
 * missing). Replaces any earlier answer; the audit entry's details carry the question and the answer.
 * Example: `await answerChecklist(dir, registry, { who: 'Ada' }, { falsification: 'F1', question: 'units', answer: { status: 'answered', checks: ['units'] } })`.
 */
export async function answerChecklist(dir: string, registry: CheckRegistry, reviewer: Reviewer, a: { falsification: string; question: string; answer: ChecklistAnswer }): Promise<EditResult> {
  const shown = displayPath(join(dir, 'case.json'));
  const answer = cleanAnswer(a.answer);
  return editCase(
    dir,
    registry,
    reviewer,
    'answer-checklist',
    (c) => {
      const f = c.falsifications.find((x) => x.id === a.falsification);
      if (f === undefined) throw new BadInputError(shown, `no falsification "${a.falsification}" (falsifications: ${c.falsifications.map((x) => x.id).join(', ') || 'none yet'})`);
      const problem = checklistAnswerProblem(a.question, answer, f.checks.map((x) => x.id));
      if (problem !== null) throw new BadInputError(shown, `${a.falsification}: ${problem}`);
      const rest = Object.fromEntries(Object.entries(f.checklist ?? {}).filter(([q]) => q !== a.question));
      // An open question without a note is the same as no answer: nothing is stored.
      const merged: Record<string, ChecklistAnswer> = answer.status === 'open' && answer.note === undefined ? rest : { ...rest, [a.question]: answer };
      // Kept in the checklist's order, so that case.json reads like the checklist and diffs stay small.
      const stored = Object.fromEntries(CHECKLIST_IDS.filter((q) => merged[q] !== undefined).map((q) => [q, merged[q] as ChecklistAnswer]));
      if (Object.keys(stored).length > 0) f.checklist = stored;
      else delete f.checklist;
    },
    { falsificationId: a.falsification, question: a.question, answer },
  );
}

/** The answer with its texts trimmed and empty optional texts dropped. */
function cleanAnswer(a: ChecklistAnswer): ChecklistAnswer {
  const note = a.status !== 'not-applicable' && a.note !== undefined && a.note.trim() !== '' ? { note: a.note.trim() } : {};
  if (a.status === 'answered') return { status: 'answered', checks: [...a.checks], ...note };
  if (a.status === 'not-applicable') return { status: 'not-applicable', reason: a.reason.trim() };
  return { status: 'open', ...note };
}
