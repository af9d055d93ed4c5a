/**
 * The single table that maps the RecheckApi to transport names and validates every argument that crosses a
 * process or network boundary. The Electron preload and main process, the browser-mode server and the
 * renderer's clients all derive from it: no channel-name string exists anywhere else.
 */
import type { AnswerReviewInput, LetterKind, LetterState, SaveLetterInput, SetLetterStatusInput, StartReviewInput } from './contract';
import type { AddCheckInput, AddClaimInput, AnswerChecklistInput, ChecklistItemStatus, FalsificationDecision, AddFalsificationInput, ExtractTableInput, ImportLogbookInput, NewCaseInput, RecheckApi, RecordVerdictInput, SandboxRunInput, SaveSandboxFileInput, ReviewerVerdict, UploadedFile } from './contract';
import type { SaveWorkspaceSettingsInput } from './contract-settings';
import type { EditPaperInput, FindingSays, WithdrawInput } from './contract';
import { decisionSide, FALSIFICATION_DECISIONS, SAYS_WORDS } from '../words/outcomes';
import { checkJsonBounds, JsonLimitError, type JsonLimits } from '../json/bounded';

/** Names of the request/response methods (everything but event subscriptions). */
export type ApiMethod = Exclude<keyof RecheckApi, 'onRunEvent'>;

/** Validates raw arguments; returns them typed or throws ApiArgumentError. */
type ArgValidator<M extends ApiMethod> = (args: unknown[]) => Parameters<RecheckApi[M]>;

export class ApiArgumentError extends Error {
  constructor(
    readonly method: string,
    readonly problem: string,
  ) {
    super(`${method}: ${problem}`);
    this.name = 'ApiArgumentError';
  }
}

/**
 * Limits of a JSON argument (runSandboxProgram's `input`): far above any declared check's params, far below
 * what would make stringifying, hashing or cloning it expensive or overflow the stack. `maxChars` bounds its
 * JSON text.
 */
export const ARGUMENT_JSON_LIMITS: JsonLimits = { maxChars: 1024 * 1024, maxDepth: 64, maxNodes: 100_000 };

/** Limits of the workspace settings' sweep block: a few fields and at most a few dozen sbatch options. */
const SETTINGS_JSON_LIMITS: JsonLimits = { maxChars: 32 * 1024, maxDepth: 4, maxNodes: 200 };

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

// What a name or a path must not hold: C0 and C1 controls (NUL included), DEL, line and paragraph separators,
// bidi controls, zero-width characters and the BOM (the characters app/text/display.ts escapes), and unpaired
// surrogates, which no file system name can carry.
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Longest file name component (bytes of UTF-8) that common file systems accept. */
const MAX_NAME_BYTES = 255;

const VERDICTS: readonly ReviewerVerdict[] = ['confirmed', 'refuted', 'needs-more-work'];
const DECISIONS: readonly FalsificationDecision[] = FALSIFICATION_DECISIONS;
const FINDING_SAYS = Object.keys(SAYS_WORDS) as FindingSays[];
const CHECKLIST_STATUSES: readonly ChecklistItemStatus[] = ['answered', 'not-applicable', 'open'];

/**
 * Whether a reviewer's verdict disagrees with the computed decision: a verdict of confirmed or refuted that is
 * not the computed decision (a contested or inconclusive computation has no side, so any verdict of confirmed or
 * refuted overrides it). "Needs more work" takes no side and never disagrees; without a computed decision
 * there is nothing to disagree with. recordVerdict enforces it; the decision form warns with it.
 * Example: `verdictDisagrees('refuted', 'confirmed')` is true, `verdictDisagrees('needs-more-work', 'confirmed')` false.
 */
export function verdictDisagrees(verdict: ReviewerVerdict, computed: FalsificationDecision | undefined): boolean {
  // The verdict sides with the finding or not; the decision's side is decisionSide (upheld sides like confirmed).
  return computed !== undefined && verdict !== 'needs-more-work' && verdict !== decisionSide(computed);
}

/** Fewest characters of the rationale of a verdict that disagrees with the computed decision: it must say why. */
export const MIN_OVERRIDE_RATIONALE = 40;

function arity(method: string, args: unknown[], n: number): void {
  if (!Array.isArray(args) || args.length !== n) {
    throw new ApiArgumentError(method, `expected ${n} argument(s), got ${Array.isArray(args) ? args.length : typeof args}`);
  }
}

function id(method: string, what: string, v: unknown): string {
  if (typeof v !== 'string' || !ID.test(v)) throw new ApiArgumentError(method, `${what} must be an identifier`);
  return v;
}

function text(method: string, what: string, v: unknown, max: number): string {
  if (typeof v !== 'string') throw new ApiArgumentError(method, `${what} must be a string`);
  if (v.length > max) throw new ApiArgumentError(method, `${what} is longer than ${max} characters`);
  return v;
}

/** A name or path shown to people and used on disk: no control, invisible or unpaired surrogate characters. */
function name(method: string, what: string, v: unknown, max: number): string {
  const s = text(method, what, v, max);
  if (UNSAFE_IN_NAME.test(s) || LONE_SURROGATE.test(s)) throw new ApiArgumentError(method, `${what} must not contain control or invisible characters`);
  return s;
}

function record(method: string, v: unknown, keys: readonly string[]): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ApiArgumentError(method, 'expected an object');
  const extra = Object.keys(v).filter((k) => !keys.includes(k));
  if (extra.length > 0) {
    // Echoed only when plainly a field name: the message goes back to the caller and into logs on one line.
    const named = extra.slice(0, 5).map((k) => (/^[A-Za-z0-9_$.-]{1,40}$/.test(k) ? k : '(a field with an unusual name)'));
    throw new ApiArgumentError(method, `unexpected field(s): ${named.join(', ')}${extra.length > 5 ? ` and ${extra.length - 5} more` : ''}`);
  }
  return v as Record<string, unknown>;
}

/**
 * A JSON value from outside (HTTP parsed it; Electron's structured clone may also bring what JSON cannot:
 * undefined, NaN, bigint, Date, Map, typed arrays, cycles). Checked within `limits` without recursion, so
 * that stringifying, hashing or cloning it later cannot overflow the stack.
 * Example: `jsonArgument('m', 'input', [[1]], ARGUMENT_JSON_LIMITS)` returns `[[1]]`.
 */
function jsonArgument(method: string, what: string, v: unknown, limits: JsonLimits): unknown {
  try {
    checkJsonBounds(v, limits);
  } catch (err) {
    if (err instanceof JsonLimitError) throw new ApiArgumentError(method, `${what} is ${err.message}`);
    throw err;
  }
  // Bounded by the check above: at most maxNodes values, maxDepth deep.
  const stack: unknown[] = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (x === null || typeof x === 'string' || typeof x === 'boolean') continue;
    if (typeof x === 'number') {
      if (!Number.isFinite(x)) throw new ApiArgumentError(method, `${what} must be JSON (found ${x})`);
      continue;
    }
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) stack.push(x[i]);
      continue;
    }
    if (typeof x === 'object' && isPlainObject(x)) {
      for (const y of Object.values(x)) stack.push(y);
      continue;
    }
    throw new ApiArgumentError(method, `${what} must be JSON (found ${x === undefined ? 'undefined' : typeof x === 'object' ? 'an object that is not plain' : `a ${typeof x}`})`);
  }
  const json = JSON.stringify(v);
  if (json.length > limits.maxChars) throw new ApiArgumentError(method, `${what} is longer than ${limits.maxChars} characters as JSON`);
  return v;
}

function isPlainObject(x: object): boolean {
  const proto: unknown = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

/** A runnable module under sandbox/ (.ts, .mts, .js or .mjs). */
function modulePath(method: string, v: unknown): string {
  const path = sandboxPath(method, v);
  if (!/\.(ts|mts|js|mjs)$/.test(path)) throw new ApiArgumentError(method, 'path must name a .ts, .mts, .js or .mjs module');
  return path;
}

function sandboxPath(method: string, v: unknown): string {
  const p = name(method, 'path', v, 512);
  const parts = p.split('/');
  if (parts[0] !== 'sandbox' || parts.length < 2 || parts.some((s) => s === '' || s === '.' || s === '..') || p.includes('\\')) {
    throw new ApiArgumentError(method, 'path must be a relative path under sandbox/');
  }
  if (parts.some((s) => new TextEncoder().encode(s).length > MAX_NAME_BYTES)) throw new ApiArgumentError(method, `path has a component longer than ${MAX_NAME_BYTES} bytes`);
  return p;
}

/** A relative path inside an uploaded folder: no absolute path, no `.`/`..` segments, no backslash. */
function uploadPath(method: string, v: unknown): string {
  const p = name(method, 'file path', v, 512);
  const parts = p.split('/');
  if (p.startsWith('/') || parts.some((x) => x === '' || x === '.' || x === '..') || p.includes('\\')) throw new ApiArgumentError(method, 'each file path must be relative inside the folder (no "..")');
  return p;
}

/** Most bytes (as base64 characters) one upload may carry: within the server's 16 MiB request body. */
export const MAX_UPLOAD_BASE64 = 15 * 1024 * 1024;
/** Most files one upload may carry. */
export const MAX_UPLOAD_FILES = 5000;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function uploadedFiles(method: string, v: unknown): UploadedFile[] {
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_UPLOAD_FILES) throw new ApiArgumentError(method, `files must be a list of 1 to ${MAX_UPLOAD_FILES} files`);
  let total = 0;
  const seen = new Set<string>();
  return v.map((f) => {
    const r = record(method, f, ['path', 'base64']);
    const path = uploadPath(method, r.path);
    if (seen.has(path)) throw new ApiArgumentError(method, 'a file path appears twice');
    seen.add(path);
    const base64 = text(method, 'base64', r.base64, MAX_UPLOAD_BASE64);
    if (!BASE64.test(base64)) throw new ApiArgumentError(method, 'base64 must be base64');
    total += base64.length;
    if (total > MAX_UPLOAD_BASE64) throw new ApiArgumentError(method, `the files are larger than ${Math.floor((MAX_UPLOAD_BASE64 * 3) / 4 / 1024 / 1024)} MiB in all: import a larger logbook with recheck import trackio`);
    return { path, base64 };
  });
}

function optional<T>(v: unknown, read: (x: unknown) => T): T | undefined {
  return v === undefined ? undefined : read(v);
}

function reviewer(method: string, v: unknown): { reviewer?: string } {
  if (v === undefined) return {};
  const who = name(method, 'reviewer', v, 200).trim();
  if (who === '') throw new ApiArgumentError(method, 'reviewer must not be empty');
  return { reviewer: who };
}

const LETTER_KINDS: readonly LetterKind[] = ['authors', 'logbook'];
const LETTER_STATES: readonly LetterState[] = ['drafted', 'sent', 'acknowledged', 'agreed', 'disputed', 'fixed', 'independent-convergence'];

function findingSays(method: string, v: unknown): FindingSays {
  if (!FINDING_SAYS.includes(v as FindingSays)) throw new ApiArgumentError(method, `says must be one of ${FINDING_SAYS.join(', ')}`);
  return v as FindingSays;
}

function letterKind(method: string, v: unknown): LetterKind {
  if (!LETTER_KINDS.includes(v as LetterKind)) throw new ApiArgumentError(method, `kind must be one of ${LETTER_KINDS.join(', ')}`);
  return v as LetterKind;
}

function idList(method: string, what: string, v: unknown): string[] {
  if (!Array.isArray(v) || v.length === 0 || v.length > 1000) throw new ApiArgumentError(method, `${what} must be a list of 1 to 1000 ids`);
  return v.map((x) => id(method, `each of ${what}`, x));
}

/** The position of an item in a review (0-based). */
function itemIndex(method: string, v: unknown): number {
  if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > 1_000_000) throw new ApiArgumentError(method, 'index must be a whole number from 0');
  return v as number;
}

function params(method: string, v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ApiArgumentError(method, 'params must be an object');
  return jsonArgument(method, 'params', v, ARGUMENT_JSON_LIMITS) as Record<string, unknown>;
}

export const API_METHODS: { [M in ApiMethod]: { channel: string; validate: ArgValidator<M> } } = {
  listCases: {
    channel: 'recheck:listCases',
    validate: (a) => (arity('listCases', a, 0), []),
  },
  openCase: {
    channel: 'recheck:openCase',
    validate: (a) => (arity('openCase', a, 1), [id('openCase', 'caseId', a[0])]),
  },
  runChecks: {
    channel: 'recheck:runChecks',
    validate: (a) => {
      if (!Array.isArray(a) || a.length < 2 || a.length > 3) arity('runChecks', a, 2);
      const f = a[1] === null ? null : id('runChecks', 'falsificationId', a[1]);
      if (a[2] === undefined) return [id('runChecks', 'caseId', a[0]), f];
      const o = record('runChecks', a[2], ['reviewer']);
      return [id('runChecks', 'caseId', a[0]), f, reviewer('runChecks', o.reviewer)];
    },
  },
  listRuns: {
    channel: 'recheck:listRuns',
    validate: (a) => (arity('listRuns', a, 0), []),
  },
  cancelRun: {
    channel: 'recheck:cancelRun',
    validate: (a) => (arity('cancelRun', a, 1), [id('cancelRun', 'runId', a[0])]),
  },
  recordVerdict: {
    channel: 'recheck:recordVerdict',
    validate: (a) => {
      const m = 'recordVerdict';
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'falsificationId', 'verdict', 'rationale', 'reviewer', 'overridesComputed']);
      if (!VERDICTS.includes(r.verdict as ReviewerVerdict)) throw new ApiArgumentError(m, `verdict must be one of ${VERDICTS.join(', ')}`);
      if (r.overridesComputed !== undefined && !DECISIONS.includes(r.overridesComputed as FalsificationDecision)) throw new ApiArgumentError(m, `overridesComputed must be one of ${DECISIONS.join(', ')}`);
      const input: RecordVerdictInput = {
        caseId: id(m, 'caseId', r.caseId),
        falsificationId: id(m, 'falsificationId', r.falsificationId),
        verdict: r.verdict as ReviewerVerdict,
        rationale: text(m, 'rationale', r.rationale, 20_000),
        reviewer: name(m, 'reviewer', r.reviewer, 200),
        ...(r.overridesComputed !== undefined ? { overridesComputed: r.overridesComputed as FalsificationDecision } : {}),
      };
      if (input.reviewer.trim() === '') throw new ApiArgumentError(m, 'reviewer must not be empty');
      return [input];
    },
  },
  saveSandboxFile: {
    channel: 'recheck:saveSandboxFile',
    validate: (a) => {
      const m = 'saveSandboxFile';
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'path', 'text', 'reviewer']);
      const input: SaveSandboxFileInput = {
        caseId: id(m, 'caseId', r.caseId),
        path: sandboxPath(m, r.path),
        text: text(m, 'text', r.text, 2_000_000),
        ...reviewer(m, r.reviewer),
      };
      return [input];
    },
  },
  prepareSandboxProgram: {
    channel: 'recheck:prepareSandboxProgram',
    validate: (a) => {
      const m = 'prepareSandboxProgram';
      arity(m, a, 2);
      return [id(m, 'caseId', a[0]), modulePath(m, a[1])];
    },
  },
  runSandboxProgram: {
    channel: 'recheck:runSandboxProgram',
    validate: (a) => {
      const m = 'runSandboxProgram';
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'path', 'input', 'seed', 'timeoutSeconds']);
      if (!Number.isInteger(r.seed) || (r.seed as number) < 0 || (r.seed as number) > 0xffffffff) throw new ApiArgumentError(m, 'seed must be an integer in [0, 4294967295]');
      const t = r.timeoutSeconds;
      if (typeof t !== 'number' || !Number.isFinite(t) || t < 1 || t > 3600) throw new ApiArgumentError(m, 'timeoutSeconds must be a number in [1, 3600]');
      const input: SandboxRunInput = {
        caseId: id(m, 'caseId', r.caseId),
        path: modulePath(m, r.path),
        input: jsonArgument(m, 'input', r.input ?? null, ARGUMENT_JSON_LIMITS),
        seed: r.seed as number,
        timeoutSeconds: t,
      };
      return [input];
    },
  },
  draftLetter: {
    channel: 'recheck:draftLetter',
    validate: (a) => {
      const m = 'draftLetter';
      if (!Array.isArray(a) || a.length < 1 || a.length > 2) throw new ApiArgumentError(m, `expected 1 or 2 argument(s), got ${Array.isArray(a) ? a.length : typeof a}`);
      if (a[1] === undefined) return [id(m, 'caseId', a[0])];
      const r = record(m, a[1], ['kind', 'falsificationId']);
      const kind = optional(r.kind, (x) => letterKind(m, x));
      const falsificationId = optional(r.falsificationId, (x) => id(m, 'falsificationId', x));
      return [id(m, 'caseId', a[0]), { ...(kind !== undefined ? { kind } : {}), ...(falsificationId !== undefined ? { falsificationId } : {}) }];
    },
  },
  listLetters: {
    channel: 'recheck:listLetters',
    validate: (a) => (arity('listLetters', a, 1), [id('listLetters', 'caseId', a[0])]),
  },
  readLetter: {
    channel: 'recheck:readLetter',
    validate: (a) => {
      const m = 'readLetter';
      arity(m, a, 3);
      if (!Number.isInteger(a[2]) || (a[2] as number) < 1 || (a[2] as number) > 1_000_000) throw new ApiArgumentError(m, 'version must be a whole number from 1');
      return [id(m, 'caseId', a[0]), id(m, 'letterId', a[1]), a[2] as number];
    },
  },
  saveLetter: {
    channel: 'recheck:saveLetter',
    validate: (a) => {
      const m = 'saveLetter';
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
  },
  setLetterStatus: {
    channel: 'recheck:setLetterStatus',
    validate: (a) => {
      const m = 'setLetterStatus';
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'letterId', 'state', 'date', 'to', 'argument', 'paperVersion', 'note', 'reviewer']);
      if (!LETTER_STATES.includes(r.state as LetterState)) throw new ApiArgumentError(m, `state must be one of ${LETTER_STATES.join(', ')}`);
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
  },
  exportLetterPdf: {
    channel: 'recheck:exportLetterPdf',
    validate: (a) => {
      const m = 'exportLetterPdf';
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'markdown', 'falsificationIds']);
      return [{ caseId: id(m, 'caseId', r.caseId), markdown: text(m, 'markdown', r.markdown, 1_000_000), falsificationIds: idList(m, 'falsificationIds', r.falsificationIds) }];
    },
  },
  listKinds: {
    channel: 'recheck:listKinds',
    validate: (a) => (arity('listKinds', a, 0), []),
  },
  createCase: {
    channel: 'recheck:createCase',
    validate: (a) => {
      const m = 'createCase';
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'paperMarkdown', 'paperTitle', 'venueId', 'reviewer']);
      const input: NewCaseInput = {
        caseId: id(m, 'caseId', r.caseId),
        paperMarkdown: text(m, 'paperMarkdown', r.paperMarkdown, 2_000_000),
        ...reviewer(m, r.reviewer),
      };
      const paperTitle = optional(r.paperTitle, (x) => name(m, 'paperTitle', x, 500));
      const venueId = optional(r.venueId, (x) => name(m, 'venueId', x, 300));
      return [{ ...input, ...(paperTitle !== undefined ? { paperTitle } : {}), ...(venueId !== undefined ? { venueId } : {}) }];
    },
  },
  importLogbook: {
    channel: 'recheck:importLogbook',
    validate: (a) => {
      const m = 'importLogbook';
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'files', 'newCase', 'logbookId', 'reviewer']);
      let newCase: ImportLogbookInput['newCase'];
      if (r.newCase !== undefined) {
        const n = record(m, r.newCase, ['paperMarkdown', 'paperTitle', 'venueId']);
        const paperMarkdown = optional(n.paperMarkdown, (x) => text(m, 'paperMarkdown', x, 2_000_000));
        const paperTitle = optional(n.paperTitle, (x) => name(m, 'paperTitle', x, 500));
        const venueId = optional(n.venueId, (x) => name(m, 'venueId', x, 300));
        newCase = { ...(paperMarkdown !== undefined ? { paperMarkdown } : {}), ...(paperTitle !== undefined ? { paperTitle } : {}), ...(venueId !== undefined ? { venueId } : {}) };
      }
      const logbookId = optional(r.logbookId, (x) => id(m, 'logbookId', x));
      const input: ImportLogbookInput = {
        caseId: id(m, 'caseId', r.caseId),
        files: uploadedFiles(m, r.files),
        ...(newCase !== undefined ? { newCase } : {}),
        ...(logbookId !== undefined ? { logbookId } : {}),
        ...reviewer(m, r.reviewer),
      };
      return [input];
    },
  },
  addClaim: {
    channel: 'recheck:addClaim',
    validate: (a) => {
      const m = 'addClaim';
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'text', 'section', 'reviewer']);
      const section = optional(r.section, (x) => name(m, 'section', x, 300));
      const input: AddClaimInput = { caseId: id(m, 'caseId', r.caseId), text: text(m, 'text', r.text, 20_000), ...(section !== undefined ? { section } : {}), ...reviewer(m, r.reviewer) };
      return [input];
    },
  },
  addFalsification: {
    channel: 'recheck:addFalsification',
    validate: (a) => {
      const m = 'addFalsification';
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
  },
  addCheck: {
    channel: 'recheck:addCheck',
    validate: (a) => {
      const m = 'addCheck';
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
  },
  withdraw: {
    channel: 'recheck:withdraw',
    validate: (a) => {
      const m = 'withdraw';
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'item', 'id', 'finding', 'reason', 'reviewer']);
      if (r.item !== 'claim' && r.item !== 'finding' && r.item !== 'check') throw new ApiArgumentError(m, 'item must be one of claim, finding, check');
      if ((r.item === 'check') !== (r.finding !== undefined)) throw new ApiArgumentError(m, 'finding names the finding of a check, and only of a check');
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
  },
  editPaper: {
    channel: 'recheck:editPaper',
    validate: (a) => {
      const m = 'editPaper';
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'markdown', 'baseSha256', 'reviewer']);
      const baseSha256 = optional(r.baseSha256, (x) => {
        if (typeof x !== 'string' || !/^[0-9a-f]{64}$/.test(x)) throw new ApiArgumentError(m, 'baseSha256 must be 64 lowercase hex digits');
        return x;
      });
      const input: EditPaperInput = { caseId: id(m, 'caseId', r.caseId), markdown: text(m, 'markdown', r.markdown, 4 * 1024 * 1024), ...(baseSha256 !== undefined ? { baseSha256 } : {}), ...reviewer(m, r.reviewer) };
      return [input];
    },
  },
  addCaseFile: {
    channel: 'recheck:addCaseFile',
    validate: (a) => {
      const m = 'addCaseFile';
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'path', 'base64', 'reviewer']);
      const base64 = text(m, 'base64', r.base64, MAX_UPLOAD_BASE64);
      if (!BASE64.test(base64)) throw new ApiArgumentError(m, 'base64 must be base64');
      return [{ caseId: id(m, 'caseId', r.caseId), path: uploadPath(m, r.path), base64, ...reviewer(m, r.reviewer) }];
    },
  },
  listCaseFiles: {
    channel: 'recheck:listCaseFiles',
    validate: (a) => (arity('listCaseFiles', a, 1), [id('listCaseFiles', 'caseId', a[0])]),
  },
  readCaseFile: {
    channel: 'recheck:readCaseFile',
    validate: (a) => {
      const m = 'readCaseFile';
      arity(m, a, 2);
      const p = name(m, 'path', a[1], 1024);
      const parts = p.split('/');
      if (p.startsWith('/') || p.includes('\\') || parts.some((x) => x === '' || x === '.' || x === '..')) throw new ApiArgumentError(m, 'path must be a relative path inside the case (no "..")');
      return [id(m, 'caseId', a[0]), p];
    },
  },
  triageLedger: {
    channel: 'recheck:triageLedger',
    validate: (a) => {
      const m = 'triageLedger';
      arity(m, a, 1);
      const r = record(m, a[0], ['name', 'base64']);
      const base64 = text(m, 'base64', r.base64, MAX_UPLOAD_BASE64);
      if (!BASE64.test(base64)) throw new ApiArgumentError(m, 'base64 must be base64');
      return [{ name: name(m, 'name', r.name, 255), base64 }];
    },
  },
  extractTable: {
    channel: 'recheck:extractTable',
    validate: (a) => {
      const m = 'extractTable';
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'cell', 'logbook', 'block', 'table', 'out', 'allowElided', 'reviewer']);
      const count = (what: string, v: unknown) => {
        if (!Number.isInteger(v) || (v as number) < 1 || (v as number) > 1_000_000) throw new ApiArgumentError(m, `${what} must be a positive integer`);
        return v as number;
      };
      const out = uploadPath(m, r.out);
      if (!/\.csv$/i.test(out)) throw new ApiArgumentError(m, 'out must name a .csv file inside the case');
      if (r.allowElided !== undefined && typeof r.allowElided !== 'boolean') throw new ApiArgumentError(m, 'allowElided must be true or false');
      const logbook = optional(r.logbook, (x) => id(m, 'logbook', x));
      const block = optional(r.block, (x) => count('block', x));
      const table = optional(r.table, (x) => count('table', x));
      const input: ExtractTableInput = {
        caseId: id(m, 'caseId', r.caseId),
        cell: name(m, 'cell', r.cell, 300),
        out,
        ...(logbook !== undefined ? { logbook } : {}),
        ...(block !== undefined ? { block } : {}),
        ...(table !== undefined ? { table } : {}),
        ...(r.allowElided === true ? { allowElided: true } : {}),
        ...reviewer(m, r.reviewer),
      };
      return [input];
    },
  },
  compareLogbooks: {
    channel: 'recheck:compareLogbooks',
    validate: (a) => {
      const m = 'compareLogbooks';
      arity(m, a, 3);
      return [id(m, 'caseId', a[0]), id(m, 'logbookA', a[1]), id(m, 'logbookB', a[2])];
    },
  },
  answerChecklist: {
    channel: 'recheck:answerChecklist',
    validate: (a) => {
      const m = 'answerChecklist';
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'falsificationId', 'question', 'status', 'checks', 'reason', 'note', 'reviewer']);
      if (!CHECKLIST_STATUSES.includes(r.status as ChecklistItemStatus)) throw new ApiArgumentError(m, `status must be one of ${CHECKLIST_STATUSES.join(', ')}`);
      if (r.checks !== undefined && (!Array.isArray(r.checks) || r.checks.length > 100)) throw new ApiArgumentError(m, 'checks must be a list of at most 100 check ids');
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
  },
  verdictQueue: {
    channel: 'recheck:verdictQueue',
    validate: (a) => (arity('verdictQueue', a, 0), []),
  },
  buildReport: {
    channel: 'recheck:buildReport',
    validate: (a) => (arity('buildReport', a, 1), [id('buildReport', 'caseId', a[0])]),
  },
  imagePairSet: {
    channel: 'recheck:imagePairSet',
    validate: (a) => (arity('imagePairSet', a, 1), [id('imagePairSet', 'caseId', a[0])]),
  },
  listReviews: {
    channel: 'recheck:listReviews',
    validate: (a) => (arity('listReviews', a, 1), [id('listReviews', 'caseId', a[0])]),
  },
  startReview: {
    channel: 'recheck:startReview',
    validate: (a) => {
      const m = 'startReview';
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'reviewer', 'seed', 'repeatShare']);
      const who = name(m, 'reviewer', r.reviewer, 200).trim();
      if (who === '') throw new ApiArgumentError(m, 'reviewer must not be empty');
      const seed = optional(r.seed, (x) => {
        if (!Number.isInteger(x) || (x as number) < 0 || (x as number) > 0xffffffff) throw new ApiArgumentError(m, 'seed must be an integer in [0, 4294967295]');
        return x as number;
      });
      const repeatShare = optional(r.repeatShare, (x) => {
        if (typeof x !== 'number' || !Number.isFinite(x) || x < 0 || x > 0.5) throw new ApiArgumentError(m, 'repeatShare must be a number in [0, 0.5]');
        return x;
      });
      const input: StartReviewInput = { caseId: id(m, 'caseId', r.caseId), reviewer: who, ...(seed !== undefined ? { seed } : {}), ...(repeatShare !== undefined ? { repeatShare } : {}) };
      return [input];
    },
  },
  openReview: {
    channel: 'recheck:openReview',
    validate: (a) => (arity('openReview', a, 2), [id('openReview', 'caseId', a[0]), id('openReview', 'reviewId', a[1])]),
  },
  answerReview: {
    channel: 'recheck:answerReview',
    validate: (a) => {
      const m = 'answerReview';
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'reviewId', 'index', 'answer', 'note', 'elapsedMs']);
      const e = r.elapsedMs;
      if (typeof e !== 'number' || !Number.isFinite(e) || e < 0 || e > 7 * 24 * 3600 * 1000) throw new ApiArgumentError(m, 'elapsedMs must be a number of milliseconds from 0 to a week');
      const note = optional(r.note, (x) => text(m, 'note', x, 5_000));
      const input: AnswerReviewInput = {
        caseId: id(m, 'caseId', r.caseId),
        reviewId: id(m, 'reviewId', r.reviewId),
        index: itemIndex(m, r.index),
        answer: name(m, 'answer', r.answer, 100),
        elapsedMs: e,
        ...(note !== undefined ? { note } : {}),
      };
      return [input];
    },
  },
  undoReviewAnswer: {
    channel: 'recheck:undoReviewAnswer',
    validate: (a) => (arity('undoReviewAnswer', a, 2), [id('undoReviewAnswer', 'caseId', a[0]), id('undoReviewAnswer', 'reviewId', a[1])]),
  },
  reviewImage: {
    channel: 'recheck:reviewImage',
    validate: (a) => {
      const m = 'reviewImage';
      arity(m, a, 4);
      if (a[3] !== 'left' && a[3] !== 'right') throw new ApiArgumentError(m, 'side must be left or right');
      return [id(m, 'caseId', a[0]), id(m, 'reviewId', a[1]), itemIndex(m, a[2]), a[3]];
    },
  },
  exportReview: {
    channel: 'recheck:exportReview',
    validate: (a) => (arity('exportReview', a, 2), [id('exportReview', 'caseId', a[0]), id('exportReview', 'reviewId', a[1])]),
  },
  workspaceSettings: {
    channel: 'recheck:workspaceSettings',
    validate: (a) => (arity('workspaceSettings', a, 0), []),
  },
  saveWorkspaceSettings: {
    channel: 'recheck:saveWorkspaceSettings',
    validate: (a) => {
      const m = 'saveWorkspaceSettings';
      arity(m, a, 1);
      const r = record(m, a[0], ['sweeps', 'reviewer']);
      // The shape is bounded JSON here; the core checks it against the settings schema and answers a one-line problem.
      if (typeof r.sweeps !== 'object' || r.sweeps === null || Array.isArray(r.sweeps)) throw new ApiArgumentError(m, 'sweeps must be an object');
      const sweeps = jsonArgument(m, 'sweeps', r.sweeps, SETTINGS_JSON_LIMITS) as SaveWorkspaceSettingsInput['sweeps'];
      return [{ sweeps, ...reviewer(m, r.reviewer) }];
    },
  },
};

/** The event channel carrying RunEvents from the core to the UI. */
export const RUN_EVENT_CHANNEL = 'recheck:runEvent';

export const API_METHOD_NAMES = Object.keys(API_METHODS) as ApiMethod[];

/** Type guard for a method name arriving from the outside. */
export function isApiMethod(name: unknown): name is ApiMethod {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(API_METHODS, name);
}
