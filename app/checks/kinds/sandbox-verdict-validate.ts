/**
 * The strict reader of what a `sandbox-verdict` module returns (docs/sandbox-verdict.md): exactly
 * `{ outcome, summary, evidence, guarantee }`, JSON only, every size bounded, and `evidence.decides` a list of
 * decisive comparisons `{ quantity, value, relation, bound, means }` whose numbers parse exactly. Anything else is
 * a BadInputError naming the module and the JSON pointer of the first problem (one line; the check then fails).
 * Example: `readModuleVerdict({ outcome: 'refutes', summary: 'ratio below 2', guarantee: { kind: 'exact' },
 * evidence: { decides: [{ quantity: 'ratio at k=1024', value: '1.73', relation: '<', bound: '2', means: 'refutes' }] } },
 * 'sandbox/verdict.ts')` returns the verdict with one comparison.
 */
import { BadInputError } from '../../errors';
import {
  exactNumber,
  floatNumber,
  RELATIONS,
  type Relation,
  type WrittenNumber,
  type WrittenValue,
} from '../../../checkers/verdicts/comparison';
import type { DecisiveComparison, VerdictGuarantee, VerdictOutcome } from '../../../checkers/verdicts/derive';
import { CheckerError } from '../../../checkers/errors';

/** The bounds of a module's verdict. */
export const VERDICT_LIMITS = {
  summaryChars: 1000,
  quantityChars: 200,
  comparisons: 64,
  /** The evidence as JSON text. */
  evidenceChars: 256 * 1024,
  evidenceDepth: 12,
  evidenceNodes: 20_000,
  /** Any string inside the evidence, and any key. */
  stringChars: 10_000,
  boundChars: 500,
  testChars: 100,
} as const;

/** A module's verdict as read: its own words, and the comparisons and guarantee it claims (not yet re-derived). */
export interface ModuleVerdict {
  readonly outcome: VerdictOutcome;
  readonly summary: string;
  /** The module's evidence, with `decides` as the module wrote it (JSON). */
  readonly evidence: Record<string, unknown>;
  readonly decides: readonly DecisiveComparison[];
  readonly guarantee: VerdictGuarantee;
}

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && [Object.prototype, null].includes(Object.getPrototypeOf(v));

/** Reads and checks the value a module returned; throws BadInputError(module, problem, pointer). */
export function readModuleVerdict(value: unknown, module: string): ModuleVerdict {
  const bad = (pointer: string, problem: string): never => {
    throw new BadInputError(module, problem, pointer === '' ? 'the verdict it returned' : `the verdict it returned at ${pointer}`);
  };
  if (!isRecord(value)) return bad('', 'must be an object { outcome, summary, evidence, guarantee }');
  onlyKeys(value, ['outcome', 'summary', 'evidence', 'guarantee'], '', bad);
  const { outcome, summary, evidence, guarantee } = value;
  if (outcome !== 'supports' && outcome !== 'refutes' && outcome !== 'neutral')
    bad('/outcome', `must be "supports", "refutes" or "neutral", got ${shortJson(outcome)}`);
  if (typeof summary !== 'string' || summary.trim() === '' || summary.length > VERDICT_LIMITS.summaryChars)
    bad('/summary', `must be a non-empty string of at most ${VERDICT_LIMITS.summaryChars} characters`);
  if (!isRecord(evidence)) return bad('/evidence', 'must be an object holding `decides`');
  checkJson(evidence, '/evidence', bad);
  const text = JSON.stringify(evidence);
  if (text.length > VERDICT_LIMITS.evidenceChars)
    bad('/evidence', `is ${text.length} characters as JSON, more than ${VERDICT_LIMITS.evidenceChars}`);
  const list = evidence.decides;
  if (!Array.isArray(list)) return bad('/evidence/decides', 'must be a list of comparisons { quantity, value, relation, bound, means }');
  if (list.length > VERDICT_LIMITS.comparisons)
    bad('/evidence/decides', `holds ${list.length} comparisons, more than ${VERDICT_LIMITS.comparisons}`);
  const decides = list.map((c, i) => readComparison(c, `/evidence/decides/${i}`, bad));
  return {
    outcome: outcome as VerdictOutcome,
    summary: summary as string,
    evidence: JSON.parse(text) as Json,
    decides,
    guarantee: readGuarantee(guarantee, bad),
  };
}

type Bad = (pointer: string, problem: string) => never;

function onlyKeys(o: Json, allowed: readonly string[], at: string, bad: Bad): void {
  const extra = Object.keys(o).find((k) => !allowed.includes(k));
  if (extra !== undefined) bad(at === '' ? '/' : at, `has a key "${extra.slice(0, 40)}" besides ${allowed.join(', ')}`);
}

/** JSON only (plain objects and arrays, finite numbers, strings, booleans, null), within depth, nodes and string lengths. */
function checkJson(root: unknown, at: string, bad: Bad): void {
  let nodes = 0;
  const visit = (v: unknown, path: string, depth: number): void => {
    nodes += 1;
    if (nodes > VERDICT_LIMITS.evidenceNodes) bad(at, `holds more than ${VERDICT_LIMITS.evidenceNodes} values`);
    if (depth > VERDICT_LIMITS.evidenceDepth) bad(path, `is nested deeper than ${VERDICT_LIMITS.evidenceDepth} levels`);
    if (v === null || typeof v === 'boolean') return;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) bad(path, `is ${String(v)}, not a finite number`);
      return;
    }
    if (typeof v === 'string') {
      if (v.length > VERDICT_LIMITS.stringChars)
        bad(path, `is a string of ${v.length} characters, more than ${VERDICT_LIMITS.stringChars}`);
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((x, i) => visit(x, `${path}/${i}`, depth + 1));
      return;
    }
    if (!isRecord(v)) return bad(path, `is not JSON (${typeof v})`);
    for (const [k, x] of Object.entries(v)) {
      if (k.length > VERDICT_LIMITS.stringChars || k === '__proto__') bad(path, `has a key that is not allowed ("${k.slice(0, 40)}")`);
      visit(x, `${path}/${k.slice(0, 40).replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1);
    }
  };
  visit(root, at, 1);
}

function readComparison(c: unknown, at: string, bad: Bad): DecisiveComparison {
  if (!isRecord(c)) return bad(at, 'must be a comparison { quantity, value, relation, bound, means }');
  onlyKeys(c, ['quantity', 'value', 'relation', 'bound', 'means'], at, bad);
  const { quantity, value, relation, bound, means } = c;
  if (typeof quantity !== 'string' || quantity.trim() === '' || quantity.length > VERDICT_LIMITS.quantityChars)
    bad(`${at}/quantity`, `must name the quantity in 1 to ${VERDICT_LIMITS.quantityChars} characters`);
  if (!RELATIONS.includes(relation as Relation)) bad(`${at}/relation`, `must be one of ${RELATIONS.join(' ')}, got ${shortJson(relation)}`);
  if (means !== 'supports' && means !== 'refutes') bad(`${at}/means`, `must be "supports" or "refutes", got ${shortJson(means)}`);
  return {
    quantity: quantity as string,
    value: readValue(value, `${at}/value`, bad),
    relation: relation as Relation,
    bound: readNumber(bound, `${at}/bound`, bad),
    means: means as 'supports' | 'refutes',
  };
}

function readValue(v: unknown, at: string, bad: Bad): WrittenValue {
  if (!Array.isArray(v)) return readNumber(v, at, bad);
  if (v.length !== 2) return bad(at, 'an interval must be [lo, hi]');
  const lo = readNumber(v[0], `${at}/0`, bad);
  const hi = readNumber(v[1], `${at}/1`, bad);
  if (lo.value.compare(hi.value) > 0) bad(at, `is the interval [${lo.text}, ${hi.text}], whose lower end exceeds its upper end`);
  return { lo, hi };
}

function readNumber(v: unknown, at: string, bad: Bad): WrittenNumber {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) bad(at, `is ${String(v)}, not a finite number`);
    return floatNumber(v);
  }
  if (typeof v !== 'string') return bad(at, `must be a number string ("1.25", "-3e-4", "7/3") or a JS number, got ${shortJson(v)}`);
  try {
    return exactNumber(v);
  } catch (e) {
    if (e instanceof CheckerError) return bad(at, `${shortJson(v)} is not an exact number: ${e.message.replace(/^recheck\.\w+: /, '')}`);
    throw e;
  }
}

function readGuarantee(g: unknown, bad: Bad): VerdictGuarantee {
  if (!isRecord(g)) return bad('/guarantee', 'must be { kind: "exact" | "enclosure" | "statistical" | "approximate", ... }');
  switch (g.kind) {
    case 'exact':
    case 'enclosure':
      onlyKeys(g, ['kind'], '/guarantee', bad);
      return { kind: g.kind };
    case 'approximate':
      onlyKeys(g, ['kind', 'bound'], '/guarantee', bad);
      if (g.bound === undefined) return { kind: 'approximate' };
      if (typeof g.bound !== 'string' || g.bound.length > VERDICT_LIMITS.boundChars)
        bad('/guarantee/bound', `must be a string of at most ${VERDICT_LIMITS.boundChars} characters`);
      return { kind: 'approximate', bound: g.bound as string };
    case 'statistical': {
      onlyKeys(g, ['kind', 'test', 'p', 'dof', 'level'], '/guarantee', bad);
      if (typeof g.test !== 'string' || g.test.length > VERDICT_LIMITS.testChars)
        bad('/guarantee/test', `must name the test in at most ${VERDICT_LIMITS.testChars} characters`);
      for (const key of ['p', 'dof', 'level'] as const)
        if ((key !== 'level' || g[key] !== undefined) && (typeof g[key] !== 'number' || !Number.isFinite(g[key])))
          bad(`/guarantee/${key}`, `must be a finite number, got ${shortJson(g[key])}`);
      return {
        kind: 'statistical',
        test: g.test as string,
        p: g.p as number,
        dof: g.dof as number,
        ...(g.level !== undefined ? { level: g.level as number } : {}),
      };
    }
    default:
      return bad('/guarantee/kind', `must be "exact", "enclosure", "statistical" or "approximate", got ${shortJson(g.kind)}`);
  }
}

/** A value in a message: its JSON, cut to 40 characters. */
function shortJson(v: unknown): string {
  const text = v === undefined ? 'nothing' : (JSON.stringify(v) ?? typeof v);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
